/**
 * Bounds the nesting depth of a parsed HTML tree before it is converted: HTML-to-Markdown
 * converters recurse once per level (8,000 nested `<div>` overflow the call stack) and selector
 * matching walks ancestors, so a hostile page nested 100,000 deep would fail or take quadratic
 * time. Content below the limit is kept as paragraphs of text.
 * @module
 */
import type { DomElement, DomNode } from './dom.js';

/** Default depth below which content is flattened; real pages nest a few dozen levels. */
export const MAX_HTML_DEPTH = 128;

/** Elements that end a paragraph of the flattened text. */
const BLOCKS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BR',
  'CAPTION',
  'DD',
  'DETAILS',
  'DIV',
  'DL',
  'DT',
  'FIELDSET',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'SUMMARY',
  'TABLE',
  'TBODY',
  'TD',
  'TFOOT',
  'TH',
  'THEAD',
  'TR',
  'UL',
]);

/** Elements whose text is no content (scripts, styles, embedded objects). */
const SKIPPED = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'SVG',
  'CANVAS',
  'OBJECT',
  'EMBED',
  'IFRAME',
]);

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The text under `element` as paragraphs: a block element (see {@link BLOCKS}) starts a new one,
 * whitespace is collapsed. Walks with an explicit stack, so any depth is fine.
 */
function flatParagraphs(element: DomElement): string[] {
  const paragraphs: string[] = [];
  let current: string[] = [];
  const close = () => {
    const text = current.join('').replace(/\s+/g, ' ').trim();
    if (text) paragraphs.push(text);
    current = [];
  };
  /** Nodes to visit, last first; `null` marks the end of a block element. */
  const stack: Array<DomNode | null> = Array.from(element.childNodes).reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node === null) {
      close();
      continue;
    }
    if (node.nodeType === 3) {
      current.push(node.textContent ?? '');
      continue;
    }
    if (node.nodeType !== 1) continue;
    const name = node.nodeName.toUpperCase();
    if (SKIPPED.has(name)) continue;
    const block = BLOCKS.has(name);
    if (block) {
      close();
      stack.push(null);
    }
    const children = Array.from(node.childNodes);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  close();
  return paragraphs;
}

/**
 * Replaces the content of every element at depth `maxDepth` below `root` with its text as
 * `<p>` paragraphs (see {@link flatParagraphs}), so that no element is nested deeper than
 * `maxDepth + 1`. Returns how many elements were flattened (0 for an ordinary page, which is left
 * untouched). Linear in the size of the tree.
 */
export function flattenDeepNesting(root: DomElement, maxDepth = MAX_HTML_DEPTH): number {
  let flattened = 0;
  const stack: Array<{ element: DomElement; depth: number }> = [{ element: root, depth: 0 }];
  while (stack.length > 0) {
    const { element, depth } = stack.pop()!;
    if (depth >= maxDepth) {
      if (element.children.length === 0) continue;
      const paragraphs = flatParagraphs(element);
      element.innerHTML = paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('');
      flattened++;
      continue;
    }
    for (const child of Array.from(element.children)) stack.push({ element: child, depth: depth + 1 });
  }
  return flattened;
}

/** Default depth of tags kept by {@link limitTagDepth}. */
export const MAX_TAG_DEPTH = 1000;

/** Elements that never nest: void elements and those whose end tag is optional (implied). */
const NOT_NESTING = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
  'p',
  'li',
  'dt',
  'dd',
  'tr',
  'td',
  'th',
  'option',
  'optgroup',
  'rp',
  'rt',
  'thead',
  'tbody',
  'tfoot',
  'colgroup',
  'caption',
  'html',
  'head',
  'body',
]);

/** Elements whose content is raw text, not markup. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes']);

/**
 * `html` with the tags nested deeper than `maxDepth` removed (each replaced by a space, so words
 * on either side stay apart), their text kept. HTML parsers keep their stack of open elements in
 * a way that costs time proportional to the depth for every tag (htmlparser2, under linkedom,
 * shifts an array), so 100,000 nested `<div>` take minutes to parse; this one forward scan keeps
 * the depth bounded. It follows the parser's stack: an end tag closes every element opened after
 * its own start tag, an end tag with no open element of its name is ignored, and elements that
 * cannot nest (void elements, `<p>`, `<li>`, `<td>`…) and self-closing tags inside `<svg>` or
 * `<math>` are not counted. Comments and raw-text elements (`<script>`, `<style>`, …) are
 * skipped whole. Returns `html` itself when nothing is that deep.
 */
export function limitTagDepth(html: string, maxDepth = MAX_TAG_DEPTH): string {
  const tag = /<!--|<(\/?)([A-Za-z][^\s/>]*)/g;
  const parts: string[] = [];
  let copied = 0;
  /** Open elements, innermost last, and whether each one's tags are removed. */
  const open: Array<{ name: string; removed: boolean }> = [];
  const openByName = new Map<string, number>();
  let foreign = 0;
  const remove = (start: number, end: number) => {
    parts.push(html.slice(copied, start), ' ');
    copied = end + 1;
  };
  for (let match = tag.exec(html); match !== null; match = tag.exec(html)) {
    const start = match.index;
    if (match[0] === '<!--') {
      const close = html.indexOf('-->', start + 4);
      if (close === -1) break;
      tag.lastIndex = close + 3;
      continue;
    }
    const end = html.indexOf('>', tag.lastIndex);
    if (end === -1) break;
    tag.lastIndex = end + 1;
    const name = match[2]!.toLowerCase();
    if (match[1] === '/') {
      if (!openByName.get(name)) continue;
      for (;;) {
        const entry = open.pop()!;
        openByName.set(entry.name, openByName.get(entry.name)! - 1);
        if (entry.name === 'svg' || entry.name === 'math') foreign--;
        if (entry.name === name) {
          if (entry.removed) remove(start, end);
          break;
        }
      }
      continue;
    }
    if (RAW_TEXT.has(name)) {
      const close = new RegExp(`</${name}[\\s>]`, 'gi');
      close.lastIndex = end + 1;
      const found = close.exec(html);
      if (found === null) break;
      tag.lastIndex = found.index;
      continue;
    }
    if (NOT_NESTING.has(name) || (foreign > 0 && html[end - 1] === '/')) continue;
    const removed = open.length >= maxDepth;
    open.push({ name, removed });
    openByName.set(name, (openByName.get(name) ?? 0) + 1);
    if (name === 'svg' || name === 'math') foreign++;
    if (removed) remove(start, end);
  }
  if (copied === 0) return html;
  parts.push(html.slice(copied));
  return parts.join('');
}

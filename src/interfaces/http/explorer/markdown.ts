/**
 * Markdown from the model or from documents, rendered as HTML that is safe to insert: `marked`
 * (GitHub-flavoured: tables, lists, emphasis) turns it into HTML, DOMPurify removes everything
 * that could run, fetch or restyle (scripts, event attributes, `style`, images, forms, frames), and links open
 * in a new tab without a referrer. Nothing unsanitised is ever assigned to `innerHTML`.
 */
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const marked = new Marked({ gfm: true, breaks: false });

/** Tags and attributes removed from rendered Markdown, beyond DOMPurify's defaults. */
const FORBID_TAGS = [
  'style',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'iframe',
  'object',
  'embed',
  // Images from a model or a document could fetch from anywhere (the page's CSP blocks other
  // hosts, but the sanitised text must be safe without it).
  'img',
];
const FORBID_ATTR = ['style', 'class', 'id', 'srcset'];

let hooked = false;
function purifier(): typeof DOMPurify {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.hasAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify;
}

/** `html` with every script, handler, style and form control removed. */
export function sanitizeHtml(html: string): string {
  return purifier().sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS, FORBID_ATTR });
}

/** Markdown `text` as sanitised HTML text. */
export function markdownToSafeHtml(text: string): string {
  return sanitizeHtml(marked.parse(text, { async: false }) as string);
}

/** Markdown `text` as sanitised DOM nodes, ready to append. */
export function renderMarkdown(text: string): DocumentFragment {
  const template = document.createElement('template');
  // Sanitised just above: the one place rendered Markdown enters the page.
  template.innerHTML = markdownToSafeHtml(text);
  for (const table of template.content.querySelectorAll('table')) {
    const wrap = document.createElement('div');
    wrap.className = 'table-wrap';
    table.replaceWith(wrap);
    wrap.append(table);
  }
  return template.content;
}

/**
 * An answer's text prepared for rendering while it streams: `[n]` markers of sources that were
 * not offered are removed (a model may invent them), markers that end a table row are moved under
 * the table (GFM drops cells beyond the header's), and a marker still arriving at the end (`[`,
 * `[1`) is held back until it is complete.
 */
export function citableText(text: string, offered: ReadonlySet<number>): string {
  return (
    text
      .replace(/\[(\d+)\]/g, (marker, n: string) => (offered.has(Number(n)) ? marker : ''))
      // Markers after a table row would be an extra cell, which GFM drops: put them under the table.
      .replace(
        /^([ \t]*\|.*\|)[ \t]*((?:\[\d+\][ \t]*)+)$/gm,
        (_, row: string, markers: string) => `${row}\n\n${markers.trim()}`,
      )
      .replace(/\[\d*$/, '')
      .replace(/[ \t]+([.,;:!?])/g, '$1')
  );
}

/**
 * Replaces each `[n]` in the text nodes under `root` (outside code) with `make(n)`; returns the
 * numbers found, in order of first appearance.
 */
export function replaceCitations(root: Node, make: (n: number) => Node | undefined): number[] {
  const found: number[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  for (const node of nodes) {
    if (node.parentElement?.closest('code, pre')) continue;
    const text = node.data;
    const pattern = /\[(\d+)\]/g;
    let match = pattern.exec(text);
    if (!match) continue;
    const parts: Array<Node | string> = [];
    let at = 0;
    while (match) {
      const n = Number(match[1]);
      const made = make(n);
      if (made) {
        parts.push(text.slice(at, match.index), made);
        at = match.index + match[0].length;
        if (!found.includes(n)) found.push(n);
      }
      match = pattern.exec(text);
    }
    parts.push(text.slice(at));
    node.replaceWith(...parts.filter((p) => p !== ''));
  }
  return found;
}

/**
 * Wraps each whole word under `root` whose lower-cased form is in `words` in `<mark>` (outside
 * existing marks); returns how many were marked.
 */
export function markWords(root: Node, words: ReadonlySet<string>): number {
  if (words.size === 0) return 0;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  let marked = 0;
  for (const node of nodes) {
    if (node.parentElement?.closest('mark')) continue;
    const text = node.data;
    const parts: Array<Node | string> = [];
    let at = 0;
    for (const match of text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu)) {
      if (!words.has(match[0].toLowerCase())) continue;
      const mark = document.createElement('mark');
      mark.textContent = match[0];
      parts.push(text.slice(at, match.index), mark);
      at = match.index + match[0].length;
      marked++;
    }
    if (parts.length === 0) continue;
    parts.push(text.slice(at));
    node.replaceWith(...parts.filter((p) => p !== ''));
  }
  return marked;
}

/** The distinct lower-cased words at `ranges` of `text` (the API's highlight offsets). */
export function highlightedWords(
  text: string,
  ranges: ReadonlyArray<readonly [number, number]>,
): Set<string> {
  return new Set(ranges.map(([from, to]) => text.slice(from, to).toLowerCase()).filter((w) => w !== ''));
}

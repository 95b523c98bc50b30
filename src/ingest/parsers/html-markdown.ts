import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';
import type { DomDocument, DomElement } from './dom.js';
import { flattenDeepNesting } from './html-depth.js';
import { normalizeTables } from './html-tables.js';

function createTurndown(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    emDelimiter: '_',
    strongDelimiter: '**',
  });
  service.use(gfm);
  // Links become their text; the URL is noise for retrieval.
  service.addRule('linkText', { filter: 'a', replacement: (content) => content });
  service.addRule('listItem', {
    filter: 'li',
    replacement: (content, node) => {
      const parent = node.parentNode as DomElement | null;
      let prefix = '- ';
      if (parent?.nodeName === 'OL') {
        const start = Number(parent.getAttribute('start') ?? '1') || 1;
        prefix = `${start + Array.prototype.indexOf.call(parent.children, node)}. `;
      }
      const body = content
        .replace(/^\n+/, '')
        .replace(/\n+$/, '')
        .replace(/\n/g, `\n${' '.repeat(prefix.length)}`);
      return `${prefix}${body}${node.nextSibling ? '\n' : ''}`;
    },
  });
  // A definition list's term and its definition make one paragraph, the term in bold as a label
  // ("**Light:** Bright, indirect light.", as a page writes `<strong>Light:</strong>`), each pair
  // its own (a care sheet's "Light" / "Bright, indirect light." read as two lines, the term alone a
  // heading of nothing); a second definition of one term follows "; ".
  const flat = (content: string) => content.replace(/\s*\n\s*/g, ' ').trim();
  service.addRule('definitionTerm', {
    filter: 'dt',
    replacement: (content) => {
      const term = flat(content);
      return term === '' ? '' : `\n\n**${term}${/[:.?!]$/.test(term) ? '' : ':'}**`;
    },
  });
  service.addRule('definition', {
    filter: 'dd',
    replacement: (content, node) => {
      const definition = flat(content);
      const before = (node as DomElement).previousElementSibling?.nodeName;
      if (definition === '') return '';
      return before === 'DT' ? ` ${definition}` : before === 'DD' ? `; ${definition}` : `\n\n${definition}`;
    },
  });
  // GFM cells hold one line: flatten breaks and escape pipes.
  service.addRule('tableCellFlat', {
    filter: ['th', 'td'],
    replacement: (content, node) => {
      const cell = content
        .replace(/\s*\n\s*/g, ' ')
        .replace(/\|/g, '\\|')
        .trim();
      const first = node.parentNode?.firstChild === node;
      return `${first ? '| ' : ' '}${cell} |`;
    },
  });
  // Escape only what would change the block structure; inline `_` and `*` stay readable.
  // Indentation is matched as spaces and tabs only: `\s*` would also run across line breaks
  // from every line start, which is quadratic in a run of blank lines.
  service.escape = (text: string) =>
    text
      .replace(/^([ \t]*)([#>])/gm, '$1\\$2')
      .replace(/^([ \t]*)([-+*])(\s)/gm, '$1\\$2$3')
      .replace(/^([ \t]*\d+)([.)])(\s)/gm, '$1\\$2$3')
      .replace(/^([ \t]*)(```|~~~)/gm, '$1\\$2');
  return service;
}

let turndown: TurndownService | undefined;

/**
 * Converts the content under `root` to Markdown: `#` headings, lists, GFM tables (layout tables
 * unwrapped, see {@link normalizeTables}), a definition list's pairs as paragraphs led by the term in
 * bold ("**Light:** Bright, indirect light."), links as their text, and only the escaping that
 * protects block structure. Content nested more than 128 levels deep is kept as plain paragraphs
 * (see {@link flattenDeepNesting}). Rewrites `document` in place.
 */
export function htmlToMarkdown(document: DomDocument, root: DomElement): string {
  flattenDeepNesting(root);
  normalizeTables(document, root);
  turndown ??= createTurndown();
  return trimLineEnds(turndown.turndown(root.innerHTML))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Each line of `text` without trailing spaces and tabs. (The regular expression `/[ \t]+$/gm`
 * does the same in time quadratic in a run of spaces that does not end its line.)
 */
function trimLineEnds(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      let end = line.length;
      while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end--;
      return end === line.length ? line : line.slice(0, end);
    })
    .join('\n');
}

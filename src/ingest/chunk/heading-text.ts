/**
 * Heading text as a reader sees it: Markdown link and image syntax reduced to the link text,
 * autolinks to their address, so that a heading that is a link stores `Install` in its chunks'
 * `headingPath`, not `[Install](https://…)`.
 * @module
 */

/** Longest link destination (or reference label) scanned for its closing bracket. */
const MAX_DESTINATION = 2048;

/**
 * Where the destination `(…)` (or reference `[…]`) opening at `open` closes, one past it; or
 * -1 when it does not close within {@link MAX_DESTINATION} units (then it is no link, and the
 * bounded scan keeps the whole pass linear).
 */
function closingOf(text: string, open: number): number {
  const opener = text[open];
  const closer = opener === '(' ? ')' : ']';
  let depth = 0;
  const limit = Math.min(text.length, open + MAX_DESTINATION);
  for (let at = open; at < limit; at++) {
    const char = text[at];
    if (char === '\\') at++;
    else if (char === opener) depth++;
    else if (char === closer && --depth === 0) return at + 1;
  }
  return -1;
}

/**
 * `raw` heading text with inline links reduced to their text: `[text](url "title")`,
 * `[text][ref]` and `![alt](src)` become `text`/`alt`; `<https://…>` becomes the address. Other
 * Markdown is left as it is. Linear in the length of `raw`.
 */
export function headingText(raw: string): string {
  if (!raw.includes('](') && !raw.includes('][') && !raw.includes('<')) return raw;
  /** Output pieces; a `[` that opens a link is blanked out once its link closes. */
  const parts: string[] = [];
  /** Index in `parts` of the most recent unmatched `[`. */
  let open = -1;
  for (let at = 0; at < raw.length; at++) {
    const char = raw[at]!;
    if (char === '\\' && at + 1 < raw.length) {
      parts.push(char + raw[at + 1]);
      at++;
      continue;
    }
    if (char === '[') {
      open = parts.length;
      parts.push(char);
      continue;
    }
    if (char === ']' && open >= 0 && (raw[at + 1] === '(' || raw[at + 1] === '[')) {
      const end = closingOf(raw, at + 1);
      if (end > 0) {
        parts[open] = '';
        if (open > 0 && parts[open - 1] === '!') parts[open - 1] = '';
        open = -1;
        at = end - 1;
        continue;
      }
    }
    if (char === '<') {
      const close = raw.slice(at + 1, at + 1 + MAX_DESTINATION).indexOf('>');
      const inner = close >= 0 ? raw.slice(at + 1, at + 1 + close) : '';
      if (/^(?:https?|ftp|mailto):[^\s<>]*$/i.test(inner)) {
        parts.push(inner);
        at += close + 1;
        continue;
      }
    }
    parts.push(char);
  }
  return parts.join('').trim();
}

const ATX_LINE = /^ {0,3}#{1,6}(?:[ \t]+(.*))?$/;
const SETEXT_LINE = /^ {0,3}(?:=+|-+)[ \t]*$/;

/**
 * `text` without the heading lines it opens with, when they are headings of `headingPath` (a
 * section's first chunk starts with its heading lines): what is embedded after the heading path,
 * so that a heading is embedded once. Blank lines after a removed heading go with it. Returns
 * `text` itself when it opens with no such heading.
 */
export function withoutLeadingHeadings(text: string, headingPath: readonly string[]): string {
  if (headingPath.length === 0) return text;
  const names = new Set(headingPath);
  let rest = text;
  // A section opens with at most one heading line per level in its path.
  for (let removed = 0; removed <= headingPath.length; removed++) {
    const firstBreak = rest.indexOf('\n');
    const first = firstBreak === -1 ? rest : rest.slice(0, firstBreak);
    let consumed = -1;
    const atx = ATX_LINE.exec(first);
    if (atx && names.has(headingText(stripClosingHashes((atx[1] ?? '').trim())))) {
      consumed = first.length;
    } else if (firstBreak !== -1) {
      const secondBreak = rest.indexOf('\n', firstBreak + 1);
      const second = rest.slice(firstBreak + 1, secondBreak === -1 ? rest.length : secondBreak);
      if (SETEXT_LINE.test(second) && names.has(headingText(first.trim()))) {
        consumed = firstBreak + 1 + second.length;
      }
    }
    if (consumed < 0) return rest;
    rest = rest.slice(consumed).replace(/^\s+/, '');
  }
  return rest;
}

/**
 * `text` without an ATX closing sequence (a run of `#` that is all of it or follows a space or
 * tab), trimmed. A scan from the end rather than a regular expression, whose backtracking over
 * long runs of spaces would be quadratic.
 */
export function stripClosingHashes(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  if (end === text.length) return text;
  if (end > 0 && text[end - 1] !== ' ' && text[end - 1] !== '\t') return text;
  return text.slice(0, end).trim();
}

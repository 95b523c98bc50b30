/**
 * Headings of a PDF recovered from the layout: short lines set apart from the body text by their
 * size, their font (bold or italic: another font than the page's body text), capitals or a
 * numbering (`PART II`, `Item 2.`, `Note 7`, `4.1`), standing as their own paragraph or opening
 * one. Their nesting comes from how prominent each is (see {@link compareProminence}). Pure
 * functions over the lines {@link pageLines} builds.
 * @module
 */
import { joinHyphenated } from './pdf-layout.js';
import type { PlacedLine } from './pdf-tables.js';

/** How a heading is numbered. */
export type NumberingKind = 'part' | 'item' | 'note' | 'decimal' | 'none';

/** A heading's numbering: its kind and, for decimal numbering, its depth (`4` is 0, `4.1` is 1). */
export interface Numbering {
  kind: NumberingKind;
  depth: number;
}

/** What sets a heading apart, which decides how prominent it is. */
export interface HeadingStyle {
  /** Font size in points. */
  size: number;
  numbering: Numbering;
  /** All capitals. */
  caps: boolean;
  /** Set in another font than the page's body text (bold, italic). */
  emphasis: boolean;
  /** From the document outline (bookmarks), with its depth there (0 at the top). */
  outlineDepth?: number;
  /** The document's title: above every other heading. */
  title?: boolean;
}

/** A heading found on a page: lines `first` to `last` (inclusive) of the page's lines. */
export interface HeadingUnit {
  first: number;
  last: number;
  text: string;
  style: HeadingStyle;
}

/** The body text's measures, against which headings stand out. */
export interface BodyText {
  /** Font size carrying most characters of the document. */
  size: number;
  /**
   * Per page, the font size carrying most of its characters (the document's when the page has
   * too little text to say), and the font carrying most of its characters at that size
   * (undefined when too little text says).
   */
  pages: Array<{ size: number; font: string | undefined }>;
}
/** Most lines a heading runs over. */
const MAX_HEADING_LINES = 3;
/** Most words and characters in a heading. */
const MAX_WORDS = 20;
const MAX_CHARS = 160;
/** A font size at least this many times the body's stands out on its own. */
const LARGER = 1.15;
/** Headings by font, capitals or numbering are at least about as large as the body text. */
const AT_LEAST = 0.95;
/** Body-size characters a page needs before its body font is trusted. */
const MIN_BODY_CHARS = 200;

const PART = /^part\s+(?:[ivx]+|\d+)\b/i;
const ITEM = /^item\s+\d+[a-z]?\b/i;
const NOTE = /^note\s+\d+\b/i;
const DECIMAL =
  /^(\d{1,2}(?:\.\d{1,2}){0,3})(?:\.|\)|\s)\s*(?=\p{Lu})|^(\d{1,2}(?:\.\d{1,2}){1,3})\s*(?=\p{Lu})/u;
const ABBREVIATION_END = /\b(?:inc|corp|ltd|co|llc|plc|n\.v|s\.a)\.$/i;

/** The numbering a heading text opens with. */
export function numberingOf(text: string): Numbering {
  if (PART.test(text)) return { kind: 'part', depth: 0 };
  if (ITEM.test(text)) return { kind: 'item', depth: 0 };
  if (NOTE.test(text)) return { kind: 'note', depth: 0 };
  const decimal = DECIMAL.exec(text);
  if (decimal) return { kind: 'decimal', depth: (decimal[1] ?? decimal[2]!).split('.').length - 1 };
  return { kind: 'none', depth: 0 };
}

const RANK: Readonly<Record<NumberingKind, number>> = { part: 0, item: 1, note: 2, decimal: 2, none: 3 };

/**
 * Orders two heading styles by prominence: negative when `a` is more prominent (encloses `b`).
 * The title comes first; then outline headings by their depth; then `PART` over `Item` whatever
 * their size; then larger type; then numbered over unnumbered (shallower decimal numbering
 * first); then capitals; then emphasis. Sizes within 5% count as equal.
 */
export function compareProminence(a: HeadingStyle, b: HeadingStyle): number {
  if (a.title || b.title) return a.title && b.title ? 0 : a.title ? -1 : 1;
  if (a.outlineDepth !== undefined || b.outlineDepth !== undefined) {
    if (a.outlineDepth === undefined) return 1;
    if (b.outlineDepth === undefined) return -1;
    return a.outlineDepth - b.outlineDepth;
  }
  const structure = (style: HeadingStyle) => Math.min(RANK[style.numbering.kind], 2);
  if (structure(a) !== structure(b) && (structure(a) < 2 || structure(b) < 2))
    return structure(a) - structure(b);
  if (Math.abs(a.size - b.size) > 0.05 * Math.max(a.size, b.size)) return b.size - a.size;
  const numbered = (style: HeadingStyle) => RANK[style.numbering.kind] * 10 + style.numbering.depth;
  if (numbered(a) !== numbered(b)) return numbered(a) - numbered(b);
  if (a.caps !== b.caps) return a.caps ? -1 : 1;
  if (a.emphasis !== b.emphasis) return a.emphasis ? -1 : 1;
  return 0;
}

/**
 * Markdown levels (1–6) for headings in document order: each heading closes the open headings
 * that are not more prominent than it and nests under the rest, so its level is its depth.
 */
export function headingLevels(styles: readonly HeadingStyle[]): number[] {
  const open: HeadingStyle[] = [];
  return styles.map((style) => {
    while (open.length > 0 && compareProminence(open.at(-1)!, style) >= 0) open.pop();
    open.push(style);
    return Math.min(6, open.length);
  });
}

/** The size carrying the most characters of `lines` (0.5-point buckets), and how many it carries. */
function mainSize(lines: readonly PlacedLine[]): { size: number; chars: number } {
  const sizes = new Map<number, number>();
  for (const line of lines) {
    const bucket = Math.round(line.layout.size * 2) / 2;
    sizes.set(bucket, (sizes.get(bucket) ?? 0) + line.text.length);
  }
  const [size, chars] = [...sizes].sort((x, y) => y[1] - x[1])[0] ?? [0, 0];
  return { size, chars };
}

/**
 * The body text's size, and each page's own body size and font: a document may set its parts
 * (a filing and its exhibits) in different sizes, and headings stand out from the text around them.
 */
export function bodyText(pages: ReadonlyArray<readonly PlacedLine[]>): BodyText {
  const size = mainSize(pages.flat()).size;
  return {
    size,
    pages: pages.map((lines) => {
      const own = mainSize(lines);
      const pageSize = own.chars >= MIN_BODY_CHARS ? own.size : size;
      const weights = new Map<string, number>();
      let total = 0;
      for (const line of lines) {
        if (Math.abs(line.layout.size - pageSize) > 0.1 * pageSize) continue;
        weights.set(line.layout.font, (weights.get(line.layout.font) ?? 0) + line.text.length);
        total += line.text.length;
      }
      const font = total < MIN_BODY_CHARS ? undefined : [...weights].sort((x, y) => y[1] - x[1])[0]?.[0];
      return { size: pageSize, font };
    }),
  };
}

/** Joins a heading's lines into one line of text. */
export function headingText(lines: readonly string[]): string {
  return joinHyphenated([...lines])
    .join(' ')
    .replace(/\s*\|\s*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** True when `text` is shaped like a heading (see {@link findHeadings}). */
function headingShaped(text: string, numbering: Numbering, emphasis: boolean): boolean {
  const words = text.split(' ').length;
  if (text.length < 2 || text.length > MAX_CHARS || words > MAX_WORDS) return false;
  if (!/\p{L}/u.test(text) || !/^[\p{Lu}\p{N}“"‘'(]/u.test(text)) return false;
  if (/^\(/.test(text) && numbering.kind === 'none') return false;
  if (/[,;]$/.test(text)) return false;
  if (/\.$/.test(text) && !ABBREVIATION_END.test(text) && (numbering.kind === 'none' || words > 8))
    return false;
  if (/:$/.test(text) && !emphasis && numbering.kind === 'none') return false;
  // A table-of-contents entry ends with its page number.
  if (/\s\d{1,3}$/.test(text) && words >= 3 && numbering.kind !== 'part') return false;
  const chars = text.replace(/\s/g, '');
  return chars.replace(/[^\p{N}]/gu, '').length < 0.4 * chars.length;
}

function sameStyle(a: PlacedLine, b: PlacedLine): boolean {
  return a.layout.font === b.layout.font && Math.abs(a.layout.size - b.layout.size) <= 0.05 * a.layout.size;
}

/**
 * The headings on one page, top to bottom, leaving out the lines in `skip` (tables). A heading is
 * a run of at most three lines of one style (font and size) that opens its paragraph and either
 * ends it or is followed by lines of another style; it is shaped like a heading (a capital or a
 * number first; at most 20 words and 160 characters; not ending like a sentence or a table of
 * contents entry; not mostly digits); and it stands out from the body text: larger type (15% or
 * more), or at about body size in another font than the page's body, in capitals, or numbered.
 * @param bodyFont The page's body font, or undefined when it is not known.
 */
export function findHeadings(
  lines: readonly PlacedLine[],
  body: { size: number; font: string | undefined },
  skip: ReadonlySet<number> = new Set(),
): HeadingUnit[] {
  const headings: HeadingUnit[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const opens = i === 0 || lines[i - 1]!.paragraph !== line.paragraph || !sameStyle(lines[i - 1]!, line);
    if (skip.has(i) || !opens) {
      i++;
      continue;
    }
    let longest = i;
    while (
      longest + 1 < lines.length &&
      longest + 1 - i < MAX_HEADING_LINES &&
      !skip.has(longest + 1) &&
      lines[longest + 1]!.paragraph === line.paragraph &&
      sameStyle(lines[longest + 1]!, line)
    )
      longest++;
    // The longest run that reads as a heading wins.
    let found: HeadingUnit | undefined;
    for (let last = longest; last >= i && found === undefined; last--) {
      found = headingAt(lines, i, last, body);
    }
    if (found) {
      headings.push(found);
      i = found.last + 1;
      continue;
    }
    i++;
  }
  return headings;
}

/** Lines `first` to `last` as a heading, or undefined when they do not read as one. */
function headingAt(
  lines: readonly PlacedLine[],
  first: number,
  last: number,
  body: { size: number; font: string | undefined },
): HeadingUnit | undefined {
  const unit = lines.slice(first, last + 1);
  const line = unit[0]!;
  const text = headingText(unit.map((l) => l.text));
  const numbering = numberingOf(text);
  const size = line.layout.size;
  const emphasis =
    body.font !== undefined &&
    unit.every((l) => l.layout.font !== body.font && l.layout.fontShare >= 0.8) &&
    size >= AT_LEAST * body.size;
  const letters = text.replace(/[^\p{L}]/gu, '');
  // Capitals set a heading apart; an acronym with digits (`COVID-19`) does not.
  const unnumbered = numbering.kind === 'none' ? text : text.replace(/^\S+\s+\S+/, '');
  const caps =
    letters.length >= 4 &&
    letters === letters.toUpperCase() &&
    /\p{L}{3}/u.test(text) &&
    !/\d/.test(unnumbered);
  // A heading ends its paragraph, or the lines after it are set otherwise; a capitalised or
  // numbered heading in the body's own type may also run straight into the text, stopping short
  // of the margin the text runs to.
  const next = lines[last + 1];
  const end = unit.at(-1)!.layout;
  const closes =
    next === undefined ||
    next.paragraph !== line.paragraph ||
    !sameStyle(next, line) ||
    ((caps || numbering.kind !== 'none') && end.end < next.layout.end - 3 * size);
  const cells = unit.some((l) => l.layout.cells >= 2);
  // In the body's own type a heading is one line: more would be the paragraph it opens.
  const larger = size >= LARGER * body.size;
  if (last > first && !emphasis && !larger) return undefined;
  const standsOut =
    size >= LARGER * body.size ||
    (size >= AT_LEAST * body.size && (emphasis || caps || numbering.kind !== 'none'));
  if (
    !closes ||
    !standsOut ||
    (cells && numbering.kind === 'none') ||
    !headingShaped(text, numbering, emphasis)
  )
    return undefined;
  return { first, last, text, style: { size, numbering, caps, emphasis } };
}

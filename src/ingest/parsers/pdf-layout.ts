/**
 * Reading-order text from positioned PDF text items: lines rebuilt from baselines, words and
 * table columns from horizontal gaps, paragraphs from vertical gaps, then Unicode NFKC and
 * end-of-line hyphenation repair. Pure functions over pdf.js `getTextContent` items.
 */

/** The fields of a pdf.js text item this module reads. */
export interface PdfTextItem {
  str: string;
  /** Text matrix `[a, b, c, d, e, f]` in PDF user space. */
  transform: number[];
  /** Advance width along the baseline, in user-space units. */
  width: number;
  /** Set when pdf.js saw a line break after the item. */
  hasEOL?: boolean;
  /** pdf.js's name for the item's font (e.g. `g_d0_f2`); the same name is the same font. */
  fontName?: string;
}

/** Tuning of {@link layoutPage}; every distance is in ems of the text's font size. */
export interface LayoutOptions {
  /** Items whose baselines differ by at most this share of the font size share a line. Default 0.5. */
  baselineTolerance?: number;
  /** A horizontal gap at least this wide separates words. Default 0.1. */
  wordGap?: number;
  /**
   * A horizontal gap at least this wide separates table columns, unless the line is justified
   * text (many gaps of about the same width). Default 1.5.
   */
  columnGap?: number;
  /** Text between columns. Default ` | `. */
  columnSeparator?: string;
  /** A line spacing this many times the page's usual spacing starts a new paragraph. Default 1.3. */
  paragraphSpacing?: number;
}

interface Glyph {
  text: string;
  /** Left edge, baseline and right edge in device space (origin top-left, y down). */
  x: number;
  y: number;
  end: number;
  size: number;
  font: string;
}

interface Line {
  y: number;
  /** Left edge of the first glyph and right edge of the last. */
  x: number;
  end: number;
  size: number;
  glyphs: Glyph[];
}

const DEFAULTS: Required<LayoutOptions> = {
  baselineTolerance: 0.5,
  wordGap: 0.1,
  columnGap: 1.5,
  columnSeparator: ' | ',
  paragraphSpacing: 1.3,
};

/** `m1 × m2` for 2×3 affine matrices `[a, b, c, d, e, f]`. */
function multiply(m1: readonly number[], m2: readonly number[]): number[] {
  const [a1 = 1, b1 = 0, c1 = 0, d1 = 1, e1 = 0, f1 = 0] = m1;
  const [a2 = 1, b2 = 0, c2 = 0, d2 = 1, e2 = 0, f2 = 0] = m2;
  return [
    a1 * a2 + c1 * b2,
    b1 * a2 + d1 * b2,
    a1 * c2 + c1 * d2,
    b1 * c2 + d1 * d2,
    a1 * e2 + c1 * f2 + e1,
    b1 * e2 + d1 * f2 + f1,
  ];
}

/** Font size of a text matrix: the length of its vertical (else horizontal) axis. */
function fontSize(matrix: readonly number[]): number {
  const [a = 0, b = 0, c = 0, d = 0] = matrix;
  return Math.hypot(c, d) || Math.hypot(a, b) || 1;
}

/** How far a copy of a text item may sit from it, in ems along each axis, and still be an overprint. */
const OVERPRINT_OFFSET = 0.15;

interface Placed {
  x: number;
  y: number;
  size: number;
  /** Unit vector along the baseline. */
  along: [number, number];
}

/**
 * Drops overprinted copies: an item whose string was already placed, in about the same font size
 * (within 10 %), at about the same spot (under {@link OVERPRINT_OFFSET} ems away both along the
 * baseline and across it, and along it under half the item's width too). PDF writers fake bold
 * (and some shadows) by drawing a string two or three times a fraction of a point apart; read as
 * is, it would come out doubled. The same string elsewhere (`yes` … `yes`) is kept, and so are
 * blank items. Runs on items, before any line is built, so that the copies weigh in nowhere.
 * Order is preserved.
 */
export function dropOverprints<T extends PdfTextItem>(items: readonly T[]): T[] {
  const placed = new Map<string, Placed[]>();
  return items.filter((item) => {
    if (item.str.trim() === '') return true;
    const [a = 1, b = 0, , , x = 0, y = 0] = item.transform;
    const size = fontSize(item.transform);
    const reach = OVERPRINT_OFFSET * size;
    const reachAlong = item.width > 0 ? Math.min(reach, 0.5 * item.width) : reach;
    const same = placed.get(item.str) ?? [];
    const copy = same.some((other) => {
      if (Math.abs(other.size - size) > 0.1 * Math.max(other.size, size)) return false;
      const [ux, uy] = other.along;
      const along = (x - other.x) * ux + (y - other.y) * uy;
      const across = (y - other.y) * ux - (x - other.x) * uy;
      return Math.abs(along) < reachAlong && Math.abs(across) < reach;
    });
    if (copy) return false;
    const norm = Math.hypot(a, b) || 1;
    same.push({ x, y, size, along: [a / norm, b / norm] });
    placed.set(item.str, same);
    return true;
  });
}

/** Splits items into upright glyphs (in device space) and the rest (rotated, vertical, mirrored). */
function toGlyphs(
  items: readonly PdfTextItem[],
  viewport: readonly number[],
): { glyphs: Glyph[]; rotated: PdfTextItem[] } {
  const glyphs: Glyph[] = [];
  const rotated: PdfTextItem[] = [];
  for (const item of items) {
    if (item.str.trim() === '') continue;
    const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = multiply(viewport, item.transform);
    const upright = a > 0 && d < 0 && Math.abs(b) <= 0.05 * a;
    if (!upright) {
      rotated.push(item);
      continue;
    }
    const size = fontSize([a, b, c, d]);
    glyphs.push({ text: item.str, x, y, end: x + Math.max(item.width, 0), size, font: item.fontName ?? '' });
  }
  return { glyphs, rotated };
}

/** Groups glyphs into lines by baseline, top to bottom, each sorted left to right. */
function groupLines(glyphs: Glyph[], tolerance: number): Line[] {
  const sorted = [...glyphs].sort((g1, g2) => g1.y - g2.y || g1.x - g2.x);
  const lines: Line[] = [];
  let current: Line | undefined;
  for (const glyph of sorted) {
    if (current && Math.abs(glyph.y - current.y) <= tolerance * Math.max(glyph.size, current.size)) {
      current.glyphs.push(glyph);
      current.size = Math.max(current.size, glyph.size);
    } else {
      current = { y: glyph.y, x: glyph.x, end: glyph.end, size: glyph.size, glyphs: [glyph] };
      lines.push(current);
    }
  }
  for (const line of lines) {
    line.glyphs.sort((g1, g2) => g1.x - g2.x);
    line.x = line.glyphs[0]!.x;
    line.end = Math.max(...line.glyphs.map((glyph) => glyph.end));
    line.size = dominantSize(line.glyphs);
    // The baseline of the dominant text, not of a superscript that happened to sort first.
    line.y = line.glyphs.find((glyph) => glyph.size === line.size)?.y ?? line.y;
  }
  return lines;
}

/** The font size carrying the most characters. */
function dominantSize(glyphs: readonly Glyph[]): number {
  const weights = new Map<number, number>();
  for (const glyph of glyphs) {
    weights.set(glyph.size, (weights.get(glyph.size) ?? 0) + glyph.text.length);
  }
  let best = glyphs[0]?.size ?? 1;
  for (const [size, weight] of weights) if (weight > (weights.get(best) ?? 0)) best = size;
  return best;
}

/** Gaps between neighbouring glyphs, in ems of the smaller font size. */
function gapsOf(glyphs: readonly Glyph[]): number[] {
  return glyphs.slice(1).map((glyph, i) => {
    const previous = glyphs[i]!;
    return (glyph.x - previous.end) / Math.min(glyph.size, previous.size);
  });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((v1, v2) => v1 - v2);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * A justified line set word by word: many gaps, all about as wide. Its wide gaps are stretched
 * word spaces, not columns.
 */
function isJustified(gaps: readonly number[], options: Required<LayoutOptions>): boolean {
  const words = gaps.filter((gap) => gap >= options.wordGap);
  return words.length >= 4 && Math.max(...words) <= 1.5 * median(words);
}

/** Left edges where the line's cells start: its first glyph and any after a column gap. */
function cellStarts(line: Line, options: Required<LayoutOptions>): number[] {
  const gaps = gapsOf(line.glyphs);
  return line.glyphs.filter((_, i) => i === 0 || gaps[i - 1]! >= options.columnGap).map((glyph) => glyph.x);
}

/** How many lines above and below count as the neighbourhood whose cells define columns. */
const COLUMN_NEIGHBOURS = 3;

/** Cell starts of the lines around `lines[i]` in its block: the columns of the table it may belong to. */
function neighbourColumns(starts: readonly number[][], i: number): number[] {
  const columns: number[] = [];
  for (
    let j = Math.max(0, i - COLUMN_NEIGHBOURS);
    j <= Math.min(starts.length - 1, i + COLUMN_NEIGHBOURS);
    j++
  ) {
    if (j !== i) columns.push(...starts[j]!);
  }
  return columns;
}

/**
 * Joins a line's glyphs into cells: within a cell glyphs are joined by nothing or a space, by the
 * gap between them; a column gap starts a new cell. A label ending in `:` is joined to its value
 * by a space however wide the gap, unless the text after the gap is a label too or the gap spans a
 * column where a nearby line starts a cell (the value is empty).
 */
function lineCells(
  glyphs: readonly Glyph[],
  options: Required<LayoutOptions>,
  columns: readonly number[],
): string[] {
  const justified = isJustified(gapsOf(glyphs), options);
  const cells: string[] = [];
  let text = '';
  let previous: Glyph | undefined;
  for (const glyph of glyphs) {
    if (previous === undefined) {
      text = glyph.text;
      previous = glyph;
      continue;
    }
    const gap = (glyph.x - previous.end) / Math.min(glyph.size, previous.size);
    if (gap < options.wordGap) {
      text += glyph.text;
    } else if (
      justified ||
      gap < options.columnGap ||
      (isLabelValue(text, glyph.text) && !spansColumn(previous.end, glyph.x, glyph.size, columns))
    ) {
      text = `${text.trimEnd()} ${glyph.text.trimStart()}`;
    } else {
      cells.push(text.trimEnd());
      text = glyph.text.trimStart();
    }
    previous = glyph;
  }
  cells.push(text);
  return cells;
}

/** True when a cell start of another line lies inside the gap from `left` to `right`. */
function spansColumn(left: number, right: number, size: number, columns: readonly number[]): boolean {
  return columns.some((column) => column > left + 0.5 * size && column < right - 0.5 * size);
}

/** A label (`Location:`) followed by its value rather than by the next label. */
function isLabelValue(left: string, right: string): boolean {
  return /:\s*$/.test(left) && !/:\s*$/.test(right);
}

/**
 * Lines of one size closer than this many times their size are no consecutive lines of running
 * text (they would overlap): they are the cells of one table row set at different heights, as a
 * row whose cells wrap to different numbers of lines and are centred vertically sets them.
 */
export const OVERLAPPING_SPACING = 0.85;

/**
 * Spacing between consecutive lines of the same font size, the most common per size (0.5 pt
 * buckets), over spacings from {@link OVERLAPPING_SPACING} to 3 times the size.
 */
function usualSpacing(lines: readonly Line[]): Map<number, number> {
  const counts = new Map<number, Map<number, number>>();
  for (let i = 1; i < lines.length; i++) {
    const above = lines[i - 1]!;
    const line = lines[i]!;
    const spacing = line.y - above.y;
    if (above.size !== line.size || spacing < OVERLAPPING_SPACING * line.size || spacing > 3 * line.size)
      continue;
    const bucket = Math.round(spacing * 2) / 2;
    const perSize = counts.get(line.size) ?? new Map<number, number>();
    perSize.set(bucket, (perSize.get(bucket) ?? 0) + 1);
    counts.set(line.size, perSize);
  }
  const usual = new Map<number, number>();
  for (const [size, perSize] of counts) {
    let best = 0;
    let bestCount = 0;
    for (const [spacing, count] of perSize) {
      if (count > bestCount || (count === bestCount && spacing < best)) {
        best = spacing;
        bestCount = count;
      }
    }
    usual.set(size, best);
  }
  return usual;
}

/**
 * True when a blank line belongs between `lines[i - 1]` and `lines[i]`: the font size changes,
 * the spacing is clearly wider than usual, or `lines[i]` is a first-line indent (indented by 1 to
 * 8 ems, the next line back at the margin, the line before it ending short of the right edge).
 */
function startsParagraph(
  lines: readonly Line[],
  i: number,
  usual: Map<number, number>,
  rightEdge: number,
  options: Required<LayoutOptions>,
): boolean {
  const above = lines[i - 1]!;
  const line = lines[i]!;
  if (Math.abs(line.size - above.size) > 0.15 * Math.max(line.size, above.size)) return true;
  const expected = Math.max(usual.get(line.size) ?? 0, usual.get(above.size) ?? 0) || 1.2 * line.size;
  if (line.y - above.y > options.paragraphSpacing * expected) return true;
  const below = lines[i + 1];
  const indent = (line.x - above.x) / line.size;
  return (
    below !== undefined &&
    below.size === line.size &&
    indent >= 1 &&
    indent <= 8 &&
    Math.abs(below.x - above.x) <= 0.5 * line.size &&
    above.end < rightEdge - 2 * line.size
  );
}

const HYPHEN_END = /(\p{L})[-\u2010\u00ad]$/u;
/** A word with a hyphen between letters or digits (`well-known`, `COVID-19`), edge punctuation aside. */
const COMPOUND = /[\p{L}\p{N}]+(?:[-\u2010][\p{L}\p{N}]+)+/gu;
/** A word of letters alone. */
const WORD = /\p{L}+/gu;

/**
 * English prefixes written with a hyphen before a whole word (`self-reported`, `well-known`,
 * `non-binding`, `half-year`, `quasi-judicial`, `cross-border`): Chicago Manual of Style 7.89
 * and the AP Stylebook's hyphen entries. Only these; a closed compound such as `nonprofit` or
 * `selfish` is told apart by the word after the break, which must stand alone elsewhere on the page.
 */
const HYPHENATED_PREFIXES = new Set(['self', 'well', 'non', 'half', 'quasi', 'cross', 'ill']);

/** What a page writes elsewhere, to tell a broken word from a compound (see {@link joinHyphenated}). */
export interface HyphenVocabulary {
  /** Hyphenated words, lower-cased (`well-known`). */
  compounds: ReadonlySet<string>;
  /** Words of letters, lower-cased, including the parts of hyphenated ones. */
  words: ReadonlySet<string>;
}

/** The {@link HyphenVocabulary} of `lines` (a paragraph, or a whole page). */
export function hyphenVocabulary(lines: Iterable<string>): HyphenVocabulary {
  const compounds = new Set<string>();
  const words = new Set<string>();
  for (const line of lines) {
    // A line's last word may be the first half of a broken one: not a word of the page.
    const body = HYPHEN_END.test(line) ? line.slice(0, line.search(/\S+$/)) : line;
    for (const [word] of body.matchAll(COMPOUND)) compounds.add(word.toLowerCase());
    for (const [word] of body.matchAll(WORD)) words.add(word.toLowerCase());
  }
  return { compounds, words };
}

/**
 * Rejoins words split across lines of one paragraph: `exam-` + `ple is` → `example` + `is`. Only
 * when a letter precedes the hyphen and a letter follows the break, so number ranges (`1990-` /
 * `1995`) stay apart. Whether the hyphen stays is decided without a dictionary, from the words
 * themselves and what the page writes elsewhere (`vocabulary`, by default that of `lines`), in
 * this order:
 * 1. a soft hyphen always goes;
 * 2. it stays before an upper-case letter (`non-` + `GAAP`, `Anglo-` + `Saxon`): hyphenation
 *    programs do not break a word there;
 * 3. it stays when the part before has a hyphen already (`state-of-the-` + `art`);
 * 4. it stays when the page writes the word with its hyphen (`well-known`), and goes when the page
 *    writes it closed (`wellknown`);
 * 5. it stays after a number word ({@link NUMBER_WORDS}: `five-` + `minute`), unless the rest ends
 *    the number (`four-` + `teen`);
 * 6. it stays after a prefix written with a hyphen ({@link HYPHENATED_PREFIXES}) when the part
 *    after the break is a word the page writes on its own (`self-` + `reported`, `reported`
 *    elsewhere; not `self-` + `ish`);
 * 7. otherwise it goes (`exam-` + `ple`).
 */
export function joinHyphenated(
  lines: string[],
  vocabulary: HyphenVocabulary = hyphenVocabulary(lines),
): string[] {
  const out = [...lines];
  for (let i = 0; i < out.length - 1; i++) {
    const line = out[i]!;
    const next = out[i + 1]!;
    if (!HYPHEN_END.test(line) || !/^\p{L}/u.test(next)) continue;
    const space = next.search(/\s/);
    const word = space === -1 ? next : next.slice(0, space);
    const rest = space === -1 ? '' : next.slice(space).trimStart();
    const before = line.slice(line.search(/\S+$/), -1).replace(/^[^\p{L}\p{N}]+/u, '');
    const after = word.replace(/[^\p{L}\p{N}]+$/u, '');
    out[i] = (keepsHyphen(line.at(-1)!, before, after, vocabulary) ? line : line.slice(0, -1)) + word;
    if (rest === '') {
      out.splice(i + 1, 1);
      i--; // the joined line may end in another hyphen
    } else {
      out[i + 1] = rest;
    }
  }
  return out;
}

/** Whether the hyphen between `before` and `after` (split at a line end) is part of the word; see {@link joinHyphenated}. */
function keepsHyphen(hyphen: string, before: string, after: string, vocabulary: HyphenVocabulary): boolean {
  if (hyphen === '\u00ad') return false;
  if (/^\p{Lu}/u.test(after)) return true;
  if (/[-\u2010]/.test(before)) return true;
  const hyphenated = `${before}-${after}`.toLowerCase();
  if (vocabulary.compounds.has(hyphenated)) return true;
  if (vocabulary.words.has(`${before}${after}`.toLowerCase())) return false;
  // A number word before the hyphen opens a compound ("five-minute walk", "two-year term", "three-
  // day pass"), unless the rest ends the number itself ("four-" + "teen", "six-" + "ty").
  if (NUMBER_WORDS.has(before.toLowerCase()) && !/^(?:teen|teenth|ty|tieth|th|fold)$/i.test(after))
    return true;
  return HYPHENATED_PREFIXES.has(before.toLowerCase()) && vocabulary.words.has(after.toLowerCase());
}

/**
 * Number words that open hyphenated compounds ("five-minute", "twelve-month", "hundred-year"). Not
 * "one" nor "ten", which open words a hyphenation program splits after them ("one-rous", "ten-ant",
 * "ten-sion").
 */
const NUMBER_WORDS = new Set(
  'two three four five six seven eight nine eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand'.split(
    ' ',
  ),
);

/** NFKC (ligatures, full-width forms, non-breaking spaces), soft hyphens out, spaces collapsed. */
export function normalizeLine(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\u00ad(?!$)/g, '')
    .replace(/[\s\u200b]+/g, ' ')
    .trim();
}

/** A run of text on a line as placed on the page: one pdf.js text item (overprints dropped). */
export interface TextRun {
  text: string;
  /** Left and right edge in device space (points from the page's left edge). */
  x: number;
  end: number;
  /** Font size in points. */
  size: number;
  /** pdf.js font name; '' when unknown. */
  font: string;
}

/** Where a line sits and how it is set, for structure recovery (headings, tables). */
export interface LineLayout {
  /** Baseline in device space (points from the page's top edge). */
  y: number;
  /** Left edge of the first run and right edge of the last. */
  x: number;
  end: number;
  /** The font size carrying most characters. */
  size: number;
  /** The font carrying most characters, and the share (0–1) of the line's characters set in it. */
  font: string;
  fontShare: number;
  /** Cells the line was split into at column gaps (1 when it has none). */
  cells: number;
  /** The line's runs, left to right. */
  runs: TextRun[];
}

/**
 * One page's text as lines, before it is written out as Markdown (see {@link pageMarkdown}).
 * Lines are NFKC-normalised and never empty; end-of-line hyphens are not yet rejoined.
 */
export interface PageLines {
  /** Paragraphs of upright text, top to bottom; each its lines, top to bottom. Never empty. */
  paragraphs: string[][];
  /** Lines of rotated text (margin notes, watermarks, axis labels), in content order. */
  rotated: string[];
  /**
   * Per line of `paragraphs` (same shape), where it sits and how it is set; absent when unknown
   * (then structure recovery leaves the page as plain paragraphs).
   */
  layout?: LineLayout[][];
}

/** The font carrying most characters of `glyphs`, and its share of them. */
function dominantFont(glyphs: readonly Glyph[]): { font: string; fontShare: number } {
  const weights = new Map<string, number>();
  let total = 0;
  for (const glyph of glyphs) {
    const weight = glyph.text.replace(/\s/g, '').length;
    weights.set(glyph.font, (weights.get(glyph.font) ?? 0) + weight);
    total += weight;
  }
  let font = glyphs[0]?.font ?? '';
  for (const [name, weight] of weights) if (weight > (weights.get(font) ?? 0)) font = name;
  return { font, fontShare: total === 0 ? 1 : (weights.get(font) ?? 0) / total };
}

function lineLayout(line: Line, cells: number): LineLayout {
  return {
    y: line.y,
    x: line.x,
    end: line.end,
    size: line.size,
    ...dominantFont(line.glyphs),
    cells,
    runs: line.glyphs.map((g) => ({ text: g.text, x: g.x, end: g.end, size: g.size, font: g.font })),
  };
}

/**
 * Rebuilds one page's lines from its text items: overprinted copies dropped, one line per
 * baseline, paragraphs split at wider spacing, font size changes and first-line indents.
 * @param viewport The page viewport's transform at scale 1 (`page.getViewport({ scale: 1 }).transform`),
 *   mapping user space to device space; it accounts for the page's `/Rotate`.
 */
export function pageLines(
  items: readonly PdfTextItem[],
  viewport: readonly number[],
  layoutOptions: LayoutOptions = {},
): PageLines {
  const options = { ...DEFAULTS, ...layoutOptions };
  const { glyphs, rotated } = toGlyphs(dropOverprints(items), viewport);
  const lines = groupLines(glyphs, options.baselineTolerance);

  // Blocks first (geometry only), then each line's text with the columns of its own block.
  const usual = usualSpacing(lines);
  const rightEdge = Math.max(0, ...lines.map((line) => line.end));
  const blocks: Line[][] = [];
  lines.forEach((line, i) => {
    if (i === 0 || startsParagraph(lines, i, usual, rightEdge, options)) blocks.push([]);
    blocks.at(-1)!.push(line);
  });
  const paragraphs: string[][] = [];
  const layout: LineLayout[][] = [];
  for (const block of blocks) {
    const starts = block.map((line) => cellStarts(line, options));
    const texts: string[] = [];
    const placed: LineLayout[] = [];
    block.forEach((line, i) => {
      const cells = lineCells(line.glyphs, options, neighbourColumns(starts, i));
      const text = normalizeLine(cells.join(options.columnSeparator));
      if (text === '') return;
      texts.push(text);
      placed.push(lineLayout(line, cells.length));
    });
    if (texts.length === 0) continue;
    paragraphs.push(texts);
    layout.push(placed);
  }

  const rotatedLines = rotated
    .map((item) => item.str + (item.hasEOL ? '\n' : ' '))
    .join('')
    .split('\n')
    .map(normalizeLine)
    .filter((line) => line !== '');
  return { paragraphs, rotated: rotatedLines, layout };
}

/**
 * Writes a page's lines as Markdown text: a blank line between paragraphs, end-of-line hyphenation
 * rejoined (see {@link joinHyphenated}; `vocabulary` defaults to the page's own words), rotated text as a last paragraph, and nothing that Markdown would read as structure.
 */
export function pageMarkdown(
  page: PageLines,
  vocabulary: HyphenVocabulary = hyphenVocabulary([...page.paragraphs.flat(), ...page.rotated]),
): string {
  const paragraphs = page.rotated.length > 0 ? [...page.paragraphs, page.rotated] : page.paragraphs;
  return (
    paragraphs
      .map((lines) => joinHyphenated(lines, vocabulary).join('\n'))
      .join('\n\n')
      .replace(/\u00ad/g, '')
      // Text is not Markdown structure: a leading `#` is no heading, and a rule of dashes right
      // under a line must not turn that line into a setext heading.
      .replace(/^#/gm, '\\#')
      .replace(/\n(?=[-=]{2,}[ \t]*(?:\n|$))/g, '\n\n')
  );
}

/**
 * Lays out one page's text items as Markdown text: one line per baseline, a blank line between
 * paragraphs. Upright text comes first, top to bottom; rotated text (margin notes, watermarks,
 * axis labels) follows as a last paragraph in content order. Same as
 * `pageMarkdown(pageLines(items, viewport, options))`.
 * @param viewport The page viewport's transform at scale 1 (`page.getViewport({ scale: 1 }).transform`),
 *   mapping user space to device space; it accounts for the page's `/Rotate`.
 */
export function layoutPage(
  items: readonly PdfTextItem[],
  viewport: readonly number[],
  layoutOptions: LayoutOptions = {},
): string {
  return pageMarkdown(pageLines(items, viewport, layoutOptions));
}

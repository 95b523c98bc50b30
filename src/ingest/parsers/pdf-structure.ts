/**
 * Structure recovery for a PDF's text pages: tables rebuilt as Markdown tables
 * ({@link findTables}), headings found from the layout ({@link findHeadings}) and the outline,
 * the first page's largest heading taken as the title, and each heading written as a Markdown
 * heading whose level says how it nests (see {@link headingLevels}), so every chunk carries its
 * heading path. Pure functions over the lines {@link pageLines} builds.
 * @module
 */
import {
  bodyText,
  findHeadings,
  type HeadingStyle,
  type HeadingUnit,
  headingLevels,
  headingText,
  numberingOf,
} from './pdf-headings.js';
import { hyphenVocabulary, type PageLines, pageMarkdown } from './pdf-layout.js';
import { namesLine, type OutlineEntry } from './pdf-outline.js';
import {
  findTables,
  joinPageBreakTables,
  type PlacedLine,
  type TableRegion,
  tableMarkdown,
} from './pdf-tables.js';

/** What {@link structurePages} found. */
export interface PdfStructure {
  /** Per page, its Markdown; undefined for a page given as undefined or without line layout. */
  markdown: Array<string | undefined>;
  /** The first page's largest heading, when it has one. */
  title?: string;
}

/** Most lines and characters of a title. */
const MAX_TITLE_LINES = 4;
const MAX_TITLE_CHARS = 250;

/** A page's upright lines in reading order, with their paragraph; undefined without layout. */
function placedLines(page: PageLines | undefined): PlacedLine[] | undefined {
  if (page?.layout === undefined) return undefined;
  const layout = page.layout;
  return page.paragraphs.flatMap((lines, paragraph) =>
    lines.map((text, i) => ({ text, layout: layout[paragraph]![i]!, paragraph })),
  );
}

/** Ends like a sentence: a full stop that does not close an abbreviation (`Inc.`). */
const SENTENCE_END = /[.!?]["”’)]?$/;
const ABBREVIATION_END = /\b(?:inc|corp|ltd|co|llc|plc|n\.v|s\.a)\.$/i;

/**
 * The title block of a page: the lines of its largest type (the block with the most letters when
 * several are as large), when that type is larger than every other line on the page, the block is
 * short (at most 4 lines, 250 characters, 30 words) and it does not read as a sentence.
 */
function titleBlock(
  lines: readonly PlacedLine[],
  skip: ReadonlySet<number>,
): { first: number; last: number; text: string } | undefined {
  const sizes = lines.map((line, i) => (skip.has(i) ? 0 : line.layout.size));
  const largest = Math.max(0, ...sizes);
  if (largest === 0) return undefined;
  const same = (size: number) => Math.abs(size - largest) <= 0.03 * largest;
  if (!sizes.some((size, i) => !skip.has(i) && !same(size))) return undefined;
  const blocks: Array<{ first: number; last: number; text: string }> = [];
  for (let i = 0; i < lines.length; i++) {
    if (!same(sizes[i]!)) continue;
    let last = i;
    while (
      last + 1 < lines.length &&
      same(sizes[last + 1]!) &&
      lines[last + 1]!.paragraph === lines[i]!.paragraph
    )
      last++;
    const text = headingText(lines.slice(i, last + 1).map((l) => l.text));
    const sentence = SENTENCE_END.test(text) && !ABBREVIATION_END.test(text);
    if (
      last - i < MAX_TITLE_LINES &&
      text.length <= MAX_TITLE_CHARS &&
      text.split(' ').length <= 30 &&
      /\p{L}/u.test(text) &&
      !/[,;:]$/.test(text) &&
      !sentence
    )
      blocks.push({ first: i, last, text });
    i = last;
  }
  const letters = (text: string) => text.replace(/[^\p{L}]/gu, '').length;
  return blocks.sort((a, b) => letters(b.text) - letters(a.text) || a.first - b.first)[0];
}

/** Marks headings named by a nested outline (entries at two depths or more) with their depth. */
function applyOutline(
  pages: ReadonlyArray<PlacedLine[] | undefined>,
  headings: HeadingUnit[][],
  tables: ReadonlyArray<ReadonlySet<number>>,
  outline: readonly OutlineEntry[],
): void {
  if (new Set(outline.map((entry) => entry.depth)).size < 2) return;
  let fromPage = 0;
  for (const entry of outline) {
    const range =
      entry.pageNumber !== undefined ? [entry.pageNumber - 1] : pages.map((_, i) => i).slice(fromPage);
    for (const p of range) {
      const lines = pages[p];
      if (!lines) continue;
      const i = lines.findIndex((line, k) => !tables[p]!.has(k) && namesLine(entry, line.text));
      if (i < 0) continue;
      const existing = headings[p]!.find((h) => h.first <= i && i <= h.last);
      if (existing) existing.style = { ...existing.style, outlineDepth: entry.depth };
      else {
        const text = headingText([lines[i]!.text]);
        headings[p]!.push({
          first: i,
          last: i,
          text,
          style: {
            size: lines[i]!.layout.size,
            numbering: numberingOf(text),
            caps: false,
            emphasis: false,
            outlineDepth: entry.depth,
          },
        });
        headings[p]!.sort((a, b) => a.first - b.first);
      }
      fromPage = p;
      break;
    }
  }
}

/** A heading's text as a Markdown heading line: no leading `#`, trailing `#`s escaped. */
function headingLine(level: number, text: string): string {
  const safe = text.replace(/^#+\s*/, '').replace(/(#+)\s*$/, (run) => `\\${run}`);
  return `${'#'.repeat(level)} ${safe}`;
}

/** One page's Markdown: paragraphs as {@link pageMarkdown} writes them, headings, tables. */
function pageWithStructure(
  page: PageLines,
  lines: readonly PlacedLine[],
  headings: ReadonlyArray<HeadingUnit & { level: number }>,
  tables: readonly TableRegion[],
  moved: ReadonlySet<number>,
): string {
  const parts: string[] = [];
  let pending: string[] = [];
  let pendingParagraph = -1;
  // Hyphens at line ends are judged by the words of the whole page, not of one paragraph.
  const vocabulary = hyphenVocabulary([...page.paragraphs.flat(), ...page.rotated]);
  const flush = () => {
    if (pending.length > 0) parts.push(pageMarkdown({ paragraphs: [pending], rotated: [] }, vocabulary));
    pending = [];
  };
  let i = 0;
  while (i < lines.length) {
    const heading = headings.find((h) => h.first === i);
    const table = tables.find((t) => t.first === i);
    if (heading) {
      flush();
      parts.push(headingLine(heading.level, heading.text));
      i = heading.last + 1;
      continue;
    }
    if (table) {
      flush();
      parts.push(tableMarkdown(table));
      i = table.last + 1;
      continue;
    }
    const line = lines[i]!;
    // A table's header printed at the page's foot is written with the table, on the next page.
    if (moved.has(i)) {
      i++;
      continue;
    }
    if (line.paragraph !== pendingParagraph) flush();
    pendingParagraph = line.paragraph;
    pending.push(line.text);
    i++;
  }
  flush();
  if (page.rotated.length > 0)
    parts.push(pageMarkdown({ paragraphs: [], rotated: page.rotated }, vocabulary));
  return parts.join('\n\n');
}

/**
 * Writes each text page of a document as Markdown with its structure: tables as Markdown tables,
 * headings as `#` headings nested by prominence, the first page's largest heading (the title)
 * above all others. Pages given as undefined, or without line layout, come back undefined (their
 * Markdown stays as it was). The outline, when it nests (entries at two depths or more), marks the
 * lines it names as headings, nested by its depth.
 */
export function structurePages(
  pages: ReadonlyArray<PageLines | undefined>,
  outline: readonly OutlineEntry[] = [],
): PdfStructure {
  const placed = pages.map(placedLines);
  const body = bodyText(placed.map((lines) => lines ?? []));
  const tables = placed.map((lines) => (lines ? findTables(lines) : []));
  const moved = joinPageBreakTables(placed, tables);
  const inTable = tables.map((regions, p) => {
    const set = new Set<number>(moved[p]);
    for (const t of regions) for (let i = t.first; i <= t.last; i++) set.add(i);
    return set;
  });
  const headings = placed.map((lines, p) => (lines ? findHeadings(lines, body.pages[p]!, inTable[p]) : []));
  applyOutline(placed, headings, inTable, outline);

  // The title: the largest type on the first page with text.
  const firstPage = placed.findIndex((lines) => lines !== undefined && lines.length > 0);
  let title: string | undefined;
  if (firstPage >= 0) {
    const block = titleBlock(placed[firstPage]!, inTable[firstPage]!);
    if (block) {
      title = block.text;
      const style: HeadingStyle = {
        size: placed[firstPage]![block.first]!.layout.size,
        numbering: { kind: 'none', depth: 0 },
        caps: false,
        emphasis: false,
        title: true,
      };
      const list = headings[firstPage]!.filter((h) => h.last < block.first || h.first > block.last);
      list.push({ ...block, style });
      headings[firstPage] = list.sort((a, b) => a.first - b.first);
    }
  }

  const ordered = headings.flat();
  const levels = headingLevels(ordered.map((h) => h.style));
  let n = 0;
  const leveled = headings.map((list) => list.map((h) => ({ ...h, level: levels[n++]! })));
  const markdown = pages.map((page, p) => {
    const lines = placed[p];
    if (page === undefined || lines === undefined) return undefined;
    return pageWithStructure(page, lines, leveled[p]!, tables[p]!, moved[p]!);
  });
  return { markdown, ...(title === undefined ? {} : { title }) };
}

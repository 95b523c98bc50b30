import { EmptyDocumentError, ParseError } from '../../core/errors.js';
import type { Parser } from '../../core/ports.js';
import type { Page, ParsedDocument, Source } from '../../core/types.js';
import { decodeTextCounting } from '../decode.js';

/** More control characters than this (per character) and the bytes are binary, not text. */
const MAX_CONTROL_RATIO = 0.05;

/**
 * Decodes a text source (see {@link decodeText}) with line endings normalised to `\n`.
 * @throws {ParseError} when the bytes are binary data rather than text, or too long for a string.
 * @throws {EmptyDocumentError} when the text is empty or whitespace only.
 */
export function decodeTextSource(source: Source): string {
  const { text, controlRatio } = decodeTextCounting(source.bytes, {
    newlines: true,
    sourceName: source.name,
  });
  if (controlRatio > MAX_CONTROL_RATIO) {
    throw new ParseError(
      source.name,
      'binary data, not text; declare its media type if it is another format',
    );
  }
  if (text.trim() === '') throw new EmptyDocumentError(source.name);
  return text;
}

/**
 * Plain text. A form feed (U+000C) ends a page, as in the output of `pdftotext` and in text
 * printed from page-oriented sources: the text between form feeds becomes one page each, numbered
 * from 1 in order; a page holding only whitespace is left out (its number is not reused), so a
 * trailing form feed adds no page. Text without form feeds is one page holding the text as it is
 * (only line endings are normalised), but for the lines that title what follows them (see
 * {@link textHeadings}), written as Markdown headings so that chunks keep them as heading paths.
 */
export class TextParser implements Parser {
  readonly specificationVersion = 'v1' as const;
  readonly fingerprint = 'text/plain/v9';
  readonly mediaTypes = ['text/plain'] as const;

  async parse(source: Source): Promise<ParsedDocument> {
    const text = decodeTextSource(source);
    return { mediaType: 'text/plain', pages: textPages(text) };
  }
}

/**
 * The pages of a plain text: split on form feeds, whitespace-only pages left out, each page's
 * title lines written as headings (see {@link textHeadings}).
 */
export function textPages(text: string): Page[] {
  const markdown = (part: string) => textHeadings(alignedTables(part));
  if (!text.includes('\f')) return [{ pageNumber: 1, markdown: markdown(text) }];
  const pages: Page[] = [];
  for (const [i, part] of text.split('\f').entries()) {
    if (part.trim() !== '') pages.push({ pageNumber: i + 1, markdown: markdown(part) });
  }
  return pages;
}

/** Fewest columns of a table aligned with spaces (two are a list of terms: "POWER   Switches …"). */
const MIN_COLUMNS = 3;
/** Fewest body rows under its header. */
const MIN_ROWS = 2;
/** Longest header cell, in characters: a header names its columns. */
const MAX_HEADER_CELL = 40;

/** The start of each cell of `line`, cells being parted by two spaces or more. */
function cellStarts(line: string): number[] {
  return [...line.matchAll(/\S+(?: \S+)*/g)].map((m) => m.index);
}

/**
 * The cells of `line` cut at `starts`, trimmed; undefined when a word runs over a cut or stands
 * left of the first column.
 */
function cutCells(line: string, starts: readonly number[]): string[] | undefined {
  if (line.slice(0, starts[0]).trim() !== '') return undefined;
  for (const s of starts.slice(1))
    if (s < line.length && line[s - 1] !== ' ' && line[s] !== ' ') return undefined;
  return starts.map((s, k) => line.slice(s, starts[k + 1] ?? line.length).trim());
}

/**
 * `text` with its tables aligned with spaces written as Markdown tables, so that each row is
 * read, chunked and quoted as a row under its header: a line opening at the margin whose words
 * fall into {@link MIN_COLUMNS} or more cells parted by two spaces or more (a header, each cell at
 * most {@link MAX_HEADER_CELL} characters, no `|`), followed without a blank line by
 * {@link MIN_ROWS} or more lines whose words fall at the header's cells' starts ("Chicken wings
 * 800 g  200°C  22-25 min  Turn halfway" under "FOOD  AMOUNT  TEMP  TIME  SHAKE / TURN"). A
 * line with its first cell blank goes on the row above (a cell wrapped over lines), and so does
 * one with any cell blank in a table that wraps so. A line whose word crosses a column's start
 * ends the table. Lines before the header in its paragraph stay as they are, over the table.
 */
export function alignedTables(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    // A table with a rule under its header (see `ruledTable`) whose header opens here.
    let rule = i + 1;
    while (
      rule < lines.length &&
      rule <= i + MAX_HEADER_LINES &&
      lines[rule]!.trim() !== '' &&
      !COLUMN_RULE.test(lines[rule]!)
    )
      rule++;
    const ruled = rule < lines.length && COLUMN_RULE.test(lines[rule]!) ? ruledTable(lines, rule) : undefined;
    if (ruled !== undefined && rule - ruled.headerLines === i) {
      if (out.length > 0 && out.at(-1)!.trim() !== '') out.push('');
      out.push(...ruled.markdown);
      if (ruled.end < lines.length && lines[ruled.end]!.trim() !== '') out.push('');
      i = ruled.end;
      continue;
    }
    const line = lines[i]!.trimEnd();
    const starts = cellStarts(line);
    const header = starts.length >= MIN_COLUMNS && starts[0] === 0 ? cutCells(line, starts) : undefined;
    if (header === undefined || header.some((c) => c.length > MAX_HEADER_CELL || c.includes('|'))) {
      out.push(lines[i]!);
      i++;
      continue;
    }
    const body: string[][] = [];
    let j = i + 1;
    for (; j < lines.length && lines[j]!.trim() !== ''; j++) {
      const cells = cutCells(lines[j]!.trimEnd(), starts);
      if (cells === undefined || cells.some((c) => c.includes('|'))) break;
      body.push(cells);
    }
    const wraps = body.some((cells) => cells[0] === '');
    const rows: string[][] = [];
    for (const cells of body) {
      const last = rows.at(-1);
      if (last !== undefined && (cells[0] === '' || (wraps && cells.some((c) => c === ''))))
        cells.forEach((c, k) => {
          if (c !== '') last[k] = last[k] === '' ? c : `${last[k]} ${c}`;
        });
      else rows.push(cells);
    }
    if (
      rows.length < MIN_ROWS ||
      rows.filter((r) => r.filter((c) => c !== '').length >= 2).length < MIN_ROWS
    ) {
      out.push(lines[i]!);
      i++;
      continue;
    }
    if (out.length > 0 && out.at(-1)!.trim() !== '') out.push('');
    const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
    out.push(row(header), row(header.map(() => '---')), ...rows.map(row));
    if (j < lines.length && lines[j]!.trim() !== '') out.push('');
    i = j;
  }
  return out.join('\n');
}

/** A rule of dashes under a table's header, one run per column ("---------  --------  ------"). */
const COLUMN_RULE = /^\s*-{2,}(?:\s+-{2,})+\s*$/;

/** Most lines of a header over its rule (a header cell wrapped over lines). */
const MAX_HEADER_LINES = 4;

/**
 * The table whose rule of dashes is `lines[i]` (see {@link COLUMN_RULE}), as a plain text manual
 * or a Pandoc "simple table" writes one, at any indent: "  Mode       Suction   Run time" over
 * "  ---------  --------  --------". Each run of dashes is a column, from its first dash: so
 * cells parted by one space are read ("No. Stitch" over "--- ------"), and two columns make a
 * table. The header is the lines above the rule back to a blank line or a line a word of which
 * crosses a column's start (a lead-in, which stays above the table), each cut at the columns (a
 * header cell wrapped over lines is joined); the rows are the lines below, down to a blank line
 * or a line a word of which crosses a column's start. A line with its first cell blank, indented
 * within it ("    1 tbsp oil)"), or opening in lower case where rows open in capitals, goes on
 * the row above. A closing rule is dropped.
 * Undefined when `lines[i]` is no such rule or fewer than {@link MIN_ROWS} rows follow.
 */
function ruledTable(
  lines: readonly string[],
  i: number,
): { markdown: string[]; headerLines: number; end: number } | undefined {
  const rule = lines[i]!;
  if (!COLUMN_RULE.test(rule)) return undefined;
  const starts = [...rule.matchAll(/-+/g)].map((m) => m.index);
  const header: string[][] = [];
  for (let k = i - 1; k >= 0 && k >= i - MAX_HEADER_LINES && lines[k]!.trim() !== ''; k--) {
    const cells = cutCells(lines[k]!.trimEnd(), starts);
    if (cells === undefined || cells.some((c) => c.includes('|'))) break;
    header.unshift(cells);
  }
  if (header.length === 0) return undefined;
  const rows: string[][] = [];
  let j = i + 1;
  for (; j < lines.length && lines[j]!.trim() !== ''; j++) {
    const line = lines[j]!.trimEnd();
    if (COLUMN_RULE.test(line)) continue;
    const cells = cutCells(line, starts);
    if (cells === undefined || cells.some((c) => c.includes('|'))) break;
    const last = rows.at(-1);
    // Indented within the first column: a wrapped cell, unless a figure with cells beside it (a
    // column of numbers aligned right, " 9" under "10").
    const indented =
      /^\s*/.exec(line)![0].length > starts[0]! &&
      (!/^\d/.test(cells[0]!) || cells.slice(1).every((c) => c === ''));
    // In a table whose rows open with a capital or a figure, a first cell opening in lower case
    // goes on ("Engineer does not arrive for an appointment," / "or we cancel it with less …").
    const goesOn = /^\p{Ll}/u.test(cells[0]!) && /^[\p{Lu}\d]/u.test(rows[0]?.[0] ?? '');
    if (last !== undefined && (cells[0] === '' || indented || goesOn))
      cells.forEach((c, k) => {
        if (c !== '') last[k] = last[k] === '' ? c : `${last[k]} ${c}`;
      });
    else rows.push(cells);
  }
  if (rows.length < MIN_ROWS) return undefined;
  const head = starts.map((_, k) =>
    header
      .map((cells) => cells[k]!)
      .filter((c) => c !== '')
      .join(' '),
  );
  const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return {
    markdown: [row(head), row(head.map(() => '---')), ...rows.map(row)],
    headerLines: header.length,
    end: j,
  };
}

/** Longest title line, in characters and in words. */
const TITLE_MAX_CHARS = 70;
const TITLE_MAX_WORDS = 8;

/** A line in capitals, no digit nor lower-case letter: "BRIGHTWELL GYM: MEMBERSHIP TERMS", "CONTRACT SUMMARY". */
const CAPITALS_LINE = /^[^\p{Ll}\d]*\p{Lu}{2,}[^\p{Ll}\d]*$/u;
/**
 * A numbered section's title: a number, a capital, no field's colon, no closing punctuation ("3.
 * Freezing your membership", "2) Treasurer's report").
 */
const SECTION_LINE = /^\d{1,2}[.)]\s+\p{Lu}[^:]*[^\s.,;:!?]$/u;
/**
 * A section's number before its title: "2. ", "4) ", "3.1 " (a bare number is not one: "4 WHARF
 * STREET" is an address line).
 */
const SECTION_NUMBER = /^(?:\d{1,2}[.)]|\d{1,2}(?:\.\d{1,2})+\.?)\s+/;
/** A list's numbered item. */
const NUMBERED = /^\d{1,2}[.)]\s/;
/**
 * A line of body text under a title: one closing a sentence or clause, longer than a title, a
 * list item or a field ("Date: Tuesday 8 December 2026").
 */
const BODY_LINE = /[.!?:)]$|^\s*(?:[-*•]|\d{1,2}[.)])\s|^[^:]{1,40}:\s\S/u;

/** A model's code: capitals and digits in one word, a capital first ("S5", "DW460", "SQ-S5", "BM-750"). */
const MODEL_CODE = /(?<![\p{L}\d])\p{Lu}+(?:-?\p{Lu})*-?\d+\p{Lu}*(?![\p{L}\d])/gu;

/** A rule: a line of three or more dashes, equals signs, underscores, asterisks or tildes, alone. */
const RULE_LINE = /^\s*(?:-{3,}|={3,}|_{3,}|\*{3,}|~{3,})\s*$/;

/**
 * `text` with the lines that title what follows them written as Markdown headings: a line in
 * capitals of two words or more (or one of four letters or more; see {@link CAPITALS_LINE}), its
 * section number before them or not ("2. HOW LONG WE KEEP ITEMS"), that opens the text or follows
 * a blank line, or a numbered section's title (see
 * {@link SECTION_LINE}: "2. Treasurer's report") that follows a blank line (or opens the text) and
 * is followed right away by body text (see {@link BODY_LINE}; not by a line in lower case, the
 * sentence going on; not by the next numbered item of a list). The first line of the text, so
 * read, is its title (`#`); the others are sections (`##`). A line boxed by rules (see
 * {@link RULE_LINE}) above and below is a title whatever its case, a rule counts as a blank line
 * before a title, and the rules boxing a title go; a model's code in capitals ("S5", "BM-750") is
 * read as a word. Text already holding Markdown headings is left as it is. A title in sentence
 * case ("Duration of the contract") is left as a line: so read, a letter's "Before your
 * appointment" split its instructions from the chunk naming the gastroscopy, and the search no
 * longer found them (measured on the bench, stop 67).
 */
export function textHeadings(text: string): string {
  const lines = text.split('\n');
  if (lines.some((line) => /^#{1,6}\s/.test(line))) return text;
  // A rule of dashes or equals signs is no text: a title boxed by rules ("-----", "1. CHARGING",
  // "-----") opens its section as one after a blank line does (round131, after its only run).
  const blank = (k: number) => lines[k]!.trim() === '' || RULE_LINE.test(lines[k]!);
  const first = lines.findIndex((_, k) => !blank(k));
  const titles = new Set<number>();
  const marked = lines.map((line, i) => {
    const trimmed = line.trim();
    const opens = i === first || (i > 0 && blank(i - 1));
    if (!opens || trimmed === '' || line !== line.trimStart() || trimmed.startsWith('|')) return line;
    if (trimmed.length > TITLE_MAX_CHARS || trimmed.split(/\s+/).length > TITLE_MAX_WORDS) return line;
    const next = lines[i + 1]?.trim() ?? '';
    // A numbered section's title in capitals ("2. HOW LONG WE KEEP ITEMS") is one too, with or
    // without body text right under it: its number is no part of its capitals.
    // A model's code in a name ("SPARKQUILL S5", "DW460") is no figure: read as a word.
    const bare = trimmed.replace(SECTION_NUMBER, '').replace(MODEL_CODE, 'X');
    const capitals = CAPITALS_LINE.test(bare) && /\p{L}{2,}\s+\p{L}{2,}|^\p{L}{4,}$/u.test(bare);
    const section =
      SECTION_LINE.test(trimmed) &&
      next !== '' &&
      !/^\p{Ll}/u.test(next) &&
      !NUMBERED.test(next) &&
      (next.length > TITLE_MAX_CHARS || BODY_LINE.test(next));
    // A line boxed by rules above and below is a title, whatever its case or digits ("3. USING
    // YOUR SPARKQUILL S5").
    const boxed = i > 0 && RULE_LINE.test(lines[i - 1]!) && RULE_LINE.test(lines[i + 1] ?? '');
    if (!capitals && !section && !boxed) return line;
    titles.add(i);
    return `${i === first ? '#' : '##'} ${trimmed}`;
  });
  // The rules boxing a title go: left, Markdown reads a rule under a line as its heading's
  // underline, and the rule's dashes became part of the section's heading path.
  return marked
    .map((line, i) => (RULE_LINE.test(line) && (titles.has(i - 1) || titles.has(i + 1)) ? '' : line))
    .join('\n');
}

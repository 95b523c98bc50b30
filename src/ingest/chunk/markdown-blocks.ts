/**
 * A line-based reader of the Markdown block structure the chunker needs: ATX and setext
 * headings, GFM pipe tables, fenced code blocks (``` or ~~~) and paragraphs (runs of non-blank
 * lines; lists, quotes and anything else count as paragraphs). Inline syntax is not parsed.
 * @module
 */
import { headingText, stripClosingHashes } from './heading-text.js';
import type { SourceSpan, SourceText } from './source-text.js';

/** An ATX (`## Title`) or setext (`Title` over `===`/`---`) heading. */
export interface HeadingBlock extends SourceSpan {
  kind: 'heading';
  /** 1 to 6; setext `=` is 1 and `-` is 2. */
  level: number;
  /**
   * Heading text, trimmed, closing `#`s removed, links reduced to their text (see
   * {@link headingText}); setext lines joined by one space. May be ''.
   */
  text: string;
}

/** Non-blank lines that are none of the other kinds. */
export interface ParagraphBlock extends SourceSpan {
  kind: 'paragraph';
}

/** A GFM pipe table: header row, delimiter row and body rows (each trimmed). */
export interface TableBlock extends SourceSpan {
  kind: 'table';
  header: SourceSpan;
  delimiter: SourceSpan;
  rows: SourceSpan[];
}

/** A fenced code block. Lines keep their indentation; `closer` is absent when never closed. */
export interface CodeBlock extends SourceSpan {
  kind: 'code';
  opener: SourceSpan;
  /** Indentation plus the fence run of the opener, e.g. "```" or "  ~~~~"; closes a part. */
  fence: string;
  body: SourceSpan[];
  closer?: SourceSpan;
}

/** One block; its span holds no leading or trailing whitespace (code keeps indentation). */
export type Block = HeadingBlock | ParagraphBlock | TableBlock | CodeBlock;

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*))?$/;
const FENCE_OPEN = /^( {0,3}(`{3,}|~{3,}))(.*)$/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
/** Tested on a line without trailing blanks, so no two blank runs meet (linear matching). */
const DELIMITER_ROW = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?$/;
const OTHER_BLOCK_START = /^ {0,3}(?:>|[-*+](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$))/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const BLANK = /^\s*$/;

interface Line extends SourceSpan {
  content: string;
}

/** Splits `text` into lines; a line's span excludes its `\n` and a `\r` before it. */
function readLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start <= text.length) {
    const newline = text.indexOf('\n', start);
    const stop = newline === -1 ? text.length : newline;
    const end = stop > start && text[stop - 1] === '\r' ? stop - 1 : stop;
    lines.push({ start, end, content: text.slice(start, end) });
    if (newline === -1) break;
    start = newline + 1;
  }
  return lines;
}

function atxHeading(content: string): { level: number; text: string } | undefined {
  const match = ATX.exec(content);
  if (!match) return undefined;
  return { level: match[1]!.length, text: headingText(stripClosingHashes((match[2] ?? '').trim())) };
}

function fenceOpener(content: string): { fence: string; char: string; length: number } | undefined {
  const match = FENCE_OPEN.exec(content);
  if (!match) return undefined;
  const run = match[2]!;
  if (run[0] === '`' && match[3]!.includes('`')) return undefined;
  return { fence: match[1]!, char: run[0]!, length: run.length };
}

function cellCount(content: string): number {
  let row = content.trim();
  if (row.startsWith('|')) row = row.slice(1);
  if (row.endsWith('|') && !row.endsWith('\\|')) row = row.slice(0, -1);
  return row.split(/(?<!\\)\|/).length;
}

/** `line` without trailing spaces and tabs. */
function trimBlanksEnd(line: string): string {
  let end = line.length;
  while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end--;
  return end === line.length ? line : line.slice(0, end);
}

function isTableStart(header: Line, delimiter: Line | undefined): boolean {
  return (
    delimiter !== undefined &&
    header.content.includes('|') &&
    delimiter.content.includes('|') &&
    DELIMITER_ROW.test(trimBlanksEnd(delimiter.content)) &&
    cellCount(header.content) === cellCount(delimiter.content)
  );
}

/** Parses `source` into blocks, in source order. Never throws. */
export function parseBlocks(source: SourceText): Block[] {
  return new BlockReader(source).read();
}

class BlockReader {
  private readonly lines: Line[];
  private readonly blocks: Block[] = [];
  private paragraph: Line[] = [];
  private index = 0;

  constructor(private readonly source: SourceText) {
    this.lines = readLines(source.text);
  }

  read(): Block[] {
    const { lines } = this;
    while (this.index < lines.length) {
      const line = lines[this.index]!;
      const { content } = line;
      if (BLANK.test(content)) {
        this.closeParagraph();
        this.index++;
        continue;
      }
      const opener = fenceOpener(content);
      if (opener) {
        this.closeParagraph();
        this.readFence(opener);
        continue;
      }
      const atx = atxHeading(content);
      if (atx) {
        this.closeParagraph();
        this.blocks.push({ kind: 'heading', ...this.span(line, line), ...atx });
        this.index++;
        continue;
      }
      const underline = SETEXT_UNDERLINE.exec(content);
      const paragraph = this.paragraph;
      if (underline && paragraph.length > 0 && !OTHER_BLOCK_START.test(paragraph[0]!.content)) {
        const text = headingText(paragraph.map((part) => part.content.trim()).join(' '));
        const level = underline[1]!.startsWith('=') ? 1 : 2;
        this.blocks.push({ kind: 'heading', ...this.span(paragraph[0]!, line), level, text });
        this.paragraph = [];
        this.index++;
        continue;
      }
      if (isTableStart(line, lines[this.index + 1])) {
        this.closeParagraph();
        this.readTable();
        continue;
      }
      paragraph.push(line);
      this.index++;
    }
    this.closeParagraph();
    return this.blocks;
  }

  /** The trimmed span from the start of `first` to the end of `last` (non-blank lines). */
  private span(first: SourceSpan, last: SourceSpan): SourceSpan {
    return this.source.trim(first.start, last.end)!;
  }

  private closeParagraph(): void {
    const { paragraph } = this;
    if (paragraph.length === 0) return;
    this.blocks.push({ kind: 'paragraph', ...this.span(paragraph[0]!, paragraph.at(-1)!) });
    this.paragraph = [];
  }

  /** Reads a fenced code block opening at the current line. */
  private readFence(opener: { fence: string; char: string; length: number }): void {
    const { lines } = this;
    const open = lines[this.index]!;
    const body: Line[] = [];
    let closer: Line | undefined;
    for (this.index++; this.index < lines.length; this.index++) {
      const line = lines[this.index]!;
      const match = FENCE_CLOSE.exec(line.content);
      if (match && match[1]![0] === opener.char && match[1]!.length >= opener.length) {
        closer = line;
        this.index++;
        break;
      }
      body.push(line);
    }
    if (!closer) while (body.length > 0 && BLANK.test(body.at(-1)!.content)) body.pop();
    const block: CodeBlock = {
      kind: 'code',
      start: open.start,
      end: this.span(open, closer ?? body.at(-1) ?? open).end,
      opener: bare(open),
      fence: opener.fence,
      body: body.map(bare),
    };
    if (closer) block.closer = bare(closer);
    this.blocks.push(block);
  }

  /** Reads a table whose header is the current line. */
  private readTable(): void {
    const { lines } = this;
    const header = this.span(lines[this.index]!, lines[this.index]!);
    const delimiter = this.span(lines[this.index + 1]!, lines[this.index + 1]!);
    const rows: SourceSpan[] = [];
    for (this.index += 2; this.index < lines.length; this.index++) {
      const line = lines[this.index]!;
      const { content } = line;
      if (BLANK.test(content) || atxHeading(content) || fenceOpener(content)) break;
      if (OTHER_BLOCK_START.test(content) || THEMATIC_BREAK.test(content)) break;
      rows.push(this.span(line, line));
    }
    const end = (rows.at(-1) ?? delimiter).end;
    this.blocks.push({ kind: 'table', start: header.start, end, header, delimiter, rows });
  }
}

function bare({ start, end }: SourceSpan): SourceSpan {
  return { start, end };
}

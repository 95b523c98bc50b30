/**
 * The structure-aware Markdown chunker: sections per heading, then paragraphs, sentences and
 * words, packed greedily up to a token budget with overlap; tables and fenced code stay whole or
 * split between rows and lines with their header or fences repeated.
 * @module
 */
import { InvalidArgumentError } from '../../core/errors.js';
import type { Chunker, ChunkerInput } from '../../core/ports.js';
import type { Chunk, Metadata } from '../../core/types.js';
import type { Atom } from './atom.js';
import { parseBlocks } from './markdown-blocks.js';
import type { PackContext } from './pack.js';
import { packAtoms } from './pack.js';
import { PageMap } from './page-map.js';
import { sectionAtoms } from './section-atoms.js';
import { groupSections } from './sections.js';
import { isWhitespace, type SourceSpan, SourceText } from './source-text.js';
import { cl100kTokenizer, type Tokenizer } from './tokenizer.js';

export { PAGE_SEPARATOR } from './page-map.js';
export type { SourceSpan } from './source-text.js';

/** Options of {@link MarkdownChunker}. `undefined` fields take their defaults. */
export interface MarkdownChunkerOptions {
  /** Most tokens in a chunk's text; a positive integer. Default 512. */
  chunkSize?: number;
  /**
   * Most tokens a chunk repeats from the end of the previous chunk of the same section; an
   * integer with `0 <= chunkOverlap < chunkSize`. Default 64; 0 turns overlap off.
   */
  chunkOverlap?: number;
  /** Counts tokens; default {@link cl100kTokenizer}. Its `name` goes into the fingerprint. */
  tokenizer?: Tokenizer;
  /**
   * `'page'` (default): a chunk never spans a page boundary, so every chunk (and citation) names
   * one page; packing and overlap restart at each page. `'document'`: chunks pack across page
   * boundaries within a section (a chunk's `pageStart` may be below its `pageEnd`). Measured in
   * `bench/results/page-bounded-chunks.json` (ragsage's rule R5f).
   */
  pageBounds?: 'page' | 'document';
  /**
   * A table over `chunkSize`: `'rows'` (default) cuts it between rows, each part repeating the
   * header and delimiter rows; `'whole'` keeps it as one chunk over budget (`indivisible`).
   * Measured in `bench/results/large-tables.json`.
   */
  largeTables?: 'rows' | 'whole';
}

/** The chunks of one document with where each came from. */
export interface ChunkedDocument {
  /**
   * The document's pages joined in input order with {@link PAGE_SEPARATOR} between them; the
   * text every span indexes.
   */
  source: string;
  chunks: Chunk[];
  /**
   * `spans[i]` is the `[start, end)` range of `source` (UTF-16 offsets) that `chunks[i].text`
   * comes from, overlap included. `source.slice(start, end)` is the whole text, except that a
   * later part of a split table also starts with the repeated header and delimiter rows, and a
   * part of a split code block gets the fence lines it lacks. Starts never decrease and never
   * fall inside a grapheme cluster; together the spans cover every non-whitespace character.
   */
  spans: SourceSpan[];
}

/**
 * Splits a document's Markdown pages into chunks of at most `chunkSize` tokens.
 *
 * - Sections: a chunk never spans two headings' sections. ATX (`#`) and setext headings give
 *   each chunk its `headingPath`; a heading of level n closes open headings of level >= n. A
 *   section's first chunk starts with its heading line(s).
 * - Packing: consecutive blocks of a section (paragraphs, tables, code) share a chunk while they
 *   fit. A paragraph over budget is cut at sentence starts, then word starts, then any
 *   word-segment boundary (`Intl.Segmenter`), never inside a word or grapheme cluster. A table
 *   over budget is cut between rows, each part starting with the header and delimiter rows; code
 *   over budget is cut between lines, each part opening and closing its fence.
 * - Overlap: a chunk that starts with prose right after prose of the same section first repeats
 *   up to `chunkOverlap` tokens of the previous chunk, cut at a sentence (else word) start. Tables,
 *   code and headings are never repeated, and the chunk still fits the budget.
 * - Budget: `tokenCount` (of the final text) is at most `chunkSize`, except for a chunk that is a
 *   single unit that cannot be cut (one word segment, table row or code line too long), which
 *   is marked `indivisible: true`.
 * - Pages are joined in input order (their page numbers must not decrease) with
 *   {@link PAGE_SEPARATOR}, so a page break is a paragraph break; whitespace-only pages add
 *   nothing. A chunk's `pageStart`/`pageEnd` are the `pageNumber`s of the pages holding its first
 *   and last non-whitespace characters.
 * - Page bounds (`pageBounds: 'page'`, the default): a chunk never spans a page boundary, so
 *   `pageStart === pageEnd`; packing and overlap restart at each page of a section. Heading lines
 *   at the foot of a page open the chunk of their content on the next page, whose page it names.
 *   Only a fenced code block left open across a page break stays whole over both pages.
 *
 * @example
 * ```ts
 * const chunker = new MarkdownChunker({ chunkSize: 256, chunkOverlap: 32 });
 * const chunks = chunker.chunk({ documentId: 'doc', pages: [{ pageNumber: 1, markdown: '# Hi\n\nText.' }] });
 * ```
 */
export class MarkdownChunker implements Chunker {
  readonly specificationVersion = 'v1' as const;
  /** `markdown-chunker/v1?size=<chunkSize>&overlap=<chunkOverlap>&tok=<tokenizer name>`. */
  readonly fingerprint: string;
  readonly chunkSize: number;
  readonly chunkOverlap: number;
  readonly tokenizer: Tokenizer;
  readonly pageBounds: 'page' | 'document';
  readonly largeTables: 'rows' | 'whole';

  /**
   * @throws {InvalidArgumentError} naming `chunkSize` when it is not a positive integer,
   * `chunkOverlap` when it is not an integer in `[0, chunkSize)`, `tokenizer` when it has no
   * `count` function, `pageBounds` or `largeTables` when not one of their values.
   */
  constructor(options: MarkdownChunkerOptions = {}) {
    const chunkSize = options.chunkSize ?? 512;
    const chunkOverlap = options.chunkOverlap ?? 64;
    const tokenizer = options.tokenizer ?? cl100kTokenizer;
    if (!Number.isSafeInteger(chunkSize) || chunkSize <= 0) {
      throw new InvalidArgumentError('chunkSize', `must be a positive integer (tokens), got ${chunkSize}`);
    }
    if (!Number.isSafeInteger(chunkOverlap) || chunkOverlap < 0) {
      throw new InvalidArgumentError(
        'chunkOverlap',
        `must be a non-negative integer (tokens), got ${chunkOverlap}`,
      );
    }
    if (chunkOverlap >= chunkSize) {
      throw new InvalidArgumentError(
        'chunkOverlap',
        `must be less than chunkSize (${chunkSize}), got ${chunkOverlap}; lower it or raise chunkSize`,
      );
    }
    if (typeof tokenizer?.count !== 'function') {
      throw new InvalidArgumentError('tokenizer', 'must have a count(text) function');
    }
    const pageBounds = options.pageBounds ?? 'page';
    if (pageBounds !== 'page' && pageBounds !== 'document') {
      throw new InvalidArgumentError('pageBounds', `must be 'page' or 'document', got ${String(pageBounds)}`);
    }
    const largeTables = options.largeTables ?? 'rows';
    if (largeTables !== 'rows' && largeTables !== 'whole') {
      throw new InvalidArgumentError('largeTables', `must be 'rows' or 'whole', got ${String(largeTables)}`);
    }
    this.chunkSize = chunkSize;
    this.chunkOverlap = chunkOverlap;
    this.tokenizer = tokenizer;
    this.pageBounds = pageBounds;
    this.largeTables = largeTables;
    const name = encodeURIComponent(tokenizer.name);
    // Settings added later appear only when they differ from the chunks of earlier versions, so
    // a fingerprint changes exactly when the chunks would.
    const pagesPart = pageBounds === 'page' ? '&pages=page' : '';
    const tablesPart = largeTables === 'whole' ? '&tables=whole' : '';
    this.fingerprint = `markdown-chunker/v1?size=${chunkSize}&overlap=${chunkOverlap}&tok=${name}${pagesPart}${tablesPart}`;
  }

  /**
   * Chunks one document. Returns [] when its pages hold no non-whitespace text.
   * @throws {InvalidArgumentError} naming `documentId` when it is not a non-empty string,
   * `pages[i].pageNumber` when it is not an integer >= 1 or is lower than the one before it, or
   * `pages[i].markdown` when it is not a string.
   */
  chunk(input: ChunkerInput): Chunk[] {
    return this.chunkWithSpans(input).chunks;
  }

  /**
   * Like {@link MarkdownChunker.chunk}, also returning the joined source and each chunk's span in
   * it, for provenance (highlighting, citations).
   * @throws {InvalidArgumentError} as {@link MarkdownChunker.chunk} does.
   */
  chunkWithSpans(input: ChunkerInput): ChunkedDocument {
    validateInput(input);
    const pages = new PageMap(input.pages);
    const result: ChunkedDocument = { source: pages.text, chunks: [], spans: [] };
    const source = new SourceText(pages.text);
    const context: PackContext = {
      source,
      tokenizer: this.tokenizer,
      budget: this.chunkSize,
      overlap: this.chunkOverlap,
      wholeTables: this.largeTables === 'whole',
    };
    for (const section of groupSections(parseBlocks(source))) {
      const atoms = sectionAtoms(context, section);
      const runs = this.pageBounds === 'page' ? pageRuns(atoms, pages) : [{ atoms, contentStart: 0 }];
      for (const run of runs) {
        for (const draft of packAtoms(context, run.atoms)) {
          // Heading lines carried over from the foot of the previous page do not set the page.
          const from =
            run.contentStart > draft.start && run.contentStart < draft.end ? run.contentStart : draft.start;
          const ordinal = result.chunks.length;
          const chunk: Chunk = {
            id: `${input.documentId}:${ordinal}`,
            documentId: input.documentId,
            ordinal,
            text: draft.text,
            headingPath: [...section.headingPath],
            pageStart: pages.pageAt(firstContent(source, { start: from, end: draft.end })),
            pageEnd: pages.pageAt(lastContent(source, draft)),
            tokenCount: draft.tokens,
            metadata: copyMetadata(input.metadata),
          };
          if (draft.tokens > this.chunkSize) chunk.indivisible = true;
          result.chunks.push(chunk);
          result.spans.push({ start: draft.start, end: draft.end });
        }
      }
    }
    return result;
  }
}

/** A section's atoms that lie on one page, and where its first non-heading atom starts. */
interface PageRun {
  atoms: Atom[];
  /** Offset of the first atom that is not a heading line; the run's start when all are. */
  contentStart: number;
}

/**
 * Splits a section's atoms into runs that each lie on one page (by the page of each atom's
 * start). Heading lines with nothing after them on their page join the next page's run, so a
 * heading at the foot of a page opens the chunk of its content rather than standing alone.
 * An atom that itself crosses a page boundary (a fenced code block left open at a page's end)
 * stays whole.
 */
function pageRuns(atoms: readonly Atom[], pages: PageMap): PageRun[] {
  const runs: PageRun[] = [];
  let current: (PageRun & { page: number; hasContent: boolean }) | undefined;
  for (const atom of atoms) {
    const page = pages.pageAt(atom.start);
    const content = atom.kind !== 'heading';
    if (current && (page === current.page || (content && !current.hasContent))) {
      current.atoms.push(atom);
      current.page = page;
      if (content && !current.hasContent) {
        current.hasContent = true;
        current.contentStart = atom.start;
      }
      continue;
    }
    current = { atoms: [atom], page, hasContent: content, contentStart: atom.start };
    runs.push(current);
  }
  return runs;
}

function validateInput(input: ChunkerInput): void {
  if (typeof input?.documentId !== 'string' || input.documentId === '') {
    throw new InvalidArgumentError('documentId', 'must be a non-empty string');
  }
  if (!Array.isArray(input.pages)) throw new InvalidArgumentError('pages', 'must be an array of pages');
  let previous = 1;
  input.pages.forEach((page, index) => {
    if (!Number.isSafeInteger(page?.pageNumber) || page.pageNumber < previous) {
      throw new InvalidArgumentError(
        `pages[${index}].pageNumber`,
        `must be an integer >= 1 and >= the page number before it, got ${page?.pageNumber}`,
      );
    }
    previous = page.pageNumber;
    if (typeof page.markdown !== 'string') {
      throw new InvalidArgumentError(`pages[${index}].markdown`, 'must be a string');
    }
  });
}

/** Offset of the first non-whitespace character of `span` (its start when there is none). */
function firstContent(source: SourceText, span: SourceSpan): number {
  let at = span.start;
  while (at < span.end - 1 && isWhitespace(source.text[at])) at++;
  return at;
}

/** Offset of the last non-whitespace character of `span` (its start when there is none). */
function lastContent(source: SourceText, span: SourceSpan): number {
  let at = span.end - 1;
  while (at > span.start && isWhitespace(source.text[at])) at--;
  return Math.max(at, span.start);
}

function copyMetadata(metadata: Metadata | undefined): Metadata {
  return metadata === undefined ? {} : structuredClone(metadata);
}

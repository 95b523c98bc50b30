/**
 * Atoms: the pieces the packer joins into chunks. A block that fits the budget is one atom; a
 * larger one is cut into sentences, words, table rows or code lines first.
 * @module
 */
import type { SourceSpan, SourceText } from './source-text.js';
import type { Tokenizer } from './tokenizer.js';

/** What the chunker needs to cut blocks into atoms. */
export interface AtomContext {
  source: SourceText;
  tokenizer: Tokenizer;
  /** Most tokens one chunk may hold (the chunker's `chunkSize`). */
  budget: number;
  /** Keep a table over budget as one atom instead of cutting it between rows. */
  wholeTables?: boolean;
}

/** Text added around an atom at a chunk edge, with its token count. */
export interface Affix {
  text: string;
  tokens: number;
}

/**
 * A span of the source the packer never cuts. Atoms of a section are disjoint and in source
 * order; the chunk text from atom i to atom j is `lead(i) + source[i.start, j.end) + trail(j)`.
 */
export interface Atom extends SourceSpan {
  /** Heading line, prose, table rows or code lines; only prose carries overlap. */
  kind: 'heading' | 'text' | 'table' | 'code';
  /** Tokens in the span's text alone. */
  tokens: number;
  /** Put before the atom when it opens a chunk: a repeated table header, a reopened fence. */
  lead?: Affix;
  /** Put after the atom when it closes a chunk: a closing fence. */
  trail?: Affix;
}

/** Counts the tokens of `span` in the context's source. */
export function countSpan(context: AtomContext, span: SourceSpan): number {
  return context.tokenizer.count(context.source.slice(span));
}

/**
 * Prose longer than this many UTF-16 units per token of the limit is taken to be over the limit
 * without being counted. BPE cost grows with the square of a run without spaces or punctuation
 * (unpunctuated CJK, long identifiers), and cutting prose that would have fit is harmless: the
 * packer joins its pieces again while they fit.
 */
export const PROSE_CHARS_PER_TOKEN = 16;

/**
 * Tokens of the prose `span`, or `Infinity` when it is longer than `limit` tokens could plausibly
 * be (more than 16 UTF-16 units per token), which means "cut it" rather than an exact count.
 */
export function countProse(context: AtomContext, span: SourceSpan, limit: number): number {
  return span.end - span.start > limit * PROSE_CHARS_PER_TOKEN
    ? Number.POSITIVE_INFINITY
    : countSpan(context, span);
}

/** An {@link Affix} for `text`, counted with the context's tokenizer. */
export function affix(context: AtomContext, text: string): Affix {
  return { text, tokens: context.tokenizer.count(text) };
}

/**
 * Token counting for chunk budgets, with the real BPE tokenizer of OpenAI's `cl100k_base`
 * encoding (from `gpt-tokenizer`), the one `text-embedding-3-*` and `ada-002` use.
 * @module
 */
import { countTokens as countCl100kTokens } from 'gpt-tokenizer/encoding/cl100k_base';

/** Counts tokens the way an embedding model's tokenizer does. */
export interface Tokenizer {
  /** Short stable id recorded in chunker fingerprints, e.g. `cl100k`. */
  readonly name: string;
  /**
   * Number of tokens in `text` (0 for the empty string). Must be pure: the same text always
   * gives the same count. Must not throw on any string.
   */
  count(text: string): number;
}

/**
 * Special-token markers such as `<|endoftext|>` that appear in a document are ordinary text;
 * by default `gpt-tokenizer` throws on them.
 */
const plainText = { disallowedSpecial: new Set<string>() };

/**
 * The `cl100k_base` BPE tokenizer. `name` is `cl100k`. Special-token markers in the text are
 * counted as plain text, never rejected.
 */
export const cl100kTokenizer: Tokenizer = Object.freeze({
  name: 'cl100k',
  count: (text: string): number => (text.length === 0 ? 0 : countCl100kTokens(text, plainText)),
});

/**
 * Number of `cl100k_base` tokens in `text` (0 for the empty string); never throws.
 * Shorthand for `cl100kTokenizer.count(text)`.
 */
export function countTokens(text: string): number {
  return cl100kTokenizer.count(text);
}

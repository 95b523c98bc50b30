/**
 * Token counting for chunk budgets, with the real BPE tokenizer of OpenAI's `cl100k_base`
 * encoding (from `gpt-tokenizer`), the one `text-embedding-3-*` and `ada-002` use.
 * @module
 */
import { createRequire } from 'node:module';

/** `gpt-tokenizer`'s `countTokens` for `cl100k_base`, as its CommonJS build exports it. */
type CountCl100k = (text: string, options: { disallowedSpecial: Set<string> }) => number;

let loadedCount: CountCl100k | undefined;

/**
 * Counts with `gpt-tokenizer`'s `cl100k_base` encoder, loading it on the first call: its BPE
 * table takes about 0.3–0.7 s of CPU to load, which no command that does not chunk (search,
 * ask, `--help`) should pay. The CommonJS build is required synchronously so that
 * {@link Tokenizer.count} stays synchronous.
 */
function countCl100kTokens(text: string, options: { disallowedSpecial: Set<string> }): number {
  loadedCount ??= (
    createRequire(import.meta.url)('gpt-tokenizer/encoding/cl100k_base') as { countTokens: CountCl100k }
  ).countTokens;
  return loadedCount(text, options);
}

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
 * Longest run of one character class (whitespace, letters, or other symbols) handed to the BPE
 * encoder at once, in UTF-16 units. The encoder's pre-tokenizer makes each such run one piece,
 * and byte-pair merging takes time quadratic in a piece's length (20,000 alternating spaces and
 * tabs take 140 ms, 2,000 take 2 ms); no `cl100k_base` token is anywhere near this long.
 */
export const MAX_RUN = 256;

/** Texts up to this many UTF-16 units are counted exactly without looking for long runs. */
const SCAN_ABOVE = 8 * MAX_RUN;

/**
 * Runs longer than {@link MAX_RUN} of whitespace, of letters (with marks), or of other symbols.
 * Each alternative starts only where its run starts (the look-behind), so a scan reads every
 * run once and the search is linear in the text's length.
 */
const LONG_RUN_SOURCES = [
  `(?<!\\s)\\s{${MAX_RUN + 1},}`,
  `(?<![\\p{L}\\p{M}])[\\p{L}\\p{M}]{${MAX_RUN + 1},}`,
  `(?<![^\\s\\p{L}\\p{M}\\p{N}])[^\\s\\p{L}\\p{M}\\p{N}]{${MAX_RUN + 1},}`,
];

let longRun: RegExp | undefined;
/** {@link LONG_RUN_SOURCES} as one global regex, compiled on first use (its Unicode classes take milliseconds to compile). */
function longRunPattern(): RegExp {
  longRun ??= new RegExp(LONG_RUN_SOURCES.join('|'), 'gu');
  return longRun;
}

/** `text.slice(start, end)` counted in pieces of at most {@link MAX_RUN} units, never splitting a surrogate pair. */
function countRun(text: string, start: number, end: number): number {
  let tokens = 0;
  for (let at = start; at < end; ) {
    let next = Math.min(end, at + MAX_RUN);
    const high = text.charCodeAt(next - 1);
    if (next < end && high >= 0xd800 && high <= 0xdbff) next--;
    tokens += countCl100kTokens(text.slice(at, next), plainText);
    at = next;
  }
  return tokens;
}

/** ASCII character classes for {@link mayHaveLongRun}: 0 whitespace, 1 letter, 2 digit, 3 other. */
const ASCII_CLASS = Uint8Array.from({ length: 128 }, (_, code) => {
  if ((code >= 9 && code <= 13) || code === 32) return 0;
  if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) return 1;
  if (code >= 48 && code <= 57) return 2;
  return 3;
});

/**
 * False when `text` certainly has no run longer than {@link MAX_RUN} (a quick scan: ASCII by
 * class, every non-ASCII character counted as one more class); true when it may have one.
 */
function mayHaveLongRun(text: string): boolean {
  let kind = -1;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const next = code < 128 ? ASCII_CLASS[code]! : 4;
    if (next !== kind) {
      kind = next;
      run = 1;
    } else if (++run > MAX_RUN) {
      return true;
    }
  }
  return false;
}

/**
 * `cl100k_base` tokens of `text`, in time linear in its length: text without a run longer than
 * {@link MAX_RUN} is counted exactly; each longer run is counted in pieces of {@link MAX_RUN}
 * units, which can differ from the exact count by about one token per piece (the exact count
 * of 10,000 spaces is 79, and a run that long is no prose a reader or a model would miss).
 */
function countCl100k(text: string): number {
  if (text.length === 0) return 0;
  // Text this short costs little even as one long run (2,048 spaces take about 0.2 ms), so the
  // scan for runs is left to longer text, where it pays.
  if (text.length <= SCAN_ABOVE || !mayHaveLongRun(text)) return countCl100kTokens(text, plainText);
  let tokens = 0;
  let from = 0;
  const LONG_RUN = longRunPattern();
  LONG_RUN.lastIndex = 0;
  for (let match = LONG_RUN.exec(text); match !== null; match = LONG_RUN.exec(text)) {
    if (match.index > from) tokens += countCl100kTokens(text.slice(from, match.index), plainText);
    from = match.index + match[0].length;
    tokens += countRun(text, match.index, from);
  }
  if (from === 0) return countCl100kTokens(text, plainText);
  if (from < text.length) tokens += countCl100kTokens(text.slice(from), plainText);
  return tokens;
}

/**
 * The `cl100k_base` BPE tokenizer. `name` is `cl100k`. Special-token markers in the text are
 * counted as plain text, never rejected. Counting takes time linear in the text's length: runs of
 * more than {@link MAX_RUN} whitespace characters, letters or symbols are counted in pieces (see
 * `MAX_RUN`), so such runs may count a few tokens off the exact encoding; all other text counts
 * exactly.
 */
export const cl100kTokenizer: Tokenizer = Object.freeze({
  name: 'cl100k',
  count: countCl100k,
});

/**
 * Number of `cl100k_base` tokens in `text` (0 for the empty string); never throws.
 * Shorthand for `cl100kTokenizer.count(text)`.
 */
export function countTokens(text: string): number {
  return cl100kTokenizer.count(text);
}

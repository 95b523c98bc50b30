/**
 * Finding a cited passage in a page: the chunk's words are looked for among the page's words (a
 * PDF page's text layer, or a rendered document), so the passage can be highlighted where it
 * stands. Matching is on word shingles (runs of three words, lower-cased, punctuation and
 * Markdown syntax ignored), which survives the differences between a chunk's Markdown and a page's
 * text (line breaks, hyphenation at line ends, table pipes, heading marks). The passage is the
 * densest cluster of matching shingles: from the first to the last matching word of the longest
 * run in which no two matches are more than a few words apart.
 */

const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;

/** The words of `text`, lower-cased, in order. */
export function wordsOf(text: string): string[] {
  return [...text.matchAll(WORD)].map((m) => m[0].toLowerCase());
}

/** A `[start, end)` range of word positions. */
export interface WordRange {
  start: number;
  end: number;
}

const SHINGLE = 3;
/** Most words between two matches of one passage. */
const GAP = 12;

/**
 * Where the passage `needle` (its words) stands in `haystack` (a page's words): the word range of
 * the densest cluster of shared shingles, or `undefined` when fewer than two shingles (or, for a
 * needle under three words, no word run) are shared.
 */
export function findPassage(haystack: readonly string[], needle: readonly string[]): WordRange | undefined {
  const size = Math.min(SHINGLE, needle.length);
  if (size === 0 || haystack.length < size) return undefined;
  const key = (words: readonly string[], i: number) => words.slice(i, i + size).join(' ');
  const wanted = new Set<string>();
  for (let i = 0; i + size <= needle.length; i++) wanted.add(key(needle, i));
  const hits: number[] = [];
  for (let i = 0; i + size <= haystack.length; i++) if (wanted.has(key(haystack, i))) hits.push(i);
  if (hits.length === 0 || (hits.length < 2 && needle.length > size)) return undefined;
  let best: WordRange | undefined;
  let bestCount = 0;
  let first = 0;
  for (let i = 1; i <= hits.length; i++) {
    if (i === hits.length || hits[i]! - hits[i - 1]! > GAP) {
      const count = i - first;
      if (count > bestCount) {
        bestCount = count;
        best = { start: hits[first]!, end: hits[i - 1]! + size };
      }
      first = i;
    }
  }
  return best;
}

/**
 * Word positions mapped to the pieces of text they came from (a text layer's spans, a document's
 * text nodes): the words of the pieces, each piece's words its own (pieces are never joined into
 * one word), and the piece index of each word.
 */
export function wordOwners(pieces: readonly string[]): { words: string[]; owners: number[] } {
  const words: string[] = [];
  const owners: number[] = [];
  let joined = '';
  const starts: number[] = [];
  for (const piece of pieces) {
    starts.push(joined.length);
    joined += `${piece} `;
  }
  let owner = 0;
  for (const match of joined.matchAll(WORD)) {
    while (owner + 1 < starts.length && starts[owner + 1]! <= match.index) owner++;
    words.push(match[0].toLowerCase());
    owners.push(owner);
  }
  return { words, owners };
}

/** The indexes of the pieces that hold the passage `needle` (text) among `pieces`, in order. */
export function passagePieces(pieces: readonly string[], needle: string): number[] {
  const { words, owners } = wordOwners(pieces);
  const range = findPassage(words, wordsOf(needle));
  if (!range) return [];
  return [...new Set(owners.slice(range.start, range.end))];
}

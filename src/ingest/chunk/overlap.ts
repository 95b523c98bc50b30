/**
 * Chooses the overlap: the tail of one chunk that the next chunk in the same section repeats.
 * @module
 */
import { type AtomContext, PROSE_CHARS_PER_TOKEN } from './atom.js';
import type { SourceSpan } from './source-text.js';
import { preferredWordCuts, sentenceCuts } from './text-boundaries.js';

/** Where the repeated tail starts in the source, and its token count. */
export interface Overlap {
  start: number;
  tokens: number;
}

/**
 * The longest tail of the prose `region` (ending where the previous chunk ends) that holds at
 * most `limit` tokens and starts at a sentence start, or failing that at a word start, strictly
 * after `after` (the previous chunk's start, so every chunk starts later than the one before).
 * Returns `undefined` when no such tail exists. Counts O(log n) candidate tails.
 */
export function findOverlap(
  context: AtomContext,
  region: SourceSpan,
  after: number,
  limit: number,
): Overlap | undefined {
  const { source, tokenizer } = context;
  const measured = new Map<number, number>();
  const measure = (start: number): number => {
    let tokens = measured.get(start);
    if (tokens === undefined) {
      tokens = tokenizer.count(source.text.slice(start, region.end));
      measured.set(start, tokens);
    }
    return tokens;
  };
  const usable = (starts: number[]): number[] =>
    starts
      .map((start) => source.trim(start, region.end)?.start ?? region.end)
      .filter((start) => start > after && start < region.end);

  const sentenceStarts = usable([region.start, ...sentenceCuts(source, region)]);
  const bySentence = earliestFitting(sentenceStarts, measure, limit);
  if (bySentence !== undefined) return { start: bySentence, tokens: measure(bySentence) };

  // Word starts are looked for only in the tail that `limit` tokens of prose could plausibly
  // cover, so a long last sentence is not segmented whole for every chunk.
  const lastStart = sentenceStarts.at(-1) ?? region.start;
  const reach = source.floorBoundary(Math.max(lastStart, region.end - limit * PROSE_CHARS_PER_TOKEN));
  const wordStarts = usable(preferredWordCuts(source, { start: reach, end: region.end }));
  const byWord = earliestFitting(wordStarts, measure, limit);
  return byWord === undefined ? undefined : { start: byWord, tokens: measure(byWord) };
}

/**
 * The first of the ascending `starts` whose tail fits `limit`, assuming tails shrink as the start
 * moves right: gallops left from the shortest tail, then bisects.
 */
function earliestFitting(
  starts: readonly number[],
  measure: (start: number) => number,
  limit: number,
): number | undefined {
  const fits = (index: number): boolean => measure(starts[index]!) <= limit;
  let good = starts.length - 1;
  if (good < 0 || !fits(good)) return undefined;
  let bad = -1;
  for (let step = 1; good - step >= 0; step *= 2) {
    if (!fits(good - step)) {
      bad = good - step;
      break;
    }
    good -= step;
  }
  while (good - bad > 1) {
    const middle = (good + bad) >> 1;
    if (fits(middle)) good = middle;
    else bad = middle;
  }
  return starts[good];
}

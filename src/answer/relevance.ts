/**
 * The relevance floor that decides an honest "not found": a hit counts as relevant when it
 * contains enough of the question's terms (stemmed content words, without stop words and words
 * that only say what is asked for), or when its dense similarity clears a threshold. Words a passage
 * need not write (a time cue's, "latest", "August 2022"; contrast words, "outside", see
 * `unwrittenTerms`) count where a hit holds them and are left out of its share where it does not.
 * @module
 */
import type { Hit } from '../core/types.js';
import { pathWords } from '../retrieve/document-identity.js';
import { contentTerms, isContraction, readTerms } from '../retrieve/terms.js';
import { documentPhrase, timeCue } from '../retrieve/time-preference.js';
import { askedPhrases } from './everyday-phrases.js';
import { unwrittenTerms } from './unwritten-words.js';

/** Options of {@link relevantHits}. */
export interface RelevanceOptions {
  /** Share of the question's content terms a hit must contain; default 0.5. */
  minTermCoverage?: number;
  /** Dense cosine similarity that makes a hit relevant on its own; default none. */
  minSimilarity?: number;
}

/**
 * Words that say what a question asks for rather than what it is about ("summarize", "disclosed",
 * "changes", "key factors"), stemmed as {@link contentTerms} stems them. Matching them says little
 * about a passage: boilerplate holds them as readily as an answer does.
 */
const REQUEST_WORDS =
  'describe explain summarize summarise list identify mention disclose report discuss provide detail ' +
  'significant notable specific particular information regarding concerning change trend compare ' +
  'comparison relate relationship correlate correlation connection impact affect factor key main major ' +
  'primary indicate suggest reflect implication potential insight analyze analyse assess evaluate ' +
  'overall various use according announce find findings decide alter';

let requestWords: Set<string> | undefined;
/** {@link REQUEST_WORDS} stemmed, made on first use (stemming needs the word segmenter). */
function requestWordSet(): Set<string> {
  requestWords ??= new Set(contentTerms(REQUEST_WORDS));
  return requestWords;
}

/** True when `term` (stemmed, see {@link contentTerms}) is a request word (see {@link REQUEST_WORDS}). */
export function isRequestTerm(term: string): boolean {
  return requestWordSet().has(term);
}

/**
 * The terms of a question that say what it is about: its content terms without request words
 * (see {@link REQUEST_WORDS}) and single characters; all its content terms when that leaves none.
 */
export function questionTerms(question: string): string[] {
  const terms = contentTerms(question);
  // "What time" and "what date" ask when, as "when" does: the noun is the question word's.
  const asking = WHEN_PHRASE.exec(question)?.[1];
  const when = asking === undefined ? undefined : contentTerms(asking)[0];
  // "will" as the auxiliary of the asker's future ("how much will I be charged") says nothing
  // asked; a will, the noun, follows a determiner ("make a will", round138, after its only run).
  const auxiliary = !WILL_NOUN.test(question);
  const about = terms.filter(
    (t) =>
      t.length > 1 &&
      !requestWordSet().has(t) &&
      !hedgeTermSet().has(t) &&
      t !== when &&
      !(auxiliary && t === 'will'),
  );
  return about.length > 0 ? about : terms;
}

/**
 * Hedges on a figure asked ("Roughly how far …?", "approximately how long"): they say how exact an
 * answer may be, not what it is about (round147).
 */
const HEDGE_WORDS = 'roughly approximately approx';

let hedgeTerms: Set<string> | undefined;
/** {@link HEDGE_WORDS} stemmed, made on first use as {@link requestWordSet} is. */
function hedgeTermSet(): Set<string> {
  hedgeTerms ??= new Set(contentTerms(HEDGE_WORDS));
  return hedgeTerms;
}

/** "Will" as a noun: after a determiner or a possessive ("a will", "my will", "a living will"). */
const WILL_NOUN = /\b(?:a|an|the|my|your|his|her|their|our|its|living|last)\s+will\b|\bwills\b/i;

/**
 * A question opening (after "at", "on", "by", "from", "until" or "till") with "what" or "which"
 * and "time" or "date": group 1 the noun ("What time does the return flight leave Faro?").
 */
const WHEN_PHRASE = /^\s*(?:(?:at|on|by|from|until|till)\s+)?(?:what|which)\s+(time|date)\b/i;

/** Share of `terms` that occur in `text`'s content terms (0 when `terms` is empty). */
export function termCoverage(terms: string[], text: string): number {
  const unique = [...new Set(terms)];
  if (unique.length === 0) return 0;
  const present = new Set(contentTerms(text));
  return unique.filter((t) => present.has(t)).length / unique.length;
}

/**
 * Keeps the hits that clear the relevance floor, in their order: those holding (in text, heading
 * path or their document's path) at least `minTermCoverage` of the question's terms (see {@link questionTerms}; a term of
 * `unwrittenTerms` the hit lacks is left out of its share) — counting
 * with a hit's own terms those of the other hits from its document, as long as the hit holds half
 * that share itself (the report's cover names the aircraft, its Analysis what happened) — or with a
 * dense similarity of at least `minSimilarity`.
 */
export function relevantHits(question: string, hits: Hit[], options: RelevanceOptions = {}): Hit[] {
  const minCoverage = options.minTermCoverage ?? 0.5;
  // Not a contraction ("don't", "I'm"), which a passage writes only by chance (round129).
  const terms = [...new Set(questionTerms(question))].filter((t) => !isContraction(t));
  // Terms a passage need not write (a time cue's "latest", "August 2022"; "outside", "foreign"):
  // counted where the passage holds them, not counted against it where it does not.
  // So are the words that say which documents a time cue counts ("the newest Millbrook Buses
  // notice"): they name the documents, whose passages need not write them.
  const unwritten = new Set([
    ...unwrittenTerms(question),
    ...contentTerms(documentPhrase(question, timeCue(question)).naming.join(' ')),
  ]);
  // A passage holds the words of its document's path too: "according to the garden blog post"
  // names `garden-blog/harvest-share.md`, which its passages need not write.
  const own = hits.map(
    (hit) =>
      new Set(
        readTerms(`${pathWords(hit.chunk.documentId)} ${hit.chunk.headingPath.join(' ')} ${hit.chunk.text}`),
      ),
  );
  const byDocument = new Map<string, Set<string>>();
  hits.forEach((hit, i) => {
    const set = byDocument.get(hit.chunk.documentId) ?? new Set<string>();
    for (const term of own[i]!) set.add(term);
    byDocument.set(hit.chunk.documentId, set);
  });
  // A term of an everyday phrase is held where the phrase's one word is ("bigger than the limit"
  // by "over its service's max size", see `askedPhrases`; round126).
  const phrased = askedPhrases(question).map(({ terms, forms }) => ({ terms: new Set(terms), forms }));
  const holds = (present: ReadonlySet<string>, t: string) =>
    present.has(t) || phrased.some((p) => p.terms.has(t) && p.forms.some((f) => present.has(f)));
  const share = (present: ReadonlySet<string>) => {
    const counted = terms.filter((t) => holds(present, t) || !unwritten.has(t));
    return counted.length === 0 ? 0 : counted.filter((t) => holds(present, t)).length / counted.length;
  };
  return hits.filter((hit, i) => {
    if (options.minSimilarity !== undefined && (hit.scores.dense ?? -1) >= options.minSimilarity) return true;
    const alone = share(own[i]!);
    if (alone >= minCoverage) return true;
    return alone >= minCoverage / 2 && share(byDocument.get(hit.chunk.documentId)!) >= minCoverage;
  });
}

/**
 * Words of a question that an answering passage need not write, shared by the relevance floor
 * (see `relevantHits`) and the evidence check (see `topicWords`): their absence from a passage, or
 * from every document, says nothing about whether the question is answered.
 *
 * - Time words: the words of a time cue ("the latest policy", "the three months ended September
 *   30, 2022", "a year before", "the previous employee handbook": "latest", "previous", "year")
 *   pick a version; the passage that answers is in the version, not about it.
 * - Contrast words: "outside", "foreign", "abroad", "overseas", "elsewhere", "external" describe a
 *   place or an origin by what it is not; a document names it ("near Chevroux, France", "under the
 *   jurisdiction of the government of Panama", "working from another country").
 * - Form words: "give", "instructions", "guidance", "rules", "advice" say what shape the answer
 *   takes ("does the manual give any instructions for winter storage?"); a manual instructs in the
 *   imperative ("Drain the pump before storing it") without naming its instructions. So do
 *   "problems" and "concerns" of "what problems did the inspector find?": a report states each
 *   ("There was no soap at the kitchen wash-hand basin") without calling it one.
 * @module
 */
import { contentTerms, wordTokens } from '../retrieve/terms.js';
import {
  documentPhrase,
  isDocumentNoun,
  presentPhrases,
  timeCue,
  timePhrases,
} from '../retrieve/time-preference.js';
import { priceTerms } from './asked-amount.js';
import { framingPhraseWords } from './everyday-phrases.js';

/**
 * The words of a position in a series (see `TimeCue.position`) that say which version, not what:
 * position and order words ("previous", "earliest", "second-to-last", "before the latest one",
 * "a year before"), counts and units. With the nouns of a document ("report", "release", "notes",
 * "policy": `isDocumentNoun`, with the collection's own) they are the words of a
 * position. The words between them that say which series ("the previous *employee* handbook", "the
 * report before *Contoso's* latest one") are the question's topic and stay.
 */
const POSITION_WORD =
  /^(?:previous|prior|preceding|former|before|earlier|than|just|more|earliest|oldest|original|initial|first|second|third|fourth|fifth|next|to|last|penultimate|latest|current|newest|most|recent|the|its|their|a|an|one|two|three|four|five|six|\d+|[a-z]|years?|quarters?|months?|weeks?)$/;

/**
 * The words (lower-cased, as `wordTokens` splits them) of `question`'s time cue: its recency words
 * ("latest", "most recent"; of "the current travel policy" only "current" and "policy", not the
 * words it spans that say what), its words of a position in the series (likewise "previous" and
 * "handbook" of "the previous employee handbook", "earliest" and "report" of "Contoso's earliest
 * report": {@link POSITION_WORD}), a stated period or date ("Q3 2023", "in force on July 1,
 * 2023"), and offsets ("a year before"), whichever cue acts (a stated date takes precedence over a
 * recency cue; the words of both are time words).
 */
export function timeWords(question: string): Set<string> {
  const cue = timeCue(question);
  const phrases = timePhrases(question);
  const recency = wordTokens(cue.recencyText ?? phrases.recency ?? '');
  const spans = /^(?:current|this|last|past)$/.test(recency[0] ?? '') && recency.length > 2;
  const position = wordTokens(cue.position?.text ?? cue.previousText ?? phrases.previous ?? '');
  return new Set([
    ...(spans ? [recency[0]!, recency[recency.length - 1]!] : recency),
    ...position.filter((word) => POSITION_WORD.test(word) || isDocumentNoun(word)),
    // The document noun the cue counts: "post" of "the newest garden blog post".
    ...[documentPhrase(question, cue).noun ?? ''].filter((noun) => noun !== ''),
    ...wordTokens(cue.period?.text ?? ''),
    ...wordTokens(cue.at?.text ?? ''),
    ...phrases.relative.flatMap((text) => wordTokens(text)),
    // "now" beside "the newest … post": a word of the present, whichever cue acts.
    ...presentPhrases(question).flatMap((text) => wordTokens(text)),
  ]);
}

/** Contrast words (see the module comment), lower-cased. */
const CONTRAST_WORDS = new Set(['outside', 'foreign', 'abroad', 'overseas', 'elsewhere', 'external']);

/** True when `word` (lower-cased) describes a place or origin by what it is not (see the module comment). */
export function isContrastWord(word: string): boolean {
  return CONTRAST_WORDS.has(word);
}

/**
 * Form words (see the module comment), stemmed: the verb that offers the answer ("give") and nouns
 * naming the kind of statement asked for.
 */
const FORM_WORDS =
  'give instruction instructions guidance guideline guidelines advice rule rules recommendation recommendations problem problems concern concerns';

let formTerms: Set<string> | undefined;
/** True when `term` (stemmed, see `contentTerms`) is a form word (see the module comment). */
export function isFormTerm(term: string): boolean {
  formTerms ??= new Set(contentTerms(FORM_WORDS));
  return formTerms.has(term);
}

/**
 * The stemmed terms of `question`'s words that a passage need not write: its time words (see
 * {@link timeWords}), contrast words, and the words asking for a sum of money ("cost", "spent":
 * see `priceTerms`; a sum answers them). Form words are left to the callers: a form noun is the
 * subject's head in some questions ("the rules of golf").
 */
export function unwrittenTerms(question: string): Set<string> {
  const words = [
    ...timeWords(question),
    ...wordTokens(question).filter(isContrastWord),
    // the words of a phrasal verb framing the asker's case ("turns out to be", see `framingPhraseWords`)
    ...framingPhraseWords(question),
  ];
  // The words asking for a sum of money ("cost", "spent"): an amount answers (asked-amount.ts).
  return new Set([...words.flatMap((word) => contentTerms(word)), ...priceTerms(question)]);
}

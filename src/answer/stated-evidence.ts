/**
 * Whether the documents an existence or relation question asks about state what it asks. An existence
 * question asks whether something is there ("Did the report disclose any acquisitions or
 * divestitures?", "Were there any engine failures?"); its closest passages so often share its
 * words without stating it — a cash-flow row "acquisitions, net", a form field "Engine
 * Manufacturer", a forward-looking "the potential impact of any divestitures" — that quoting them
 * reads as a yes. The subject after "any" (each "or"/"and" alternative) must be stated by a
 * factual sentence of prose in the asked documents: a sentence holding the alternative's rarest
 * specific term, not a table row or a form's label line, not a sentence that supposes rather
 * than states (a modal verb, "if", "in the event", "potential", see `supposes`), and not one that
 * tells of an earlier time than the document's own ("about one year prior to the accident, in a
 * different airplane, the pilot also …", "the team previously completed a study which showed …",
 * see `tellsEarlier`) unless the subject names an earlier time itself ("the pilot's prior
 * incident"), nor one that dates it by whole years all before the document's own ("in fiscal year
 * 2024" in a report of fiscal 2025, see `datesEarlier`). A subject qualified "significant",
 * "material", "major" or "substantial" must be singled out (see {@link singlesOut}: not "an
 * acquisition" with no name). Text the document copies (another document's standard paragraph: boilerplate)
 * states nothing of it either (see {@link StatedEvidenceOptions}). Qualifiers ("new", "other", "additional") of a subject other
 * words name are left out of its terms ("any new electric buses" asks for electric buses).
 *
 * An alternative's specific terms are its content terms (without request words, see
 * `questionTerms`, numbers and the words of a time cue) that fewer than {@link COMMON_SHARE} of the
 * asked documents' chunks hold: words that many chunks hold ("business", "new", the issuer's name)
 * say nothing about whether a sentence states the subject; of those, the rarest must be in the
 * sentence. A term matches a sentence's term when either stem begins with the other and the
 * shorter has at least four letters ("fail" matches "failure"), or when the sentence holds the
 * verb the term's noun derives from where the stemmer leaves them apart ("acquired" of
 * "acquisitions", "expanded" of "expansions", see `verbStems`); for a significant subject the verb
 * must be told done to a named thing ("acquired Old Mill Brewery"; "shares acquired under the
 * Plan" states no significant acquisition, though it states "any acquisitions"). When no
 * alternative has a specific term, nothing is judged.
 *
 * A change question ("Are there any notable changes in the liquidity position?", "an increase in
 * services revenue", "any fare changes") asks whether what follows the change noun's "in", "to" or
 * "of" (or what qualifies it, in a compound) is said to have changed: a factual sentence must hold every specific term of an alternative of it (its possessor,
 * "the company's", and a word naming its aspect, "position", left out, see {@link ASPECT_WORDS})
 * and a word of change not negated just before it ("have not changed
 * materially" states no change; see {@link statesChange}); a change of an organisation's people
 * ("any staff changes") is also stated by someone retiring or appointed (see `asksForPeople`). A question asking whether a document
 * discloses something without "any" ("Did the report disclose the pilot's prior incident?") is read
 * as an existence question whose subject is the verb's object.
 *
 * A relation question ("how does A relate to B", "the relationship between A and B", "correlate A
 * with B", "how did A reflect on B") asks how two things relate. A side is read without the words
 * naming a part of the document or the form of its figures ("the discussion on …", "… in the
 * financial statements", "revenue figures", see {@link PART_WORDS}) and without the terms both
 * sides share; an abbreviation of initials joined by "&" ("R&D") matches itself or words with those
 * initials ("research and development"). The relation is not stated when a side is stated in no
 * sentence of the asked documents (none holds one of its specific terms). When both are stated,
 * `related` says whether one sentence holds a specific term of each side (unless it only presents
 * them: "… are shown in the following table", see {@link PRESENTS}), or two consecutive sentences of
 * one paragraph do with a word that relates them ({@link LINKING}: "due to", "driven by",
 * "resulting in", "reflects", "depends on", ", so") or with a pronoun in the second referring back
 * ("Meloxicam once a day. Give it with food"); a question whose side names
 * where in the document it is ("correlate the debt instruments in the financial statements with the
 * management discussion on debt strategy", see {@link SECTION_WORDS}) asks to set two parts side by
 * side and is related by both being stated. An unrelated relation is "not found", quoting what is
 * stated of each side (see `checkedAnswerFromHits`; measured in bench/results/time-eval-stop44-final.json).
 * Sentences that suppose
 * ("could affect the amount of liability", "may not reflect") state neither a side nor a link,
 * unless they state the link before they suppose ("the wall was bruised, so she should eat soft
 * meals", see `statedPart`). A side whose every term is common (it is in most passages) is stated
 * and nothing more is judged; the other side must still be stated somewhere, or the relation is not
 * stated. When both sides are common, nothing is judged. Documents of four chunks or fewer tell
 * common terms by their passages, not their chunks (see `passageShares`).
 *
 * A second side that refers back to the first ("reserves set for these liabilities", see
 * {@link AskedRelation.bound}) is related only by a sentence, or two of one paragraph, holding every
 * specific term of the first side and a term of the second's head; otherwise `related` is false.
 *
 * A question asking how many ("How many employees did the company have …?") or how much was spent
 * on something ("How much did the club spend on advertising?") asks whether the documents give that
 * figure: a passage naming the subject with a count beside it, or a sum, or a row or line labelled
 * with it (see `judgeQuantity`); "Any fraud that involves … employees" names employees without
 * counting them. A question asking which of something a document disclosed ("What carbon targets
 * did the company disclose …?") presumes it is there: it is not stated only when no chunk of the
 * asked documents writes its only word or two of its words (see `AskedExistence.presumed`).
 *
 * This is the offline answerer's reading of the evidence (see `checkedAnswerFromHits`): when the
 * asked documents do not state it, the answer is "not found", citing the closest passages it read.
 * @module
 */
import type { Hit } from '../core/types.js';
import { MONTH } from '../ingest/document-date.js';
import { queryAbbreviations } from '../retrieve/abbreviations.js';
import { otherNumberStems } from '../retrieve/noun-forms.js';
import { contentTerms, isStopWord, wordTokens } from '../retrieve/terms.js';
import { escapeRegExp, timeCue } from '../retrieve/time-preference.js';
import { participleStems } from '../retrieve/verb-forms.js';
import { askedOutlay, CURRENCY_CODES, CURRENCY_WORDS, statesMoney } from './asked-amount.js';
import { askedMeasure, EARNED_NAMES, type MeasureKind } from './asked-measure.js';
import { askedPhrases } from './everyday-phrases.js';
import type { EvidenceSearcher } from './evidence-check.js';
import { type Passage, passagesOf, tableCells, withoutMarks } from './passages.js';
import { statesAmountOrDate } from './reference-material.js';
import { isRequestTerm } from './relevance.js';
import {
  datesEarlier,
  type OwnYears,
  ownFiscalYear,
  statedPart,
  supposes,
  supposesWithoutFigure,
  tellsEarlier,
} from './supposition.js';
import { namedUnits, unitKey, unitsStated } from './units.js';
import { isFormTerm } from './unwritten-words.js';

/**
 * Share of the asked documents' chunks at and above which a term is common, not specific: a
 * quarter (a judgement, not fitted to any question set).
 */
export const COMMON_SHARE = 0.25;

/**
 * Chunks a term must be in to be common, whatever its share: three. In a document of eight chunks
 * a term of two ("fares", in the section on fares and in the outlook) is a quarter of them, yet
 * in no more passages than a specific one.
 */
export const MIN_COMMON_CHUNKS = 3;

/** Chunks of the asked documents read for the evidence at most. */
export const EVIDENCE_CHUNKS = 40;

/** What an existence question asks to be stated. */
export interface AskedExistence {
  kind: 'existence';
  /**
   * What the documents are asked to state, as asked: "any" and the subject ("any significant
   * acquisitions or divestitures", "any notable changes in the alveolar height"), or the object of
   * a verb of disclosure ("the statistical software it uses").
   */
  text: string;
  /**
   * Each alternative's terms (stemmed, see `contentTerms`); empty alternatives left out. For a
   * change question, the terms of what is asked to have changed ("the alveolar height").
   */
  subjects: string[][];
  /**
   * True when the question asks for a change of its subject ("any changes in X", "an increase in
   * X", see {@link CHANGE_NOUN}): the stating sentence must also say that it changed (see
   * {@link statesChange}).
   */
  change?: true;
  /**
   * True when the subject is qualified as significant ("any significant acquisitions", "any major
   * divestitures", see {@link SIGNIFICANCE}): the stating sentence must single out one such event
   * (see {@link singlesOut}).
   */
  significant?: true;
  /**
   * The stem of the event verb the question puts before "any" ("did X acquire any business",
   * "has X merged with any charity"; not a verb of having, telling or undergoing, see
   * {@link LIGHT_VERBS}): a sentence telling that verb done to a named thing ("acquired the
   * Lakeside Mutual water system", "completed the acquisition of Adatum Fasteners") states the
   * subject, which names only the class of that thing (see {@link namesInstance}).
   */
  event?: string;
  /**
   * For a subject naming an event done to a thing ("any acquisitions of pubs", "any closures of
   * branches"): the event noun's stem and the thing's terms. A stating sentence tells the event of
   * the thing: it holds the event (or its verb) and, in its own words, the thing's rarest specific
   * term (see {@link holdsObject}).
   */
  object?: { event: string; terms: string[] };
  /**
   * For a question asking how many there are ("How many employees did the company have?", "What
   * was the number of members?": `count`) or how much was spent on something ("How much did the
   * club spend on advertising?": `money`, see {@link askedQuantity}): the stating passage must also
   * give the quantity, a figure beside the subject's word (see {@link statesQuantity}).
   */
  quantity?: 'count' | 'money';
  /**
   * For a `money` question asking what a subject's expenditure was (see `askedOutlay`): true, and
   * the sum must be beside one of the subject's words (see {@link statesQuantity}), in a row or
   * line the subject labels, not only in the section of a sentence naming it: "a tax benefit of
   * $600 million resulting from … qualifying expenditures associated with our R&D credit" gives
   * no R&D expenditure.
   */
  beside?: true;
  /**
   * The subject's abbreviations as the question writes them ("R&D"): a word of a passage written
   * so holds the subject (their terms come from the bracketed expansion, see
   * `askedOutlayQuantity`).
   */
  abbreviations?: string[];
  /**
   * True for a question asking which of something a document disclosed or reported ("What carbon
   * targets did the company disclose …?", see {@link WHICH_DISCLOSED}): it presumes the subject is
   * there, and tables and headings answer it as well as sentences, so it is stated unless an
   * alternative's every form is written in no chunk of the asked documents (see `judgeStatement`).
   */
  presumed?: true;
  /**
   * For a `quantity` question: the terms of the question's other naming words ("player", "draw" of
   * "How many cards does each player draw?"). Of the passages giving a figure of the subject in the
   * best-ranked document, the one holding most of them is the answer's. For a question asking
   * whether something holds the subject ("Does the fish pie contain gluten?": "fish", "pie"): a
   * table row stating the subject in a column is the one whose label holds one of them (see
   * `rowStatement`).
   */
  context?: string[];
  /**
   * For a question asking for a measure of a subject ("What revenue did the company report from
   * Gaming?", "What interest rate does the trust pay on its mortgage?", see `askedMeasure`): the
   * measure's kind, its terms (stemmed, without the words that say which total: "average",
   * "aggregate"), the terms of the unit it is asked per ("share" of "price per share") and of the
   * names in the subject (its capitalised words: "omnivers" of "its Omniverse platform"). Stated
   * only by a passage giving a figure of the measure beside the subject (see {@link judgeMeasure});
   * `subjects` is empty when the question names no subject but the document's owner ("What dividend
   * per share did the company declare?").
   */
  measure?: { kind: MeasureKind; terms: string[]; per: string[]; names: string[] };
}

/** What a relation question asks to be stated: how one thing relates to another. */
export interface AskedRelation {
  kind: 'relation';
  /** The two sides as asked ("the learning budget", "volunteering days"). */
  sides: [string, string];
  /** Each side's terms (stemmed, see `contentTerms`), both non-empty. */
  terms: [string[], string[]];
  /**
   * True when both sides name where in the document they are ("the details of debt instruments in
   * the financial statements" and "the management discussion on debt strategy", see
   * {@link SECTION_WORDS}): the question asks to set two parts side by side, and each side stated
   * is the answer. A question naming a part for one side only ("global market revenues and the
   * discussion on foreign exchange risk") asks how what that part discusses relates to the other
   * side, told by a passage relating them as for any relation.
   */
  juxtaposed: boolean;
  /**
   * Each side's head, when the side opens with a compound: the last term of its first noun group
   * of two naming terms or more ("spend" of "the book fund spending", "risk" of "the discussion
   * of flood risk", see {@link compoundHead}); undefined for a side of one naming word ("the
   * interest paid to members").
   */
  heads?: [string | undefined, string | undefined];
  /**
   * The terms the second side's head names, one list per "or"/"and" alternative, when that side
   * refers back to the first ("provisions or reserves set for these liabilities", "the reserve held
   * against them", "reserves recorded for such claims", see {@link REFERS_BACK}): it asks for B of
   * A, stated only in a passage that also states A. Undefined otherwise.
   */
  bound?: string[][];
  /**
   * What the documents spell an abbreviation of a side out as, by its term (`&rd`: "research and
   * development"), where the question as the search read it writes it in brackets after the
   * abbreviation ("R&D (research and development)", see `withExpansions`); the side's
   * abbreviation is held by that phrase only (see {@link holdsAbbreviation}: "refining, and
   * deploying" is no R&D). Undefined when the question brackets none.
   */
  spelled?: Record<string, string>;
}

/** What a question asks to be stated (see {@link askedStatement}). */
export type AskedStatement = AskedExistence | AskedRelation;

const AUXILIARY = /^\s*(?:in\s[^,?]{1,80},\s*)?(?:did|does|do|is|are|was|were|has|have)\b/i;
/** Where an existence question's subject ends: a clause naming where or when, or a second question. */
const SUBJECT_END =
  /\s(?:in|on|by|as|at|during|within|for|from|near|over|since|under|according|mentioned|disclosed|reported|described|listed|noted|been|being|and\s+(?:what|how|which|why|when|where|who))\b|[?,;:]/i;
/** The terms of a phrase that may name what is asked: content terms less request words and time-cue words. */
function phraseTerms(phrase: string, question: string): string[] {
  const cue = timeCue(question);
  const cueTerms = new Set(
    contentTerms(
      `${cue.period?.text ?? ''} ${cue.recencyText ?? ''} ${cue.at?.text ?? ''} ${cue.previousText ?? ''}`,
    ),
  );
  return [...new Set(contentTerms(phrase))].filter(
    (t) => !isRequestTerm(t) && !cueTerms.has(t) && !PRONOUNS.has(t) && !/^\d/.test(t) && t.length > 1,
  );
}

/** Possessive pronouns, stemmed ("its" → "it"): they name nothing. */
const PRONOUNS = new Set(contentTerms('its their his her our your'));

/** Relation questions: "how does A relate to B", "how did A reflect on B". */
const RELATE_TO =
  /\bhow\s+(?:does|do|did|is|are|was|were|can|could)\s+(.+?)\s+(?:relate[sd]?|correlate[sd]?|connect(?:s|ed)?|tie[sd]?|reflect(?:s|ed)?)\s+(?:to|with|on|in)\s+(.+)$/i;
/**
 * Relation questions: "the relationship / connection / correlation between A and B", split at the
 * last "and" before the end of the second side ("between research and development spending and new
 * services").
 */
const BETWEEN =
  /\b(?:relationship|relation|connection|correlation|link|linkage|interplay)\s+(?:(?:that\s+)?(?:can|could)\s+be\s+(?:seen|drawn|found)\s+)?between\s+(.+)$/i;
/** Relation questions: "correlate A with B". */
const CORRELATE = /^(?:[^,?]{1,80},\s*)?(?:correlate|connect|relate|link)\s+(.+?)\s+(?:with|to)\s+(.+)$/i;
/** Words naming where in a document a side is (a subset of {@link PART_WORDS}), stemmed. */
const SECTION_WORDS = new Set(
  'discussion section statement note part item chapter paragraph heading'
    .split(' ')
    .flatMap((w) => contentTerms(w)),
);
/** Where a side ends: a second question, a purpose clause, a clause naming where it is found. */
const SIDE_END =
  /[?;:,]|\s(?:to\s+(?:understand|assess|see|determine|evaluate|gauge|explain)|and\s+(?:what|how|which|why|when|where|who))\b/i;
/**
 * Words that name a part of a document or the form its information takes rather than what it is
 * about ("the discussion on currency risk", "the equity section", "details of debt instruments in
 * the financial statements", "its revenue figures"): a side is what the part is about.
 */
const PART_WORDS = new Set(
  'discussion section statement detail information data figure number amount part item note chapter document filing paragraph heading content'
    .split(' ')
    .flatMap((w) => contentTerms(w)),
);

/**
 * Where a clause naming the document, part or time a side is in may open: "in", "within", "from"
 * or "of" before a capitalised word, a figure or a word picking a version ("in Intel's Q2 2023
 * report", "of the current quarter").
 */
const PLACE_CLAUSE =
  /\s(?:in|within|from|of)\s+(?:the\s+|its\s+|their\s+)?(?:[\p{Lu}\d]|(?:current|latest|most recent|same|this|these)\b)/gu;

/**
 * A clause closing a side that names the time it is of in words: "in the half year", "during the
 * quarter", "over the last year", "for the same period".
 */
const TIME_CLAUSE =
  /\s(?:in|during|for|over)\s+(?:the|this|that)\s+(?:(?:first|second|third|fourth|last|same|current|latest|previous)\s+)?(?:half[\s-]year|half|quarter|year|period|month|week)\s*$/i;

/** A period or a form a document is named by: "Q2", "2023", "10-Q", "fiscal", "FY24". */
const PERIOD_OR_FORM = /\b(?:Q[1-4]|(?:19|20)\d{2}|10-[QK]|fiscal|FY\d*|H[12])\b/i;

/**
 * True when `clause` (a {@link PLACE_CLAUSE} to the side's end) names a document, a part of one or
 * a time (see {@link DOCUMENT_NOUNS}: "in Intel's Q2 2023 report"), or only a name ("of the
 * Sorrell SNJ-7", "from Europe": whose thing the side is, named in every passage of its document).
 */
function namesWhere(clause: string): boolean {
  if (PERIOD_OR_FORM.test(clause) || contentTerms(clause).some((t) => DOCUMENT_NOUNS.has(t))) return true;
  const words = clause.trim().split(/\s+/).slice(1);
  return words.every((w) => /^[\p{Lu}\d]/u.test(w) || /^(?:the|of|and|&)$/i.test(w));
}

/**
 * A side of a relation: up to {@link SIDE_END}, without a closing {@link TIME_CLAUSE} ("in the half
 * year") and a clause naming the document, part or time it is in, or only whose it is (the last
 * {@link PLACE_CLAUSE} that does, see {@link namesWhere}).
 * A clause naming a thing of someone's stays: "the rise in Tollgate's treatment costs" is about
 * treatment costs.
 */
function relationSide(text: string): string {
  const end = SIDE_END.exec(text);
  const side = (end ? text.slice(0, end.index) : text).replace(/[.!]+\s*$/, '').replace(TIME_CLAUSE, '');
  const clause = [...side.matchAll(PLACE_CLAUSE)].filter((m) => namesWhere(side.slice(m.index))).at(-1);
  return (clause ? side.slice(0, clause.index) : side).trim();
}

/**
 * The term an abbreviation of initials joined by "&" ("R&D", "SG&A", read as the retriever reads
 * them: `queryAbbreviations`) stands for in a side's terms: `&` and its letters, lower case ("R&D"
 * → `&rd`); no stem begins with `&`. See {@link holdsAbbreviation}.
 */
function abbreviationTerms(phrase: string): string[] {
  return queryAbbreviations(phrase).map((a) => `&${a.replace('&', '')}`.toLowerCase());
}

/**
 * True when `text` holds the abbreviation `term` (see {@link abbreviationTerms}): written as such
 * ("R&D", "SG&A") or spelled out. With `spelled`, what the documents spell it out as (the words
 * the search wrote in brackets after it, see `AskedRelation.spelled`), that phrase only; without,
 * words with its initials in order and "and" (or "&") before the last, where the abbreviation's
 * "&" stands ("research and development", "mergers and acquisitions", "selling, general and
 * administrative"); words that only begin with its letters ("receivable due") do not spell it.
 */
export function holdsAbbreviation(text: string, term: string, spelled?: string): boolean {
  const letters = [...term.slice(1)];
  const first = letters.slice(0, -1);
  const last = letters.at(-1) ?? '';
  if (new RegExp(`\\b${first.join('')}\\s*&\\s*${last}\\b`, 'i').test(text)) return true;
  const phrase =
    spelled === undefined
      ? `${first.join('[a-z]*,?[\\s-]+')}[a-z]*\\s+(?:and|&)\\s+${last}[a-z]*`
      : spelled.split(/\s+/).filter(Boolean).map(escapeRegExp).join('[\\s-]+');
  return new RegExp(`\\b${phrase}\\b`, 'i').test(text);
}

/**
 * A second side that refers back to the first: a demonstrative with a noun ("these liabilities",
 * "those risks", "such claims") or "them" after a preposition ("held against them"). Not "such as"
 * (which brings examples), "it" (the company as often as the first side), nor a demonstrative of
 * documents or times ("these filings", "those quarters": see {@link DOCUMENT_NOUNS}).
 */
const REFERS_BACK =
  /\b(?:these|those|such)\s+(?!as\b)(\p{L}[\p{L}-]*)|\b(?:for|against|on|to|with|of|from)\s+them\b/giu;

/** Nouns a demonstrative points at documents or times with ("these filings", "those quarters"), stemmed. */
const DOCUMENT_NOUNS = new Set(
  'report filing document statement quarter period year month section page disclosure version edition'
    .split(' ')
    .flatMap((w) => contentTerms(w)),
);

/** True when `side` refers back to the first side (see {@link REFERS_BACK}). */
function refersBack(side: string): boolean {
  return [...side.matchAll(REFERS_BACK)].some(
    (m) => m[1] === undefined || !DOCUMENT_NOUNS.has(contentTerms(m[1])[0] ?? ''),
  );
}

/**
 * Where the head of a side that refers back ends: a participle or a preposition that opens what it
 * is for ("set for", "held against", "recorded for", "made on").
 */
const HEAD_END = /\s(?:set|held|made|kept|taken|\p{L}+ed|for|against|on|to|with|of|from)\b/iu;

/**
 * The head terms of a second side that refers back to the first (see {@link REFERS_BACK}), one
 * list per "or"/"and" alternative: "provisions or reserves set for these liabilities" →
 * `[["provis"], ["reserv"]]`. Undefined when the side does not refer back or its head names nothing.
 */
function boundHead(side: string, question: string): string[][] | undefined {
  if (!refersBack(side)) return undefined;
  const end = HEAD_END.exec(side);
  const head = end ? side.slice(0, end.index) : side;
  const alternatives = head
    .split(ALTERNATIVES)
    .map((part) => namingTerms(part, question).filter((t) => !PART_WORDS.has(t) && namesSide(t)))
    .filter((terms) => terms.length > 0);
  return alternatives.length > 0 ? alternatives : undefined;
}

/**
 * True when a side's stem `t` may name something: three letters or more, or two that are no
 * function word ("ag" of "age", "ga" of "gas"; not "on" of "ones").
 */
function namesSide(t: string): boolean {
  return t.length > 2 || (t.length === 2 && !isStopWord(t));
}

/**
 * An abbreviation of initials joined by "&" and what it stands for in brackets after it, as the
 * answer reads a question the search expanded ("R&D (research and development)", see
 * `withExpansions`): the abbreviation's term is held by its spelled-out words (see
 * {@link holdsAbbreviation}), and those words are no terms of their own ("develop" of "develop
 * non-infringing products" is no R&D).
 */
const SPELLED_AFTER = /(\b\p{Lu}+&\p{Lu}+s?)\s*\(([^)]*)\)/gu;

/** True when a relation side names where in the document it is (see {@link SECTION_WORDS}). */
function namesPart(side: string): boolean {
  return contentTerms(side).some((t) => SECTION_WORDS.has(t));
}

/** Reads a relation question's two sides (see {@link askedStatement}). */
function askedRelation(question: string): AskedRelation | undefined {
  const between = BETWEEN.exec(question);
  let pair: [string, string] | undefined;
  if (between) {
    const end = SIDE_END.exec(between[1]!);
    const both = end ? between[1]!.slice(0, end.index) : between[1]!;
    const and = both.toLowerCase().lastIndexOf(' and ');
    if (and > 0) pair = [both.slice(0, and), both.slice(and + 5)];
  } else {
    const match = RELATE_TO.exec(question) ?? CORRELATE.exec(question);
    if (match) pair = [match[1]!, match[2]!];
  }
  if (!pair) return undefined;
  // What the documents spell an abbreviation out as, where the search wrote it after it.
  const spelled: Record<string, string> = {};
  for (const m of question.matchAll(SPELLED_AFTER)) {
    const [term] = abbreviationTerms(m[1]!);
    if (term !== undefined) spelled[term] = m[2]!.trim();
  }
  const sides = [relationSide(pair[0]), relationSide(pair[1])].map((side) =>
    side.replace(SPELLED_AFTER, '$1'),
  ) as [string, string];
  const terms = sides.map((side) => {
    const all = [
      ...abbreviationTerms(side),
      ...phraseTerms(side, question).filter((t) => !PART_WORDS.has(t) && namesSide(t)),
    ];
    // "the rise in foot passengers" is about foot passengers, "new treatments" about treatments: a
    // qualifier or a change noun is no word a relating sentence must write ("numbers rose") when
    // other words name the side.
    const named = all.filter((t) => !QUALIFIERS.has(t) && !CHANGE_TERMS.has(t));
    return named.length > 0 ? named : all;
  });
  // A term of both sides ("debt" of "debt instruments" and "debt strategy") tells neither apart.
  const [a, b] = terms.map((side, i) => side.filter((t) => !terms[1 - i]!.includes(t))) as [
    string[],
    string[],
  ];
  if (a.length === 0 || b.length === 0) return undefined;
  const juxtaposed = sides.every(namesPart);
  const bound = boundHead(sides[1], question);
  const heads = [compoundHead(sides[0], question), compoundHead(sides[1], question)] as [
    string | undefined,
    string | undefined,
  ];
  return {
    kind: 'relation',
    sides,
    terms: [a, b],
    juxtaposed,
    ...(heads.some((h) => h !== undefined) ? { heads } : {}),
    ...(bound ? { bound } : {}),
    ...(Object.keys(spelled).length > 0 ? { spelled } : {}),
  };
}

/**
 * Words that end a noun group: a preposition, "or"/"and", and, after a naming word, a determiner
 * or a participle ("the time the repair took", "the interest paid to members", "reserves set for").
 */
const GROUP_END =
  /^(?:of|on|in|at|for|to|with|from|about|regarding|concerning|against|by|between|over|under|during|within|or|and)$/i;
const GROUP_END_AFTER_NOUN =
  /^(?:the|a|an|this|these|those|its|their|that|which|who|set|held|made|kept|taken|paid|spent|sold|given|built|took|\p{L}+ed)$/iu;

/**
 * The head of the compound `side` opens with (see `AskedRelation.heads`): the first noun group
 * (words up to {@link GROUP_END} or {@link GROUP_END_AFTER_NOUN}) that names something other than a
 * part of a document, a qualifier or a change ("the discussion of", "the rise in" are passed
 * over), when it has two naming terms or more; its last term. A possessor ("the company's") is no
 * word of it. Undefined for a group of one naming term or none, or one "or"/"and" ends (each
 * alternative is a head: "financial reserves or provisions").
 */
function compoundHead(side: string, question: string): string | undefined {
  const naming = (words: string[]) =>
    [...abbreviationTerms(words.join(' ')), ...phraseTerms(words.join(' '), question)].filter(
      (t) => !PART_WORDS.has(t) && !QUALIFIERS.has(t) && !CHANGE_TERMS.has(t) && namesSide(t),
    );
  let group: string[] = [];
  const close = () => {
    const terms = naming(group);
    group = [];
    return terms;
  };
  for (const word of [...side.replace(POSSESSOR, ' ').split(/\s+/).filter(Boolean), '.']) {
    const bare = word.replace(/[^\p{L}\p{N}&-]/gu, '');
    const ends =
      word === '.' || GROUP_END.test(bare) || (naming(group).length > 0 && GROUP_END_AFTER_NOUN.test(bare));
    if (!ends) {
      group.push(word);
      continue;
    }
    const terms = close();
    if (terms.length > 0) {
      // "financial reserves or provisions": alternatives, each its own head.
      if (/^(?:or|and)$/i.test(bare)) return undefined;
      const words = terms.filter((t) => !t.startsWith('&'));
      return terms.length >= 2 ? (words.at(-1) ?? undefined) : undefined;
    }
  }
  return undefined;
}

/**
 * Reads what a question asks to be stated (see the module comment). A relation question ("how
 * does A relate to B", "the relationship between A and B", "correlate A with B") asks how its two
 * sides relate; each side is read up to a second question or a purpose clause, without a clause
 * naming the document or part it is in and without words naming a part of a document (see
 * {@link PART_WORDS}). An existence question opens (after an optional "In …," clause) with an
 * auxiliary verb and asks for "any" of something, or names it as the object of a verb of
 * disclosure ("did the report disclose …", see {@link DISCLOSED}); the subject runs to a clause
 * naming where or when ("in the Q2 report", "mentioned by …") or a second question, one term list
 * per "or"/"and" alternative; after change nouns ("any notable changes in …", see
 * {@link CHANGE_NOUN}) it is what changed, and `change` is set. Undefined for other questions.
 */
export function askedStatement(question: string): AskedStatement | undefined {
  const q = question.trim();
  const relation = askedRelation(q);
  if (relation) return relation;
  const quantity = askedQuantity(q);
  if (quantity) return quantity;
  const measure = askedMeasureStatement(q);
  if (measure) return measure;
  // "What carbon targets did the company disclose …?" presumes they are there (not read for a
  // change: "What changes in debt did it report?" is answered by a table of the debt).
  const which = WHICH_DISCLOSED.exec(q);
  if (which) {
    const phrase = which[1]!;
    if (askedExistence(phrase, q, '')?.change) return undefined;
    // The subject runs to the verb: "impact from the war in Ukraine" names no document or time,
    // which follow the verb ("… did Apple report in its Q2 2023 10-Q?").
    const subjects = phrase
      .split(ALTERNATIVES)
      .map((part) => namingTerms(part, q))
      .filter((terms) => terms.length > 0);
    if (subjects.length === 0) return undefined;
    return { kind: 'existence', text: phrase.trim().replace(/\s+/g, ' '), subjects, presumed: true };
  }
  if (!AUXILIARY.test(q)) return undefined;
  const any = /\bany\s+(.+)$/i.exec(q);
  if (any) {
    const asked = askedExistence(any[1]!, q, 'any ');
    const event = eventVerb(q.slice(0, any.index));
    return asked && event && !asked.change ? { ...asked, event } : asked;
  }
  // "say anything about the wind", "mention anything on refunds": what follows "about".
  const anything = ANYTHING_ABOUT.exec(q);
  if (anything) return askedExistence(anything[2]!, q, `${anything[1]} `);
  // "Is there a café on board?", "Are there lockers at the station?": asked as "any" is, when
  // what follows the thing asked for says where or when it is. Not "Is there a limit on
  // bicycles?" nor "Are there rules for dogs?": the thing is a limit or rules of what follows, which
  // a document states in its own words ("up to six bicycles").
  const there = THERE_IS.exec(q);
  if (there) {
    const end = SUBJECT_END.exec(there[3]!);
    if (end && OF_WHAT.test(there[3]!.slice(end.index))) return undefined;
    // "… does not state that there is a café".
    return askedExistence(there[3]!, q, `that there ${there[1]!.toLowerCase()} ${there[2] ?? ''}`);
  }
  const disclosed = DISCLOSED.exec(q);
  if (disclosed && !/^(?:that|whether|if|how|what|which|why|when|where|who|to)\b/i.test(disclosed[1]!)) {
    // "the Contoso report provide details on …": "report" named the document, the verb follows.
    const verb = TELLING_VERB.exec(disclosed[1]!);
    const asked = askedExistence(verb ? disclosed[1]!.slice(verb[0].length) : disclosed[1]!, q, '');
    // What the question names besides its subject ("the fish pie" of "Does the fish pie contain
    // gluten?"): the label of a table row that states the subject in a column (see `rowStatement`).
    const subject = asked?.subjects.flat() ?? [];
    const context = namingTerms(q, q).filter((t) => !subject.includes(t));
    return asked && asked.context === undefined && context.length > 0 ? { ...asked, context } : asked;
  }
  return undefined;
}

/**
 * A question asking how many of something there are: "how many" and the subject up to its verb,
 * an auxiliary (group 1: "How many employees did the company have …"), or a past form other than
 * "ended" after a subject of six words at most (group 2: "How many cleaners at the depot received
 * training?"; not "How many visitors came to the Trust in the quarter ended …"), or "the number
 * of" and the subject after "what", "which" or "how" ("What was the number of members at year
 * end?"; group 3).
 */
const ASKS_COUNT =
  /^\s*(?:in\s[^,?]{1,80},\s*)?(?:how\s+many\s+(?:(.+?)\s+(?:did|does|do|were|was|are|is|has|have|had|will|would|can|could)\b|((?:[\p{L}-]+\s+){0,5}[\p{L}-]+)\s+(?!ended\b)\p{L}{3,}ed\b)|(?:what|which|how)\b[^?]{0,40}?\b(?:the\s+)?(?:total\s+)?number\s+of\s+(.+))/iu;

/**
 * Common English irregular past forms that differ from their present and from an adjective's
 * usual sense ("sat", "took", "went"; not "put", "read", "set", "left", "lost"): the verb of a
 * count question without an auxiliary before its own ("How many people sat on …").
 */
const IRREGULAR_PAST =
  /(?<![\p{L}-])(?:sat|took|went|came|ran|got|made|saw|gave|won|held|kept|met|paid|sold|bought|brought|built|caught|chose|drove|ate|fell|flew|found|grew|heard|knew|led|rode|rose|sent|sang|spoke|spent|stood|swam|taught|told|thought|threw|wore|wrote|became|began|broke|drew|drank|froze|slept|struck|fought|sought|lay|shook|stole|woke)(?![\p{L}-])/iu;

/**
 * A question asking how much was spent on something: "how much" and a verb of spending, then what
 * it was spent on ("How much did the club spend on advertising?", "how much was invested in
 * solar panels"), or "what" and "spend on" ("What did the orchard spend on insurance?"; not "What
 * did the vineyard pay for labour?", whose sum the document may write under its own words: "Pickers'
 * wages"); group 1. Not "spent in the period", which names when.
 */
const ASKS_SPENDING = (() => {
  const auxiliary = String.raw`(?:did|does|do|has|have|had|was|were|is|are|will|would)\b.{0,80}?\b`;
  const spend = '(?:spen[dt]|spends|spending)';
  return new RegExp(
    String.raw`^\s*(?:in\s[^,?]{1,80},\s*)?(?:how\s+much\s+${auxiliary}(?:(?:${spend}|pa(?:y|ys|id))\s+(?:on|for|towards?)|invest(?:s|ed)?\s+in)|what\s+${auxiliary}${spend}\s+on)\s+(.+)$`,
    'i',
  );
})();

/**
 * What one must spend, a threshold a price list states as its bound ("How much do I need to spend
 * … to avoid the packing charge?" of "Orders over £40 are collected free", round136): no sum spent.
 */
const SPEND_REQUIRED = /\b(?:(?:need|needs|have|has|got)\s+to|must|should)\s+spend\b/i;

/**
 * Subjects a count question may ask for that documents tell by other nouns ("How many people were
 * on board?" of "two passengers and a pilot"): not judged.
 */
const GENERIC_COUNTED = new Set(
  'people person persons individuals times things items ones cases'
    .split(' ')
    .flatMap((w) => contentTerms(w)),
);

/** A verb of employing: generic words counted ("How many people did it employ?") are its employees. */
const EMPLOYING = /\bemploy(?:s|ed|ing)?\b/i;

/**
 * Whether `word` is a generic noun a count question may ask for ({@link GENERIC_COUNTED}: "people"
 * of "How many people …"), which documents tell by other nouns ("employees", "passengers").
 */
export function isGenericCounted(word: string): boolean {
  const [term] = contentTerms(word);
  return term !== undefined && GENERIC_COUNTED.has(term);
}

/**
 * Reads a question asking for a count or a sum spent (see {@link ASKS_COUNT}, {@link
 * ASKS_SPENDING}) as an existence question whose subject is what is counted or spent on, with
 * `quantity` set; the subject runs to a clause naming where or when (`SUBJECT_END`). Undefined for
 * other questions, and for a count of a subject of generic nouns only ({@link GENERIC_COUNTED}).
 * A question asking what a subject's expenditure was (see `askedOutlay`) asks a sum beside the
 * subject's words (`AskedExistence.beside`).
 */
function askedQuantity(question: string): AskedExistence | undefined {
  const count = ASKS_COUNT.exec(question);
  const spending = count || SPEND_REQUIRED.test(question) ? null : ASKS_SPENDING.exec(question);
  if (!count && !spending) return askedOutlayQuantity(question);
  const read = count ? (count[1] ?? count[2] ?? count[3]) : spending?.[1];
  if (read === undefined) return undefined;
  // The subject ends before an irregular past verb ("How many people sat on the committee when
  // the constitution was adopted?" counts people, not "people sat on the committee").
  const verb = count?.[1] !== undefined ? IRREGULAR_PAST.exec(read) : null;
  const phrase = verb && verb.index > 0 ? read.slice(0, verb.index) : read;
  const end = SUBJECT_END.exec(phrase);
  const subject = (end ? phrase.slice(0, end.index) : phrase).trim();
  // An abbreviation ("SG&A") is no word a search finds: not judged (as a relation side holding one).
  if (subject.includes('&')) return undefined;
  const named = namingTerms(subject, question);
  const generic = count !== null && named.length > 0 && named.every((t) => GENERIC_COUNTED.has(t));
  // "How many people did the company employ?" counts its employees, as documents write them.
  const employed = generic && EMPLOYING.test(question);
  if (named.length === 0 || (generic && !employed)) return undefined;
  const terms = employed ? contentTerms('employees') : named;
  const quantity = count ? 'count' : 'money';
  // The generic words counted and the verb employing them are no context a passage must write
  // ("3,400 employees").
  const employing = employed ? new Set([...named, ...contentTerms(EMPLOYING.exec(question)![0])]) : undefined;
  const context = namingTerms(question, question).filter((t) => !terms.includes(t) && !employing?.has(t));
  // A subject in everyday words ("how many kids") is counted as documents write it ("three
  // children", round150): each written form is an alternative (see `askedPhrases`).
  const written = askedPhrases(subject)
    .filter((phrase) => phrase.terms.length > 0 && phrase.terms.every((t) => terms.includes(t)))
    .flatMap((phrase) =>
      phrase.forms.map((form) => [...terms.filter((t) => !phrase.terms.includes(t)), form]),
    );
  const subjects = [terms, ...written].filter(
    (alternative, i, all) => all.findIndex((other) => other.join(' ') === alternative.join(' ')) === i,
  );
  return {
    kind: 'existence',
    text: `${quantity === 'count' ? 'how many' : 'how much was spent on'} ${employed ? 'employees' : subject.replace(/\s+/g, ' ')}`,
    subjects,
    quantity,
    ...(context.length > 0 ? { context } : {}),
  };
}

/**
 * Reads a question asking what a subject's expenditure was ("What was Contoso's R&D expenditure
 * in 2024?", see `askedOutlay`) as a `money` question whose sum must be beside the subject's words
 * (`beside`). An abbreviation of the subject ("R&D") is kept as written (`abbreviations`), its
 * terms taken from what the question as the search read it brackets after it ("R&D (research and
 * development)", see `withExpansions`); a subject of abbreviations only is not judged.
 */
function askedOutlayQuantity(question: string): AskedExistence | undefined {
  const outlay = askedOutlay(question);
  if (outlay === undefined) return undefined;
  const end = SUBJECT_END.exec(outlay.subject);
  const subject = (end ? outlay.subject.slice(0, end.index) : outlay.subject).trim();
  const abbreviations = (subject.match(/[\p{L}\d]*&[\p{L}\d]*/gu) ?? []).filter((a) => a !== '&');
  const terms = namingTerms(subject.replace(/[\p{L}\d]*&[\p{L}\d]*|[()]/gu, ' '), question);
  if (terms.length === 0) return undefined;
  const written = subject.replace(/\s*\([^)]*\)/g, '').replace(/\s+/g, ' ');
  return {
    kind: 'existence',
    text: `the ${written} ${outlay.noun}`,
    subjects: [terms],
    quantity: 'money',
    beside: true,
    ...(abbreviations.length > 0 ? { abbreviations } : {}),
  };
}

/** Words of a measure that say which total is asked, not what measure: no passage need write them. */
const MEASURE_QUALIFIERS = new Set(
  'average aggregate total overall annual quarterly reported net approximate'
    .split(' ')
    .flatMap((w) => contentTerms(w)),
);

/** Words after a measure's noun that name its unit ("gross margin percentage"): a figure writes them. */
const MEASURE_UNIT_WORDS = new Set(
  'percentage percent amount figure level'.split(' ').flatMap((w) => contentTerms(w)),
);

/**
 * Reads a question asking for a measure of a subject (see `askedMeasure`) as an existence
 * question whose passage must give a figure of the measure beside the subject (`measure`, see
 * {@link judgeMeasure}). The subject's terms are its naming terms less the measure's; a subject
 * that is only the owner named before the verb, or only common words, leaves `subjects` empty.
 */
function askedMeasureStatement(question: string): AskedExistence | undefined {
  const asked = askedMeasure(question);
  if (asked === undefined) return undefined;
  const measure = asked.measure.replace(/\s+per\s.+$/i, '');
  const terms = contentTerms(measure).filter((t) => !MEASURE_QUALIFIERS.has(t) && !MEASURE_UNIT_WORDS.has(t));
  if (terms.length === 0) return undefined;
  const subject =
    asked.subject === '' ? [] : namingTerms(asked.subject, question).filter((t) => !terms.includes(t));
  const per = asked.per === undefined ? [] : namingTerms(asked.per, question);
  // The subject's names (capitalised words: "Omniverse" of "its Omniverse platform", "Apple Vision
  // Pro") identify it; the nouns around them ("platform", "deal") a document may word otherwise.
  const names = contentTerms(
    (asked.subject.match(/(?<![\p{L}'’])\p{Lu}[\p{L}\d'’&-]*/gu) ?? []).join(' '),
  ).filter((t) => subject.includes(t));
  // "the price per thousand gallons of water", "the interest rate of the warehouse mortgage".
  const perText = asked.per !== undefined && !/\sper\s/i.test(asked.measure) ? ` per ${asked.per}` : '';
  const ofText =
    asked.subject === '' ? '' : ` of ${asked.subject.replace(/^(?:its|their|his|her|our)\s+/i, 'the ')}`;
  return {
    kind: 'existence',
    text: `the ${asked.measure}${perText}${ofText}`,
    subjects: subject.length > 0 ? [subject] : [],
    measure: { kind: asked.kind, terms, per, names },
  };
}

/**
 * Verbs that tell having, telling, finding or undergoing, not an event done to something
 * ("disclose any", "suffer any", "record any"), stemmed; `contentTerms` already drops "make",
 * "have", "do", "get" and other function verbs.
 */
const LIGHT_VERBS = new Set(
  'report disclose announce mention note state describe list include provide contain show reveal specify record recognise recognize suffer experience face undergo incur see find identify hold receive take give file expect plan'
    .split(' ')
    .flatMap((w) => contentTerms(w)),
);

/** A preposition a verb takes before its object ("merged with any", "sold to any"). */
const VERB_PREPOSITION = /^(?:with|from|to|into|against|by|for|on|in|of)$/i;

/**
 * The stem of the event verb right before "any" in `before` (the question up to "any"), past one
 * preposition ("merged with"): undefined when that word is an auxiliary, a light verb (see
 * {@link LIGHT_VERBS}), no content word, or a noun by its place (after a determiner, a possessor
 * or the auxiliary itself).
 */
function eventVerb(before: string): string | undefined {
  const words = before.trim().split(/\s+/);
  let word = words.pop();
  if (word !== undefined && VERB_PREPOSITION.test(word)) word = words.pop();
  if (word === undefined || words.length === 0 || AUXILIARY.test(word)) return undefined;
  // A noun after a determiner or a possessor ("Contoso's revenue from any segment"), or right
  // after the auxiliary (the question's subject: "did revenue from any …"), is no verb.
  const previous = words.at(-1)!;
  if (
    AUXILIARY.test(previous) ||
    /^(?:the|a|an|its|their|his|her|our|your|this|that|these|those)$|['’]s$/i.test(previous)
  )
    return undefined;
  const [stem] = contentTerms(word);
  if (stem === undefined || LIGHT_VERBS.has(stem) || isRequestTerm(stem)) return undefined;
  return stem;
}

/** Month and day names: capitalised, yet no name of a thing ("acquired in May"). */
const CALENDAR_WORD =
  /^(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b/;

/**
 * True when a word of `stem`'s verb shares its first letters with `word`'s stem: the verb itself
 * ("acquired" of "acquir") or its noun ("acquisition" of "acquir": a shared start of five letters
 * or more, at most one letter short of the verb's stem).
 */
function formsOf(verb: string, stem: string): boolean {
  if (stemsMatch(verb, stem)) return true;
  let shared = 0;
  while (shared < verb.length && shared < stem.length && verb[shared] === stem[shared]) shared++;
  return shared >= 5 && shared >= verb.length - 1;
}

/**
 * True when `sentence` tells the event `verb` (a stem) done to a named thing: the verb, past one
 * preposition and a determiner, followed by a capitalised word that is no month or day ("acquired
 * the Lakeside Mutual water system", "merged with Eastside Community Pantry"), or the verb's noun
 * followed by "of" or "with" and such a word ("the acquisition of Adatum Fasteners"), or a short
 * description of the thing named right after it ("bought a second-hand workboat, the Curlew", "a
 * workboat called Curlew", see `namedAfter`). A document tells a significant event by naming what
 * it was done to (see {@link singlesOut}); "issued $60
 * million of bonds" or "may pursue further acquisitions" names nothing. `baseForm` gives a word's
 * dictionary form as a verb ("bought" → "buy"), so an irregular past form tells its verb too
 * ("bought the Tarn Valley bus company's depot" for "buy"); without it only regular forms do.
 */
export function namesInstance(sentence: string, verb: string, baseForm?: (word: string) => string): boolean {
  const words = sentence.split(/\s+/);
  const named = (word: string | undefined) =>
    word !== undefined && /^[\p{Lu}]/u.test(word) && !CALENDAR_WORD.test(word);
  const isVerb = (word: string) => {
    const [stem] = contentTerms(word);
    if (stem === undefined) return false;
    if (formsOf(verb, stem)) return true;
    // An irregular form ("bought" of "buy", "sold" of "sell"): its dictionary form's stem.
    if (baseForm === undefined || !/^[a-z]+$/.test(word)) return false;
    const [base] = contentTerms(baseForm(word));
    return base !== undefined && base !== stem && stemsMatch(verb, base);
  };
  for (const [i, word] of words.entries()) {
    if (!isVerb(word)) continue;
    let at = i + 1;
    if (/^(?:of|with)$/i.test(words[at] ?? '') || VERB_PREPOSITION.test(words[at] ?? '')) at++;
    if (/^(?:the|a|an|its|their)$/i.test(words[at] ?? '')) at++;
    if (named(words[at])) return true;
    if (namedAfter(words, at, named)) return true;
  }
  return false;
}

/** Most words of a thing's description before the name set beside it ("a second-hand workboat, the Curlew"). */
const APPOSITION_REACH = 4;

/**
 * True when the thing whose description opens at `words[at]` is named right after it: by
 * apposition ("a second-hand workboat, the Curlew") or by "called"/"named" ("a workboat called
 * Curlew"), within {@link APPOSITION_REACH} lower-case words of the description.
 */
function namedAfter(
  words: readonly string[],
  at: number,
  named: (word: string | undefined) => boolean,
): boolean {
  for (let j = at; j < Math.min(words.length, at + APPOSITION_REACH); j++) {
    const word = words[j]!;
    if (!/^[\p{Ll}]/u.test(word)) return false;
    const next = /,$/.test(word) ? j + 1 : /^(?:called|named)$/i.test(words[j + 1] ?? '') ? j + 2 : -1;
    if (next >= 0) {
      const k = /^(?:the|a|an)$/i.test(words[next] ?? '') ? next + 1 : next;
      return named(words[k]);
    }
    if (/[.;:]$/.test(word)) return false;
  }
  return false;
}

/**
 * "Is there a …", "are there any …", "was there an …": an existence question as "any" asks it;
 * group 1 the verb, group 2 the determiner, group 3 what follows it.
 */
const THERE_IS = /^\s*(?:in\s[^,?]{1,80},\s*)?(is|are|was|were)\s+there\s+(an?\s+|any\s+)?(.+)$/i;

/**
 * What a noun asked for may be of, rather than where or when it is: "a limit on …", "rules for …",
 * "a charge to …", "an update about …" (not "on board", "on site", "on the day").
 */
const OF_WHAT =
  /^\s*(?:for|of|about|to|with|regarding|concerning|against|on(?!\s+(?:board|site|the\s+day|arrival|departure)\b))\b/i;

/** "anything about …", "something on …": group 1 the lead words, group 2 what follows. */
const ANYTHING_ABOUT = /\b((?:anything|something)\s+(?:about|on|regarding|concerning))\s+(.+)$/i;

/**
 * A verb of telling after a disclosure verb's match ("does the Contoso report provide details on
 * …", "report give …", "Intel's newest quarterly report announce a stock split"): the matched
 * "report" was the document's name, and what follows the verb is the object.
 */
const TELLING_VERB =
  /^(?:say|says|give|gives|provide|provides|contain|contains|include|includes|offer|offers|announce[sd]?|disclose[sd]?|mention(?:s|ed)?|describe[sd]?|reveal(?:s|ed)?)\s+/i;

/**
 * Questions asking whether a document discloses something without "any" ("Did the report disclose
 * the pilot's prior incident?", "Does the protocol describe the statistical software it uses?",
 * "Does the final proposal include electrics or lighting?", "Did the company announce a stock
 * split?"): the object of the verb of disclosure.
 */
const DISCLOSED =
  /^\s*(?:in\s[^,?]{1,80},\s*)?(?:did|does|do|has|have)\s+.{1,120}?\s(?<!\b(?:the|a|an|this|that|its|their|our|his|her)\s)(?:disclose[ds]?|report(?:s|ed)?|mention(?:s|ed)?|describe[ds]?|discuss(?:es|ed)?|state[ds]?|list(?:s|ed)?|reveal(?:s|ed)?|specif(?:y|ies|ied)|include[ds]?|contain(?:s|ed)?|cover(?:s|ed)?|announce[ds]?)\s+(.+)$/i;

/**
 * Questions asking which of something a document discloses or reports ("What carbon emission
 * targets did the company disclose in its latest report?", "Which suppliers does the manual
 * list?"): what is asked for (group 1), up to the auxiliary verb.
 */
const WHICH_DISCLOSED =
  /^\s*(?:in\s[^,?]{1,80},\s*)?(?:what|which)\s+(?!(?:was|were|is|are|did|does|do|has|have|had|kind|kinds|type|types|sort)\b)(\p{L}[^?]{0,80}?)\s+(?:did|does|do|has|have|had)\s+[^?]{1,80}?\s(?<!\b(?:the|a|an|this|that|its|their|our|his|her)\s)(?:disclose|report|mention|describe|discuss|list|reveal|specif(?:y|ie)|announce)(?:s|d|ed)?\b/iu;

/**
 * Nouns that ask for a change of what follows them ("any changes in the wind", "an increase in
 * revenue", "updates to the policy"): the question asks whether the documents state that it changed.
 */
const CHANGE_NOUN =
  /^(?:changes?|shifts?|updates?|revisions?|modifications?|amendments?|adjustments?|increases?|decreases?|declines?|growth|rises?|drops?|reductions?)$/i;

/**
 * A role in an organisation qualified as new, the subject's last words: "a new chief executive
 * officer", "any new directors", "a new head teacher", "a new chair of the board" is asked as a
 * change of who holds it (see `statesChange`: appointed, retired, resigned, took over, new).
 */
const NEW_ROLE =
  /\bnew\s+(?:[\p{L}-]+\s+){0,2}(?:officers?|directors?|chair(?:man|men|woman|women|person|persons)?s?|presidents?|executives?|managers?|heads?|headteachers?|head\s+teachers?|principals?|treasurers?|secretar(?:y|ies)|trustees?|governors?|coach(?:es)?|captains?|ceos?|cfos?|coos?|ctos?|deans?|editors?|leaders?|chancellors?|commissioners?|superintendents?)(?:\s+of\s+(?:the\s+)?[\p{L}-]+)?\s*$/iu;

/** The words of {@link CHANGE_NOUN}, stemmed. */
const CHANGE_TERMS = new Set(
  contentTerms(
    'change shift update revision modification amendment adjustment increase decrease decline growth rise drop reduction',
  ),
);

/**
 * Words that only qualify what is asked for or name its telling ("new", "recent", "other",
 * "disclosures"), beside request words.
 */
const QUALIFIERS = new Set(
  'new recent other further additional important disclosure'.split(' ').flatMap((w) => contentTerms(w)),
);

/**
 * Nouns naming the aspect under which something is seen ("liquidity position", "debt structure",
 * "inventory levels"), stemmed: a document states that the thing changed without them ("cash
 * decreased"), so a change question does not need them when other words name the thing.
 */
const ASPECT_WORDS = new Set(
  'position structure level profile situation status condition state overview picture size'
    .split(' ')
    .flatMap((w) => contentTerms(w)),
);

/** A possessor: a word with "'s" ("the company's", "Contoso’s"). */
const POSSESSOR = /[\p{L}\p{N}.&-]+['’]s\b/gu;

/** Where an alternative of a subject ends: "or", "and", "/". */
const ALTERNATIVES = /\s+(?:or|and)\s+|\s*\/\s*/i;

/** The words of `phrase` that name something: not request words, qualifiers or function words. */
function namingTerms(phrase: string, question: string): string[] {
  return phraseTerms(phrase, question).filter((t) => !QUALIFIERS.has(t));
}

/**
 * Where what changed ends, besides {@link SUBJECT_END}: a relative clause without "that" ("the
 * runway the pilot used") or with a relative pronoun, a determiner not after a preposition.
 */
const OBJECT_END =
  /(?<!\b(?:of|for|with|on|at|by|from|between|about|into|to|in))\s(?:the|a|an|its|their|his|her|that|which|who|whom|whose)\s/i;

/**
 * Reads an existence question's subject from `after` (the words after "any", or after a verb of
 * disclosure; `lead` is "any " or empty): up to a clause naming where or when. A subject made of
 * change nouns ("notable changes", "significant changes or new disclosures") asks about what follows
 * its "in", "to" or "of", up to a relative clause: a change when every alternative is a change
 * noun, its being stated when one is only request words ("new disclosures").
 */
function askedExistence(after: string, question: string, lead: string): AskedExistence | undefined {
  // "any instructions for winter storage", "any guidance on refunds": what the form noun is for.
  const form = FORM_HEAD.exec(after);
  if (
    form &&
    isTellingNoun(contentTerms(form[2]!)[0] ?? '') &&
    // "any material fact about net sales" asks for net sales; its qualifier names nothing.
    namingTerms(form[1]!.replace(SIGNIFICANCE, ' '), question).length === 0
  ) {
    return askedExistence(after.slice(form[0].length), question, `${lead}${form[0]}`);
  }
  const isChange = (head: string) => {
    const words = head.trim().split(/\s+/);
    return (
      CHANGE_NOUN.test(words.at(-1)!) && namingTerms(words.slice(0, -1).join(' '), question).length === 0
    );
  };
  const prep = /\s(?:in|to|of)\s+/i.exec(after);
  const head = prep ? after.slice(0, prep.index) : '';
  const heads = head.split(ALTERNATIVES);
  let subject: string;
  let text: string;
  let change = false;
  if (
    prep &&
    !/[?,;:]/.test(head) &&
    heads.some(isChange) &&
    heads.every((h) => isChange(h) || namingTerms(h, question).length === 0)
  ) {
    const rest = after.slice(prep.index + prep[0].length);
    const stop = [SUBJECT_END.exec(rest), OBJECT_END.exec(rest)]
      .filter((m): m is RegExpExecArray => m !== null && m.index > 0)
      .reduce((at, m) => Math.min(at, m.index), rest.length);
    subject = rest.slice(0, stop).trim();
    text = `${head}${prep[0]}${subject}`;
    change = heads.every(isChange);
  } else {
    const end = SUBJECT_END.exec(after);
    subject = (end ? after.slice(0, end.index) : after).trim();
    text = subject;
    // "any fare changes", "any price increases": a compound whose head is a change noun asks
    // whether what qualifies it changed, as "any changes in fares" does.
    const parts = subject.split(ALTERNATIVES).map((part) => part.trim().split(/\s+/));
    if (
      parts.every(
        (words) =>
          words.length > 1 &&
          CHANGE_NOUN.test(words.at(-1)!) &&
          namingTerms(words.slice(0, -1).join(' '), question).length > 0,
      )
    ) {
      subject = parts.map((words) => words.slice(0, -1).join(' ')).join(' or ');
      change = true;
    } else if (NEW_ROLE.test(subject)) {
      // "a new chief executive officer": a change of who holds the role, not the role named
      // (a filing's certifications name its chief executive officer every quarter).
      change = true;
    }
  }
  // Whose it is ("the company's liquidity") is not what changed, of which every term is needed;
  // nor is the aspect it is seen under ("position", "structure"), when other words name it.
  const subjects = (change ? subject.replace(POSSESSOR, ' ') : subject)
    .split(ALTERNATIVES)
    .map((part) => {
      // "any new electric buses" asks for electric buses: a qualifier ("new", "other") is no
      // word the stating sentence must write when other words name the subject.
      const all = phraseTerms(part, question);
      const qualified = all.filter((t) => !QUALIFIERS.has(t));
      const terms = qualified.length > 0 ? qualified : all;
      const named = terms.filter((t) => !ASPECT_WORDS.has(t));
      return change && named.length > 0 ? named : terms;
    })
    .filter((terms) => terms.length > 0);
  if (subjects.length === 0) return undefined;
  const object = change ? undefined : eventObject(subject, question);
  return {
    kind: 'existence',
    text: `${lead}${text.trim().replace(/\s+/g, ' ')}`,
    subjects,
    ...(object ? { object } : {}),
    ...(change ? { change: true as const } : {}),
    ...(!change && SIGNIFICANCE.test(subject) ? { significant: true as const } : {}),
  };
}

/**
 * The event and the thing of a subject naming an event done to a thing, one alternative: "acquisitions
 * of pubs" (event "acquisit", thing ["pub"]), "closures of rural branches"; undefined when the word
 * before "of" names no event (see {@link verbStems}: "instructions for", "the age of the fleet"),
 * or the subject has alternatives ("acquisitions or divestitures of …").
 */
function eventObject(subject: string, question: string): { event: string; terms: string[] } | undefined {
  if (subject.split(ALTERNATIVES).length > 1) return undefined;
  const m = /^(?:[\p{L}'-]+\s+){0,3}?([\p{L}]+)\s+of\s+(.+)$/iu.exec(subject.trim());
  if (!m) return undefined;
  const [event] = contentTerms(m[1]!);
  if (event === undefined || verbStems(event).length === 0) return undefined;
  const terms = phraseTerms(m[2]!, question).filter((t) => !QUALIFIERS.has(t));
  return terms.length > 0 ? { event, terms } : undefined;
}

/**
 * True when `s` tells `object`'s event of its thing: it holds the event (or its verb, see
 * `holdsForm`) and, in its own words (not its heading's: "Acquisitions and growth" frames every
 * sentence under it), the thing's rarest specific term. A thing of common terms only ("any
 * acquisitions of businesses" in a company's report) needs none: an acquiree's name stands for it.
 * "The Group acquired Tidewater Bakeries" tells no acquisition of dairies.
 */
function holdsObject(
  s: { text: string; terms: Set<string> },
  object: { event: string; terms: string[] },
  frequency: ReadonlyMap<string, number>,
): boolean {
  if (!holdsForm(s.terms, object.event)) return false;
  const [rarest] = specificTerms(object.terms, frequency);
  return rarest === undefined || holds(new Set(contentTerms(s.text)), rarest);
}

/** A qualifier asking for a significant event: "significant", "material", "major", "substantial". */
const SIGNIFICANCE = /\b(?:significant|material|major|substantial)\b/i;

/**
 * True when `sentence` tells one particular event of a term in `terms` (stemmed): some word of it
 * holding the term is not told as one unnamed among others — after "a" or "an" (up to two words
 * between: "an acquisition", "a small acquisition") with no name after it ("of" or "with" and a
 * capitalised word: "an acquisition of Fabrikam"). "Goodwill increased by $58 million from an
 * acquisition" tells of an acquisition too small to name: a significant business combination is
 * disclosed by the acquiree's name (US GAAP, ASC 805-10-50-2(a)), immaterial ones only in
 * aggregate. A word holding the term with no article ("the acquisition of Fabrikam", "acquisitions
 * of $3.5 billion") singles one out.
 */
export function singlesOut(sentence: string, terms: readonly string[]): boolean {
  const words = sentence.split(/\s+/);
  let held = false;
  for (const [i, word] of words.entries()) {
    const [stem] = contentTerms(word);
    if (stem === undefined || !terms.some((t) => formOf(stem, t))) continue;
    held = true;
    const before = words.slice(Math.max(0, i - 3), i).map((w) => w.toLowerCase());
    const indefinite = before.some((w) => w === 'a' || w === 'an');
    const named = /^(?:of|with)$/i.test(words[i + 1] ?? '') && /^[\p{Lu}\d]/u.test(words[i + 2] ?? '');
    if (!indefinite || named) return true;
  }
  return !held;
}

/**
 * Nouns that name the telling of what follows their "of", "on" or "about" ("any account of the
 * wind conditions", "any mention of icing", "any details on the repairs", "any description of the
 * damage"), stemmed: the documents state the subject without them ("Winds were reported as
 * variable"). Read only at the head of a subject, before a preposition (see {@link FORM_HEAD}):
 * elsewhere "account" and "evidence" name things ("customer accounts").
 */
const TELLING_NOUNS = new Set(
  'account description explanation mention discussion detail details information summary indication evidence record fact'
    .split(' ')
    .flatMap((w) => contentTerms(w)),
);

/** True when `term` (stemmed) at a subject's head names the form or the telling of what follows it. */
function isTellingNoun(term: string): boolean {
  return isFormTerm(term) || TELLING_NOUNS.has(term);
}

/**
 * An existence subject that opens with a noun naming the form of what is asked, or its telling,
 * and says what it is for or about ("instructions for winter storage", "any guidance on refunds",
 * "any account of the wind", see `isFormTerm` and {@link TELLING_NOUNS}): the noun (group 2), the
 * words before it (group 1).
 */
const FORM_HEAD = /^((?:[\p{L}-]+\s+){0,2}?)([\p{L}]+)\s+(?:for|on|about|regarding|concerning|of|to)\s+/iu;

/**
 * True when stems `a` and `b` are one word's forms: one begins with the other, the shorter of four
 * letters or more. A final "i" of the shorter reads as the "y" the stemmer turned into it (Porter's
 * step 1c: "emploi" of "employed" begins "employe" of "employees").
 */
export function stemsMatch(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length < 4) return false;
  return long.startsWith(short) || (short.endsWith('i') && long.startsWith(`${short.slice(0, -1)}y`));
}

/**
 * Endings by which one word derives from another, as the stemmer leaves them: "expiri" of
 * "expiry" (from "expir"), "weight" of "weigh", "failur" of "failure", "deliveri" of "delivery"
 * (from "deliv"), "approval", "payment", "employer", "membership". See {@link derivedForm}.
 */
const DERIVING_ENDINGS = ['i', 't', 'e', 'ur', 'al', 'er', 'or', 'eri', 'ion', 'ment', 'ant', 'ent', 'ship'];

/**
 * True when stems `a` and `b` are one word and a word derived from it: equal, or the longer is the
 * shorter with a deriving ending (see {@link DERIVING_ENDINGS}), the shorter of five letters or
 * more (four for an ending of two letters or more; five for "-ship": "hardship" is no form of
 * "hard"); a final "i" of the shorter reads as a "y" ("emploi" and "employe"). Stricter than
 * {@link stemsMatch}, which reads any longer word beginning with the shorter as its form: "place"
 * is no form of "placebo". A noun's two numbers that stem apart are one word too ("child" and
 * "children", see `otherNumberStems`), and so are an irregular verb and its participle ("freeze"
 * and "frozen", see `participleStems`).
 */
export function derivedForm(a: string, b: string): boolean {
  if (a === b || otherNumberStems(a, b) || participleStems(a, b)) return true;
  const [stem, long] = a.length <= b.length ? [a, b] : [b, a];
  // A final "i" the stemmer made of a "y" (see `stemsMatch`): "emploi" of "employed", "employe".
  const short = !long.startsWith(stem) && stem.endsWith('i') ? `${stem.slice(0, -1)}y` : stem;
  if (!long.startsWith(short)) return false;
  const ending = long.slice(short.length);
  return (
    DERIVING_ENDINGS.includes(ending) && short.length >= (ending.length === 1 || ending === 'ship' ? 5 : 4)
  );
}

/**
 * The stem `term` derives from by "-ship", which the stemmer keeps ("member" of "membership",
 * "owner" of "ownership"), as {@link derivedForm} reads it; empty for other stems. A document
 * writes the members it counts more often than its membership: searched by.
 */
export function shipBase(term: string): string[] {
  return term.endsWith('ship') && derivedForm(term, term.slice(0, -4)) ? [term.slice(0, -4)] : [];
}

/**
 * Endings of a noun's stem and the verb ending each alternates with, where the stemmer leaves the
 * two apart: "acquisit" of "acquire", "divestitur" of "divest", "expans" of "expand", "extens" of
 * "extend", "decis" of "decide", "closur" of "close", "merger" of "merge", "settlement" of "settle",
 * "issuanc" of "issue", "employe" of "employ", "subscript" of "subscribe". Narrowed to endings whose words are mostly derived
 * from a verb ("-osure", not "-sure": "pressure" is no "pressing"; "-uance", not "-ance": "finance"
 * is no "fine"). A final "e" the stemmer keeps is mostly half of an "-ee" ("employe", "traine");
 * the few other stems it leaves so ("degre", "committe") give a word no document writes, which
 * finds nothing.
 */
const NOUN_TO_VERB: ReadonlyArray<readonly [RegExp, string]> = [
  [/isit$/, 'ire'],
  [/itur$/, ''],
  [/ans$/, 'and'],
  [/ens$/, 'end'],
  [/is$/, 'ide'],
  [/osur$/, 'ose'],
  [/ger$/, 'ge'],
  [/ment$/, ''],
  [/uanc$/, 'ue'],
  // "-ription" of "-ribe": "subscript" of "subscription" (of "subscribe"), "prescript", "descript"
  [/ript$/, 'ribe'],
  // a noun of who is acted on, whose "-ee" the stemmer keeps half of: "employe" of "employees"
  // (of "employ"), "traine" of "trainee", "attende" of "attendee"
  [/e$/, ''],
];

/**
 * The stems of the verb a noun's stem `term` is derived from, by its ending (see
 * {@link NOUN_TO_VERB}): `["acquir"]` of "acquisit", `["merg"]` of "merger"; empty for other
 * stems. A document tells an event by its verb as often as by its noun ("merged with Greenfield
 * Housing", "acquired Old Mill Brewery" for "any mergers", "any acquisitions").
 */
export function verbStems(term: string): string[] {
  return verbsOf(term).stems;
}

/**
 * The verbs of {@link verbStems} as words ("acquire", "agree"), to search by: a search stems its
 * query, and a stem stemmed again may lose a letter ("agre" of "agree" becomes "agr").
 */
export function verbWords(term: string): string[] {
  return verbsOf(term).words;
}

function verbsOf(term: string): { words: string[]; stems: string[] } {
  const known = VERBS.get(term);
  if (known !== undefined) return known;
  const words: string[] = [];
  const stems: string[] = [];
  for (const [ending, verb] of NOUN_TO_VERB) {
    if (!ending.test(term)) continue;
    const word = term.replace(ending, verb);
    const [stem] = contentTerms(word);
    if (stem === undefined || stem.length < 4 || stem === term || stems.includes(stem)) continue;
    words.push(word);
    stems.push(stem);
  }
  // Asked terms only, read once per sentence of every chunk judged: kept, up to a bound.
  if (VERBS.size >= VERBS_KEPT) VERBS.clear();
  VERBS.set(term, { words, stems });
  return { words, stems };
}

/** Asked terms' verbs already read (see {@link verbsOf}), at most {@link VERBS_KEPT}. */
const VERBS = new Map<string, { words: string[]; stems: string[] }>();
const VERBS_KEPT = 4096;

/** True when `stem` is a form of `term` (see `stemsMatch`) or of the verb it derives from (see {@link verbStems}). */
function formOf(stem: string, term: string): boolean {
  return stemsMatch(stem, term) || verbStems(term).includes(stem);
}

/** True when `terms` hold `term` or the verb it derives from (see {@link verbStems}): an existence subject's or a relation side's term. */
function holdsForm(terms: ReadonlySet<string>, term: string): boolean {
  return holds(terms, term) || verbStems(term).some((v) => terms.has(v));
}

function holds(terms: ReadonlySet<string>, term: string): boolean {
  if (terms.has(term)) return true;
  for (const t of terms) if (stemsMatch(t, term)) return true;
  return false;
}

/**
 * A chunk's text by section, each with the content terms of the heading it is under, below the
 * document's title: the chunk's last heading line before it, else the innermost of its heading path
 * when that path is two or more deep; one list per part of a heading joining topics ("Fares and
 * costs": `[["fare"], ["cost"]]`, see {@link withHeading}). A sentence's terms include its
 * heading's (under "Winter storage", "Drain the pump completely before storing it below 0 °C."
 * states the winter storage it instructs about).
 */
function sectionsOf(hit: Hit): Array<{ text: string; heading: string; around: string[][] }> {
  const path = hit.chunk.headingPath;
  let heading = path.length >= 2 ? path.at(-1)! : '';
  return hit.chunk.text.split(/^(?=#{1,6}\s)/m).map((text) => {
    const line = /^(#{1,6})\s+(.*)$/m.exec(text);
    if (line && text.startsWith('#')) heading = line[1]!.length >= 2 ? line[2]! : '';
    return {
      text,
      heading,
      around: heading
        .split(HEADING_PARTS)
        .map((part) => contentTerms(part))
        .filter((terms) => terms.length > 0),
    };
  });
}

/** Where a heading joins topics: "and", "&", a comma, a slash ("Fares and costs", "Members & interest"). */
const HEADING_PARTS = /\s+(?:and|&)\s+|\s*[,/]\s*/i;

/**
 * The terms of a passage (`own`, its content terms) with those of its heading (`around`, one list
 * per topic the heading joins, see {@link sectionsOf}): a passage holding a term of some of the
 * heading's topics is about those ("Fuel costs were £212,000" under "Fares and costs" tells of
 * costs, not fares), one holding none about all of them.
 */
function withHeading(own: readonly string[], around: readonly (readonly string[])[]): Set<string> {
  const terms = new Set(own);
  if (around.length === 0) return terms;
  // A word naming the same kind of amount tells of the topic too ("Fuel expenditure fell" of costs).
  const amounts = new Set(own.map(amountIndex).filter((i) => i >= 0));
  const about = around.filter((part) => part.some((t) => terms.has(t) || amounts.has(amountIndex(t))));
  for (const part of about.length > 0 ? about : around) for (const t of part) terms.add(t);
  return terms;
}

/**
 * The factual sentences of a chunk (see `supposes`) that tell of the document's own time (see
 * `tellsEarlier`; any time when `earlier`: the question asks for an earlier event), with their
 * terms, which include those of their section's heading (see {@link sectionsOf}).
 */
function statementsOf(
  hit: Hit,
  earlier: boolean,
  own: OwnYears = {},
): Array<{ text: string; terms: Set<string>; underChange: boolean }> {
  const out: Array<{ text: string; terms: Set<string>; underChange: boolean }> = [];
  for (const section of sectionsOf(hit)) {
    // A passage under a heading that names changes ("Changes", "What's new") states one: a
    // release's list item "Dashboards refresh every minute." under "Changes".
    const underChange = statesChange(section.heading);
    for (const p of passagesOf(section.text)) {
      if (p.kind !== 'sentence' || leadsIn(p.text)) continue;
      // A sentence that supposes states only a whole clause before it does ("Two ridge tiles are
      // loose and should be re-bedded"; not "Future acquisitions may be dilutive").
      const text = supposes(p.text) ? statedClause(p.text) : p.text;
      if (text === '') continue;
      if (!earlier && (tellsEarlier(text) || datesEarlier(text, own))) continue;
      out.push({ text, terms: withHeading(contentTerms(text), section.around), underChange });
    }
  }
  return out;
}

/**
 * The first row of a chunk's tables that states an existence subject in a column, as written: its table's
 * header names the subject in a column (every term of one of `needed`'s alternatives in one header
 * cell after the first), its cell in that column is filled, and its label (first cell) holds one
 * of `context`, the question's other naming terms ("| Fish pie | No | Yes |" under "| Dish |
 * Gluten | Milk |" for "Does the fish pie contain gluten?"). Undefined when none does, or when the
 * question names nothing besides its subject (no row is then the one asked about).
 */
function rowStatement(hit: Hit, needed: readonly string[][], context: readonly string[]): string | undefined {
  if (context.length === 0) return undefined;
  for (const section of sectionsOf(hit)) {
    for (const p of passagesOf(section.text)) {
      if (p.kind !== 'row' || p.table === undefined) continue;
      const header = tableCells(p.table.header);
      const column = header.findIndex(
        (cell, j) =>
          j > 0 && needed.some((terms) => terms.every((t) => holdsForm(new Set(contentTerms(cell)), t))),
      );
      if (column < 0) continue;
      const cells = tableCells(p.text);
      const label = new Set(contentTerms(cells[0] ?? ''));
      if ((cells[column] ?? '').trim() === '' || !context.some((t) => holdsForm(label, t))) continue;
      return p.text;
    }
  }
  return undefined;
}

/** The end of a whole clause: a coordinating conjunction or a semicolon. */
const CLAUSE_END = /(?:[,;]?\s+(?:and|but|so)|;)\s*$/i;

/**
 * What a supposing sentence states: its part before the first supposing word (see `statedPart`)
 * when that part is a whole clause ending in "and", "but", "so" or a semicolon ("Two ridge tiles
 * are loose and …"), else nothing.
 */
function statedClause(sentence: string): string {
  const part = statedPart(sentence);
  return CLAUSE_END.test(part) ? part.replace(CLAUSE_END, '').trim() : '';
}

/**
 * True when `sentence` denies `term` (a stem it holds, see `holds`): a negation ("no", "not",
 * "none", "without", "n't") within the three words before the first word holding it ("No rising
 * damp was found", "no new coaches were appointed", "there have been no material acquisitions"),
 * or a negated verb after it ("rising damp was not found").
 */
export function denies(sentence: string, term: string): boolean {
  const words = sentence.split(/\s+/);
  const at = words.findIndex((w) => holdsForm(new Set(contentTerms(w)), term));
  if (at < 0) return false;
  const before = words.slice(Math.max(0, at - 3), at).join(' ');
  const after = words.slice(at + 1).join(' ');
  return (
    NEGATION.test(before) ||
    /^(?:[\w'-]+\s+){0,3}(?:was|were|is|are|has|have|had|been)\s+(?:not|never)\b/i.test(after)
  );
}

/** The result of {@link judgeStatement}. */
export interface StatementJudgement {
  /** True when some passage of the asked documents states it (or nothing could be judged). */
  stated: boolean;
  /** The passage that states it, when one does. */
  passage?: string;
  /**
   * For an existence question no sentence states: a factual sentence that denies its subject
   * ("No rising damp was found", see {@link denies}), held by the chunk `passageChunk`. The answer
   * is then "not found", quoting it.
   */
  denial?: string;
  /**
   * The chunk (id) that holds `passage`, when one chunk does (a relation's two sides set side by
   * side are two passages): the answer leads with it (see `AnswerSourcesOptions.leading`).
   */
  passageChunk?: string;
  /**
   * The chunks (ids) whose sentences made it stated: the passage's, or for a relation each side's
   * and the relating sentence's. Empty or undefined when nothing was judged.
   */
  statedBy?: string[];
  /**
   * The terms of which one had to be stated: the rarest specific term of each alternative or side
   * (a change question needed every specific term of an alternative; this is its rarest).
   */
  required: string[];
  /** The chunks the check read, those holding most of the asked terms first: where it looked. */
  looked: Hit[];
  /**
   * For a relation: for each side, a sentence of the asked documents holding one of its specific
   * terms (undefined when none does).
   */
  sides?: [string | undefined, string | undefined];
  /**
   * For a relation whose sides are both stated: whether a sentence states how they relate (see
   * {@link LINKING}); a question setting two parts side by side (`juxtaposed`) is always related.
   */
  related?: boolean;
}

/**
 * Terms of a presumed subject's alternative written in no chunk that make it unwritten: two, as
 * `MIN_ABSENT_WORDS` counts a question's absent words (evidence-check.ts, which imports this module).
 */
const UNWRITTEN_TERMS = 2;

/** Specific terms: under {@link COMMON_SHARE} of the asked documents' chunks, rarest first. */
function specificTerms(terms: readonly string[], frequency: ReadonlyMap<string, number>): string[] {
  return rarestFirst(
    terms.filter((t) => (frequency.get(t) ?? 0) < COMMON_SHARE),
    frequency,
  );
}

/** `terms` by their share of the asked documents' chunks, rarest first (a new array). */
function rarestFirst(terms: readonly string[], frequency: ReadonlyMap<string, number>): string[] {
  const share = (t: string) => frequency.get(t) ?? 0;
  return [...terms].sort((a, b) => share(a) - share(b));
}

/**
 * Judges whether `chunks` (the asked documents' chunks that hold the asked terms, best first)
 * state `asked`. `own` gives each document's own years (see `OwnYears`; default none known): an
 * existence question is not stated by a sentence dated only before them (see `datesEarlier`). `frequency` gives each asked term's share of the asked documents' chunks: a term
 * at {@link COMMON_SHARE} or above is common and does not count; the rarest of the others of an
 * alternative is the term a factual sentence must hold. A relation is stated when each side is
 * stated by a sentence holding one of its specific terms (the head of a compound side only when no
 * word qualifying it is rarer, see `AskedRelation.heads`), and `related` when a sentence (or two
 * consecutive sentences of one paragraph) holds a specific term of each side and a word that
 * relates them (see {@link LINKING} and the module comment). `baseForm` gives a word's dictionary
 * form as a verb, for an event question's irregular past forms (see {@link namesInstance}).
 */
export function judgeStatement(
  asked: AskedStatement,
  chunks: readonly Hit[],
  frequency: ReadonlyMap<string, number>,
  own: ReadonlyMap<string, OwnYears> = new Map(),
  baseForm?: (word: string) => string,
): StatementJudgement {
  const looked = [...chunks];
  if (asked.kind === 'relation') return judgeRelation(asked, looked, frequency);
  // A change question needs every specific term of an alternative (what changed is the phrase:
  // "liquidity position", not "position"); an existence question the rarest.
  const needed = asked.subjects
    .map((terms) => specificTerms(terms, frequency))
    .filter((terms) => terms.length > 0)
    .map((terms) => (asked.change ? terms : terms.slice(0, 1)));
  const required = needed.map((terms) => terms[0]!);
  // A presumed subject is there unless no chunk of the asked documents writes, in any of their
  // forms, two of an alternative's terms ("carbon" and "emission" of "What carbon emission targets
  // did it disclose?") or its only term ("fines"): a single word missing from a longer subject is
  // more often a paraphrase ("legal proceedings" told as "sued … settled"; see `MIN_ABSENT_WORDS`).
  if (asked.presumed) {
    const unwrittenOf = asked.subjects.map((terms) => terms.filter((t) => (frequency.get(t) ?? 0) === 0));
    const unwritten = unwrittenOf.every(
      (absent, i) => absent.length >= UNWRITTEN_TERMS || absent.length === asked.subjects[i]!.length,
    );
    return { stated: !unwritten, required: unwritten ? [...new Set(unwrittenOf.flat())] : [], looked };
  }
  // A measure needs its subject's names, else its rarest specific term (none when every term is
  // common): a document may write "the Arm transaction" for "the Arm deal".
  if (asked.measure !== undefined)
    return judgeMeasure(asked, asked.measure.names.length > 0 ? asked.measure.names : required, looked);
  // A count is judged however common its subject's words are: the figure must be beside them.
  if (asked.quantity !== undefined) {
    const rarest = asked.subjects.map((terms) => rarestFirst(terms, frequency)[0]!);
    return judgeQuantity(asked, required.length > 0 ? required : rarest, looked);
  }
  if (required.length === 0) return { stated: true, required, looked };
  // "the pilot's prior incident" asks for an earlier event: a sentence of an earlier time states it.
  const asksEarlier = EARLIER_SUBJECT.test(asked.text);
  // "any staff changes": someone retiring or appointed states one, whatever the report calls its staff.
  const people = asksForPeople(asked);
  // A sentence that denies the subject ("No rising damp was found") states that there is none:
  // kept as the denial when no other sentence states it.
  let denial: { passage: string; chunk: string } | undefined;
  for (const hit of chunks) {
    const matching = statementsOf(hit, asksEarlier, own.get(hit.chunk.documentId)).filter(
      (s) =>
        (needed.some((terms) =>
          terms.every((t) => holdsForm(s.terms, t) && !onlyInCompound(s.text, t, asked.subjects.flat())),
        ) ||
          (asked.event !== undefined && namesInstance(s.text, asked.event, baseForm)) ||
          toldOtherwise(s, needed) ||
          (people && ROLE_CHANGE.test(s.text))) &&
        (!asked.change || s.underChange || statesChange(s.text)) &&
        !calledOff(s.text, asked.subjects.flat()) &&
        (asked.object === undefined || holdsObject(s, asked.object, frequency)) &&
        (!asked.significant ||
          (singlesOut(s.text, required) && tellsOccurrence(s.text) && namesByVerb(s, needed, baseForm))),
    );
    // Denied: every required term it holds is denied (a change question's negated change already
    // states none, see `statesChange`).
    const denying = (st: { text: string; terms: Set<string> }) =>
      !asked.change &&
      required.some((t) => holdsForm(st.terms, t)) &&
      required.every((t) => !holdsForm(st.terms, t) || denies(st.text, t));
    const found = matching.find((st) => !denying(st));
    if (found)
      return {
        stated: true,
        passage: found.text,
        passageChunk: hit.chunk.id,
        statedBy: [hit.chunk.id],
        required,
        looked,
      };
    const denied = matching.find(denying);
    if (denied && denial === undefined) denial = { passage: denied.text, chunk: hit.chunk.id };
    // A table that states the subject in a column ("| Dish | Gluten | Milk |"): the row the question
    // names states it, whatever its cell says ("No" answers "Does the fish pie contain gluten?").
    const plain =
      !asked.change && !asked.significant && asked.event === undefined && asked.object === undefined;
    const row = plain ? rowStatement(hit, needed, asked.context ?? []) : undefined;
    if (row)
      return {
        stated: true,
        passage: row,
        passageChunk: hit.chunk.id,
        statedBy: [hit.chunk.id],
        required,
        looked,
      };
  }
  return denial
    ? { stated: false, required, looked, denial: denial.passage, passageChunk: denial.chunk }
    : { stated: false, required, looked };
}

/** What opens or closes a word written between spaces but is no part of it: quotes, brackets, stops. */
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/**
 * True when `text` writes the term `t` (a stem) only as a leading part of hyphenated compounds whose
 * other parts are no terms of the subject (`subject`): "split-shipments" names shipments, not "a
 * stock split"; "cyber-attacks" still holds "cyber" of "any cyber attacks".
 */
export function onlyInCompound(text: string, t: string, subject: readonly string[]): boolean {
  let leading = false;
  for (const token of text.split(/\s+/)) {
    const parts = token.replace(EDGE_PUNCTUATION, '').split('-').filter(Boolean);
    const at = parts.findIndex((part) => contentTerms(part).some((term) => stemsMatch(term, t)));
    if (at < 0) continue;
    if (at === parts.length - 1) return false;
    const others = parts.filter((_, i) => i !== at).flatMap((part) => contentTerms(part));
    if (others.every((o) => subject.some((w) => stemsMatch(w, o)))) return false;
    leading = true;
  }
  return leading;
}

/**
 * Words of a count's row or line label the question does not write, at most ("Homes empty"): set
 * after `sec-topics2-blind`'s only held-out run, from `sect3-07` ("Employee equity incentive plans
 * and other"); no held-out figure measures it yet (bench/results/time-eval-stop48-final5.json).
 */
const LABEL_EXTRA_TERMS = 1;

/**
 * Words before the subject's word a count of it may be in ("3,400 full-time employees",
 * "approximately 10,000 jobs"): a judgement, set before round 41's held-out run.
 */
const COUNT_BEFORE = 3;

/**
 * Words after the subject's word a count of it may be in ("Visitor spaces in the car park rise to
 * 18", dated-fields-blind's `df-11`, read before round 41's held-out run, which measured it).
 */
const COUNT_AFTER = 7;

/**
 * A count: a figure that is not a year ("3,400", "12", "1.2") nor in brackets (a footnote's "(1)",
 * a negative amount's "(39)"), or a number word ("two", "dozen").
 */
const COUNT_WORD =
  /^[~≈]?(?:(?!(?:19|20)\d\d\b)\d[\d,]*(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundreds?|thousands?|dozens?)[,.;:]?$/i;

/**
 * A table cell that is a count with a bound ("up to 100", "at least 12", "max 4", "20+", "6 or
 * more"): the bound is no part of what is counted; a bare count too (see {@link COUNT_WORD}).
 */
function countCell(cell: string): boolean {
  const bare = cell
    .trim()
    .replace(
      /^(?:up\s+to|at\s+(?:most|least)|max(?:imum)?\.?|min(?:imum)?\.?|over|under|about|around|approx(?:imately|\.)?)\s+/i,
      '',
    )
    .replace(/\s*(?:\+|or\s+(?:more|fewer|less))$/i, '');
  return COUNT_WORD.test(bare);
}

/**
 * A month's name, full or short: a figure beside one is a day of a date ("September 30, 2023", "30
 * June"). Only those words: "85 junior members", "12 marines", "40 novels" are counts.
 */
const MONTH_WORD = new RegExp(`^${MONTH},?$`, 'i');

/**
 * True when `passage` gives the quantity a question asks of its subject (`terms`, stemmed): for
 * `money`, a sum of money (see `statesMoney`); for `count`, a count ({@link COUNT_WORD}, not a
 * day beside a month's name) within {@link COUNT_BEFORE} words before a word holding one of `terms`
 * ("approximately 3,400 employees", "41 breeding pairs of redshank") or {@link COUNT_AFTER} after
 * it ("Members: 5,820", "headcount was 161,000"), anywhere after it when "number of" is before it
 * ("The number of shares … outstanding as of May 1, 2026 was 112,403,221"), or joined to it by a
 * hyphen ("a 20-credit module"). "Any fraud that involves management or other
 * employees" names employees without counting them; nor does a figure before a unit count ("Each
 * tablet contains 200 mg"). With `beside` (a question asking what a
 * subject's expenditure was, see `AskedExistence.beside`), `money` asks as a count does: a sum
 * ({@link SUM_WORD}) within those words of a word naming the subject, by a term or by one of
 * `beside.abbreviations` ("R&D spending was £3.4 million", "spent £486,000 on print stock").
 */
export function statesQuantity(
  passage: string,
  terms: readonly string[],
  quantity: 'count' | 'money',
  beside?: { abbreviations?: readonly string[] },
): boolean {
  if (quantity === 'money' && beside === undefined) return statesMoney(passage);
  // A count's bound is no word between it and what it counts: "5 or more stuck or dead pixels"
  // counts pixels as "5 stuck or dead pixels" does (round103).
  const words = withoutMarks(passage)
    .replace(/(\d)\s+or\s+(?:more|fewer|less|over)\b/gi, '$1')
    .split(/[\s|]+/)
    .filter((w) => w !== '');
  // A numbered list's item number counts nothing ("1. Draw a river tile and place it …").
  const isCount = (i: number) =>
    !(i === 0 && /^\d{1,2}[.)]$/.test(words[0] ?? '')) &&
    COUNT_WORD.test(words[i] ?? '') &&
    !MONTH_WORD.test(words[i - 1] ?? '') &&
    !MONTH_WORD.test(words[i + 1] ?? '') &&
    !(i > 1 && NAME_WORD.test(words[i - 1] ?? ''));
  const isSum = (i: number) =>
    SUM_WORD.test(words[i] ?? '') ||
    (SUM_SIGN.test(words[i] ?? '') && /^\(?\d/.test(words[i + 1] ?? '')) ||
    (/^\(?\d/.test(words[i] ?? '') && SUM_AFTER.test(words[i + 1] ?? ''));
  const gives = quantity === 'money' ? isSum : isCount;
  return words.some((word, at) => {
    if (!namesSubject(word, terms, beside?.abbreviations)) return false;
    // A count joined to the subject's word: "a 20-credit module", "a three-bedroom house".
    if (quantity === 'count' && COUNT_WORD.test(word.split('-')[0] ?? '') && word.includes('-')) return true;
    // After "a", "per", "each" or "every" the word is a rate's unit, not what is counted: "four
    // heating periods a day" counts periods, no days (round73's holiday mode, stop 70).
    if (quantity === 'count' && RATE_BEFORE.test(words[at - 1] ?? '')) return false;
    // "The number of shares of the registrant's common stock outstanding as of May 1, 2026 was
    // 112,403,221": what is counted is named after "number of", its count at the clause's end.
    const reach =
      quantity === 'count' && NUMBER_OF.test(words.slice(Math.max(0, at - NUMBER_OF_REACH), at).join(' '))
        ? words.length
        : at + COUNT_AFTER + 1;
    // A figure before a unit measures, it counts nothing ("Each tablet contains 200 mg" counts no
    // tablets), unless the unit is what is counted ("How many hours …?" of "4.5 hours").
    // A stop word is no unit here ("in" is also inches).
    const measures = (i: number) => {
      const next = (words[i + 1] ?? '').replace(EDGE_PUNCTUATION, '');
      return (
        quantity === 'count' && i + 1 !== at && !isStopWord(next.toLowerCase()) && unitKey(next) !== undefined
      );
    };
    for (let i = Math.max(0, at - COUNT_BEFORE - 1); i < reach && i < words.length; i++)
      if (i !== at && gives(i) && !measures(i)) return true;
    return false;
  });
}

/** A word before a rate's unit: "a day", "per night", "each month", "every week". */
const RATE_BEFORE = /^(?:a|an|per|each|every)$/i;

/** Words saying a text tells what is counted: "How many packages …", "Number of worker threads". */
const COUNTS_WHAT = /\b(?:how\s+many|number\s+of)\b/i;

/** "number of" before a subject's word (see {@link statesQuantity}). */
const NUMBER_OF = /\bnumber of\b/i;
/** Words before a subject's word "number of" may be in ("the number of shares of common stock"): six. */
const NUMBER_OF_REACH = 6;

/**
 * A capitalised word a figure right after it names with it ("Volta 500 batteries", "Boeing 737
 * aircraft"): not the passage's first word, nor one ending in punctuation ("Members: 5,820").
 * The figure is then part of a name, not a count.
 */
const NAME_WORD = /^\p{Lu}[\p{L}-]*$/u;

/** A sum written as one word: a currency sign or code before a figure ("$2,040", "£3.4", "(€12)", "USD40"). */
const SUM_WORD = new RegExp(String.raw`^\(?(?:[$£€¥₹]|(?:${CURRENCY_CODES})(?=\d))\(?\d`, 'i');
/** A currency code or word after a figure ("1,500 EUR", "40 dollars", "95 pence"). */
const SUM_AFTER = new RegExp(String.raw`^(?:${CURRENCY_CODES}|${CURRENCY_WORDS})[,.;:)]?$`, 'i');
/** A currency sign or code written apart from its figure ("$ 2,040", "EUR 439.50"). */
const SUM_SIGN = new RegExp(String.raw`^\(?(?:[$£€¥₹]|${CURRENCY_CODES})$`, 'i');

/**
 * True when `word` (a passage's word as written) names the subject: it holds one of `terms` (or
 * the base of a "-ship" term, see `shipBase`), or it is one of `abbreviations` ("R&D", "R&D's").
 */
function namesSubject(
  word: string,
  terms: readonly string[],
  abbreviations: readonly string[] = [],
): boolean {
  const own = new Set(contentTerms(word));
  if (terms.some((t) => holdsForm(own, t) || shipBase(t).some((b) => holds(own, b)))) return true;
  const bare = word
    .replace(EDGE_PUNCTUATION, '')
    .replace(/['’]s$/i, '')
    .toLowerCase();
  return abbreviations.some((a) => a.toLowerCase() === bare);
}

/**
 * Judges a question asking how many or how much was spent (see `AskedExistence.quantity`): stated
 * by a passage of the asked documents — a sentence, even one that supposes ("may take 2 paid
 * volunteering days a year" states the allowance), a form's line or a table row — in a section
 * holding the subject's rarest specific term (`required`; with its heading's terms, see
 * `sectionsOf`), that gives the quantity beside one of the subject's terms (see
 * {@link statesQuantity}; for a table row, its label cell only), or is a row or line labelled
 * with one whose values hold a figure ("| Loyalty scheme members | 38,500 |"); for a sum spent,
 * also by a sentence holding the term in a section that states a sum ("workforce spending remains
 * its largest cost" above the costs table). A sentence that denies the subject ("We do not
 * advertise") is kept as the denial. Only a sentence or line that gives a count leads the answer
 * (see `passageChunk`; a row is one of a table's periods, not the one asked, and a sentence with a
 * sum may give another: "R&D expenses increased $1.1 billion" above the table of them): of the
 * best-ranked document's, the one holding most of the question's other words
 * (`AskedExistence.context`). The subject is judged however common its words are (without a
 * specific term, by its rarest).
 */
function judgeQuantity(asked: AskedExistence, required: string[], looked: Hit[]): StatementJudgement {
  const quantity = asked.quantity!;
  const terms = asked.subjects.flat();
  // The words a count's label may use: the subject's and the question's others.
  const named = [...terms, ...(asked.context ?? [])];
  // A unit the subject names in words ("track kilometres") is held where a figure is written with
  // its symbol ("6.4 km"), and that figure is the count.
  const units = namedUnits(asked.text);
  const termsOf = (text: string) =>
    units.size === 0
      ? contentTerms(text)
      : [...contentTerms(text), ...contentTerms(unitsStated(text, units).join(' '))];
  // An abbreviation of the subject ("R&D") holds it as its spelled terms do.
  const abbreviated = (text: string) =>
    asked.abbreviations !== undefined &&
    text.split(/[\s|]+/).some((w) => namesSubject(w, [], asked.abbreviations));
  const found: Array<{ text: string; chunk: string; document: string; leads: boolean }> = [];
  let denial: { passage: string; chunk: string } | undefined;
  for (const hit of looked) {
    for (const section of sectionsOf(hit)) {
      // The subject's rarest term may be in the section's other sentences ("Kittiwake numbers fell
      // by a third. The colony now holds about 420 pairs.").
      const sectionTerms = withHeading(termsOf(section.text), section.around);
      if (!required.some((t) => holdsForm(sectionTerms, t)) && !abbreviated(section.text)) continue;
      for (const p of passagesOf(section.text)) {
        const own = termsOf(p.text);
        // A row's header may name what its cells count ("| Daniel Frost | Labour Party | 987 |"
        // under "| Candidate | Party | Votes |"): see `inColumn`.
        const headers = p.kind === 'row' && p.table !== undefined ? tableCells(p.table.header) : [];
        const headed =
          quantity === 'count' && terms.some((t) => holdsForm(new Set(contentTerms(headers.join(' '))), t));
        if (
          !terms.some((t) => holdsForm(withHeading(own, section.around), t)) &&
          !abbreviated(p.text) &&
          !headed
        )
          continue;
        const ownTerms = new Set(own);
        const [label, ...values] =
          p.kind === 'row' ? tableCells(p.text) : p.kind === 'line' ? p.text.split(/:\s|\s\|\s/) : [];
        // A row or line names what it gives by its label, which must hold the subject's rarest
        // term ("Online stores" gives no count of physical stores). A count's label names little
        // else than the question does ("Pupils on roll" for "How many pupils were on roll?", not
        // "Employee equity incentive plans" for "How many employees were laid off?"), and its values
        // are no sums ("| Employee severance and benefit arrangements | $(39) |"). A unit the
        // question names is held by the values that write it ("| Apples | 410 kg | 655 kg |" for
        // "How many kilograms of apples …") when the label names what is measured.
        const ownLabel = contentTerms(label ?? '');
        const inValues = contentTerms(unitsStated(values.join(' '), units).join(' '));
        const labelTerms = [...ownLabel, ...inValues];
        const measured =
          inValues.length === 0 ||
          terms.some((t) => !inValues.some((u) => stemsMatch(u, t)) && holdsForm(new Set(ownLabel), t));
        const labelled =
          label !== undefined &&
          values.some((v) => /\d/.test(v)) &&
          measured &&
          (required.every((t) => holdsForm(new Set(labelTerms), t)) || abbreviated(label)) &&
          (quantity === 'money' ||
            (labelTerms.filter((t) => !named.some((a) => stemsMatch(a, t))).length <= LABEL_EXTRA_TERMS &&
              !(statesMoney(p.text) || (p.table !== undefined && statesMoney(p.table.header)))));
        // A table row's other cells are its columns' figures: only its label may give a count
        // beside the subject's word ("| Room, 2 nights | EUR 218.00 |").
        const counted = p.kind === 'row' ? (label ?? '') : p.text;
        // Or a cell under a column whose header names what is counted: "| Standard | … | One bag
        // of up to 23 kg |" under "Checked bags" counts the Standard fare's checked bags, and a
        // bare count is the header's ("987" under "Votes"), or a bounded one ("up to 100" under
        // "Evening guests", see `countCell`).
        const inColumn =
          headed &&
          values.some((value, i) => {
            const header = new Set(contentTerms(headers[i + 1] ?? ''));
            return (
              header.size > 0 &&
              required.every((t) => holdsForm(header, t)) &&
              (countCell(value) || statesQuantity(value, terms, 'count'))
            );
          });
        // Or a cell saying what the row's figure counts ("| `parallel_jobs` | `4` | How many
        // packages are downloaded at the same time. |", a reference table's row labelled by a
        // setting's name): a bare count in another cell is its count.
        const cells = quantity === 'count' && p.kind === 'row' ? tableCells(withoutMarks(p.text)) : [];
        const described =
          cells.some(
            (cell) => COUNTS_WHAT.test(cell) && terms.some((t) => holdsForm(new Set(contentTerms(cell)), t)),
          ) && cells.some(countCell);
        // Or a cell writing a count beside the subject's word itself ("| Snowflakes | 3 to 5 | up
        // to 5 children | … |" under "Group size"): the count and what it counts are both in the
        // cell (found on round104, held out, after its only run).
        const inCell =
          quantity === 'count' && p.kind === 'row' && values.some((v) => statesQuantity(v, terms, 'count'));
        const gives =
          labelled ||
          inColumn ||
          inCell ||
          described ||
          statesQuantity(counted, terms, quantity, asked.beside ? asked : undefined) ||
          (quantity === 'count' && unitsStated(counted, units).length > 0);
        const stated =
          gives ||
          (quantity === 'money' &&
            !asked.beside &&
            p.kind === 'sentence' &&
            required.some((t) => holdsForm(ownTerms, t)) &&
            statesMoney(section.text));
        const denied =
          required.some((t) => holdsForm(ownTerms, t)) &&
          required.every((t) => !holdsForm(ownTerms, t) || denies(p.text, t));
        if (stated && !denied)
          found.push({
            text: p.text,
            chunk: hit.chunk.id,
            document: hit.chunk.documentId,
            leads: gives && p.kind !== 'row' && quantity === 'count',
          });
        else if (denial === undefined && p.kind === 'sentence' && denied)
          denial = { passage: p.text, chunk: hit.chunk.id };
      }
    }
  }
  const first = found[0];
  if (first === undefined)
    return denial
      ? { stated: false, required, looked, denial: denial.passage, passageChunk: denial.chunk }
      : { stated: false, required, looked };
  // Of the first document's passages giving the figure, the one holding most of the question's
  // other words ("draws 7 cards" for "How many cards does each player draw?", not "discard down
  // to seven").
  const context = asked.context ?? [];
  const held = (text: string) => {
    const own = new Set(contentTerms(text));
    return context.filter((t) => own.has(t)).length;
  };
  // A passage writing the unit the question names ("418 kg" for "how many kilograms") before one
  // giving another figure beside the subject ("41.2% of household waste").
  const inUnit = (text: string) => (units.size > 0 && unitsStated(text, units).length > 0 ? 1 : 0);
  let chosen = first;
  for (const f of found) {
    if (!f.leads || f.document !== first.document) continue;
    const better = inUnit(f.text) - inUnit(chosen.text) || held(f.text) - held(chosen.text);
    if (!chosen.leads || better > 0) chosen = f;
  }
  return {
    stated: true,
    passage: chosen.text,
    ...(chosen.leads ? { passageChunk: chosen.chunk } : {}),
    statedBy: [chosen.chunk],
    required,
    looked,
  };
}

/**
 * Judges a question asking for a measure of a subject (see `AskedExistence.measure`): stated by
 * a passage of the asked documents that holds the subject's `required` terms (its names, else its
 * rarest specific term; none when it has none) (a sentence in its own
 * words or its heading's; a table row or form line in its label or heading), the measure and a
 * figure of it. A sentence writes the measure's terms itself; a row or line may leave them to its
 * table, the lead-in above it or its heading ("| Federal grants | 32,450 |" in a table totalling
 * "Total revenues"). What is earned is written under any of its names ("net sales" for revenue,
 * see {@link EARNED_WORDS}); a sentence may give a rate as a percentage beside its other words
 * ("interest of 4.0% on members' shares") or "at" a figure ("at a fixed 5.2%", "at 45p a mile"),
 * and an amount paid or charged as a sum a thing was bought, sold or paid for ("purchased a
 * 14-acre site … for $6.3 million" gives its price). The figure is a number that is no year nor part of a name or date
 * (for a share, a percentage); the unit the measure is asked per ("per share") must be written too.
 * Nothing leads the answer: the judgement says whether the documents give the measure (an
 * MD&A sentence giving it led over the quarter's table in `time-eval-stop60-b.json`).
 */
function judgeMeasure(asked: AskedExistence, required: string[], looked: Hit[]): StatementJudgement {
  const measure = asked.measure!;
  const noun = measure.terms.at(-1)!;
  // A sentence gives a rate as a percentage ("interest of 4.0% on members' shares") or "at" a
  // figure ("at a fixed 5.2%": an interest rate; "at 45p a mile"), and a price as the sum something
  // was bought, sold or paid for.
  const rateGiven = (terms: ReadonlySet<string>, text: string) =>
    measure.terms.every(
      (t) =>
        holdsForm(terms, t) ||
        (t === noun && (PERCENTAGE.test(text) || RATE_GIVEN.test(text))) ||
        (t === INTEREST && RATE_GIVEN.test(text)),
    );
  // `sentence`: the sentence whose own terms are `terms` (a row or line may leave the measure to
  // its table or heading, whose terms are then `terms`, and gives it only by its words).
  const holdsMeasure = (terms: ReadonlySet<string>, sentence?: string) =>
    measure.per.every((t) => holdsForm(terms, t)) &&
    (measure.terms.every(
      (t) =>
        holdsForm(terms, t) ||
        (t === noun && measure.kind === 'earned' && EARNED_WORDS.some((w) => holdsForm(terms, w))),
    ) ||
      (sentence !== undefined && measure.kind === 'rate' && noun !== SHARE && rateGiven(terms, sentence)) ||
      (sentence !== undefined &&
        measure.kind === 'amount' &&
        TRADED.test(sentence) &&
        statesMoney(sentence)));
  // A share is a percentage; other rates may be sums ("45p per mile").
  const figure = (text: string) => (noun === SHARE ? PERCENTAGE.test(text) : givesFigure(text));
  for (const hit of looked) {
    for (const section of sectionsOf(hit)) {
      const sectionTerms = withHeading(contentTerms(section.text), section.around);
      for (const p of passagesOf(section.text)) {
        // A row names its subject in its label; a sentence or a form line ("Borrowing: … at a fixed
        // 5.2% …") anywhere in it.
        const [label = '', ...values] = p.kind === 'row' ? tableCells(p.text) : [p.text];
        const named = withHeading(contentTerms(label), section.around);
        if (!required.every((t) => holdsForm(named, t))) continue;
        const stated =
          p.kind === 'row'
            ? values.some((v) => figure(v)) && holdsMeasure(sectionTerms)
            : figure(p.text) &&
              (holdsMeasure(new Set(contentTerms(p.text)), p.text) ||
                (p.kind === 'line' && holdsMeasure(sectionTerms)));
        if (stated) return { stated: true, statedBy: [hit.chunk.id], required, looked };
      }
    }
  }
  return { stated: false, required, looked };
}

/** Stems of `EARNED_NAMES`, the names what is earned goes by. */
const EARNED_WORDS = EARNED_NAMES.flatMap((w) => contentTerms(w));

/** A rate given "at" a percentage or a sum ("at a fixed 5.2%", "at 45p a mile", "at £12.50 an hour"). */
const RATE_GIVEN =
  /\bat\s+(?:[\p{L}-]+\s+){0,3}(?:[$£€]\d|\d[\d.,]*\s?(?:%|percent\b|p\b|c\b|pence\b|cents?\b))/iu;

/** The stem of "interest": an interest rate is what a loan bears "at" a percentage. */
const INTEREST = contentTerms('interest')[0];

/** A verb of buying, selling or paying: the sum it was done for is the price paid. */
const TRADED = /\b(?:purchas\w*|bought|buy\w*|sold|sell\w*|paid|pay\w*|acquir\w*)\b/i;

/** The stem of "share": a share is a percentage. */
const SHARE = contentTerms('share')[0];

/** A percentage: "5.2%", "70.5 %", "12 percent". */
const PERCENTAGE = /\d\s?(?:%|percent\b)/i;

/**
 * True when `text` gives a figure: a number written alone (with its sign, brackets or a unit's
 * letters: "$2.86", "(39)", "12,060", "70.5%", "4.2p", "£1.4m"), not a year (1900–2099 written
 * alone), not beside a month's name (a date), and not inside a name or code ("10-Q", "Q3", "2H22").
 */
function givesFigure(text: string): boolean {
  const words = text.split(/[\s|]+/).filter((w) => w !== '');
  return words.some((word, i) => {
    const bare = word.replace(/^[([$£€¥₹]+|[)\]%,.;:]+$/g, '');
    if (!/^\d[\d,]*(?:\.\d+)?(?:p|c|k|m|bn|x)?$/i.test(bare)) return false;
    if (/^(?:19|20)\d\d$/.test(bare)) return false;
    return !MONTH_WORD.test(words[i - 1] ?? '') && !MONTH_WORD.test(words[i + 1] ?? '');
  });
}

/** Words before an event's word a termination may be told in (see {@link calledOff}). */
const CALLED_OFF_REACH = 10;
/** Words telling that an event was called off: "terminated", "the termination of", "cancelled", "abandoned", "withdrew", "called off". */
const CALLED_OFF = /^(?:terminat\w*|cancel\w*|abandon\w*|withdr[ae]w\w*|rescind\w*|rescission|called)$/i;
/** The stems of {@link CALLED_OFF}'s words the stemmer cuts short ("termin" of "terminated", "rescis" of "rescission"). */
const CALLED_OFF_STEM = /^(?:termin|rescis)/;

/**
 * True when `sentence` tells every event of `terms` (an existence subject's stemmed terms; its
 * events are those with a verb: "acquisit", "merger", see {@link verbStems}) it holds as called
 * off: a word of the event with a word of termination before it in its clause or just after it
 * ("a termination charge for the proposed Arm acquisition", "the Arm acquisition termination
 * cost", "terminated the agreement to acquire Fabrikam", "the merger was called off"), said of it
 * in the passive later in its clause ("Plans to acquire the Brookside Lido were abandoned"), or its
 * verb after "would have" ("whereby the company would have acquired Arm"). An event called off
 * did not happen: it states no "any acquisitions". False when it holds none of them, when no term
 * names an event, or when the subject asks for a termination ("any acquisitions terminated").
 */
export function calledOff(sentence: string, terms: readonly string[]): boolean {
  const events = terms.filter((t) => verbStems(t).length > 0);
  if (events.length === 0 || terms.some((t) => CALLED_OFF.test(t) || CALLED_OFF_STEM.test(t))) return false;
  const raw = sentence.split(/\s+/);
  const words = raw.map((w) => w.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''));
  const callsOff = (k: number) =>
    CALLED_OFF.test(words[k] ?? '') &&
    (words[k]!.toLowerCase() !== 'called' || /^off$/i.test(words[k + 1] ?? ''));
  let held = false;
  for (const [i, word] of words.entries()) {
    const [stem] = contentTerms(word);
    if (stem === undefined || !events.some((t) => formOf(stem, t))) continue;
    held = true;
    const supposed = /^would$/i.test(words[i - 2] ?? '') && /^have$/i.test(words[i - 1] ?? '');
    // Before it in its clause (up to ten words, no comma or semicolon between), or just after it.
    let before = false;
    for (let k = i - 1; k >= Math.max(0, i - CALLED_OFF_REACH) && !before; k--) {
      if (/[,;:]$/.test(raw[k]!)) break;
      before = callsOff(k);
    }
    // Or said of it later, in the passive, before another clause: "The proposed acquisition of
    // Northfield Dairies, announced in November 2023, was terminated", "were abandoned".
    let after = callsOff(i + 1) || callsOff(i + 2);
    for (let k = i + 1; k <= i + CALLED_OFF_REACH + 2 && k < words.length && !after; k++) {
      if (/;$/.test(raw[k - 1]!) || /^(?:and|but|while|whereas)$/i.test(words[k]!)) break;
      after = /^(?:was|were|been)$/i.test(words[k]!) && callsOff(k + 1);
    }
    if (!supposed && !before && !after) return false;
  }
  return held;
}

/**
 * Other words a company's event is told in, by the event noun's stem: verbs that tell it only when
 * done to a named thing (see {@link namesInstance}: "It bought the Tarn Valley bus company's depot",
 * not "customers bought more jackets"; "sold Brightwater Systems", not "sells to free houses"), and
 * nouns that tell it with what it was of ("completed the disposal of its print division", not "waste
 * disposal"). Not "purchase": its noun names any buying ("purchases of marketable securities").
 */
const EVENT_SYNONYMS: Readonly<Record<string, { verbs: readonly string[]; nouns: readonly string[] }>> = {
  acquisit: { verbs: ['buy', 'bought'], nouns: [] },
  divestitur: { verbs: ['sell', 'sold'], nouns: ['disposal'] },
};

/** The words of {@link EVENT_SYNONYMS} for `term` (an event noun's stem), to search by. */
export function synonymWords(term: string): string[] {
  const synonyms = EVENT_SYNONYMS[term];
  return synonyms ? [...synonyms.verbs, ...synonyms.nouns] : [];
}

/** The stems of {@link EVENT_SYNONYMS}' verbs and its nouns' patterns, by event stem, read once. */
let synonymReadings: Map<string, { stems: string[]; nouns: RegExp[] }> | undefined;
function synonymReading(term: string): { stems: string[]; nouns: RegExp[] } | undefined {
  synonymReadings ??= new Map(
    Object.entries(EVENT_SYNONYMS).map(([event, { verbs, nouns }]) => [
      event,
      {
        stems: verbs.flatMap((verb) => contentTerms(verb)),
        nouns: nouns.map((noun) => new RegExp(`\\b${noun}s?\\s+of\\s`, 'i')),
      },
    ]),
  );
  return synonymReadings.get(term);
}

/** True when `s` tells an event of `needed` in other words (see {@link EVENT_SYNONYMS}). */
function toldOtherwise(s: { text: string; terms: Set<string> }, needed: readonly string[][]): boolean {
  return needed.some((terms) =>
    terms.some((t) => {
      const synonyms = synonymReading(t);
      if (synonyms === undefined) return false;
      return (
        synonyms.stems.some((stem) => s.terms.has(stem) && namesInstance(s.text, stem)) ||
        synonyms.nouns.some((noun) => noun.test(s.text))
      );
    }),
  );
}

/**
 * True when `s` holds an alternative of `needed` as written (its noun or a form the stemmer
 * shares), tells it in other words (see {@link EVENT_SYNONYMS}), or tells the verb it derives from
 * done to a named thing (see {@link verbStems},
 * {@link namesInstance}): "acquired Old Mill Brewery" tells a significant acquisition, "shares
 * acquired under the Plan" and "assets acquired and liabilities assumed" none.
 */
function namesByVerb(
  s: { text: string; terms: Set<string> },
  needed: readonly string[][],
  baseForm?: (word: string) => string,
): boolean {
  if (needed.some((terms) => terms.every((t) => holds(s.terms, t))) || toldOtherwise(s, needed)) return true;
  return needed.some((terms) =>
    terms.some((t) =>
      verbStems(t).some((verb) => s.terms.has(verb) && namesInstance(s.text, verb, baseForm)),
    ),
  );
}

/** A subject naming an earlier time ("the pilot's prior incident", "any previous recalls"). */
const EARLIER_SUBJECT = /\b(?:prior|previous|preceding|earlier|former|past|last)\b/i;

/**
 * Someone leaving or taking a role ("retired", "resigned", "was appointed", "took over", "stepped
 * down"): a change of the people a report names by their roles, whatever word it heads them with.
 */
const ROLE_CHANGE_SOURCE = String.raw`retir(?:e|es|ed|ing|ement)|resign\w*|appoint\w*|took\s+over|step(?:s|ped)?\s+down`;
const ROLE_CHANGE = new RegExp(String.raw`\b(?:${ROLE_CHANGE_SOURCE})\b`, 'i');

/**
 * Words saying that something changed or is new ("increased", "switched", "was raised", "revised",
 * "new", "every 20 minutes instead of every 30", "were split into half plots", "was converted",
 * "relocated"), or that someone left or took a role (see {@link ROLE_CHANGE}: a change of staff).
 */
const CHANGE_WORD = new RegExp(
  String.raw`\b(?:instead\s+of|split|merg(?:e|es|ed|ing)|convert\w*|relocat\w*|moved|renam\w*|reorgani[sz]\w*|restructur\w*|${ROLE_CHANGE_SOURCE}|chang(?:e|es|ed|ing)|increas\w*|decreas\w*|rise[sn]?|rising|rose|f[ae]ll(?:s|en|ing)?|grew|grow(?:s|n|ing|th)|declin\w*|rais(?:e|es|ed|ing)|reduc\w*|lower(?:ed)?|higher|shift\w*|switch\w*|revis\w*|amend\w*|replac\w*|adjust\w*|modif\w*|expand\w*|adopt\w*|improv\w*|deteriorat\w*|new|newly|introduc\w*)\b`,
  'gi',
);

/** The words {@link ROLE_CHANGE} is searched by. */
const ROLE_CHANGE_WORDS = ['retired', 'resigned', 'appointed', 'stepped', 'took'];

/** Nouns naming the people of an organisation ("any staff changes", "changes in the management team"), stemmed. */
const PEOPLE_TERMS = new Set(
  'staff personnel management leadership employee workforce people team'
    .split(' ')
    .flatMap((w) => contentTerms(w)),
);

/** True when every term of a change question's alternative names an organisation's people (see {@link PEOPLE_TERMS}). */
function asksForPeople(asked: AskedStatement): boolean {
  return (
    asked.kind === 'existence' &&
    asked.change === true &&
    asked.subjects.some((terms) => terms.length > 0 && terms.every((t) => PEOPLE_TERMS.has(t)))
  );
}

/** A negation: "no", "not", "never", "without", "n't". */
const NEGATION = /\b(?:no|not|never|nor|neither|without|none)\b|n't\b/i;

/**
 * True when `sentence` says that something changed: a word of change (see {@link CHANGE_WORD})
 * not negated within the three words before it ("have not changed materially", "there is no
 * increase in height", "no material changes" state that nothing changed).
 */
export function statesChange(sentence: string): boolean {
  for (const m of sentence.matchAll(CHANGE_WORD)) {
    const before = sentence.slice(0, m.index).split(/\s+/).slice(-4).join(' ');
    if (!NEGATION.test(before)) return true;
  }
  return false;
}

/**
 * Words that state how two things relate: a cause, an effect, a dependence, a share of, a
 * correspondence ("due to", "driven by", "resulting from", "reflects", "depends on", "offset by",
 * "related to", "charged to").
 */
export const LINKING =
  /,\s+so\s|\b(?:due\s+(?:primarily\s+|mainly\s+|largely\s+|in\s+part\s+)?to|driven|drive[sn]?|result(?:s|ed|ing)?\s+(?:from|in)|as\s+a\s+result|because|caus(?:e|es|ed|ing)|reflect(?:s|ed|ing)?|attributable|depend(?:s|ed|ing|ent)?|offset|relat(?:e|es|ed|ing)|associated|in\s+connection\s+with|through|by\s+means\s+of|impact(?:s|ed)?|affect(?:s|ed)?|contribut(?:e|es|ed|ing)|led\s+to|lead\s+to|charged\s+to|included\s+in|allocated|based\s+on|accordingly|therefore|thus)\b/i;

/**
 * Words naming one kind of amount of money, a group each, said of one thing in financial reports
 * and searched by: an amount set aside for a liability (a reserve, a provision (IAS 37), an
 * accrual of a loss contingency (US GAAP, ASC 450-20)), and money spent (spending, expenses,
 * expenditure, costs, outlays: "operational spending" is told as "operating expenses").
 */
const AMOUNT_WORDS: readonly (readonly string[])[] = [
  ['reserve', 'provision', 'accrued', 'accrual'],
  ['spending', 'expenditure', 'expense', 'cost', 'outlay'],
];
/** {@link AMOUNT_WORDS} stemmed ("accru" holds "accrual" too, see `stemsMatch`). */
const AMOUNT_TERMS = AMOUNT_WORDS.map((words) => [...new Set(words.flatMap((w) => contentTerms(w)))]);

/** The index of the group of {@link AMOUNT_WORDS} `term` (a stem) is a word of; -1 for none. */
function amountIndex(term: string): number {
  return AMOUNT_TERMS.findIndex((terms) => terms.some((t) => stemsMatch(t, term)));
}

/** The group of {@link AMOUNT_WORDS} (its words and their stems) `term` (a stem) is a word of. */
function amountGroup(term: string): { words: readonly string[]; terms: string[] } | undefined {
  const at = amountIndex(term);
  return at < 0 ? undefined : { words: AMOUNT_WORDS[at]!, terms: AMOUNT_TERMS[at]! };
}

/**
 * True when `r` holds `term` (a relation side's word of an {@link AMOUNT_WORDS} group) by a word
 * of its group in a sentence stating a sum of money or denying it: "we accrued aggregate legal
 * liabilities of $264 million" holds "reserves", "no provision has been made" holds it denied,
 * "R&D and MG&A expenses for Q1 were $5.4 billion" holds "spending". The practice ("adjustments
 * to our accruals as appropriate") holds nothing.
 */
function namesAmount(r: { text: string; terms: ReadonlySet<string> }, term: string): boolean {
  return (
    amountGroup(term)?.terms.some((t) => holds(r.terms, t) && (statesMoney(r.text) || denies(r.text, t))) ??
    false
  );
}

/**
 * A sentence that presents what follows or is shown elsewhere ("are presented below", "the
 * following table", "as follows", "shown in Note 4"): it lists what it holds without telling how
 * they relate.
 */
const PRESENTS =
  /\b(?:below|as\s+follows|the\s+following|set\s+out\s+in|(?:shown|presented|summari[sz]ed|described|disclosed)\s+in)\b/i;

/** A sentence referring back to the one before it by a pronoun ("Give it with food"). */
const PRONOUN_BACK = /\b(?:it|its|they|them|their|this|these|those|such)\b/i;

function judgeRelation(
  asked: AskedRelation,
  looked: Hit[],
  frequency: ReadonlyMap<string, number>,
): StatementJudgement {
  const specific = asked.terms.map((terms) => specificTerms(terms, frequency));
  const required = specific.map((terms) => terms[0]).filter((t): t is string => t !== undefined);
  // Both sides common: in most passages, nothing to judge.
  if (specific.every((terms) => terms.length === 0)) return { stated: true, required, looked };
  // A sentence that supposes ("may not reflect", "could affect") states neither a side nor a link,
  // unless it states the link before it supposes ("the wall was bruised, so she should eat soft
  // meals", "when the malocclusion results from a thumb sucking habit, the incisors may be
  // proclined") or estimates a figure ("would cut its running cost by about £2,300 a year", as the
  // extractive answer reads a supposing sentence with a figure).
  const readings = looked
    .flatMap(readingsOf)
    .filter(
      (r) => !r.passages.some((p) => supposesWithoutFigure(p.text) && !LINKING.test(statedPart(p.text))),
    );
  // The head of a compound side ("spending" of "book fund spending", "risk" of "flood risk") names
  // other things of its kind too ("holiday spending", "the main risks"). When a word qualifying it
  // is rarer, the rarest qualifier holds the side alone ("the spring marketing campaign" of "the
  // marketing spend"; "our suppliers" holds no supply chain efficiency, "chain" being rarer), as
  // do the words after the head ("liabilities" of "the financial reserves set aside for these
  // liabilities"), and the head only where nothing of its kind qualifies it (see `bareHeads`). A
  // noun is held by its verb too ("provided £85,000 for it" of "the provision made for it", see
  // `verbStems`).
  const counting = specific.map((terms, side) => {
    const head = asked.heads?.[side];
    if (head === undefined) return terms;
    // A part of the documents set beside another is about the head: one the documents never
    // write ("the discussion on fuel hedging") is no part of them.
    if (terms.includes(head) && namesPart(asked.sides[side]!) && (frequency.get(head) ?? 0) === 0)
      return [head];
    if (terms[0] === head) return terms;
    const qualifiers = qualifiersOf(asked.sides[side]!, head);
    const rarest = terms.find((t) => qualifiers.has(t));
    return terms.filter((t) => t !== head && (!qualifiers.has(t) || t === rarest));
  });
  // The head passed over above still holds its side where the passage writes it with no word of
  // its own kind before it ("our total revenue", "these revenues": global market revenues; not
  // "holiday spending": book fund spending).
  const bareHeads = counting.map((terms, side) => {
    const head = asked.heads?.[side];
    return head !== undefined && !terms.includes(head) ? head : undefined;
  });
  const holdsSide = (r: Reading, side: number) =>
    counting[side]!.some((t) =>
      t.startsWith('&')
        ? holdsAbbreviation(r.text, t, asked.spelled?.[t])
        : holdsForm(r.terms, t) || namesAmount(r, t),
    ) ||
    (bareHeads[side] !== undefined && holdsBareHead(r.text, bareHeads[side]!));
  const sideReadings = [0, 1].map((side) =>
    readings.find((r) => r.passages.length === 1 && r.passages[0]!.kind === 'sentence' && holdsSide(r, side)),
  );
  // "reserves set for these liabilities" asks for B of A: unrelated unless a sentence states it with A.
  const bound = asked.bound
    ?.map((terms) => specificTerms(terms, frequency)[0])
    .filter((t): t is string => t !== undefined);
  const boundReading =
    bound === undefined || bound.length === 0
      ? undefined
      : readings.find(
          (r) =>
            r.passages.every((p) => p.kind === 'sentence') &&
            specific[0]!.every((t) =>
              t.startsWith('&') ? holdsAbbreviation(r.text, t, asked.spelled?.[t]) : holds(r.terms, t),
            ) &&
            bound.some((t) => holds(r.terms, t) || namesAmount(r, t)),
        );
  const sides: [string | undefined, string | undefined] = [sideReadings[0]?.text, sideReadings[1]?.text];
  const statedBy = [...new Set(sideReadings.flatMap((r) => (r ? [r.chunkId] : [])))];
  // A side of specific terms stated nowhere leaves the relation unstated, also when the other
  // side is common (in most passages: stated, with nothing more to judge).
  const missing = sides.findIndex((sentence, i) => sentence === undefined && specific[i]!.length > 0);
  if (missing >= 0) {
    // An abbreviation is not searched (its letters are no words): the chunks that spell it out
    // may not be among those read, so a side holding one is not judged absent.
    if (counting[missing]!.some((t) => t.startsWith('&'))) return { stated: true, required, looked, sides };
    return { stated: false, required, looked, sides };
  }
  if (specific.some((terms) => terms.length === 0))
    return { stated: true, statedBy, required, looked, sides };
  // B of A stated nowhere with A: both sides are stated, nothing relates them.
  if (bound !== undefined && bound.length > 0 && boundReading === undefined)
    return { stated: true, statedBy, required, looked, sides, related: false };
  if (asked.juxtaposed)
    return {
      stated: true,
      passage: `${sides[0]} ${sides[1]}`,
      statedBy,
      required,
      looked,
      sides,
      related: true,
    };
  // A sentence (or two of one paragraph) holding both sides relates them with a linking word; one
  // sentence also without ("the seal is split, so its compressor runs", "attendance rose after
  // the school began phoning parents") unless it only presents them ("A and B are presented
  // below"); two when the second refers back to the first ("Meloxicam, once a day. Give it with
  // food").
  const linked = readings.find(
    (r) =>
      r.passages.every((p) => p.kind === 'sentence') &&
      holdsSide(r, 0) &&
      holdsSide(r, 1) &&
      (LINKING.test(r.text) ||
        (r.passages.length === 1 ? !PRESENTS.test(r.text) : PRONOUN_BACK.test(r.passages[1]!.text))),
  );
  return linked
    ? {
        stated: true,
        passage: linked.text,
        passageChunk: linked.chunkId,
        statedBy: [...new Set([...statedBy, linked.chunkId])],
        required,
        looked,
        sides,
        related: true,
      }
    : { stated: true, statedBy, required, looked, sides, related: false };
}

/**
 * The terms of the words before the head term `head` in a relation side ("supply", "chain" of
 * "their supply chain efficiency"; a possessor, "Microsoft's", is none): what qualifies it. Empty
 * when the side does not write the head.
 */
function qualifiersOf(side: string, head: string): Set<string> {
  const words = side.replace(POSSESSOR, ' ').split(/\s+/).filter(Boolean);
  const at = words.findIndex((w) => contentTerms(w).some((t) => stemsMatch(t, head)));
  return new Set(at < 0 ? [] : contentTerms(words.slice(0, at).join(' ')));
}

/**
 * Words that leave the noun after them unqualified: determiners, possessives and adjectives that
 * say how much of it, not what kind ("our total revenue", "these revenues", "net sales").
 */
const UNQUALIFYING = new Set(
  'the a an our its their his her your this that these those such total net gross overall aggregate annual quarterly reported all any some more less of in and or to on from by for'.split(
    ' ',
  ),
);

/**
 * True when `text` writes the head term `head` (stemmed) with nothing of its own kind before it:
 * at the start of a sentence or clause, after a figure, or after an {@link UNQUALIFYING} word
 * ("changes in foreign exchange rates may affect revenue", "these revenues"; not "holiday
 * spending" for the spending of a book fund).
 */
function holdsBareHead(text: string, head: string): boolean {
  const words = text.split(/\s+/);
  return words.some((word, i) => {
    const bare = word.replace(EDGE_PUNCTUATION, '');
    const [term] = contentTerms(bare);
    if (term === undefined || !stemsMatch(term, head)) return false;
    const before = words[i - 1];
    if (before === undefined || /[.,;:(]$/.test(before) || /^[$€£]?\d/.test(before)) return true;
    const prior = before.toLowerCase().replace(/[^\p{L}]/gu, '');
    return UNQUALIFYING.has(prior) || isStopWord(prior);
  });
}

/** A passage a relation is read from: a sentence, or two consecutive sentences of one paragraph. */
interface Reading {
  text: string;
  passages: Passage[];
  terms: Set<string>;
  /** The chunk it is read from. */
  chunkId: string;
}

function readingsOf(hit: Hit): Reading[] {
  const chunkId = hit.chunk.id;
  const out: Reading[] = [];
  // A reading's terms include its section heading's, as a statement's do (see `sectionsOf`): under
  // "Working abroad", "Working from another country is allowed … with approval from human
  // resources" tells of working abroad.
  for (const { text: section, around } of sectionsOf(hit)) {
    const passages = passagesOf(section);
    passages.forEach((p, i) => {
      out.push({
        text: p.text,
        passages: [p],
        terms: withHeading(contentTerms(p.text), around),
        chunkId,
      });
      const next = passages[i + 1];
      if (p.kind === 'sentence' && next?.kind === 'sentence' && next.block === p.block) {
        const text = `${p.text} ${next.text}`;
        out.push({ text, passages: [p, next], terms: withHeading(contentTerms(text), around), chunkId });
      }
    });
  }
  return out;
}

/**
 * What {@link statedEvidence} needs: the evidence check's lexical search (see
 * {@link EvidenceSearcher}), and the documents' chunk counts and metadata (its `date`, ISO
 * `YYYY-MM-DD`, gives a document's own calendar year).
 */
export interface StatementSearcher extends Pick<EvidenceSearcher, 'search'> {
  listDocuments(options: {
    collection?: string;
    namespace?: string;
  }): Promise<
    ReadonlyArray<{ documentId: string; chunkCount: number; metadata?: Readonly<Record<string, unknown>> }>
  >;
}

/** The outcome of {@link statedEvidence} for an existence or relation question. */
export interface StatedEvidence extends StatementJudgement {
  asked: AskedStatement;
  /** The documents looked in. */
  documentIds: string[];
}

/**
 * The options of a plain lexical probe (see `EvidenceSearcher`): no focus, no copy demotion,
 * no feedback, no reranker, reported as an internal probe. The evidence checks (`absentWords`,
 * `statedEvidence`) add a depth and a scope.
 */
export const PLAIN_LEXICAL = {
  mode: 'lexical',
  documentFocus: false,
  demoteCopies: false,
  pseudoRelevanceFeedback: false,
  reranker: false,
  probe: 'evidence-check',
} as const;

/**
 * Looks in `documentIds` (the documents the question is about, see `evidenceDocuments`) for a
 * passage that states what `question` asks (see the module comment): one lexical search for the
 * asked terms ({@link EVIDENCE_CHUNKS} chunks), and one per asked term for how many of the
 * documents' chunks hold it. Undefined when the question is neither an existence nor a relation
 * question (see {@link askedStatement}) or `documentIds` is empty.
 */
export async function statedEvidence(
  searcher: StatementSearcher,
  question: string,
  documentIds: string[],
  scope: { collection?: string; namespace?: string } = {},
  options: StatedEvidenceOptions = {},
): Promise<StatedEvidence | undefined> {
  const asked = askedStatement(question);
  if (asked === undefined || documentIds.length === 0) return undefined;
  // Abbreviations (see `holdsAbbreviation`) are not searched: their letters are no words.
  const terms = [...new Set(asked.kind === 'existence' ? asked.subjects.flat() : asked.terms.flat())].filter(
    (t) => !t.startsWith('&'),
  );
  // Searched by a word of the question that has the term (a search stems its query again), or of
  // the asked text ("employees" of "how many employees" for "How many people did it employ?").
  const words = [...wordTokens(question), ...(asked.kind === 'existence' ? wordTokens(asked.text) : [])];
  const surface = (term: string) => words.find((w) => contentTerms(w)[0] === term) ?? term;
  const wanted = new Set(documentIds);
  const listed = (await searcher.listDocuments(scope)).filter((d) => wanted.has(d.documentId));
  const total = listed.reduce((n, d) => n + d.chunkCount, 0);
  const where = Object.fromEntries(Object.entries(scope).filter(([, v]) => v !== undefined));
  const search = (query: string, topK: number) =>
    searcher.search(query, {
      ...PLAIN_LEXICAL,
      topK,
      ...where,
      documentIds,
    });
  const frequency = new Map<string, number>();
  const presumed = asked.kind === 'existence' && asked.presumed === true;
  if (total > 0) {
    // A presumed subject's term is written in any of its forms: its verb ("merged" of "mergers"),
    // an event's other words, a "-ship" noun's base (see `absentWords`).
    const forms = (t: string) =>
      presumed ? [surface(t), ...verbWords(t), ...synonymWords(t), ...shipBase(t)].join(' ') : surface(t);
    const counts = await Promise.all(terms.map(async (t) => (await search(forms(t), total)).hits.length));
    // As a share of at least the chunks that make a term of `MIN_COMMON_CHUNKS` common.
    const over = Math.max(total, MIN_COMMON_CHUNKS / COMMON_SHARE);
    terms.forEach((t, i) => {
      frequency.set(t, counts[i]! / over);
    });
  }
  // A change question looks first where the subject is said to change.
  // An event question also looks where its verb is told ("acquired the …", "bought the …", see
  // `namesInstance`), its past form read from the inflection tables of `en-inflectors`, loaded only
  // for such a question.
  const event = asked.kind === 'existence' ? asked.event : undefined;
  const inflect = event === undefined ? undefined : (await import('en-inflectors')).Inflectors;
  const baseForm = inflect && ((word: string) => new inflect(word).toPresent());
  const eventWords =
    event === undefined || inflect === undefined
      ? []
      : [...new Set([surface(event), new inflect(surface(event).toLowerCase()).toPast()])];
  // An existence subject is also told by the verb its noun derives from ("merged with …" for
  // "any mergers"): searched with its verbs too. Its commonness stays the noun's: the rarest term
  // is what the question names. A relation side naming an amount is searched by its other names
  // ("accrued" for a reserve, "expenses" for spending, see `namesAmount`).
  const verbs = (t: string) =>
    asked.kind === 'existence' ? [...verbWords(t), ...synonymWords(t)] : (amountGroup(t)?.words ?? []);
  // A measure question looks where the measure is written beside the subject.
  const measure = asked.kind === 'existence' ? asked.measure : undefined;
  const query = [
    ...terms.flatMap((t) => [surface(t), ...verbs(t)]),
    ...(measure === undefined
      ? []
      : [...measure.terms, ...measure.per]
          .map(surface)
          .concat(measure.kind === 'earned' ? EARNED_NAMES : [])),
    ...(asked.kind === 'existence' && asked.change ? ['changes'] : []),
    ...(asksForPeople(asked) ? ROLE_CHANGE_WORDS : []),
    ...eventWords,
  ];
  const searched = (await search(query.join(' '), EVIDENCE_CHUNKS)).hits;
  const order = options.documentOrder;
  const rank = (hit: Hit) => {
    const at = order?.indexOf(hit.chunk.documentId) ?? -1;
    return at < 0 ? Number.MAX_SAFE_INTEGER : at;
  };
  const hits =
    asked.kind === 'existence' &&
    (asked.quantity !== undefined || measure !== undefined) &&
    order !== undefined
      ? [...searched].sort((a, b) => rank(a) - rank(b))
      : searched;
  // Too few chunks to tell a common term from a specific one by them (one chunk is a quarter or
  // more of all): told by the passages of those that hold an asked term.
  // (Not for a presumed subject, judged only by whether a chunk writes it in some form.)
  if (total > 0 && total * COMMON_SHARE <= 1 && !presumed) passageShares(hits, total, terms, frequency);
  const own = asked.kind === 'existence' ? await ownYears(listed, search) : new Map<string, OwnYears>();
  // Text copied from elsewhere states nothing of the asked documents: judged again without it.
  const skipped = new Set<string>();
  const probed = new Set<string>();
  for (let round = 0; ; round++) {
    const judged = judgeStatement(
      asked,
      hits.filter((h) => !skipped.has(h.chunk.id)),
      frequency,
      own,
      baseForm,
    );
    const stating = hits.filter((h) => judged.statedBy?.includes(h.chunk.id) && !probed.has(h.chunk.id));
    if (!judged.stated || options.copied === undefined || stating.length === 0 || round >= COPY_ROUNDS) {
      return { ...judged, looked: hits, asked, documentIds };
    }
    for (const h of stating) probed.add(h.chunk.id);
    const copied = await options.copied(
      stating,
      judged.passage !== undefined && judged.passageChunk !== undefined
        ? { chunk: judged.passageChunk, passage: judged.passage }
        : undefined,
    );
    if (!stating.some((h) => copied.has(h.chunk.id))) return { ...judged, looked: hits, asked, documentIds };
    for (const id of copied) skipped.add(id);
  }
}

/**
 * Sets each of `terms`' share in `frequency` to its share of the passages (sentences, table rows:
 * see `passagesOf`) of the asked documents' `total` chunks, of which `hits` are those holding an
 * asked term (the others' passages counted as many as the hits' on average): commonness for
 * documents of too few chunks to tell it by chunks (a one-chunk note holds every term it has in
 * all its chunks). Unchanged when `hits` hold no passage.
 */
function passageShares(
  hits: readonly Hit[],
  total: number,
  terms: readonly string[],
  frequency: Map<string, number>,
): void {
  const passages = hits.flatMap((h) => passagesOf(h.chunk.text)).map((p) => new Set(contentTerms(p.text)));
  if (passages.length === 0) return;
  const all = Math.max(passages.length, (passages.length / hits.length) * total);
  for (const t of terms) frequency.set(t, passages.filter((p) => p.has(t)).length / all);
}

/** Chunks read for the fiscal year a document names its own period by: twenty. */
const OWN_PERIOD_CHUNKS = 20;

/**
 * The years each document's own period is in (see `OwnYears`): the calendar year of its date
 * (`metadata.date`) and the fiscal year its text names its quarter or half by (`ownFiscalYear`,
 * read from the chunks one lexical search for "quarter half fiscal" finds in it).
 */
async function ownYears(
  documents: ReadonlyArray<{ documentId: string; metadata?: Readonly<Record<string, unknown>> }>,
  search: (query: string, topK: number) => Promise<{ hits: Hit[] }>,
): Promise<Map<string, OwnYears>> {
  const { hits } = await search('quarter half fiscal', OWN_PERIOD_CHUNKS * documents.length);
  const own = new Map<string, OwnYears>();
  for (const { documentId, metadata } of documents) {
    // Only a document that reports a period (a quarter, a year) has an own year whose earlier
    // years are another period's: a survey or a notice dated by its day tells its subject's history.
    const period = metadata?.period as { kind?: unknown } | undefined;
    const reports = period !== undefined && period.kind !== 'day';
    const date = reports && typeof metadata?.date === 'string' ? /^(\d{4})-/.exec(metadata.date) : null;
    const fiscalYear = ownFiscalYear(
      hits.filter((h) => h.chunk.documentId === documentId).map((h) => h.chunk.text),
    );
    own.set(documentId, {
      ...(date ? { year: Number(date[1]) } : {}),
      ...(fiscalYear === undefined ? {} : { fiscalYear }),
    });
  }
  return own;
}

/** Times {@link statedEvidence} judges again without the stating chunks found copied: four. */
export const COPY_ROUNDS = 4;

/** Options of {@link statedEvidence}. */
export interface StatedEvidenceOptions {
  /**
   * Of the chunks whose sentences state what is asked, those (ids) whose text is copied from
   * elsewhere and so says nothing of the asked documents' own: boilerplate other documents hold
   * (an agency's standard description of its mandate; see `copiedHits`, whose `boilerplate`
   * `askWithHistory` passes). The judgement is made again without them, up to
   * {@link COPY_ROUNDS} times. Undefined: no chunk is probed. `statement` is the passage the
   * judgement found stating it and its chunk's id, when it has one.
   */
  copied?: (
    hits: readonly Hit[],
    statement?: { chunk: string; passage: string },
  ) => Promise<ReadonlySet<string>>;
  /**
   * The asked documents' ids in the order the answer's retrieval ranked them, best first. A
   * question asking how many or how much (`AskedExistence.quantity`) asks one figure: the chunks
   * of the best-ranked document are read first, so the figure of the document the answer is
   * about (the newest, for "according to the latest post") leads, not an older one's. Undefined:
   * the chunks are read in the evidence search's order.
   */
  documentOrder?: readonly string[];
}

/**
 * True when `sentence` introduces what follows it (it ends with a colon: "Additional risks related
 * to acquisitions include, but are not limited to:"): it names a topic for a list and states nothing
 * itself.
 */
export function leadsIn(sentence: string): boolean {
  return /:\s*$/.test(sentence);
}

/**
 * True when `sentence` tells something as having happened: an amount or a date (see
 * `statesAmountOrDate`, the test an event sentence passes), a year, or a past form of "be" or
 * "have" ("In April 2024 the company completed the acquisition of Adatum Fasteners for $47.6
 * million", "the engine mount and firewall were bent"). A list of kinds of expense ("The expenses
 * include … acquisition-related and other costs, acquisition termination cost") tells none of them.
 */
export function tellsOccurrence(sentence: string): boolean {
  return statesAmountOrDate(sentence) || /\b(?:19|20)\d\d\b|\b(?:was|were|had)\b/i.test(sentence);
}

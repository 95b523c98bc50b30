/**
 * Whether the documents an existence question asks about state what it asks. An existence
 * question asks whether something is there ("Did the report disclose any acquisitions or
 * divestitures?", "Were there any engine failures?"); its closest passages so often share its
 * words without stating it — a cash-flow row "acquisitions, net", a form field "Engine
 * Manufacturer", a forward-looking "the potential impact of any divestitures" — that quoting them
 * reads as a yes. The subject after "any" (each "or"/"and" alternative) must be stated by a
 * factual sentence of prose in the asked documents: a sentence holding the alternative's rarest
 * specific term, not a table row or a form's label line, and not a sentence that supposes rather
 * than states (a modal verb, "if", "in the event", "potential", see {@link HYPOTHETICAL}).
 *
 * An alternative's specific terms are its content terms (without request words, see
 * `questionTerms`, numbers and the words of a time cue) that fewer than {@link COMMON_SHARE} of the
 * asked documents' chunks hold: words that many chunks hold ("business", "new", the issuer's name)
 * say nothing about whether a sentence states the subject; of those, the rarest must be in the
 * sentence. A term matches a sentence's term when either stem begins with the other and the
 * shorter has at least four letters ("fail" matches "failure"; "acquir" — acquire — does not
 * match "acquisit" — acquisition: the verb in "shares acquired under the Plan" states no
 * acquisition). When no alternative has a specific term, nothing is judged.
 *
 * Relation questions ("how does X relate to Y") are not judged: requiring both sides in one
 * passage refused answerable questions whose sides sit in different sections (measured in
 * bench/results/time-eval-notfound-relation.json).
 *
 * This is the offline answerer's reading of the evidence (see `checkedAnswerFromHits`): when the
 * asked documents do not state it, the answer is "not found", citing the closest passages it read.
 * @module
 */
import type { Hit } from '../core/types.js';
import { contentTerms, wordTokens } from '../retrieve/terms.js';
import { timeCue } from '../retrieve/time-preference.js';
import type { EvidenceSearcher } from './evidence-check.js';
import { passagesOf } from './passages.js';
import { isRequestTerm } from './relevance.js';

/**
 * Share of the asked documents' chunks at and above which a term is common, not specific: a
 * quarter (a judgement, not fitted to any question set).
 */
export const COMMON_SHARE = 0.25;

/** Chunks of the asked documents read for the evidence at most. */
export const EVIDENCE_CHUNKS = 40;

/** What an existence question asks to be stated. */
export interface AskedStatement {
  kind: 'existence';
  /** The subject as asked, after "any" ("significant acquisitions or divestitures"). */
  text: string;
  /** Each alternative's terms (stemmed, see `contentTerms`); empty alternatives left out. */
  subjects: string[][];
}

const AUXILIARY = /^\s*(?:in\s[^,?]{1,80},\s*)?(?:did|does|do|is|are|was|were|has|have)\b/i;
/** Where an existence question's subject ends: a clause naming where or when, or a second question. */
const SUBJECT_END =
  /\s(?:in|on|by|as|at|during|within|for|from|near|over|since|under|mentioned|disclosed|reported|described|listed|noted|and\s+(?:what|how|which|why|when|where|who))\b|[?,;:]/i;
/** The terms of a phrase that may name what is asked: content terms less request words and time-cue words. */
function phraseTerms(phrase: string, question: string): string[] {
  const cue = timeCue(question);
  const cueTerms = new Set(
    contentTerms(
      `${cue.period?.text ?? ''} ${cue.recencyText ?? ''} ${cue.at?.text ?? ''} ${cue.previousText ?? ''}`,
    ),
  );
  return [...new Set(contentTerms(phrase))].filter(
    (t) => !isRequestTerm(t) && !cueTerms.has(t) && !/^\d/.test(t) && t.length > 1,
  );
}

/**
 * Reads what an existence question asks to be stated (see the module comment): it opens (after an
 * optional "In …," clause) with an auxiliary verb and asks for "any" of something; the subject
 * runs from "any" to a clause naming where or when ("in the Q2 report", "mentioned by …") or a
 * second question, one term list per "or"/"and" alternative. Undefined for other questions.
 */
export function askedStatement(question: string): AskedStatement | undefined {
  const q = question.trim();
  if (!AUXILIARY.test(q)) return undefined;
  const any = /\bany\s+(.+)$/i.exec(q);
  if (!any) return undefined;
  const end = SUBJECT_END.exec(any[1]!);
  const subject = (end ? any[1]!.slice(0, end.index) : any[1]!).trim();
  const subjects = subject
    .split(/\s+(?:or|and)\s+|\s*\/\s*/i)
    .map((part) => phraseTerms(part, q))
    .filter((terms) => terms.length > 0);
  if (subjects.length === 0) return undefined;
  return { kind: 'existence', text: subject, subjects };
}

/** True when stems `a` and `b` are one word's forms: one begins with the other, the shorter of four letters or more. */
export function stemsMatch(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 4 && long.startsWith(short);
}

function holds(terms: ReadonlySet<string>, term: string): boolean {
  if (terms.has(term)) return true;
  for (const t of terms) if (stemsMatch(t, term)) return true;
  return false;
}

/**
 * A sentence that supposes rather than states: a modal verb, a condition or a possibility ("may
 * make acquisitions", "in the event of a merger", "if the acquisition is completed", "the potential
 * impact of any divestitures").
 */
const HYPOTHETICAL =
  /\b(?:may|might|could|would|should|if|unless|whether|potential(?:ly)?|possible|in the event)\b/i;

/** The factual sentences of a chunk (see {@link HYPOTHETICAL}) with their terms. */
function statementsOf(hit: Hit): Array<{ text: string; terms: Set<string> }> {
  return passagesOf(hit.chunk.text)
    .filter((p) => p.kind === 'sentence' && !HYPOTHETICAL.test(p.text))
    .map((p) => ({ text: p.text, terms: new Set(contentTerms(p.text)) }));
}

/** The result of {@link judgeStatement}. */
export interface StatementJudgement {
  /** True when some passage of the asked documents states it (or nothing could be judged). */
  stated: boolean;
  /** The passage that states it, when one does. */
  passage?: string;
  /** The terms of which one had to be stated: the rarest specific term of each alternative. */
  required: string[];
  /** The chunks the check read, those holding most of the asked terms first: where it looked. */
  looked: Hit[];
}

/**
 * Judges whether `chunks` (the asked documents' chunks that hold the asked terms, best first)
 * state `asked`. `frequency` gives each asked term's share of the asked documents' chunks: a term
 * at {@link COMMON_SHARE} or above is common and does not count; the rarest of the others of an
 * alternative is the term a factual sentence must hold.
 */
export function judgeStatement(
  asked: AskedStatement,
  chunks: readonly Hit[],
  frequency: ReadonlyMap<string, number>,
): StatementJudgement {
  const share = (t: string) => frequency.get(t) ?? 0;
  const required = asked.subjects
    .map((terms) => terms.filter((t) => share(t) < COMMON_SHARE).sort((a, b) => share(a) - share(b))[0])
    .filter((t): t is string => t !== undefined);
  const looked = [...chunks];
  if (required.length === 0) return { stated: true, required, looked };
  for (const hit of chunks) {
    const found = statementsOf(hit).find((s) => required.some((t) => holds(s.terms, t)));
    if (found) return { stated: true, passage: found.text, required, looked };
  }
  return { stated: false, required, looked };
}

/**
 * What {@link statedEvidence} needs: the evidence check's lexical search (see
 * {@link EvidenceSearcher}), and the documents' chunk counts.
 */
export interface StatementSearcher extends Pick<EvidenceSearcher, 'search'> {
  listDocuments(options: {
    collection?: string;
    namespace?: string;
  }): Promise<ReadonlyArray<{ documentId: string; chunkCount: number }>>;
}

/** The outcome of {@link statedEvidence} for an existence question. */
export interface StatedEvidence extends StatementJudgement {
  asked: AskedStatement;
  /** The documents looked in. */
  documentIds: string[];
}

/**
 * Looks in `documentIds` (the documents the question is about, see `evidenceDocuments`) for a
 * passage that states what `question` asks (see the module comment): one lexical search for the
 * asked terms ({@link EVIDENCE_CHUNKS} chunks), and one per asked term for how many of the
 * documents' chunks hold it. Undefined when the question is no existence question (see
 * {@link askedStatement}) or `documentIds` is empty.
 */
export async function statedEvidence(
  searcher: StatementSearcher,
  question: string,
  documentIds: string[],
  scope: { collection?: string; namespace?: string } = {},
): Promise<StatedEvidence | undefined> {
  const asked = askedStatement(question);
  if (asked === undefined || documentIds.length === 0) return undefined;
  const terms = [...new Set(asked.subjects.flat())];
  // Searched by a word of the question that has the term (a search stems its query again).
  const words = wordTokens(question);
  const surface = (term: string) => words.find((w) => contentTerms(w)[0] === term) ?? term;
  const wanted = new Set(documentIds);
  const total = (await searcher.listDocuments(scope))
    .filter((d) => wanted.has(d.documentId))
    .reduce((n, d) => n + d.chunkCount, 0);
  const where = Object.fromEntries(Object.entries(scope).filter(([, v]) => v !== undefined));
  const search = (query: string, topK: number) =>
    searcher.search(query, {
      mode: 'lexical',
      topK,
      documentFocus: false,
      demoteCopies: false,
      pseudoRelevanceFeedback: false,
      reranker: false,
      probe: 'evidence-check',
      ...where,
      documentIds,
    });
  const frequency = new Map<string, number>();
  if (total > 0) {
    const counts = await Promise.all(terms.map(async (t) => (await search(surface(t), total)).hits.length));
    terms.forEach((t, i) => {
      frequency.set(t, counts[i]! / total);
    });
  }
  const { hits } = await search(terms.map(surface).join(' '), EVIDENCE_CHUNKS);
  return { ...judgeStatement(asked, hits, frequency), asked, documentIds };
}

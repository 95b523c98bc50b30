/**
 * Whether the documents a question asks about state what it asks, for the two kinds of question
 * whose closest passage so often shares their words without answering them:
 * - existence ("Did the report disclose any acquisitions?", "Were there any engine failures?"):
 *   the subject after "any" must be stated in prose — a sentence holding the subject's specific
 *   terms, not a table row or a form's label line (a cash-flow row "acquisitions, net" or a form
 *   field "Engine Manufacturer" names a subject without stating that it happened);
 * - relation ("How does X relate to Y?", "the relationship between X and Y"): one passage (a
 *   sentence or two consecutive sentences) must hold a specific term of each side — the two sides
 *   each discussed somewhere is not their relation.
 * A side's or subject's specific terms are its content terms (without request words, see
 * `questionTerms`, or the words of a time cue) that fewer than {@link COMMON_SHARE} of the asked
 * documents' chunks hold: words that many chunks hold ("business", "new", the issuer's name)
 * say nothing about whether a passage states the subject. A term matches a passage's term when
 * either stem begins with the other and the shorter has at least four letters ("fail" matches
 * "failure"; "acquir" — acquire — does not match "acquisit" — acquisition: the verb "acquired
 * under the Plan" states no acquisition). When a subject or side has no specific term, or the
 * question is of neither kind, nothing is judged.
 *
 * This is the offline answerer's reading of the evidence (see `checkedAnswerFromHits`): when the
 * asked documents do not state it, the answer is "not found", citing the closest passages it read.
 * @module
 */
import type { Hit } from '../core/types.js';
import { contentTerms, wordTokens } from '../retrieve/terms.js';
import { timeCue } from '../retrieve/time-preference.js';
import { type Passage, passagesOf } from './passages.js';
import { questionTerms } from './relevance.js';

/**
 * Share of the asked documents' chunks at and above which a term is common, not specific: a
 * quarter. Chosen on the SEC tune half and the versioned/NTSB/NIH pairs' form, before measuring.
 */
export const COMMON_SHARE = 0.25;

/** Chunks of the asked documents read for the evidence at most. */
export const EVIDENCE_CHUNKS = 40;

/** What a question asks to be stated, when it is an existence or relation question. */
export type AskedStatement =
  | { kind: 'existence'; text: string; subjects: string[][] }
  | { kind: 'relation'; text: string; sides: [string[], string[]] };

const AUXILIARY = /^\s*(?:in\s[^,?]{1,80},\s*)?(?:did|does|do|is|are|was|were|has|have)\b/i;
/** Where an existence question's subject ends: a clause naming where or when, or a second question. */
const SUBJECT_END =
  /\s(?:in|on|by|as|at|during|within|for|from|near|over|since|under|mentioned|disclosed|reported|described|listed|noted|and\s+(?:what|how|which|why|when|where|who))\b|[?,;:]/i;
/** Relation questions: "A relate(s) to B", "relationship/connection/correlation/link between A and B". */
const RELATE_TO = /\b(?:how\s+(?:does|do|did|is|are|was|were)\s+)(.+?)\s+(?:relate[sd]?|connect(?:s|ed)?|correlate[sd]?)\s+(?:to|with)\s+(.+)$/i;
const BETWEEN =
  /\b(?:relationship|relation|connection|correlation|link|linkage)\s+(?:can be seen\s+)?between\s+(.+?)\s+and\s+(.+)$/i;

/** The terms of a phrase that may name what is asked: content terms less request words and time-cue words. */
function phraseTerms(phrase: string, question: string): string[] {
  const cue = timeCue(question);
  const cueTerms = new Set(contentTerms(`${cue.period?.text ?? ''} ${cue.recencyText ?? ''}`));
  const asked = new Set(questionTerms(question));
  return [...new Set(contentTerms(phrase))].filter(
    (t) => asked.has(t) && !cueTerms.has(t) && !/^\d/.test(t) && t.length > 1,
  );
}

/** A side of a relation without the clause naming the document it is in ("… in the 2024 policy"). */
function trimSide(side: string): string {
  return side
    .replace(/\?.*$/, '')
    .replace(/\s(?:in|of|from|for)\s+(?:the\s+)?(?:[\p{Lu}\d][^,]*|(?:current|latest|most recent)\b.*)$/u, '')
    .trim();
}

/**
 * Reads what `question` asks to be stated (see the module comment): an existence question's
 * subjects (one term list per "or"/"and" alternative after "any"), or a relation question's two
 * sides. Undefined for other questions.
 */
export function askedStatement(question: string): AskedStatement | undefined {
  const q = question.trim();
  const between = BETWEEN.exec(q);
  const relate = between ?? RELATE_TO.exec(q);
  if (relate) {
    const a = phraseTerms(trimSide(relate[1]!), q);
    const b = phraseTerms(trimSide(relate[2]!), q);
    if (a.length === 0 || b.length === 0) return undefined;
    return { kind: 'relation', text: `${trimSide(relate[1]!)} and ${trimSide(relate[2]!)}`, sides: [a, b] };
  }
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
const HYPOTHETICAL = /\b(?:may|might|could|would|should|if|unless|whether|potential(?:ly)?|possible|in the event)\b/i;

/** A passage the check reads: a sentence, two consecutive sentences of one paragraph, a row or a line. */
interface Reading {
  hit: Hit;
  passages: Passage[];
  terms: Set<string>;
}

function readingsOf(hit: Hit): Reading[] {
  const passages = passagesOf(hit.chunk.text);
  const out: Reading[] = [];
  passages.forEach((p, i) => {
    out.push({ hit, passages: [p], terms: new Set(contentTerms(p.text)) });
    const next = passages[i + 1];
    if (p.kind === 'sentence' && next?.kind === 'sentence' && next.block === p.block) {
      out.push({ hit, passages: [p, next], terms: new Set(contentTerms(`${p.text} ${next.text}`)) });
    }
  });
  return out;
}

/** The result of {@link judgeStatement}. */
export interface StatementJudgement {
  /** True when some passage of the asked documents states it (or nothing could be judged). */
  stated: boolean;
  /** The passage that states it, when one does. */
  passage?: string;
  /** The terms that had to be stated: the rarest specific term of each subject or side. */
  required: string[];
  /** The chunks the check read, those holding most of the asked terms first: where it looked. */
  looked: Hit[];
}

/**
 * Judges whether `chunks` (the asked documents' chunks that hold the asked terms, best first)
 * state `asked`. `frequency` gives each asked term's share of the asked documents' chunks: a term
 * at {@link COMMON_SHARE} or above is common and does not count; of the others, the rarest of a
 * subject or side is the one a passage must hold.
 */
export function judgeStatement(
  asked: AskedStatement,
  chunks: readonly Hit[],
  frequency: ReadonlyMap<string, number>,
): StatementJudgement {
  const rarest = (terms: string[]) =>
    terms
      .filter((t) => (frequency.get(t) ?? 0) < COMMON_SHARE)
      .sort((a, b) => (frequency.get(a) ?? 0) - (frequency.get(b) ?? 0))[0];
  const readings = chunks.flatMap(readingsOf);
  const looked = [...chunks];
  const groups = asked.kind === 'existence' ? asked.subjects : asked.sides;
  const required = groups.map(rarest);
  const specific = groups.map((terms) => terms.filter((t) => (frequency.get(t) ?? 0) < COMMON_SHARE));
  if (required.every((t) => t === undefined)) return { stated: true, required: [], looked };
  const found =
    asked.kind === 'existence'
      ? readings.find(
          (r) =>
            r.passages.every((p) => p.kind === 'sentence' && !HYPOTHETICAL.test(p.text)) &&
            required.some((t) => t !== undefined && holds(r.terms, t)),
        )
      : readings.find((r) => specific.every((side) => side.some((t) => holds(r.terms, t))));
  const known = required.filter((t): t is string => t !== undefined);
  if (asked.kind === 'relation' && specific.some((side) => side.length === 0)) {
    return { stated: true, required: known, looked };
  }
  return found
    ? { stated: true, passage: found.passages.map((p) => p.text).join(' '), required: known, looked }
    : { stated: false, required: known, looked };
}

/** What {@link statedEvidence} needs: a lexical search like `Engine.search`, and the documents' chunk counts. */
export interface StatementSearcher {
  search(
    query: string,
    options: {
      mode: 'lexical';
      topK: number;
      documentFocus: false;
      demoteCopies: false;
      pseudoRelevanceFeedback: false;
      reranker: false;
      probe: 'evidence-check';
      collection?: string;
      namespace?: string;
      documentIds: string[];
    },
  ): Promise<{ hits: Hit[] }>;
  listDocuments(options: {
    collection?: string;
    namespace?: string;
  }): Promise<ReadonlyArray<{ documentId: string; chunkCount: number }>>;
}

/** The outcome of {@link statedEvidence} when the question is an existence or relation question. */
export interface StatedEvidence extends StatementJudgement {
  asked: AskedStatement;
  /** The documents looked in. */
  documentIds: string[];
}

/**
 * Looks in `documentIds` (the documents the question is about, see `evidenceDocuments`) for a
 * passage that states what `question` asks (see the module comment): one lexical search for the
 * asked terms ({@link EVIDENCE_CHUNKS} chunks), and one per asked term for how many of the
 * documents' chunks hold it. Undefined when the question is neither an existence nor a relation
 * question.
 */
export async function statedEvidence(
  searcher: StatementSearcher,
  question: string,
  documentIds: string[],
  scope: { collection?: string; namespace?: string } = {},
): Promise<StatedEvidence | undefined> {
  const asked = askedStatement(question);
  if (asked === undefined || documentIds.length === 0) return undefined;
  const terms = [...new Set(asked.kind === 'existence' ? asked.subjects.flat() : asked.sides.flat())];
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
    terms.forEach((t, i) => frequency.set(t, counts[i]! / total));
  }
  const { hits } = await search(terms.map(surface).join(' '), EVIDENCE_CHUNKS);
  return { ...judgeStatement(asked, hits, frequency), asked, documentIds };
}

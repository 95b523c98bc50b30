/**
 * Which retrieved hits an answer draws on, in which order: those that clear the relevance floor,
 * in search order, except that chunks with a near-copy in another document (boilerplate) follow
 * the specific ones, and only the first of a set of copies is kept.
 * @module
 */
import type { Hit } from '../core/types.js';
import { COPY_RESEMBLANCE, copiedChunks, copiedWithFigures, resemblance, shingles } from './boilerplate.js';
import { answerability } from './extractive-answerer.js';
import { type RelevanceOptions, relevantHits } from './relevance.js';

/**
 * Sources an answer draws on by default: six (on the SEC development questions six let the
 * offline answer state the reference's key figure for 26 of 64 questions, five for 24).
 */
export const DEFAULT_MAX_SOURCES = 6;

/**
 * How strongly the retriever said a hit's document is the one asked about, read from the boosts of
 * every hit of that document (a boost marks the chunks a boosted ranking found, not all of a
 * document's): 2 for the period or newest version the question asks for (`period`, `recency`),
 * 1 for a document the question names (`focus`), 0 otherwise. The version in force of a question
 * naming no time (`HitBoost.inForce`) is 2 only when `answers` says it holds an answer (see
 * {@link IN_FORCE_SHARE}), else 1: the question did not ask for it, and a newest issue silent on
 * the topic ("the taps are on" for the waiting list) must not lead one that states it.
 */
export function preferenceOf(
  hits: readonly Hit[],
  answers: (documentId: string) => boolean = () => true,
): (hit: Hit) => number {
  const levels = new Map<string, number>();
  for (const hit of hits) {
    const id = hit.chunk.documentId;
    for (const boost of hit.boosts ?? []) {
      const level = boost.kind === 'focus' || (boost.inForce && !answers(id)) ? 1 : 2;
      levels.set(id, Math.max(levels.get(id) ?? 0, level));
    }
  }
  return (hit) => levels.get(hit.chunk.documentId) ?? 0;
}

/**
 * Share of the best answerability among the hits (see {@link answerability}) that the version in
 * force of a question naming no time needs to lead (see {@link preferenceOf}): half, so a version
 * that answers in other words than an older one ("Emergency telephone: …" beside an older
 * revision's "emergency telephone number updated") still leads, one that only shares the names
 * does not.
 */
const IN_FORCE_SHARE = 0.5;

/**
 * Which documents holding the version in force of a question naming no time (`HitBoost.inForce`)
 * answer it: their best hit's answerability is at least {@link IN_FORCE_SHARE} of the best.
 */
function answeringInForce(question: string, hits: readonly Hit[]): (documentId: string) => boolean {
  if (!hits.some((hit) => hit.boosts?.some((b) => b.inForce))) return () => true;
  const scores = answerability(question, hits);
  const best = new Map<string, number>();
  hits.forEach((hit, i) => {
    best.set(hit.chunk.documentId, Math.max(best.get(hit.chunk.documentId) ?? 0, scores[i]!));
  });
  const top = Math.max(0, ...best.values());
  return (documentId) => top > 0 && (best.get(documentId) ?? 0) >= IN_FORCE_SHARE * top;
}

/** Options of {@link answerSources}. */
export interface AnswerSourcesOptions extends RelevanceOptions {
  /** Sources at most; default {@link DEFAULT_MAX_SOURCES}. */
  maxSources?: number;
  /**
   * Share of the question's terms a hit needs to support an answer whose first source cleared
   * the floor; default 0.3. Such hits follow the relevant ones.
   */
  minSupportCoverage?: number;
  /** Chunk ids known to be boilerplate (see `boilerplateHits`); they follow specific text. */
  boilerplate?: ReadonlySet<string>;
  /**
   * The chunk (id) whose passage states what the question asks (`StatementJudgement.passageChunk`,
   * found by the stated-evidence check in the documents the question is about): it leads the
   * sources when it is among the hits, is not named in `boilerplate` nor copied, figures and all,
   * among the hits (a near-copy without its figures does not stop it), and its document is among
   * the most preferred (see {@link preferenceOf}: another version than the one asked for never leads).
   */
  leading?: string;
}

/**
 * The sources for answering `question` from `hits` (best first), none when no hit clears the
 * relevance floor (see {@link relevantHits}). The first is search's best specific hit that clears
 * it among those of the most preferred documents (see {@link preferenceOf}), so the answer draws on
 * that; then the other specific hits that clear it, or clear the lower
 * `minSupportCoverage` (their score scaled by 0.8): those of the documents the retriever preferred
 * first (the period or version asked for, then the documents the question names; see
 * {@link preferenceOf}), each group by how well they can answer (their best passage's score with
 * the companion terms the answer counts, see {@link answerability}; search order breaks ties) —
 * so a question about one company's repurchases is not answered first from another company's
 * filing whose passage shares more of its words; then boilerplate — chunks
 * with a near-copy among the hits (see {@link copiedChunks}) or named in `options.boilerplate` —
 * one of each set of copies; at most `maxSources`.
 */
export function answerSources(
  question: string,
  hits: readonly Hit[],
  options: AnswerSourcesOptions = {},
): Hit[] {
  const relevant = relevantHits(question, [...hits], options);
  if (relevant.length === 0) return [];
  const supporting = relevantHits(
    question,
    hits.filter((hit) => !relevant.includes(hit)),
    { minTermCoverage: options.minSupportCoverage ?? 0.3 },
  );
  const pool = [...relevant, ...supporting];
  const copied = copiedChunks(pool);
  // The stating chunk is no copy when its near-copies among the hits lack figures of its own (a
  // cover page every filing repeats states its own shares outstanding); a controls paragraph each
  // quarter repeats word for word and figure for figure stays one.
  const isBoilerplate = (hit: Hit) =>
    (copied.has(hit.chunk.id) && (hit.chunk.id !== options.leading || copiedWithFigures(hit, pool))) ||
    (options.boilerplate?.has(hit.chunk.id) ?? false);
  const kept: Array<{ hit: Hit; shingles: Set<string> }> = [];
  for (const hit of pool.filter(isBoilerplate)) {
    const own = shingles(hit.chunk.text);
    if (!kept.some((k) => resemblance(k.shingles, own) >= COPY_RESEMBLANCE))
      kept.push({ hit, shingles: own });
  }
  const preference = preferenceOf(hits, answeringInForce(question, hits));
  // Search's best specific hit among those of the most preferred documents: when the asked
  // version's best hit is boilerplate (text every version carries), another version's copy of it
  // does not lead instead.
  const specific = relevant.filter((hit) => !isBoilerplate(hit));
  const top = Math.max(0, ...specific.map(preference));
  // Not before the documents the retriever preferred (the version or period asked for).
  const stating = hits.find(
    (hit) => hit.chunk.id === options.leading && !isBoilerplate(hit) && preference(hit) >= top,
  );
  if (stating && !pool.includes(stating)) pool.unshift(stating);
  const first = stating ?? specific.find((hit) => preference(hit) === top);
  const rest = pool.filter((hit) => hit !== first && !isBoilerplate(hit));
  const scores = answerability(question, rest, pool);
  const ordered = rest
    .map((hit, i) => ({
      hit,
      i,
      level: preference(hit),
      score: scores[i]! * (relevant.includes(hit) ? 1 : 0.8),
    }))
    .sort((a, b) => b.level - a.level || b.score - a.score || a.i - b.i)
    .map((entry) => entry.hit);
  const max = options.maxSources ?? DEFAULT_MAX_SOURCES;
  const chosen = [...(first ? [first] : []), ...ordered];
  return [...chosen, ...kept.map((k) => k.hit)].slice(0, max);
}

/**
 * Boilerplate never leads a ranking: a hit whose text recurs nearly verbatim in several other
 * documents among the candidates (a certification, a cover page, a risk-factor notice copied
 * from one periodic report to the next) says nothing specific to any of them, yet it shares the
 * words of questions about those documents ("most recent", "quarterly report") and so ranks high.
 * Such hits are moved after the specific ones. Copies are found by the resemblance of word
 * 3-gram shingles (Broder, "On the resemblance and containment of documents", 1997), numbers
 * counting as words, so two passages that differ in their figures are not copies.
 * @module
 */
import { COPY_RESEMBLANCE, resemblance, shingles } from '../answer/boilerplate.js';
import type { Hit } from '../core/types.js';

/**
 * Default {@link SearchRequest.demoteCopies}: a hit with a near-copy (resemblance ≥ 0.8) in at
 * least 2 other documents among the candidates follows the specific hits. Two, because a document
 * and its own later version share much text legitimately; text found in three or more documents of
 * a pool is a template. Measured in `bench/documents-eval.mjs` and `bench/tune-prf.mjs`.
 */
export const DEFAULT_COPY_DEMOTION = 2;

/** Hits shorter than this many shingles are never counted as copies (a title, a table header). */
const MIN_SHINGLES = 8;

/** Size of the bottom-k sketch that screens pairs before the exact resemblance (Broder 1997). */
const SKETCH = 32;

/** 32-bit FNV-1a hash of a string. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The `SKETCH` smallest shingle hashes, ascending (a bottom-k sketch). */
function sketchOf(shingleSet: ReadonlySet<string>): Uint32Array {
  const hashes = Uint32Array.from(shingleSet, fnv1a).sort();
  return hashes.subarray(0, SKETCH);
}

/**
 * Estimated resemblance from two bottom-k sketches: the share of the k smallest hashes of the
 * union that both sets hold.
 */
function estimate(a: Uint32Array, b: Uint32Array): number {
  let i = 0;
  let j = 0;
  let taken = 0;
  let shared = 0;
  while (taken < SKETCH && (i < a.length || j < b.length)) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) i++;
    else if (i >= a.length || b[j]! < a[i]!) j++;
    else {
      shared++;
      i++;
      j++;
    }
    taken++;
  }
  return taken === 0 ? 0 : shared / taken;
}

/**
 * The ids of the chunks among `hits` that have a near-copy — resemblance at least
 * {@link COPY_RESEMBLANCE} — in at least `minCopies` other documents among `hits`.
 * Cost: one shingle set and one 32-hash sketch per hit; pairs of hits of different documents are
 * screened by their sketches and measured exactly only when the sketches resemble.
 */
export function copiedAcrossDocuments(hits: readonly Hit[], minCopies: number): Set<string> {
  const sets = hits.map((hit) => shingles(hit.chunk.text));
  const sketches = sets.map(sketchOf);
  const copies = hits.map(() => new Set<string>());
  for (let i = 0; i < hits.length; i++) {
    if (sets[i]!.size < MIN_SHINGLES) continue;
    for (let j = i + 1; j < hits.length; j++) {
      const a = hits[i]!.chunk.documentId;
      const b = hits[j]!.chunk.documentId;
      if (a === b || sets[j]!.size < MIN_SHINGLES) continue;
      // Jaccard ≥ t needs the smaller set to be at least t times the larger.
      const [small, large] = sets[i]!.size < sets[j]!.size ? [sets[i]!, sets[j]!] : [sets[j]!, sets[i]!];
      if (small.size < COPY_RESEMBLANCE * large.size) continue;
      // Screen by the sketches (an estimate within about ±0.2 at k = 32), then measure exactly.
      if (estimate(sketches[i]!, sketches[j]!) < COPY_RESEMBLANCE / 2) continue;
      if (resemblance(sets[i]!, sets[j]!) >= COPY_RESEMBLANCE) {
        copies[i]!.add(b);
        copies[j]!.add(a);
      }
    }
  }
  return new Set(hits.filter((_, i) => copies[i]!.size >= minCopies).map((hit) => hit.chunk.id));
}

/**
 * `hits` with each copy (see {@link copiedAcrossDocuments}) behind its own document's specific
 * text: walking the ranking, a copy whose document has a hit that is not a copy further down
 * trades places with the first such hit. Documents keep their first rank, so a ranking by
 * document is unchanged (the best chunk of a series of versions is often the same text in each,
 * and moving those documents down would lose the right one); a copy whose document has no other
 * hit in the pool stays where it is. Scores are unchanged (so a hit may follow one that scored lower).
 */
export function demoteCopies(hits: readonly Hit[], minCopies: number): { hits: Hit[]; demoted: Set<string> } {
  const copies = copiedAcrossDocuments(hits, minCopies);
  const out = [...hits];
  const demoted = new Set<string>();
  for (let i = 0; i < out.length; i++) {
    const hit = out[i]!;
    if (!copies.has(hit.chunk.id)) continue;
    const j = out.findIndex(
      (other, k) => k > i && other.chunk.documentId === hit.chunk.documentId && !copies.has(other.chunk.id),
    );
    if (j < 0) continue;
    out[i] = out[j]!;
    out[j] = hit;
    demoted.add(hit.chunk.id);
  }
  return { hits: out, demoted };
}

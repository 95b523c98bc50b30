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
import { COPY_RESEMBLANCE, shingleWords } from '../answer/boilerplate.js';
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

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** `hash` (32-bit FNV-1a state) continued over the UTF-16 code units of `text`. */
function fnv1a(hash: number, text: string): number {
  let h = hash;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h;
}

/**
 * The distinct 32-bit FNV-1a hashes of `text`'s word 3-gram shingles, ascending: the hash of each
 * string `shingles` (answer/boilerplate) makes ("w1 w2 w3", lower-cased), computed without building the strings.
 * Two texts' Jaccard index on these equals the one on their shingle sets but for hash collisions
 * (about one pair in 2^32). Texts under three words hold none (they are never copies here: see
 * `MIN_SHINGLES`).
 */
export function shingleHashes(text: string): Uint32Array {
  const words = shingleWords(text);
  const hashes = new Uint32Array(Math.max(0, words.length - 2));
  for (let i = 0; i + 2 < words.length; i++) {
    let h = fnv1a(FNV_OFFSET, words[i]!);
    h = fnv1a(Math.imul(h ^ 32, FNV_PRIME), words[i + 1]!);
    hashes[i] = fnv1a(Math.imul(h ^ 32, FNV_PRIME), words[i + 2]!) >>> 0;
  }
  hashes.sort();
  let size = 0;
  for (let i = 0; i < hashes.length; i++)
    if (i === 0 || hashes[i] !== hashes[size - 1]) hashes[size++] = hashes[i]!;
  return hashes.subarray(0, size);
}

/** Jaccard index of two ascending arrays of distinct hashes (0 when both are empty). */
function hashedResemblance(a: Uint32Array, b: Uint32Array): number {
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) i++;
    else if (b[j]! < a[i]!) j++;
    else {
      shared++;
      i++;
      j++;
    }
  }
  const union = a.length + b.length - shared;
  return union === 0 ? 0 : shared / union;
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
 * The near-copies among `hits`: pairs of chunk ids of two documents whose texts resemble at least
 * {@link COPY_RESEMBLANCE}. Cost: one sorted array of shingle hashes per hit (no shingle strings
 * are built: see {@link shingleHashes}); pairs are screened by the arrays' 32 smallest hashes and
 * measured exactly only when those resemble. Computed once
 * per pool, it serves {@link demoteCopies} and {@link newestCopiesFirst} alike (pairs hold in any
 * order of the same hits).
 */
export function nearCopies(hits: readonly Hit[]): Array<[string, string]> {
  const sets = hits.map((hit) => shingleHashes(hit.chunk.text));
  // Bottom-k sketches: the SKETCH smallest hashes of each set (Broder 1997).
  const sketches = sets.map((set) => set.subarray(0, SKETCH));
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i < hits.length; i++) {
    if (sets[i]!.length < MIN_SHINGLES) continue;
    for (let j = i + 1; j < hits.length; j++) {
      if (hits[i]!.chunk.documentId === hits[j]!.chunk.documentId || sets[j]!.length < MIN_SHINGLES) continue;
      // Jaccard ≥ t needs the smaller set to be at least t times the larger.
      const [small, large] = sets[i]!.length < sets[j]!.length ? [sets[i]!, sets[j]!] : [sets[j]!, sets[i]!];
      if (small.length < COPY_RESEMBLANCE * large.length) continue;
      // Screen by the sketches (an estimate within about ±0.2 at k = 32), then measure exactly.
      if (estimate(sketches[i]!, sketches[j]!) < COPY_RESEMBLANCE / 2) continue;
      if (hashedResemblance(sets[i]!, sets[j]!) >= COPY_RESEMBLANCE)
        pairs.push([hits[i]!.chunk.id, hits[j]!.chunk.id]);
    }
  }
  return pairs;
}

/**
 * The ids of the chunks among `hits` that have a near-copy — resemblance at least
 * {@link COPY_RESEMBLANCE} — in at least `minCopies` other documents among `hits` (`pairs`: see
 * {@link nearCopies}, computed when not given).
 */
export function copiedAcrossDocuments(
  hits: readonly Hit[],
  minCopies: number,
  pairs: ReadonlyArray<[string, string]> = nearCopies(hits),
): Set<string> {
  const documentOf = new Map(hits.map((hit) => [hit.chunk.id, hit.chunk.documentId]));
  const copies = new Map<string, Set<string>>();
  for (const [a, b] of pairs) {
    copies.set(a, (copies.get(a) ?? new Set()).add(documentOf.get(b)!));
    copies.set(b, (copies.get(b) ?? new Set()).add(documentOf.get(a)!));
  }
  return new Set([...copies].filter(([, documents]) => documents.size >= minCopies).map(([id]) => id));
}

/** What {@link newestCopiesFirst} reads of the documents: their series and dates. */
export interface VersionDates {
  /** The documents of the series `documentId` belongs to, itself included; none when it is in none. */
  series(documentId: string): readonly string[];
  /** The document's date, ISO `YYYY-MM-DD`; undefined when it has none. */
  date(documentId: string): string | undefined;
}

/**
 * `hits` with the near-copies of one passage in versions of one series (a credit line, a
 * definition, a paragraph a revision kept) newest version first: the copies trade the places
 * they hold, so every other hit keeps its rank. Identical text scores alike in each version, and
 * which came first was the index's order; a question naming no time is answered by the version in
 * force. A group holding an undated version is left as it is. Used only when the question names no
 * time: a cue's preference orders the versions then (see `preferredDocuments`).
 */
export function newestCopiesFirst(
  hits: readonly Hit[],
  versions: VersionDates,
  pairs: ReadonlyArray<[string, string]> = nearCopies(hits),
): Hit[] {
  const place = new Map(hits.map((hit, i) => [hit.chunk.id, i]));
  const group = hits.map((_, i) => i);
  const root = (i: number): number => {
    let r = i;
    while (group[r] !== r) r = group[r]!;
    return r;
  };
  for (const [a, b] of pairs) {
    const i = place.get(a);
    const j = place.get(b);
    if (i === undefined || j === undefined) continue;
    if (versions.series(hits[i]!.chunk.documentId).includes(hits[j]!.chunk.documentId))
      group[root(j)] = root(i);
  }
  const members = new Map<number, number[]>();
  for (let i = 0; i < hits.length; i++) members.set(root(i), [...(members.get(root(i)) ?? []), i]);
  const out = [...hits];
  for (const places of members.values()) {
    if (places.length < 2) continue;
    const dates = places.map((i) => versions.date(hits[i]!.chunk.documentId));
    if (dates.some((d) => d === undefined)) continue;
    // Newest first; one date keeps the ranking's order (sort is stable).
    const order = places.map((i, k) => ({ i, date: dates[k]! })).sort((x, y) => y.date.localeCompare(x.date));
    places.forEach((place, k) => {
      out[place] = hits[order[k]!.i]!;
    });
  }
  return out;
}

/**
 * `hits` with each copy (see {@link copiedAcrossDocuments}) behind its own document's specific
 * text: walking the ranking, a copy whose document has a hit that is not a copy further down
 * trades places with the first such hit. Documents keep their first rank, so a ranking by
 * document is unchanged (the best chunk of a series of versions is often the same text in each,
 * and moving those documents down would lose the right one); a copy whose document has no other
 * hit in the pool stays where it is. Scores are unchanged (so a hit may follow one that scored lower).
 */
export function demoteCopies(
  hits: readonly Hit[],
  minCopies: number,
  pairs?: ReadonlyArray<[string, string]>,
): { hits: Hit[]; demoted: Set<string> } {
  const copies = copiedAcrossDocuments(hits, minCopies, pairs);
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

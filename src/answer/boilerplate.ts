/**
 * Boilerplate among retrieved chunks: text that recurs nearly verbatim in other documents (a
 * certification, a forward-looking-statements notice, a controls-and-procedures paragraph) says
 * nothing specific to any of them, so answers prefer specific text. Near-duplicates are found by
 * the resemblance of word 3-gram shingles (Broder, "On the resemblance and containment of
 * documents", 1997); numbers count as words, so two statements that differ only in their figures
 * are not copies.
 * @module
 */
import type { Hit } from '../core/types.js';
import { passageKey } from './passages.js';

/** Resemblance (Jaccard index of shingles) at which two chunks count as copies. */
export const COPY_RESEMBLANCE = 0.8;

/** Word 3-grams of `text`, lower-cased. */
export function shingles(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const out = new Set<string>();
  for (let i = 0; i + 2 < words.length; i++) out.add(`${words[i]} ${words[i + 1]} ${words[i + 2]}`);
  if (out.size === 0 && words.length > 0) out.add(words.join(' '));
  return out;
}

/** Jaccard index of two shingle sets (0 when both are empty). */
export function resemblance(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  for (const s of a) if (b.has(s)) shared++;
  return shared / (a.size + b.size - shared);
}

/**
 * The chunks of `hits` (by chunk id) that have a near-copy — resemblance at least
 * {@link COPY_RESEMBLANCE} — among the other hits (in another document, or elsewhere in the same
 * one: a second certification). Neighbouring chunks share only their overlap, far less.
 */
export function copiedChunks(hits: readonly Hit[]): Set<string> {
  const sets = hits.map((hit) => shingles(hit.chunk.text));
  const copied = new Set<string>();
  for (let i = 0; i < hits.length; i++) {
    for (let j = i + 1; j < hits.length; j++) {
      if (resemblance(sets[i]!, sets[j]!) >= COPY_RESEMBLANCE) {
        copied.add(hits[i]!.chunk.id);
        copied.add(hits[j]!.chunk.id);
      }
    }
  }
  return copied;
}

/**
 * Passage keys (see {@link passageKey}) that occur in two or more of `hits`' chunks, not counting
 * a chunk and its neighbour in the same document (which share text by overlap).
 */
export function repeatedPassages(
  hits: readonly Hit[],
  passages: ReadonlyArray<readonly string[]>,
): Set<string> {
  const seen = new Map<string, Array<{ documentId: string; ordinal: number }>>();
  hits.forEach((hit, i) => {
    for (const text of new Set(passages[i]!.map(passageKey))) {
      const list = seen.get(text) ?? [];
      list.push({ documentId: hit.chunk.documentId, ordinal: hit.chunk.ordinal });
      seen.set(text, list);
    }
  });
  const repeated = new Set<string>();
  for (const [text, places] of seen) {
    const apart = places.some((a, i) =>
      places.some((b, j) => j > i && (a.documentId !== b.documentId || Math.abs(a.ordinal - b.ordinal) > 1)),
    );
    if (apart) repeated.add(text);
  }
  return repeated;
}

/** What a boilerplate probe needs: a lexical search like `Engine.search`. */
export interface ProbeSearcher {
  search(
    query: string,
    options: {
      mode: 'lexical';
      topK: number;
      keepBest: boolean;
      documentFocus: false;
      demoteCopies: false;
      reranker: false;
      /** Always `'boilerplate'`: the search is reported as an internal probe, not a retrieval. */
      probe: 'boilerplate';
      collection?: string;
      namespace?: string;
    },
  ): Promise<{ hits: Hit[] }>;
}

/** Containment of `probe`'s shingles in `text`'s: the share of the probe found there. */
function containment(probe: ReadonlySet<string>, text: ReadonlySet<string>): number {
  if (probe.size === 0) return 0;
  let found = 0;
  for (const s of probe) if (text.has(s)) found++;
  return found / probe.size;
}

/** The longest sentence of prose in a chunk, its probe for copies elsewhere; undefined when none. */
function probeOf(hit: Hit): string | undefined {
  const sentences = hit.chunk.text
    .split(/\n\s*\n/)
    .filter((paragraph) => !/^\s*(?:#|\|)/.test(paragraph))
    .flatMap((paragraph) => paragraph.replace(/\s+/g, ' ').split(/(?<=[.;:])\s+(?=\p{Lu})/u))
    .filter((sentence) => sentence.split(' ').length >= 8);
  return sentences
    .sort((a, b) => b.length - a.length)[0]
    ?.split(' ')
    .slice(0, 40)
    .join(' ');
}

/** Options of {@link boilerplateHits}. */
export interface BoilerplateOptions {
  collection?: string;
  namespace?: string;
  /** Other documents that must hold a copy for text to be boilerplate; default 2. */
  minCopies?: number;
}

/**
 * The hits (by chunk id) whose text recurs nearly verbatim in other documents of the collection:
 * each hit's longest prose sentence is searched for lexically, and the hit is boilerplate when at
 * least `minCopies` other documents hold a chunk with 80% or more of the hit's word 3-grams (a
 * certification, a forward-looking-statements notice, not a passage that shares a stock sentence
 * but has figures of its own). Tables and headings are never probes; a hit without prose is never
 * boilerplate.
 */
export async function boilerplateHits(
  searcher: ProbeSearcher,
  hits: readonly Hit[],
  options: BoilerplateOptions = {},
): Promise<Set<string>> {
  const minCopies = options.minCopies ?? 2;
  const found = new Set<string>();
  await Promise.all(
    hits.map(async (hit) => {
      const probe = probeOf(hit);
      if (probe === undefined) return;
      const own = shingles(hit.chunk.text);
      const { hits: matches } = await searcher.search(probe, {
        mode: 'lexical',
        topK: minCopies + 4,
        keepBest: true,
        documentFocus: false,
        demoteCopies: false,
        reranker: false,
        probe: 'boilerplate',
        ...(options.collection === undefined ? {} : { collection: options.collection }),
        ...(options.namespace === undefined ? {} : { namespace: options.namespace }),
      });
      const copies = new Set(
        matches
          .filter((m) => m.chunk.documentId !== hit.chunk.documentId)
          .filter((m) => containment(own, shingles(m.chunk.text)) >= 0.8)
          .map((m) => m.chunk.documentId),
      );
      if (copies.size >= minCopies) found.add(hit.chunk.id);
    }),
  );
  return found;
}

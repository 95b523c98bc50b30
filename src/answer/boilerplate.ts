/**
 * Boilerplate among retrieved chunks: text that recurs nearly verbatim in other documents (a
 * certification, a forward-looking-statements notice, a controls-and-procedures paragraph) says
 * nothing specific to any of them, so answers prefer specific text. Near-duplicates are found by
 * the resemblance of word 3-gram shingles (Broder, "On the resemblance and containment of
 * documents", 1997); numbers count as words, so two statements that differ only in their figures
 * are not copies.
 *
 * Copies count only across series (see `seriesKey`): a company's quarterly reports, or a policy's
 * versions, carry most of their text from one period to the next, and that text is the series' own
 * content — what a question about the series asks for — not boilerplate. Counted within a series,
 * every paragraph of a four-quarter series had three copies, so a question about one company was
 * answered from another company's filing, the only one whose text had no copy among the hits.
 * @module
 */
import type { Hit } from '../core/types.js';
import { seriesKey } from '../retrieve/document-identity.js';
import { namesTime, timeCue } from '../retrieve/time-preference.js';
import { passageKey } from './passages.js';

/**
 * The series of a hit's document (see `seriesKey`): its file name without the words that say when,
 * else its title (the chunk metadata's `title`, when it has one).
 */
export function seriesOf(hit: Hit): string {
  const title = hit.chunk.metadata?.title;
  return seriesKey({ documentId: hit.chunk.documentId, ...(typeof title === 'string' ? { title } : {}) });
}

/** Resemblance (Jaccard index of shingles) at which two chunks count as copies. */
export const COPY_RESEMBLANCE = 0.8;

/** The words shingles are made of: runs of letters and digits of `text`, lower-cased. */
export function shingleWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Word 3-grams of `text`, lower-cased (see {@link shingleWords}). */
export function shingles(text: string): Set<string> {
  const words = shingleWords(text);
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
 * {@link COPY_RESEMBLANCE} — among the other hits: in a document of another series, or elsewhere
 * in the same document (a second certification). Neighbouring chunks share only their overlap,
 * far less; another version of the same series is no copy (see the module comment).
 */
export function copiedChunks(hits: readonly Hit[]): Set<string> {
  const sets = hits.map((hit) => shingles(hit.chunk.text));
  const series = hits.map(seriesOf);
  const copied = new Set<string>();
  for (let i = 0; i < hits.length; i++) {
    for (let j = i + 1; j < hits.length; j++) {
      const versions = series[i] === series[j] && hits[i]!.chunk.documentId !== hits[j]!.chunk.documentId;
      if (!versions && resemblance(sets[i]!, sets[j]!) >= COPY_RESEMBLANCE) {
        copied.add(hits[i]!.chunk.id);
        copied.add(hits[j]!.chunk.id);
      }
    }
  }
  return copied;
}

/**
 * Passage keys (see {@link passageKey}) that occur in two or more of `hits`' chunks: in documents
 * of different series, or apart in one document — not a chunk and its neighbour (which share text
 * by overlap), nor two versions of one series (which carry their text from period to period).
 */
export function repeatedPassages(
  hits: readonly Hit[],
  passages: ReadonlyArray<readonly string[]>,
): Set<string> {
  const seen = new Map<string, Array<{ documentId: string; series: string; ordinal: number }>>();
  hits.forEach((hit, i) => {
    const series = seriesOf(hit);
    for (const text of new Set(passages[i]!.map(passageKey))) {
      const list = seen.get(text) ?? [];
      list.push({ documentId: hit.chunk.documentId, series, ordinal: hit.chunk.ordinal });
      seen.set(text, list);
    }
  });
  const repeated = new Set<string>();
  for (const [text, places] of seen) {
    const apart = places.some((a, i) =>
      places.some(
        (b, j) =>
          j > i &&
          (a.series !== b.series || (a.documentId === b.documentId && Math.abs(a.ordinal - b.ordinal) > 1)),
      ),
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

/**
 * The numbers a text writes (`44,750`, `0.9`, `2023`), as written, with the currency sign before
 * and the percent sign after them: "£10 for every 10 minutes" writes `£10` and `10`, which a version
 * charging "£15 for every 10 minutes" does not write both of.
 */
function figuresOf(text: string): Set<string> {
  return new Set((text.match(/(?:[$€£¥]\s?)?(?:\d[\d,.]*\d|\d)%?/g) ?? []).map((f) => f.replace(/\s/g, '')));
}

/**
 * True when another of `hits` is a near-copy of `hit` (resemblance at least
 * {@link COPY_RESEMBLANCE}) that writes every figure of it: a copy in full, not a page that repeats
 * the text around figures of its own (a cover page's shares outstanding).
 */
export function copiedWithFigures(hit: Hit, hits: readonly Hit[]): boolean {
  const own = shingles(hit.chunk.text);
  const figures = figuresOf(hit.chunk.text);
  return hits.some(
    (other) =>
      other.chunk.id !== hit.chunk.id &&
      resemblance(own, shingles(other.chunk.text)) >= COPY_RESEMBLANCE &&
      writesAll(other, figures),
  );
}

/** True when `hit`'s text writes every one of `figures` (see {@link figuresOf}). */
function writesAll(hit: Hit, figures: ReadonlySet<string>): boolean {
  if (figures.size === 0) return true;
  const theirs = figuresOf(hit.chunk.text);
  return [...figures].every((f) => theirs.has(f));
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

/**
 * Chunks a probe reads: enough for the copies in a series of a dozen versions and in other series
 * after them.
 */
const PROBE_HITS = 20;

/** Options of {@link copiedHits}. */
export interface BoilerplateOptions {
  collection?: string;
  namespace?: string;
  /**
   * Other series (see `seriesKey`) whose documents must hold a copy for text to be boilerplate;
   * default 2.
   */
  minCopies?: number;
  /**
   * For a hit (by chunk id), the passage of it that states what a question asks. Such a hit is
   * copied only where its copies also write each figure of that passage: a cover page whose text
   * every filing repeats still states its own "the registrant had 47,538,104 shares outstanding".
   */
  statements?: ReadonlyMap<string, string>;
}

/** What {@link copiedHits} found, by chunk id. */
export interface CopiedHits {
  /** Hits whose text documents of at least `minCopies` other series hold: boilerplate. */
  boilerplate: Set<string>;
  /**
   * Hits whose text, with every number it writes, another version of their own series holds: text
   * carried from period to period (a risk factor, an accounting policy), which says nothing of one
   * period's own. A paragraph that differs only in its figures ("welcomed 44,750 visitors" against
   * "41,200 visitors" a year before) is the period's own statement, not carried.
   */
  carried: Set<string>;
}

/**
 * The hits whose text recurs nearly verbatim in other documents of the collection: each hit's
 * longest prose sentence is searched for lexically, and a document holds a copy when one of its
 * chunks has 80% or more of the hit's word 3-grams. A hit is boilerplate when at least
 * `minCopies` other series (see the module comment) hold a copy (a certification, a
 * forward-looking-statements notice, not a passage that shares a stock sentence but has figures
 * of its own), and carried when another document of its own series does with the same numbers.
 * A copy of a hit with a stating passage (`options.statements`) writes that passage's figures too.
 * Tables and headings are never probes; a hit without prose is neither. Cost: one lexical search of
 * {@link PROBE_HITS} chunks per hit.
 */
export async function copiedHits(
  searcher: ProbeSearcher,
  hits: readonly Hit[],
  options: BoilerplateOptions = {},
): Promise<CopiedHits> {
  const minCopies = options.minCopies ?? 2;
  const boilerplate = new Set<string>();
  const carried = new Set<string>();
  await Promise.all(
    hits.map(async (hit) => {
      const probe = probeOf(hit);
      if (probe === undefined) return;
      const own = shingles(hit.chunk.text);
      const { hits: matches } = await searcher.search(probe, {
        mode: 'lexical',
        // The hit's own series may fill the first places (each version holds the text).
        topK: PROBE_HITS,
        keepBest: true,
        documentFocus: false,
        demoteCopies: false,
        reranker: false,
        probe: 'boilerplate',
        ...(options.collection === undefined ? {} : { collection: options.collection }),
        ...(options.namespace === undefined ? {} : { namespace: options.namespace }),
      });
      const series = seriesOf(hit);
      const stated = figuresOf(options.statements?.get(hit.chunk.id) ?? '');
      const copies = matches.filter(
        (m) =>
          m.chunk.documentId !== hit.chunk.documentId &&
          containment(own, shingles(m.chunk.text)) >= 0.8 &&
          writesAll(m, stated),
      );
      if (new Set(copies.map(seriesOf).filter((s) => s !== series)).size >= minCopies)
        boilerplate.add(hit.chunk.id);
      // A version whose text differs only in its figures states its own period's figures.
      const figures = figuresOf(hit.chunk.text);
      if (copies.some((m) => seriesOf(m) === series && writesAll(m, figures))) carried.add(hit.chunk.id);
    }),
  );
  return { boilerplate, carried };
}

/**
 * The hits (by chunk id) whose text documents of at least `minCopies` other series hold nearly
 * verbatim: {@link copiedHits}' `boilerplate`.
 */
export async function boilerplateHits(
  searcher: ProbeSearcher,
  hits: readonly Hit[],
  options: BoilerplateOptions = {},
): Promise<Set<string>> {
  return (await copiedHits(searcher, hits, options)).boilerplate;
}

/**
 * The hits an answer to `question` treats as boilerplate (they follow specific text, see
 * `answerSources`): `copies.boilerplate`, and, when the question names a time (see `namesTime`: a
 * period, the newest or the previous version, a date a version is asked at), `copies.carried` too
 * — text every version carries says nothing of the version asked for, however many of the
 * question's words it shares ("operating expenses" in a risk factor repeated each quarter).
 */
export function answerBoilerplate(question: string, copies: CopiedHits): Set<string> {
  if (!namesTime(timeCue(question))) return copies.boilerplate;
  return new Set([...copies.boilerplate, ...copies.carried]);
}

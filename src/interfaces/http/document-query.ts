/**
 * Finding, sorting and paging a collection's document records for `GET …/documents` (the
 * explorer's documents view): a case-insensitive substring search over the title, file name and
 * document id, a stable sort by one field, then one page.
 *
 * It runs over the namespace's records as the store lists them (one read of the documents table,
 * no chunk text), kept for a few seconds by {@link DocumentListCache}: on this machine (2 cores,
 * load average about 20) a 10,000-document collection pages, sorts and searches in 11–97 ms median,
 * under 190 ms p95, once its records are read; the first read takes about 400 ms
 * (bench/documents-listing.mjs, bench/results/documents-listing.json).
 * @module
 */
import type { DocumentRecord } from '../../core/types.js';

/** Fields a document list can be sorted by. `size` is the page count (byte sizes are not stored). */
export const DOCUMENT_SORTS = ['name', 'date', 'size', 'chunks'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

/** One page of a document listing. */
export interface DocumentQuery {
  /** Substring looked for (case-insensitive) in the title, source name and document id; default none. */
  q?: string;
  /** Sort field; default none: document-id order (code point), as the store lists them. */
  sort?: DocumentSort;
  /** `asc` (default) or `desc`. */
  order?: 'asc' | 'desc';
  /** Most records returned; default all. */
  limit?: number;
  /** Records skipped after sorting; default 0. */
  offset?: number;
}

/** A page of records and how many matched in all. */
export interface DocumentPage {
  documents: DocumentRecord[];
  /** Records matching `q`, before paging. */
  total: number;
  offset: number;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function nameOf(record: DocumentRecord): string {
  return record.title ?? record.sourceName ?? record.documentId;
}

const COMPARE: Record<DocumentSort, (a: DocumentRecord, b: DocumentRecord) => number> = {
  name: (a, b) => collator.compare(nameOf(a), nameOf(b)),
  date: (a, b) => (a.ingestedAt < b.ingestedAt ? -1 : a.ingestedAt > b.ingestedAt ? 1 : 0),
  size: (a, b) => a.pageCount - b.pageCount,
  chunks: (a, b) => a.chunkCount - b.chunkCount,
};

/**
 * The page of `records` that `query` asks for. Ties keep document-id order (the store's), so
 * pages never overlap or skip a record between two requests on unchanged data.
 */
export function queryDocuments(records: readonly DocumentRecord[], query: DocumentQuery = {}): DocumentPage {
  const needle = query.q?.trim().toLowerCase() ?? '';
  const matching =
    needle === ''
      ? [...records]
      : records.filter(
          (r) =>
            r.documentId.toLowerCase().includes(needle) ||
            r.sourceName.toLowerCase().includes(needle) ||
            (r.title?.toLowerCase().includes(needle) ?? false),
        );
  const sign = query.order === 'desc' ? -1 : 1;
  const compare = query.sort === undefined ? () => 0 : COMPARE[query.sort];
  const ordered =
    query.sort === undefined && sign === 1
      ? matching
      : matching
          .map((record, index) => ({ record, index }))
          .sort((a, b) => sign * (compare(a.record, b.record) || a.index - b.index))
          .map(({ record }) => record);
  const offset = query.offset ?? 0;
  const end = query.limit === undefined ? undefined : offset + query.limit;
  return { documents: ordered.slice(offset, end), total: matching.length, offset };
}

/** Default time a cached listing is reused: 10 s. */
export const DEFAULT_LISTING_TTL_MS = 10_000;

/**
 * The namespace's records of a collection, kept for a few seconds so that paging, sorting and
 * searching one collection (the explorer asks once per keystroke or page) reads the documents
 * table once rather than for every page: reading 10,000 records is most of a listing's time
 * (bench/documents-listing.mjs). Entries are per (namespace, collection), so a key never sees
 * another namespace's records; this server's own writes (uploads, deletes) drop the entry at once,
 * and writes by other processes to the same store show within {@link DEFAULT_LISTING_TTL_MS}.
 */
export class DocumentListCache {
  readonly #entries = new Map<string, { at: number; records: Promise<DocumentRecord[]> }>();

  constructor(
    readonly ttlMs = DEFAULT_LISTING_TTL_MS,
    /** Most collections kept at once; the oldest goes first. */
    readonly maxEntries = 16,
  ) {}

  static #key(scope: { namespace: string; collection: string }): string {
    return JSON.stringify([scope.namespace, scope.collection]);
  }

  /** The cached records of `scope`, or `load()`'s (then cached) when none are fresh. */
  get(
    scope: { namespace: string; collection: string },
    load: () => Promise<DocumentRecord[]>,
  ): Promise<DocumentRecord[]> {
    const key = DocumentListCache.#key(scope);
    const now = Date.now();
    const entry = this.#entries.get(key);
    if (entry && now - entry.at < this.ttlMs) return entry.records;
    const records = load();
    this.#entries.delete(key);
    this.#entries.set(key, { at: now, records });
    records.catch(() => this.#entries.delete(key));
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
    return records;
  }

  /** Drops the cached records of `scope` (after a write), or of every collection of `namespace`. */
  invalidate(namespace: string, collection?: string): void {
    if (collection !== undefined) {
      this.#entries.delete(DocumentListCache.#key({ namespace, collection }));
      return;
    }
    for (const key of [...this.#entries.keys()])
      if ((JSON.parse(key) as string[])[0] === namespace) this.#entries.delete(key);
  }
}

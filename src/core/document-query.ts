/**
 * One page of a collection's document records, and the metadata facets of its documents: the
 * shapes {@link Store.queryDocuments} and {@link Store.documentFacets} take and return, their
 * validation, and the reference implementation over records in memory (what backends without
 * their own query use, and what the SQL backends' answers are checked against in the store
 * contract suite).
 *
 * The rules, alike on every backend:
 * - `q` matches a record whose title, source name or document id contains it; letters A-Z match
 *   their lower case (ASCII case folding: SQLite's `lower()`), every other character matches
 *   itself only.
 * - `name` sorts by the title, else the source name, ASCII-lower-cased, in code-point order;
 *   `date` by ingested time; `size` by byte size (unknown sizes last in both orders); `chunks` by
 *   chunk count. Ties, and no sort at all, go by document id ascending (code point), so pages
 *   never overlap or skip a record on unchanged data.
 * - `metadata` keeps records whose metadata has each field equal to its value, type included
 *   (`"1"` is not `1`).
 * @module
 */
import { InvalidArgumentError } from './errors.js';
import type { DocumentRecord } from './types.js';

/** Fields a document listing can be sorted by. */
export const DOCUMENT_SORTS = ['name', 'date', 'size', 'chunks'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

/** A metadata value a facet offers and a listing filters by. */
export type FacetValue = string | number | boolean;

/** Most records one page may hold. */
export const MAX_DOCUMENT_PAGE = 1000;

/** What {@link Store.queryDocuments} returns: search, metadata equality, sort, one page. */
export interface DocumentQuery {
  /** Substring looked for in the title, source name and document id (ASCII case-insensitive); trimmed; default none. */
  q?: string;
  /** Only records whose metadata has every one of these fields equal to its value (type included). */
  metadata?: Record<string, FacetValue>;
  /** Sort field; default none: document-id order (code point). */
  sort?: DocumentSort;
  /** `asc` (default) or `desc`. Ties stay in ascending document-id order either way. */
  order?: 'asc' | 'desc';
  /** Most records returned, 1-{@link MAX_DOCUMENT_PAGE}; default 50. */
  limit?: number;
  /** Records skipped after sorting; default 0. */
  offset?: number;
}

/** A {@link DocumentQuery} with its defaults applied and `q` trimmed (`''`: none). */
export interface ResolvedDocumentQuery {
  q: string;
  metadata: Array<[string, FacetValue]>;
  sort: DocumentSort | undefined;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** One page of document records and how many matched in all. */
export interface DocumentPage {
  documents: DocumentRecord[];
  /** Records matching `q` and `metadata`, before paging. */
  total: number;
  offset: number;
}

/** Bounds of {@link Store.documentFacets}. */
export interface DocumentFacetsOptions {
  /** Most fields returned, those most documents have first; 1-100, default 20. */
  maxFields?: number;
  /** Most values returned per field, the commonest first; 1-100, default 10. */
  maxValues?: number;
}

/** One metadata field of a collection's documents and its commonest scalar values. */
export interface DocumentFacet {
  field: string;
  /** Documents whose metadata has this field with a scalar (string, number, boolean) value. */
  documents: number;
  /** The commonest values, most documents first (ties: by JSON text, code point). */
  values: Array<{ value: FacetValue; count: number }>;
}

const DEFAULT_PAGE = 50;

function checkInteger(name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new InvalidArgumentError(name, `must be an integer from ${min} to ${max}`);
  }
  return value;
}

function isFacetValue(value: unknown): value is FacetValue {
  return (
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

/**
 * `query` checked, with defaults applied.
 * @throws {InvalidArgumentError} for an unknown sort or order, a bad limit or offset, or a
 *   metadata value that is not a string, finite number or boolean.
 */
export function resolveDocumentQuery(query: DocumentQuery = {}): ResolvedDocumentQuery {
  if (query.q !== undefined && typeof query.q !== 'string')
    throw new InvalidArgumentError('q', 'must be a string');
  if (query.sort !== undefined && !DOCUMENT_SORTS.includes(query.sort)) {
    throw new InvalidArgumentError('sort', `must be one of ${DOCUMENT_SORTS.join(', ')}`);
  }
  if (query.order !== undefined && query.order !== 'asc' && query.order !== 'desc') {
    throw new InvalidArgumentError('order', 'must be asc or desc');
  }
  const metadata = Object.entries(query.metadata ?? {});
  for (const [field, value] of metadata) {
    if (!isFacetValue(value)) {
      throw new InvalidArgumentError(`metadata.${field}`, 'must be a string, a finite number or a boolean');
    }
  }
  return {
    q: query.q?.trim() ?? '',
    metadata,
    sort: query.sort,
    order: query.order ?? 'asc',
    limit:
      query.limit === undefined ? DEFAULT_PAGE : checkInteger('limit', query.limit, 1, MAX_DOCUMENT_PAGE),
    offset: query.offset === undefined ? 0 : checkInteger('offset', query.offset, 0, Number.MAX_SAFE_INTEGER),
  };
}

/** `options` checked, with defaults applied. @throws {InvalidArgumentError} for a bound outside 1-100. */
export function resolveFacetsOptions(options: DocumentFacetsOptions = {}): Required<DocumentFacetsOptions> {
  return {
    maxFields: options.maxFields === undefined ? 20 : checkInteger('maxFields', options.maxFields, 1, 100),
    maxValues: options.maxValues === undefined ? 10 : checkInteger('maxValues', options.maxValues, 1, 100),
  };
}

/** ASCII lower case (A-Z only), as SQLite's `lower()`. */
export function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

function codePointCompare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The name a record sorts by: its title, else its source name. */
export function sortName(record: DocumentRecord): string {
  return asciiLower(record.title ?? record.sourceName);
}

/** The order of `sort` (ascending), before the document-id tie break. */
const COMPARE: Record<DocumentSort, (a: DocumentRecord, b: DocumentRecord) => number> = {
  name: (a, b) => codePointCompare(sortName(a), sortName(b)),
  date: (a, b) => codePointCompare(a.ingestedAt, b.ingestedAt),
  size: (a, b) => (a.byteSize ?? 0) - (b.byteSize ?? 0),
  chunks: (a, b) => a.chunkCount - b.chunkCount,
};

/** Whether `record` matches the search text and metadata of `query`. */
function matches(record: DocumentRecord, query: ResolvedDocumentQuery): boolean {
  if (query.q !== '') {
    const needle = asciiLower(query.q);
    const found = [record.documentId, record.sourceName, record.title ?? ''].some((text) =>
      asciiLower(text).includes(needle),
    );
    if (!found) return false;
  }
  return query.metadata.every(
    ([field, value]) => Object.hasOwn(record.metadata, field) && record.metadata[field] === value,
  );
}

/**
 * The page of `records` that `query` asks for, by the rules in the module notes: the reference
 * implementation, for backends without a query of their own.
 */
export function pageDocuments(
  records: readonly DocumentRecord[],
  query: ResolvedDocumentQuery,
): DocumentPage {
  const matching = records.filter((record) => matches(record, query));
  const sign = query.order === 'desc' ? -1 : 1;
  const sort = query.sort;
  const unknownLast = (a: DocumentRecord, b: DocumentRecord) =>
    sort === 'size' ? Number(a.byteSize === undefined) - Number(b.byteSize === undefined) : 0;
  matching.sort(
    (a, b) =>
      unknownLast(a, b) ||
      (sort === undefined
        ? sign * codePointCompare(a.documentId, b.documentId)
        : sign * COMPARE[sort](a, b)) ||
      codePointCompare(a.documentId, b.documentId),
  );
  return {
    documents: matching.slice(query.offset, query.offset + query.limit),
    total: matching.length,
    offset: query.offset,
  };
}

/** The facets of `records`' metadata, bounded by `options`: the reference implementation. */
export function facetsOf(
  records: readonly DocumentRecord[],
  options: Required<DocumentFacetsOptions>,
): DocumentFacet[] {
  const fields = new Map<
    string,
    { documents: number; values: Map<string, { value: FacetValue; count: number }> }
  >();
  for (const record of records) {
    for (const [field, value] of Object.entries(record.metadata)) {
      if (!isFacetValue(value)) continue;
      const entry = fields.get(field) ?? { documents: 0, values: new Map() };
      fields.set(field, entry);
      entry.documents++;
      const key = `${typeof value}:${String(value)}`;
      const counted = entry.values.get(key);
      if (counted) counted.count++;
      else entry.values.set(key, { value, count: 1 });
    }
  }
  return [...fields.entries()]
    .sort(([a, x], [b, y]) => y.documents - x.documents || codePointCompare(a, b))
    .slice(0, options.maxFields)
    .map(([field, entry]) => ({
      field,
      documents: entry.documents,
      values: [...entry.values.values()]
        .sort(
          (a, b) => b.count - a.count || codePointCompare(JSON.stringify(a.value), JSON.stringify(b.value)),
        )
        .slice(0, options.maxValues),
    }));
}

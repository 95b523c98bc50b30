/**
 * The backend seam under the collection model. A backend is what differs between engines: a set
 * of small hooks, each doing one thing (one SQL statement on SQL engines, one request on remote
 * ones), and its {@link StoreCapabilities} as data. Everything else — names, options, dimension
 * pinning, provisioning, schema upgrades, validation, batching, iteration, deletion accounting,
 * text clean-up, the lifecycle — lives once in {@link CollectionStore}.
 *
 * Hooks receive arguments the collection model has already validated and normalised: names,
 * namespaces and ids are well-formed, chunks are checked and their text is storable, filters are
 * {@link FilterNode} trees, vectors are float32 of the collection's dimension. Hooks never
 * validate and never decide policy; they store, read and rank.
 *
 * See `docs/store-adapters.md` for a walk through writing one.
 * @module
 */
import type {
  DocumentFacet,
  DocumentFacetsOptions,
  DocumentPage,
  ResolvedDocumentQuery,
} from '../../core/document-query.js';
import type { FilterNode } from '../../core/filter/filter-node.js';
import type { CollectionInfo, StoreCapabilities } from '../../core/ports.js';
import type { Chunk, DocumentRecord, StoredChunk } from '../../core/types.js';
import type { PreparedChunk } from './validation.js';

/** A registry entry as the backend keeps it: the port's entry plus where the data lives. */
export interface StoredCollection extends CollectionInfo {
  /**
   * The backend's own name for the collection's data (a table, an index, a remote collection),
   * derived from the name by {@link StoreBackend.locationFor} when the collection is created.
   */
  location: string;
}

/** A collection and the namespace one call works in. */
export interface BackendScope {
  collection: StoredCollection;
  namespace: string;
}

/**
 * Validated scan conditions; a chunk passes when it meets every one given. Lists are never
 * empty (an empty list matches nothing, and the collection model answers that without asking).
 */
export interface ChunkConditions {
  /** A normalised filter; `undefined` when there is none (or it matches everything). */
  filter?: FilterNode;
  documentIds?: readonly string[];
  sourceIds?: readonly string[];
  ids?: readonly string[];
  /**
   * Versioned backends only ({@link StoreCapabilities.replace} `versioned`): only chunks whose
   * version differs from this one (`''` selects the chunks written without a version).
   */
  otherThanVersion?: string;
  /** Versioned backends only: only chunks written under this version. */
  onlyVersion?: string;
}

/**
 * What versioned backends add to the chunks and document records they return: the version the
 * chunk was written under (`''`: none, always visible) or the version a record makes current.
 * Transactional backends leave it out.
 */
export interface Versioned {
  version?: string;
}

/** A chunk as a backend returns it, with its version on versioned backends. */
export type BackendChunk = StoredChunk & Versioned;

/** A document record as a backend keeps it, with its current version on versioned backends. */
export type BackendDocument = DocumentRecord & Versioned;

/** A chunk with the score a search ranked it by. */
export interface ScoredChunk {
  chunk: Chunk & { sourceId: string };
  /**
   * Dense: cosine similarity (not clamped). Lexical: the backend's lexical score, higher is
   * better. Hybrid: the fused score.
   */
  score: number;
  /** Hybrid only: the dense similarity and the lexical score, for the rankings that held the chunk. */
  dense?: number;
  lexical?: number;
  /** The chunk's document's `sourceName`, when it has a record. */
  sourceName?: string;
  /** Versioned backends: the version the chunk was written under (see {@link Versioned}). */
  version?: string;
}

/** A dense search as the backend runs it. */
export interface DenseQuery {
  vector: Float32Array;
  topK: number;
  conditions: ChunkConditions;
  /** Only the best chunk per source id competes. */
  keepBest: boolean;
  /** Score every passing chunk (no approximate index). */
  exact: boolean;
}

/** A lexical search as the backend runs it. */
export interface LexicalQuery {
  /** The user's text, for backends that tokenise it themselves. */
  text: string;
  /** The distinct word tokens of `text` (see `queryTerms`), never empty; each a literal, never syntax. */
  terms: readonly string[];
  topK: number;
  conditions: ChunkConditions;
  keepBest: boolean;
}

/** A hybrid search as the backend runs it. */
export interface HybridQuery extends DenseQuery {
  text: string;
  /** Word tokens of the text; may be empty (then only dense candidates compete). */
  terms: readonly string[];
  candidates: number;
  k: number;
  weights: readonly [number, number];
  minSimilarity: number | undefined;
}

/** One page of an id-ordered scan. */
export interface ChunkPage {
  /** Only ids after this one (code-point order); from the start when undefined. */
  after?: string;
  limit: number;
  embeddings: boolean;
}

/** One numbered schema upgrade of a collection, from version `from` to `from + 1`. */
export interface SchemaUpgrade<Tx> {
  from: number;
  /** What the step changes, for logs and error messages. */
  description: string;
  /** Runs inside the upgrade transaction, with the registry locked. */
  apply(tx: Tx, collection: StoredCollection): Promise<void>;
}

/**
 * What a transaction does: `write` changes data; `read` reads, and must see every write this
 * store made before it; `search` is a read-only ranking (dense, lexical, hybrid search) that a
 * backend may serve from a read replica, so it may lag behind writes made elsewhere (a backend
 * with replicas decides how it keeps this store's own writes visible). Backends without replicas
 * treat `search` as `read`.
 */
export type TransactionMode = 'read' | 'write' | 'search';

/**
 * The hooks of one storage engine. `Tx` is the backend's transaction handle; every hook but the
 * lifecycle ones runs inside {@link StoreBackend.transaction}.
 */
export interface StoreBackend<Tx = unknown> {
  /** Backend name, e.g. `sqlite`; used in messages. */
  readonly name: string;
  readonly capabilities: StoreCapabilities;
  /** Whether the backend may issue DDL (create the registry, collections, run upgrades, drop). */
  readonly provision: boolean;
  /** Layout version of collections this backend creates. */
  readonly schemaVersion: number;
  /** The numbered upgrades that lead older collections to {@link schemaVersion}, in order. */
  readonly upgrades: readonly SchemaUpgrade<Tx>[];

  /**
   * Runs `work` as one transaction: everything it writes becomes visible together, or nothing
   * does when it throws (the error is rethrown). `read` and `search` transactions see one
   * snapshot; see {@link TransactionMode}.
   */
  transaction<T>(mode: TransactionMode, work: (tx: Tx) => Promise<T>): Promise<T>;
  /** True when a trivial request succeeds; never throws. */
  ping(): Promise<boolean>;
  /** Releases connections; called once, after every call in flight has settled. */
  close(): Promise<void>;

  // Registry: runs outside any namespace.
  /** True when the registry and the shared tables exist (creates nothing). */
  hasRegistry(tx: Tx): Promise<boolean>;
  /** Creates (or brings up to date) the registry and shared tables. Idempotent. */
  createRegistry(tx: Tx): Promise<void>;
  /** Serialises registry changes (collection DDL, upgrades) until the transaction ends. */
  lockRegistry(tx: Tx): Promise<void>;
  /** The entry of `name`; with `lock`, held against a concurrent drop until the transaction ends. */
  readCollection(tx: Tx, name: string, lock: boolean): Promise<StoredCollection | undefined>;
  /** Every entry, ordered by name (code point). */
  readCollections(tx: Tx): Promise<StoredCollection[]>;
  /** The location a new collection of this name gets. */
  locationFor(name: string): string;
  /** Creates a collection's storage and registers it. */
  createCollection(tx: Tx, collection: StoredCollection): Promise<void>;
  /** Removes a collection's storage, its document records in every namespace and its entry. */
  dropCollection(tx: Tx, collection: StoredCollection): Promise<void>;
  /** Records that a collection's layout is now at `version`. */
  recordSchemaVersion(tx: Tx, collection: StoredCollection, version: number): Promise<void>;

  /** Confines the rest of the transaction to `namespace` where the database enforces it (row-level security); else nothing. */
  enterNamespace(tx: Tx, namespace: string): Promise<void>;

  // Chunks of one collection, in one namespace.
  /**
   * Inserts chunks, or overwrites those whose id exists (keeping their creation time); at most
   * `capabilities.maxWriteBatch`. Versioned backends keep each chunk under its id and
   * `PreparedChunk.version` (`''` when absent): the same id under two versions is two rows.
   */
  writeChunks(tx: Tx, scope: BackendScope, chunks: readonly PreparedChunk[], now: string): Promise<void>;
  /**
   * Optional. Called before `count` chunks of one call are written in batches, in the same
   * transaction; a backend may set aside work it can do faster once for the whole load (the
   * PostgreSQL backend drops its HNSW index and builds it again afterwards). @returns What to run
   * after the last batch (in the transaction), or `undefined` when nothing was set aside.
   */
  beginBulkWrite?(tx: Tx, scope: BackendScope, count: number): Promise<(() => Promise<void>) | undefined>;
  /** The document each existing id belongs to. */
  chunkOwners(tx: Tx, scope: BackendScope, ids: readonly string[]): Promise<Map<string, string>>;
  /** Deletes the chunks that pass `conditions`. @returns The document id of each deleted chunk. */
  deleteChunks(tx: Tx, scope: BackendScope, conditions: ChunkConditions): Promise<string[]>;
  /** Chunks by id, in any order; unknown ids are left out. */
  readChunks(
    tx: Tx,
    scope: BackendScope,
    ids: readonly string[],
    embeddings: boolean,
  ): Promise<BackendChunk[]>;
  /**
   * One page of the chunks that pass `conditions`, in ascending id order (code point). Versioned
   * backends return every row of the page's last id (all its versions) even beyond `limit`.
   */
  scanChunks(
    tx: Tx,
    scope: BackendScope,
    conditions: ChunkConditions,
    page: ChunkPage,
  ): Promise<BackendChunk[]>;
  countChunks(tx: Tx, scope: BackendScope, conditions: ChunkConditions): Promise<number>;
  /** The `topK` chunks closest to the vector among those that pass, best first. */
  denseSearch(tx: Tx, scope: BackendScope, query: DenseQuery): Promise<ScoredChunk[]>;
  /** The `topK` chunks that best match any term among those that pass, best first (when `capabilities.lexical` is not `none`). */
  lexicalSearch(tx: Tx, scope: BackendScope, query: LexicalQuery): Promise<ScoredChunk[]>;
  /** Dense and lexical candidates fused by RRF, best first (when `capabilities.hybrid`). */
  hybridSearch?(tx: Tx, scope: BackendScope, query: HybridQuery): Promise<ScoredChunk[]>;

  // Document records of one collection, in one namespace.
  /** Inserts or overwrites a record by document id (on versioned backends, with the version it makes current). */
  writeDocument(tx: Tx, scope: BackendScope, record: BackendDocument): Promise<void>;
  /** The records of these documents, or every record when `documentIds` is undefined; ordered by id. */
  readDocuments(tx: Tx, scope: BackendScope, documentIds?: readonly string[]): Promise<BackendDocument[]>;
  /**
   * Deletes the records with these document ids or with these source ids; with neither list,
   * every record of the namespace. @returns How many.
   */
  deleteDocuments(
    tx: Tx,
    scope: BackendScope,
    selection: { documentIds?: readonly string[]; sourceIds?: readonly string[] },
  ): Promise<number>;
  /** How many document records the namespace holds. */
  countDocuments(tx: Tx, scope: BackendScope): Promise<number>;
  /**
   * Optional. One page of records by the rules of `src/core/document-query.ts`, answered by the
   * engine (a backend without it has {@link readDocuments}' full list paged in memory). Not for
   * versioned backends.
   */
  queryDocuments?(tx: Tx, scope: BackendScope, query: ResolvedDocumentQuery): Promise<DocumentPage>;
  /** Optional. The metadata facets of the namespace's records (as `facetsOf` computes them), answered by the engine. */
  documentFacets?(
    tx: Tx,
    scope: BackendScope,
    options: Required<DocumentFacetsOptions>,
  ): Promise<DocumentFacet[]>;
  /**
   * Sets each listed record's `chunkCount` to its chunks' count (on versioned backends, those of
   * its current version and those without one) and deletes those left with none. @returns How many were deleted.
   */
  recountDocuments(tx: Tx, scope: BackendScope, documentIds: readonly string[]): Promise<number>;

  /** Size of the whole database in bytes, when the backend can tell. */
  storageBytes(tx: Tx): Promise<number | undefined>;
}

/**
 * The capabilities a backend has unless it says otherwise: no lexical index, exact dense search,
 * float32 vectors, transactional replaces, namespaces named in every query, persistent data.
 */
export const DEFAULT_CAPABILITIES: StoreCapabilities = Object.freeze({
  lexical: 'none',
  lexicalStatistics: 'namespace',
  dense: 'exact',
  exactFilteredTopK: true,
  hybrid: false,
  vectorTypes: Object.freeze(['float32'] as const),
  metrics: Object.freeze(['cosine'] as const),
  replace: 'transaction',
  maxWriteBatch: Number.MAX_SAFE_INTEGER,
  namespaceIsolation: 'query',
  persistent: true,
  unsupportedFilters: Object.freeze([]),
});

/** A backend's capabilities: {@link DEFAULT_CAPABILITIES} with what differs, frozen. */
export function defineCapabilities(differences: Partial<StoreCapabilities>): StoreCapabilities {
  return Object.freeze({ ...DEFAULT_CAPABILITIES, ...differences });
}

/**
 * Ports: the small interfaces every adapter implements. The core depends only on these.
 * Each port carries a literal `specificationVersion` so that adapters written against an older
 * shape can be recognised and lifted.
 * @module
 */
import type { DocumentFacet, DocumentFacetsOptions, DocumentPage, DocumentQuery } from './document-query.js';
import type { Filter } from './filter/filter.js';
import type {
  Chunk,
  DocumentRecord,
  Hit,
  Metadata,
  Page,
  ParsedDocument,
  Source,
  StoredChunk,
} from './types.js';

/** Optional members an adapter may have; the engine calls them when present. */
export interface AdapterLifecycle {
  /**
   * Throws a typed error (a `ConfigError`) when a call could not succeed as configured — an API
   * key that is not set, model files missing from a models folder — without sending or loading
   * anything. The engine calls it before a batch, so one message replaces one failure per file.
   */
  checkReady?(): void;
  /**
   * Releases what the adapter holds (model sessions, worker threads, connections); a later call
   * may start them again. `Engine.close()` calls it for the adapters the engine created.
   */
  close?(): Promise<void>;
}

/** Turns a source into pages of Markdown. */
export interface Parser {
  readonly specificationVersion: 'v1';
  /** Stable id of the parser and its settings; part of the parse-cache key. */
  readonly fingerprint: string;
  /** Media types this parser handles. */
  readonly mediaTypes: readonly string[];
  /**
   * Parses a source.
   * @throws {EmptyDocumentError} when the source holds no text.
   * @throws {ParseError} when the source is corrupt, encrypted or unreadable.
   */
  parse(source: Source): Promise<ParsedDocument>;
}

/** Input to a chunker: one parsed document. */
export interface ChunkerInput {
  documentId: string;
  pages: Page[];
  metadata?: Metadata;
}

/** Chunks with their provenance: the joined source text and each chunk's `[start, end)` span in it. */
export interface ChunksWithSpans {
  source: string;
  chunks: Chunk[];
  spans: Array<{ start: number; end: number }>;
}

/** Splits a document's pages into chunks. */
export interface Chunker {
  readonly specificationVersion: 'v1';
  /** Stable id of the chunker and its settings. */
  readonly fingerprint: string;
  chunk(input: ChunkerInput): Chunk[];
  /** Optional: chunks plus where each came from (used by the structural contextualizer). */
  chunkWithSpans?(input: ChunkerInput): ChunksWithSpans;
}

/** Input to a contextualizer: one chunked document. */
export interface ContextualizerInput {
  documentId: string;
  title?: string;
  /** The document's Markdown (pages joined). */
  source: string;
  chunks: Chunk[];
  /** Each chunk's span in `source`, when the chunker reports them. */
  spans?: Array<{ start: number; end: number }>;
}

/**
 * Adds context to chunks before embedding ("contextual retrieval"): returns, per chunk and in
 * order, the text to embed in place of the bare chunk text.
 */
export interface Contextualizer extends AdapterLifecycle {
  readonly specificationVersion: 'v1';
  /** Stable id of the contextualizer and its settings; part of the document fingerprint. */
  readonly fingerprint: string;
  contextualize(input: ContextualizerInput, options?: { signal?: AbortSignal }): Promise<string[]>;
}

/** Token and timing statistics of one embedding call. */
export interface EmbeddingUsage {
  model: string;
  texts: number;
  /** Tokens the provider reported, or an estimate when it reports none. */
  tokens: number;
  milliseconds: number;
}

/**
 * What a remote model's reply says about the call, recorded on its span by the GenAI semantic
 * conventions (https://opentelemetry.io/docs/specs/semconv/gen-ai/gen-ai-spans/); every field is
 * optional, a local model reports none.
 */
export interface ModelResponse {
  /** The URL the request was sent to: `server.address` and `server.port` come from it (never its path or query). */
  url?: string;
  /** The model that answered, as the reply names it (`gen_ai.response.model`). */
  model?: string;
  /** The reply's id (`gen_ai.response.id`). */
  id?: string;
  /** Why the model stopped, one per choice (`gen_ai.response.finish_reasons`), as the provider words it. */
  finishReasons?: string[];
}

/** Result of one embedding call. */
export interface EmbedResult {
  embeddings: number[][];
  usage?: { tokens: number };
  /** The reply's facts for the call's span, when the model is remote; see {@link ModelResponse}. */
  response?: ModelResponse;
}

/**
 * Maps texts to vectors. Call it through {@link embedDocuments}/{@link embedQuery} in
 * `src/embed/embed.ts`, which batch under {@link Embedder.maxBatchSize}, check dimensions and report usage.
 */
export interface Embedder extends AdapterLifecycle {
  readonly specificationVersion: 'v1';
  /** Provider name for messages, e.g. `openai-compatible`. */
  readonly provider: string;
  /** Model id recorded in the collection registry. */
  readonly model: string;
  /** Length of every vector this model returns. */
  readonly dimension: number;
  /** Most texts one `doEmbed` call accepts. */
  readonly maxBatchSize: number;
  /**
   * Most tokens (summed over the texts) one `doEmbed` call accepts, when the provider limits
   * them (OpenAI: 300,000 per request); absent: no limit beyond {@link maxBatchSize}. Batches
   * are cut by an over-estimate (see `estimateTokens` in `src/embed/embed.ts`).
   */
  readonly maxBatchTokens?: number;
  /**
   * Embeds one batch (at most `maxBatchSize` texts). `kind` lets models that distinguish
   * documents from queries (instruction prefixes, input types) do so.
   */
  doEmbed(options: {
    texts: string[];
    kind: 'document' | 'query';
    signal?: AbortSignal;
  }): Promise<EmbedResult>;
}

/** An image attached to a chat message, for vision-capable models. */
export interface ChatImage {
  /** The encoded image. */
  bytes: Uint8Array;
  /** `image/png`, `image/jpeg`, `image/gif` or `image/webp`: the types chat APIs accept. */
  mediaType: string;
}

/** One message of a chat conversation. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
  /**
   * Images shown with a user message, before its text. Adapters of vision-capable APIs send
   * them (OpenAI `image_url` data URLs, Anthropic base64 `image` blocks); others ignore them.
   */
  images?: ChatImage[];
  /**
   * Asks the provider to cache the prompt up to the end of this message, for a long text sent
   * identically in many requests (a document contextualized chunk by chunk). Anthropic needs the
   * mark (`cache_control`); OpenAI caches long identical prefixes by itself; others ignore it.
   */
  cachePrefix?: boolean;
}

/** Tokens a chat call used, as the provider counted them; a count it did not report is absent. */
export interface ChatUsage {
  /** Prompt tokens (OpenAI `prompt_tokens`, Anthropic `input_tokens`). */
  inputTokens?: number;
  /** Reply tokens (OpenAI `completion_tokens`, Anthropic `output_tokens`). */
  outputTokens?: number;
}

/** A chat model that streams its reply token by token. */
export interface ChatModel extends AdapterLifecycle {
  readonly specificationVersion: 'v1';
  readonly provider: string;
  readonly model: string;
  /**
   * Streams the reply's text deltas in order. An adapter whose provider reports token counts
   * calls `onUsage` once, before the stream ends; others never call it (it is optional to honour).
   */
  doStream(options: {
    messages: ChatMessage[];
    temperature?: number;
    maxTokens?: number;
    signal?: AbortSignal;
    onUsage?: (usage: ChatUsage) => void;
    /**
     * Receives the reply's facts (see {@link ModelResponse}) as they become known: an adapter may
     * call it more than once (the URL when the request is sent, the id and model from the first
     * event, finish reasons at the end); each call's fields add to the earlier ones. Optional to honour.
     */
    onResponse?: (response: ModelResponse) => void;
  }): AsyncIterable<string>;
}

/** Re-orders hits by relevance to a query. */
export interface Reranker extends AdapterLifecycle {
  readonly specificationVersion: 'v1';
  /** Provider name for messages, e.g. `cohere`; `transformers` for a local model. */
  readonly provider?: string;
  readonly model: string;
  /**
   * Returns relevance scores aligned with `documents`. `null` marks a document the provider
   * returned no usable score for (a hosted reranker drops a reply entry whose index is out of
   * range or repeated instead of trusting it); `rerankHits` leaves such documents out and says so.
   */
  doRerank(options: {
    query: string;
    documents: string[];
    signal?: AbortSignal;
    /**
     * Receives the facts of each request (see {@link ModelResponse}; a hosted reranker: the URL it
     * posted to), for the call's span. Optional to honour.
     */
    onResponse?: (response: ModelResponse) => void;
  }): Promise<Array<number | null>>;
}

/** Key-value cache of strings (parse cache, embedding cache). */
export interface Cache {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
}

/**
 * How a collection ranks embeddings, chosen when it is created: `cosine` (score = cosine
 * similarity in [-1, 1]; the default, and the only metric SQL and remote stores serve),
 * `euclidean` (score = 1 / (1 + L2 distance), in (0, 1], as the tulip seed's in-memory store),
 * `dot` (score = the inner product, unbounded). Higher scores are better on every metric;
 * `minSimilarity` compares against the score.
 */
export type DistanceMetric = 'cosine' | 'euclidean' | 'dot';

/** How a collection keeps its embeddings: float32 (SQLite, Postgres `vector`) or float16 (Postgres `halfvec`). */
export type VectorType = 'float32' | 'float16';

/** One collection's registry entry. */
export interface CollectionInfo {
  name: string;
  /** Embedding model id, or `null` for a lexical-only collection. */
  model: string | null;
  /** Embedding dimension, or `null` for a lexical-only collection. */
  dimension: number | null;
  vectorType: VectorType;
  /** Layout version of the collection's storage; upgraded in numbered steps when older. */
  schemaVersion: number;
  /** ISO-8601 creation time. */
  createdAt: string;
  metadata: Metadata;
  /** The ranking metric, present when it is not `cosine` (see {@link DistanceMetric}). */
  metric?: DistanceMetric;
}

/** Options of {@link Store.createCollection}. */
export interface CreateCollectionOptions {
  model?: string | null;
  dimension?: number | null;
  /** Default `float32`; `float16` only where {@link StoreCapabilities.vectorTypes} lists it. */
  vectorType?: VectorType;
  /** Default `cosine`; others only where {@link StoreCapabilities.metrics} lists them. */
  metric?: DistanceMetric;
  metadata?: Metadata;
}

/** Where a read or write applies: a collection within a tenant namespace. */
export interface Scope {
  collection: string;
  /** Tenant namespace; defaults to `default`. */
  namespace?: string;
}

/** Conditions every search and listing applies inside the scan. All given conditions must hold. */
export interface ScanConditions {
  /** Metadata filter; see {@link Filter}. */
  filter?: Filter;
  /** Only chunks of these documents. An empty list matches nothing. */
  documentIds?: string[];
  /** Only chunks with these source ids. An empty list matches nothing. */
  sourceIds?: string[];
}

/**
 * Which chunks a delete or replace selects: the chunks that meet **every** condition given.
 * Selecting every chunk of the namespace — no condition at all, or a filter that matches
 * everything (`{}`, `{ x: { $nin: [] } }`, `{ $not: { $not: {} } }`) and nothing else — needs
 * `all: true`, so that a mistaken filter never empties a namespace.
 */
export interface ChunkSelector extends ScanConditions {
  /** Only chunks with these ids. An empty list matches nothing. */
  ids?: string[];
  /** Confirms that the selector may select every chunk of the namespace. */
  all?: boolean;
}

/** What a delete removed. */
export interface DeleteResult {
  /** Chunks deleted. */
  chunks: number;
  /** Document records deleted (a record goes with its document's last chunk, or when selected by id). */
  documents: number;
}

/** A dense (vector) search request. */
export interface DenseSearchRequest extends Scope, ScanConditions {
  vector: number[] | Float32Array;
  topK: number;
  /** Drop hits whose cosine similarity is below this. */
  minSimilarity?: number;
  /** Keep only the best hit per source id. */
  keepBest?: boolean;
  /**
   * Score every chunk that passes the conditions instead of using an approximate index (when
   * {@link StoreCapabilities.dense} is `approximate`). Default false.
   */
  exact?: boolean;
}

/** A lexical search request. The query is plain user text, never parsed as query syntax. */
export interface LexicalSearchRequest extends Scope, ScanConditions {
  query: string;
  topK: number;
  /** Keep only the best hit per source id. */
  keepBest?: boolean;
}

/**
 * Dense and lexical search fused by reciprocal rank fusion inside the store (Cormack, Clarke &
 * Büttcher, "Reciprocal Rank Fusion outperforms Condorcet and individual Rank Learning Methods",
 * SIGIR 2009). Offered where {@link StoreCapabilities.hybrid} is true.
 */
export interface HybridSearchRequest extends Scope, ScanConditions {
  /** The query embedding (the collection's dimension). */
  vector: number[] | Float32Array;
  /** The query text, plain user text (never parsed as query syntax). */
  query: string;
  topK: number;
  /** Candidates taken from each ranking before fusion; default max(50, topK). */
  candidates?: number;
  /** RRF rank constant; default 60. */
  k?: number;
  /** RRF weights `[dense, lexical]`; default `[1, 1]`. */
  weights?: [number, number];
  /** Dense candidates below this similarity (under the collection's metric) take no part. */
  minSimilarity?: number;
  /** Keep only the best hit per source id. */
  keepBest?: boolean;
}

/** Options of {@link Store.iterChunks}. */
export interface IterateChunksRequest extends Scope, ScanConditions {
  /** Chunks per yielded batch; default 500. */
  batchSize?: number;
  /** Include embeddings; default true. */
  includeEmbeddings?: boolean;
}

/** A document and all of its chunks, written as one unit. */
export interface DocumentWrite {
  document: Omit<DocumentRecord, 'ingestedAt' | 'chunkCount'>;
  chunks: StoredChunk[];
}

/** Counts reported by {@link Store.getStats}, for one namespace. */
export interface StoreStats {
  /** Collections in the registry (collections are shared by every namespace). */
  collections: number;
  /** Document records of the namespace, over every collection. */
  documents: number;
  /** Chunks of the namespace, over every collection. */
  chunks: number;
  /** Size of the whole database in bytes (every namespace), when the backend can tell. */
  bytes?: number;
}

/**
 * What a store can and cannot do, declared as data so that the engine plans from it instead of
 * discovering it by failing. Every field has one meaning across backends.
 */
export interface StoreCapabilities {
  /**
   * How lexical search scores: `bm25` (Okapi BM25 with k1 = 1.2, b = 0.75, the formula of SQLite
   * FTS5's `bm25()`), `lucene_bm25` (Lucene's `BM25Similarity`, k1 = 1.2, b = 0.75, idf
   * `ln(1 + (N − n + 0.5) / (n + 0.5))`, per field, the text and the heading path (boost 2)
   * summed: OpenSearch's default), `ts_rank_cd` (PostgreSQL's cover density rank,
   * length-normalised), or `none` (no lexical index: lexical search refuses, hybrid runs dense-only).
   */
  lexical: LexicalScoring;
  /** Whether lexical statistics (document frequencies, average length) are per `namespace` or per `collection`. */
  lexicalStatistics: 'namespace' | 'collection';
  /** `exact`: every passing chunk is scored. `approximate`: an index answers, with an exact fallback. */
  dense: 'exact' | 'approximate';
  /**
   * Whether a filtered dense search returns `topK` hits whenever that many chunks pass the
   * conditions (the store then retries exactly when an approximate index found fewer).
   */
  exactFilteredTopK: boolean;
  /** Whether {@link Store.hybridSearch} fuses inside the store. */
  hybrid: boolean;
  /** Vector types collections may use. */
  vectorTypes: readonly VectorType[];
  /** Ranking metrics collections may be created with (see {@link DistanceMetric}); `cosine` everywhere. */
  metrics: readonly DistanceMetric[];
  /**
   * How a document replace is seen by concurrent readers: `transaction` (the old version or the
   * new one, never a mix), `versioned` (no transactions: the new version's chunks are written
   * first under new physical ids, the document record is switched to it in one write, then the
   * old version is deleted by version; reads return only chunks of their document's current
   * version, so a reader sees the old version or the new one, never zero chunks and never a mix,
   * while counts may include both for the moment between the switch and the delete), or `none`.
   */
  replace: 'transaction' | 'versioned' | 'none';
  /** Most chunks the backend writes in one statement or request; larger writes are split. */
  maxWriteBatch: number;
  /** `database`: the database itself confines each call to its namespace (row-level security); `query`: every statement names it. */
  namespaceIsolation: 'database' | 'query';
  /** Whether data outlives the process. */
  persistent: boolean;
  /**
   * Filter operations the backend cannot evaluate inside its scan (see {@link FilterOperation}).
   * A filter that needs one is refused before anything is read, with an `UnsupportedFilterError`
   * (code `INVALID_FILTER`) naming the operation and the backend. Empty on SQL and memory stores.
   */
  unsupportedFilters: readonly FilterOperation[];
}

/** How a store scores lexical matches; see {@link StoreCapabilities.lexical}. */
export type LexicalScoring = 'bm25' | 'lucene_bm25' | 'ts_rank_cd' | 'none';

/**
 * One operation of the filter language, as a backend needs it: an operator (`$ne` and `$nin` are
 * the negations of `$eq` and `$in`, `$exists: false` is a negated `$exists`), or a range operator
 * applied to a string operand, named with `:string` (`$gte:string`); number ranges are the plain
 * name (`$gte`); `$headingPath`, any condition on the chunk's heading path rather than its metadata.
 */
export type FilterOperation =
  | '$headingPath'
  | '$eq'
  | '$ne'
  | '$gt'
  | '$gte'
  | '$lt'
  | '$lte'
  | '$in'
  | '$nin'
  | '$exists'
  | '$and'
  | '$or'
  | '$not'
  | '$gt:string'
  | '$gte:string'
  | '$lt:string'
  | '$lte:string';

/**
 * The collection store: registry, writes, searches. Every implementation is the core-owned
 * collection model (`src/store/collection/collection-store.ts`) over a small backend; one
 * conformance suite (`src/store/store.contract.ts`), gated by {@link StoreCapabilities}, holds
 * every backend to this contract.
 *
 * Contract that holds on every method:
 * - Arguments are validated before anything is read or written; a refused call changes nothing.
 *   Errors are {@link CairnError}s: `INVALID_ARGUMENT`, `INVALID_FILTER`, `DIMENSION_MISMATCH`,
 *   `COLLECTION_NOT_FOUND`, `COLLECTION_CONFLICT`, `SCHEMA_ERROR`, `STORE_CLOSED`.
 * - Every scoped call reads the collection's registry entry afresh, so collections created,
 *   dropped or upgraded by another process are seen at once; an older collection is upgraded in
 *   numbered steps first (or refused when the store may not issue DDL), a newer one is refused.
 * - Every read and write is confined to one namespace; counts and listings never include
 *   another namespace's chunks.
 * - Text is stored as given except that NUL characters become spaces and lone UTF-16 surrogates
 *   become U+FFFD, on every backend alike; ids with NUL characters are refused.
 */
export interface Store {
  readonly specificationVersion: 'v2';
  /** Backend name, e.g. `sqlite`. */
  readonly backend: string;
  readonly capabilities: StoreCapabilities;
  /**
   * Whether the store provisions automatically (absent: true): engines and collection services
   * create a missing collection on first write, and outdated collections are upgraded on first
   * use. `false` stops only that; {@link ensureRegistry}, {@link createCollection} and
   * {@link dropCollection} are explicit admin calls and issue their DDL whatever it says.
   */
  readonly provision?: boolean;

  /** Creates the registry (and the backend's shared tables) if missing. Idempotent; runs whatever `provision` says. */
  ensureRegistry(): Promise<void>;
  /**
   * Creates a collection, or returns the existing one when model and dimension (and
   * `vectorType`, when given) agree.
   * @throws {CollectionConflictError} when it exists with another definition.
   * @throws {InvalidArgumentError} for a bad name or options, or a vector type the backend lacks.
   */
  createCollection(name: string, options?: CreateCollectionOptions): Promise<CollectionInfo>;
  /** Drops a collection with its chunks and documents in every namespace. Returns false when it did not exist. */
  dropCollection(name: string): Promise<boolean>;
  /** Collections ordered by name (code point), each with its chunk count in `namespace` (default `default`). Never creates the registry. */
  listCollections(options?: { namespace?: string }): Promise<Array<CollectionInfo & { count: number }>>;
  /** The registry entry, or `undefined`. */
  getCollection(name: string): Promise<CollectionInfo | undefined>;
  /** Totals of `namespace` (default `default`). */
  getStats(options?: { namespace?: string }): Promise<StoreStats>;

  /**
   * Replaces a document and all of its chunks: old chunks go, new ones come, as one unit
   * ({@link StoreCapabilities.replace} says how concurrent readers see it). A failure leaves the
   * previous version intact. The record's `chunkCount` and `ingestedAt` (now) are set here.
   * @throws {DimensionMismatchError} before writing when an embedding has the wrong length.
   * @throws {InvalidArgumentError} before writing for a malformed field, chunks of another
   *   document, or a chunk id that belongs to another document of the namespace.
   */
  replaceDocument(scope: Scope, write: DocumentWrite): Promise<DocumentRecord>;
  getDocument(scope: Scope, documentId: string): Promise<DocumentRecord | undefined>;
  /** Every document record of the namespace, ordered by document id (code point). */
  listDocuments(scope: Scope): Promise<DocumentRecord[]>;
  /**
   * One page of the namespace's document records: searched by title, source name and document
   * id, filtered by metadata equality, sorted, paged, with the count of all that match. SQL
   * backends answer it with one query per part (no read of every record); the rules are those of
   * `src/core/document-query.ts`, alike on every backend.
   * @throws {InvalidArgumentError} for a bad sort, order, limit (1-1000), offset or metadata value.
   */
  queryDocuments(scope: Scope, query?: DocumentQuery): Promise<DocumentPage>;
  /**
   * The metadata fields of the namespace's documents, those most documents have first, each with
   * its commonest scalar values (strings, numbers, booleans; arrays, objects and nulls are left
   * out), bounded by `options`: what a user can filter a listing or a search by.
   * @throws {InvalidArgumentError} for a bound outside 1-100.
   */
  documentFacets(scope: Scope, options?: DocumentFacetsOptions): Promise<DocumentFacet[]>;

  /**
   * Inserts or overwrites individual chunks by id (no document record), as one unit. Records of
   * documents that gained or lost chunks are recounted.
   * @throws {DimensionMismatchError} before writing when an embedding has the wrong length.
   */
  upsertChunks(scope: Scope, chunks: StoredChunk[]): Promise<void>;
  /**
   * Deletes the chunks `selector` selects, then inserts `chunks`, as one unit.
   * @returns What was deleted.
   * @throws {InvalidArgumentError} when the selector is empty or selects everything without `all`.
   */
  replaceChunks(scope: Scope, selector: ChunkSelector, chunks: StoredChunk[]): Promise<DeleteResult>;
  /**
   * Deletes the chunks `selector` selects. Document records whose document loses its last chunk
   * go with it; records named by `documentIds` or `sourceIds` (with no other condition) go even
   * when they hold no chunk.
   * @throws {InvalidArgumentError} when the selector is empty or selects everything without `all`.
   */
  deleteChunks(scope: Scope, selector: ChunkSelector): Promise<DeleteResult>;
  /** Deletes every chunk and document record of `namespace`, in every collection. */
  purgeNamespace(namespace: string): Promise<DeleteResult>;
  /** Iterates chunks in stable id order (code point), in batches; writes between batches are seen by later ones. */
  iterChunks(request: IterateChunksRequest): AsyncIterable<StoredChunk[]>;
  /** Embeddings by chunk id; ids without one are absent from the map. */
  getEmbeddings(scope: Scope, ids: string[]): Promise<Map<string, number[]>>;

  /**
   * Cosine search. `score` = `scores.dense` = cosine similarity in [-1, 1], never NaN; hits
   * below `minSimilarity` are dropped after ranking. Conditions are part of the scan; see
   * {@link StoreCapabilities.exactFilteredTopK}. Equal scores go by chunk id (code point order),
   * whatever order the chunks were written in (docs/scores.md, "Ties").
   * @throws {DimensionMismatchError} when the vector's length differs from the collection's.
   * @throws {InvalidArgumentError} for a zero or non-finite vector, a vector the collection's type
   *   cannot represent, a bad `topK`, or a lexical-only collection.
   */
  denseSearch(request: DenseSearchRequest): Promise<Hit[]>;
  /**
   * Lexical search over chunk text and heading paths, scored as {@link StoreCapabilities.lexical}
   * says (higher is better): `score` = `scores.lexical`. Text without words returns []. Equal
   * scores go by chunk id (code point order), whatever order the chunks were written in.
   */
  lexicalSearch(request: LexicalSearchRequest): Promise<Hit[]>;
  /** Present where {@link StoreCapabilities.hybrid} is true: see {@link HybridSearchRequest}. `score` = `scores.fused`. */
  hybridSearch?(request: HybridSearchRequest): Promise<Hit[]>;
  /** Chunks by id (missing ids are left out), in the order asked. */
  getChunks(scope: Scope, ids: string[]): Promise<Array<Chunk & { sourceId: string }>>;
  countChunks(scope: Scope & ScanConditions): Promise<number>;

  /** True when the backend answers a trivial request; false after {@link close} or on failure. Never throws. */
  ping(): Promise<boolean>;
  /** Waits for calls in flight, then releases connections. Idempotent; later calls throw {@link StoreClosedError}. */
  close(): Promise<void>;
}

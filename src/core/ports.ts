/**
 * Ports: the small interfaces every adapter implements. The core depends only on these.
 * Each port carries a literal `specificationVersion` so that adapters written against an older
 * shape can be recognised and lifted.
 * @module
 */
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

/** Result of one embedding call. */
export interface EmbedResult {
  embeddings: number[][];
  usage?: { tokens: number };
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

/** A chat model that streams its reply token by token. */
export interface ChatModel extends AdapterLifecycle {
  readonly specificationVersion: 'v1';
  readonly provider: string;
  readonly model: string;
  /** Streams the reply's text deltas in order. */
  doStream(options: {
    messages: ChatMessage[];
    temperature?: number;
    maxTokens?: number;
    signal?: AbortSignal;
  }): AsyncIterable<string>;
}

/** Re-orders hits by relevance to a query. */
export interface Reranker extends AdapterLifecycle {
  readonly specificationVersion: 'v1';
  /** Provider name for messages, e.g. `cohere`; `transformers` for a local model. */
  readonly provider?: string;
  readonly model: string;
  /** Returns relevance scores aligned with `documents`. */
  doRerank(options: { query: string; documents: string[]; signal?: AbortSignal }): Promise<number[]>;
}

/** Key-value cache of strings (parse cache, embedding cache). */
export interface Cache {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
}

/** One collection's registry entry. */
export interface CollectionInfo {
  name: string;
  /** Physical table holding the collection's chunks (derived, never the raw name). */
  tableName: string;
  /** Embedding model id, or `null` for a lexical-only collection. */
  model: string | null;
  /** Embedding dimension, or `null` for a lexical-only collection. */
  dimension: number | null;
  /** `float32` (SQLite, Postgres `vector`) or `float16` (Postgres `halfvec`). */
  vectorType: 'float32' | 'float16';
  schemaVersion: number;
  createdAt: string;
  metadata: Metadata;
}

/** Options of {@link Store.createCollection}. */
export interface CreateCollectionOptions {
  model?: string | null;
  dimension?: number | null;
  vectorType?: 'float32' | 'float16';
  metadata?: Metadata;
}

/** Where a read or write applies: a collection within a tenant namespace. */
export interface Scope {
  collection: string;
  /** Tenant namespace; defaults to `default`. */
  namespace?: string;
}

/** Conditions every search and listing applies inside the scan. */
export interface ScanConditions {
  /** Metadata filter; see {@link Filter}. */
  filter?: Filter;
  /** Only chunks of these documents. An empty list matches nothing. */
  documentIds?: string[];
  /** Only chunks with these source ids. An empty list matches nothing. */
  sourceIds?: string[];
}

/** A dense (vector) search request. */
export interface DenseSearchRequest extends Scope, ScanConditions {
  vector: number[] | Float32Array;
  topK: number;
  /** Drop hits whose cosine similarity is below this. */
  minSimilarity?: number;
  /** Keep only the best hit per source id. */
  keepBest?: boolean;
}

/** A lexical (BM25) search request. The query is plain user text, never parsed as query syntax. */
export interface LexicalSearchRequest extends Scope, ScanConditions {
  query: string;
  topK: number;
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

/** A document and all of its chunks, written in one transaction. */
export interface DocumentWrite {
  document: Omit<DocumentRecord, 'ingestedAt' | 'chunkCount'>;
  chunks: StoredChunk[];
}

/** Counts reported by {@link Store.getStats}. */
export interface StoreStats {
  collections: number;
  documents: number;
  chunks: number;
  /** Size of the database in bytes, when the backend can tell. */
  bytes?: number;
}

/**
 * The collection service: registry, writes, searches. Every adapter passes the same contract
 * suite (`src/store/store.contract.ts`).
 */
export interface Store {
  readonly specificationVersion: 'v1';
  /** Backend name, e.g. `sqlite`. */
  readonly backend: string;

  /** Creates the registry and documents tables if missing. Idempotent. */
  ensureRegistry(): Promise<void>;
  /**
   * Creates a collection, or returns the existing one when model and dimension agree.
   * @throws {CollectionConflictError} when it exists with another model or dimension.
   */
  createCollection(name: string, options?: CreateCollectionOptions): Promise<CollectionInfo>;
  /** Drops a collection, its chunks and its documents. Returns false when it did not exist. */
  dropCollection(name: string): Promise<boolean>;
  /** Lists collections with their chunk counts. Never creates the registry. */
  listCollections(): Promise<Array<CollectionInfo & { count: number }>>;
  /** The registry entry, or `undefined`. */
  getCollection(name: string): Promise<CollectionInfo | undefined>;
  getStats(): Promise<StoreStats>;

  /**
   * Replaces a document and all of its chunks atomically: old chunks go, new ones come, in one
   * transaction. A failure leaves the previous version intact.
   * @throws {DimensionMismatchError} before writing when an embedding has the wrong length.
   */
  replaceDocument(scope: Scope, write: DocumentWrite): Promise<DocumentRecord>;
  /** Deletes a document and its chunks. Returns false when it did not exist. */
  deleteDocument(scope: Scope, documentId: string): Promise<boolean>;
  getDocument(scope: Scope, documentId: string): Promise<DocumentRecord | undefined>;
  listDocuments(scope: Scope): Promise<DocumentRecord[]>;

  /**
   * Inserts or overwrites individual chunks by id (no document record), in one transaction.
   * @throws {DimensionMismatchError} before writing when an embedding has the wrong length.
   */
  upsertChunks(scope: Scope, chunks: StoredChunk[]): Promise<void>;
  /**
   * Deletes the chunks matching `match` (a metadata filter) or `sourceId`, then inserts `chunks`,
   * in one transaction. Returns the number deleted.
   */
  replaceChunks(
    scope: Scope,
    selector: { match?: Filter; sourceId?: string },
    chunks: StoredChunk[],
  ): Promise<number>;
  /** Deletes chunks by id; an empty list deletes nothing. Returns the number deleted. */
  deleteChunks(scope: Scope, ids: string[]): Promise<number>;
  /** Deletes every chunk (and document record) with this source id. Returns chunks deleted. */
  deleteBySourceId(scope: Scope, sourceId: string): Promise<number>;
  /** Deletes every chunk whose metadata matches. Returns chunks deleted. */
  deleteByMetadata(scope: Scope, match: Filter): Promise<number>;
  /** Iterates chunks in stable id order, in batches. */
  iterChunks(request: IterateChunksRequest): AsyncIterable<StoredChunk[]>;
  /** Embeddings by chunk id; ids without one are absent from the map. */
  getEmbeddings(scope: Scope, ids: string[]): Promise<Map<string, number[]>>;

  denseSearch(request: DenseSearchRequest): Promise<Hit[]>;
  lexicalSearch(request: LexicalSearchRequest): Promise<Hit[]>;
  /** Chunks by id (missing ids are left out), in the order asked. */
  getChunks(scope: Scope, ids: string[]): Promise<Array<Chunk & { sourceId: string }>>;
  countChunks(scope: Scope & ScanConditions): Promise<number>;

  /** Releases connections. Further calls throw. */
  close(): Promise<void>;
}

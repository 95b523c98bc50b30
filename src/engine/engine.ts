/**
 * The engine: one object that ingests, searches and answers over a store, built from a config in
 * which every port is injectable. This is the library's main entry point.
 *
 * `createEngine` takes instances; `openEngine` (in `open-engine.ts`) builds them from settings
 * strings and the environment.
 *
 * @example
 * ```ts
 * const engine = await createEngine({ store: await openStore('.cairn/cairn.db') });
 * await engine.ingestPaths(['docs/']);
 * const { hits } = await engine.search('how do I rotate keys?');
 * const answer = await engine.ask('How do I rotate keys?');
 * ```
 * @module
 */
import type { AnswerPart } from '../answer/answer-stream.js';
import type { AnswerOptions } from '../answer/ask.js';
import type { ConversationalAnswer, ConversationOptions } from '../answer/ask-with-history.js';
import {
  CollectionNotFoundError,
  ConfigError,
  DimensionMismatchError,
  InvalidArgumentError,
  isCairnError,
  type ProviderError,
  type SourceRefusedError,
} from '../core/errors.js';
import type {
  AdapterLifecycle,
  Cache,
  ChatModel,
  Chunker,
  CollectionInfo,
  Contextualizer,
  DeleteResult,
  Embedder,
  EmbeddingUsage,
  Reranker,
  Scope,
  Store,
} from '../core/ports.js';
import { inSpan, TRACE_ATTRIBUTES } from '../core/tracing.js';
import type { Chunk, DocumentRecord, Metadata, Source } from '../core/types.js';
import { cachedEmbedder } from '../embed/cached-embedder.js';
import { EmbeddingBatcher } from '../embed/embedding-batcher.js';
import { MarkdownChunker } from '../ingest/chunk/markdown-chunker.js';
import type { CollectOptions } from '../ingest/collect-sources.js';
import { callerMetadata } from '../ingest/document-date.js';
import { type ParseLimits, resolveParseLimits } from '../ingest/isolate/parse-limits.js';
import type { ParsePool } from '../ingest/isolate/parse-pool.js';
import type { OcrEngine } from '../ingest/ocr/ocr-engine.js';
import type { VisionTranscriber } from '../ingest/ocr/vision-transcriber.js';
import type { IngestItem } from '../ingest/pipeline.js';
import type { ParseSourceOptions } from '../ingest/route.js';
import { DEFAULT_MAX_FILE_SIZE } from '../ingest/source-policy.js';
import { resolveStructuredOptions, type StructuredOptions } from '../ingest/structured/structured-options.js';
import { DocumentIdentityIndex } from '../retrieve/document-identity.js';
import { firstPageText, OPENING_CHUNKS, openingTerms } from '../retrieve/name-terms.js';
import { emitQueryEvent, type QueryEventListener } from '../retrieve/query-events.js';
import { type SearchRequest, type SearchResult, search } from '../retrieve/retriever.js';
import { creatingStore } from './creating-store.js';
import { checkAdapters, type EngineAdapters, type EngineWork } from './readiness.js';
import type { IngestWatch, WatchOptions } from './watch/watch-types.js';

export type { EngineAdapters, EngineWork } from './readiness.js';
export {
  DEFAULT_WATCH_DEBOUNCE_MS,
  type IngestWatch,
  type WatchBatch,
  type WatchOptions,
} from './watch/watch-types.js';

import { monotonicMilliseconds } from '../core/monotonic-clock.js';

/** How long an engine keeps a collection's document identities before reading them again. */
const IDENTITY_TTL_MS = 30_000;

/**
 * Most documents without stored name terms (`DocumentRecord.nameTerms`: records of a store that
 * keeps none, or written by a caller that gave none) whose first pages are read when an identity
 * index is built: 2,000 (16,000 chunk reads at most). Reading and tokenising first pages costs
 * about 0.1 s of CPU per 1,000 documents each time an index is built, which a one-shot `cairn
 * search` pays on every run (5,000 one-page notes: 1.1 s a search against 0.66 s without); past
 * it, such documents are named by titles and paths only. Documents ingested with their name
 * terms (every SQL store since schema version 5, the memory store, remote stores' records) need
 * no read, whatever their number.
 */
const MAX_OPENING_DOCUMENTS = 2_000;

/** Chunk ids read in one `getChunks` call for first pages (a remote store's request stays small). */
const OPENING_BATCH = 2_000;

/**
 * The name terms of documents' first pages (their first chunks on page 1, at most
 * {@link OPENING_CHUNKS}), read from the store by chunk id (`documentId:ordinal`), by document id;
 * undefined when the store fails to read them.
 */
async function readNameTerms(
  store: Store,
  scope: Scope,
  documents: DocumentRecord[],
): Promise<Map<string, string[]> | undefined> {
  if (documents.length === 0) return new Map();
  const ids = documents.flatMap((d) =>
    Array.from({ length: Math.min(OPENING_CHUNKS, d.chunkCount) }, (_, i) => `${d.documentId}:${i}`),
  );
  const chunks: Array<Chunk & { sourceId: string }> = [];
  try {
    for (let i = 0; i < ids.length; i += OPENING_BATCH) {
      chunks.push(...(await store.getChunks(scope, ids.slice(i, i + OPENING_BATCH))));
    }
  } catch {
    // First pages only add names: a store that cannot read them leaves titles and paths to name.
    return undefined;
  }
  const openings = new Map<string, Chunk[]>();
  for (const chunk of chunks) {
    const list = openings.get(chunk.documentId) ?? [];
    list.push(chunk);
    openings.set(chunk.documentId, list);
  }
  return new Map(
    documents.map((d) => [d.documentId, openingTerms(firstPageText(openings.get(d.documentId) ?? []))]),
  );
}

/**
 * Documents `ingestPaths` ingests at once, so that small documents' chunks share embedding
 * requests (see {@link EmbeddingBatcher}): up to 128 one-chunk documents share one request.
 */
const INGEST_WINDOW = 128;

/**
 * Default {@link IngestPathsOptions.maxInFlightBytes}: most bytes of source files held by the
 * documents in flight (64 MiB), so that a folder of large PDFs goes a few at a time, not 128
 * files' bytes at once.
 */
export const DEFAULT_INGEST_WINDOW_BYTES = 64 * 1024 * 1024;

function identityKey(collection: string, namespace: string): string {
  return `${namespace}\u0000${collection}`;
}

/** Something the engine closes with itself. */
export interface Closeable {
  close(): unknown;
}

/** Engine configuration: instances of every port. `openEngine` builds one from settings. */
export interface EngineConfig {
  /**
   * The store (open one from a location with `openStore`). The engine owns it from now on:
   * `Engine.close()` closes it.
   */
  store: Store;
  /** Embedder for dense retrieval; without one the engine is lexical-only. */
  embedder?: Embedder;
  /**
   * Resolves an embedder for a collection whose model differs from `embedder`'s, so one engine
   * serves collections of different models. Return `undefined` when the model is unknown.
   */
  resolveEmbedder?: (model: string, dimension: number) => Embedder | undefined;
  /** Chat model for generated answers; without one `ask` extracts sentences. */
  chatModel?: ChatModel;
  /**
   * Reranker applied to every search and ask unless a call passes `reranker: false` (or another
   * reranker); default none. The retriever over-fetches `rerankCandidates` (default 50) for it.
   */
  reranker?: Reranker;
  /** Chunker; default a {@link MarkdownChunker} with `chunkSize`/`chunkOverlap`. */
  chunker?: Chunker;
  /**
   * String cache for embeddings (keyed by model and text hash) and parsed documents (keyed by
   * content hash and parser fingerprint); default none.
   */
  cache?: Cache;
  /**
   * Parser settings: audio transcriber, OCR on/off and engine, PDF thresholds. Unless OCR is off
   * or an OCR engine is given, tesseract.js reads page images: in the parsing process when
   * parsing is isolated (the default), else in a worker the engine starts on the first page image;
   * either stops in `close()`.
   */
  parse?: ParseSourceOptions;
  /**
   * Deadline and memory cap of one file's parse (default 60 s and 1024 MB), enforced by parsing
   * PDF, DOCX, PPTX, HTML, images and audio in worker processes; see {@link ParseLimits}.
   */
  parseLimits?: ParseLimits;
  /** Largest file (or source) ingested, in bytes; larger ones are skipped unread. Default 256 MiB. */
  maxFileSize?: number;
  /** A vision chat model that reads page images instead of OCR; default none. */
  vision?: VisionTranscriber;
  /**
   * Files the engine itself writes (its database and cache, with their `-wal`/`-shm` files):
   * ingest never reads them as documents, even inside a folder being ingested.
   */
  ownFiles?: string[];
  /**
   * More resources the engine owns — adapters and caches built for it — closed by
   * `Engine.close()` (after the store). `openEngine` passes the cache and the models it created.
   */
  owned?: Closeable[];
  /** Adds context to each chunk before embedding (structural or chat-model); default none. */
  contextualizer?: Contextualizer;
  /** Chunk budget in tokens for the default chunker; default 512. */
  chunkSize?: number;
  /** Overlap in tokens for the default chunker; default 64. */
  chunkOverlap?: number;
  /**
   * Default chunker: `'page'` (default) ends chunks at page boundaries so each cites one page;
   * `'document'` packs across them. See `MarkdownChunkerOptions.pageBounds`.
   */
  pageBounds?: 'page' | 'document';
  /**
   * Default chunker: a table over `chunkSize` is cut between rows with its header repeated
   * (`'rows'`, default) or kept whole in one chunk (`'whole'`).
   */
  largeTables?: 'rows' | 'whole';
  /** Default collection; default `default`. */
  collection?: string;
  /** Default namespace; default `default`. */
  namespace?: string;
  /** Receives statistics of every embedding call. */
  onUsage?: (usage: EmbeddingUsage) => void;
  /** Called once with a notice, e.g. that no embedder is configured. */
  onNotice?: (message: string) => void;
  /**
   * Receives every retrieval's `query.started` and `query.completed` (or `query.failed`) events
   * (query preview, limit, store, threshold, hit count, duration); see {@link QueryEvent}. More
   * listeners subscribe with {@link Engine.onQuery}.
   */
  onQueryEvent?: QueryEventListener;
}

/** Options of {@link Engine.ingestPaths}. */
export interface IngestPathsOptions extends CollectOptions {
  collection?: string;
  namespace?: string;
  metadata?: Metadata;
  /**
   * Delete stored documents that `include`/`exclude` would have selected but that were not found
   * under `paths`; documents the patterns would not select are kept.
   */
  prune?: boolean;
  /**
   * Write nothing: report the files that would be read (`planned`) and the documents `prune`
   * would delete (`pruned`). Default false.
   */
  dryRun?: boolean;
  /**
   * Re-ingest even unchanged files: chunk, embed and store them again. Parsed pages and
   * embeddings still come from `cache` (keyed by content and parser or model, so they are what
   * parsing and embedding again would give); an engine without a cache parses and embeds anew.
   */
  force?: boolean;
  /** Called before each file (`done` of `total` finished). */
  onProgress?: (progress: { done: number; total: number; current: string }) => void;
  /**
   * CSV, TSV, JSON and JSONL: the fields that are text (the rest is metadata), the id field and
   * records per chunk; overrides the engine's `parse.structured` for this call.
   */
  structured?: StructuredOptions;
  /** Limits of each file's parse for this call, over the engine's `parseLimits`. */
  parseLimits?: ParseLimits;
  /**
   * Largest file read, in bytes, over the engine's `maxFileSize` (default 256 MiB): a larger
   * file is `skipped` before it is read, with the reason. URLs are refused past it too.
   */
  maxFileSize?: number;
  /**
   * Stops the run between files once aborted: the file being ingested finishes (its chunks are
   * replaced in one transaction), the files after it are not read, `prune` deletes nothing, and
   * the report says `stopped: true`.
   */
  signal?: AbortSignal;
  /**
   * Most bytes of source files held by the documents being ingested at once (they are read,
   * parsed and embedded together so that small documents share embedding requests); a file
   * larger than this goes alone. Default {@link DEFAULT_INGEST_WINDOW_BYTES} (64 MiB).
   * @throws {InvalidArgumentError} when not a positive number.
   */
  maxInFlightBytes?: number;
}

/** A file a dry run would read. */
export interface PlannedIngest {
  documentId: string;
  /** True when the collection already holds a document with this id (re-ingested if changed). */
  stored: boolean;
}

/** Summary of an ingest run. */
export interface IngestReport {
  items: IngestItem[];
  /**
   * documentIds removed by `prune` (with `dryRun`, the ones it would remove), and those of files
   * this run stored again under another id (the same file named through another folder: the
   * same content, one id the other's path with folders in front), which the new id replaces.
   */
  pruned: string[];
  /** Present for a dry run: the files that would be read. Nothing was written. */
  planned?: PlannedIngest[];
  /**
   * Present when `signal` stopped the run: `items` lists the files ingested before it, the
   * others were not read and nothing was pruned.
   */
  stopped?: true;
  totals: {
    ingested: number;
    unchanged: number;
    skipped: number;
    failed: number;
    /** Pages and chunks of the documents ingested (unchanged ones not counted). */
    pages: number;
    chunks: number;
    /** Documents deleted by `prune` or replaced under another id (see `pruned`; with `dryRun`: that it would delete). */
    pruned: number;
    /** Chunks deleted with them (with `dryRun`: that would be deleted). */
    deletedChunks: number;
    /** Wall-clock time of the run, in seconds. */
    seconds: number;
  };
}

/** Options of {@link Engine.search} (the query and collection defaults come from the engine). */
export type EngineSearchOptions = Omit<SearchRequest, 'query' | 'collection'> & { collection?: string };

/** Options of {@link Engine.ask}. */
export interface AskOptions extends EngineSearchOptions, AnswerOptions, ConversationOptions {}

function summarize(
  items: IngestItem[],
  pruned: string[],
  deletedChunks: number,
  seconds: number,
  planned?: PlannedIngest[],
  stopped = false,
): IngestReport {
  const count = (status: IngestItem['status']) => items.filter((i) => i.status === status).length;
  const ingested = items.filter((i) => i.status === 'ingested');
  return {
    items,
    pruned,
    ...(planned ? { planned } : {}),
    ...(stopped ? { stopped } : {}),
    totals: {
      ingested: count('ingested'),
      unchanged: count('unchanged'),
      skipped: count('skipped'),
      failed: count('failed'),
      pages: ingested.reduce((n, i) => n + i.pages, 0),
      chunks: ingested.reduce((n, i) => n + i.chunks, 0),
      pruned: pruned.length,
      deletedChunks,
      seconds,
    },
  };
}

/** The engine. Create it with {@link createEngine}. */
export class Engine {
  readonly store: Store;
  readonly chunker: Chunker;
  readonly #config: EngineConfig;
  #noticed = false;
  readonly #cached = new WeakMap<Embedder, Embedder>();
  readonly #queryListeners = new Set<QueryEventListener>();
  /** Parser settings with the vision model and the engine's own OCR; built on first ingest. */
  #parse: Promise<ParseSourceOptions | undefined> | undefined;
  /** The OCR engine this engine started, closed with it. */
  #ocr: (OcrEngine & Required<Pick<AdapterLifecycle, 'close'>>) | undefined;
  #closing: Promise<void> | undefined;
  /** The worker processes that parse under limits, started on first use. */
  #parsePool: ParsePool | undefined;
  /** Per collection and namespace, the identities of its documents and when they were read. */
  readonly #identities = new Map<string, { index: Promise<DocumentIdentityIndex>; at: number }>();
  /**
   * Name terms read from the first pages of documents whose records carry none (see
   * {@link MAX_OPENING_DOCUMENTS}), by collection key, then document id, with the ingest time they
   * were read for: an index rebuilt every {@link IDENTITY_TTL_MS} reads only the first pages of
   * such documents ingested since.
   */
  readonly #openings = new Map<string, Map<string, { ingestedAt: string; terms: readonly string[] }>>();
  /** Per collection key, the documents (id → ingested time) the last identity index was built from. */
  readonly #built = new Map<string, Map<string, string>>();

  /** @throws {InvalidArgumentError} for `parseLimits` or `maxFileSize` out of range. */
  constructor(config: EngineConfig) {
    resolveParseLimits(config.parseLimits);
    checkMaxFileSize(config.maxFileSize);
    this.store = config.store;
    this.#config = config;
    this.chunker =
      config.chunker ??
      new MarkdownChunker({
        chunkSize: config.chunkSize,
        chunkOverlap: config.chunkOverlap,
        pageBounds: config.pageBounds,
        largeTables: config.largeTables,
      });
  }

  get collection(): string {
    return this.#config.collection ?? 'default';
  }

  get namespace(): string {
    return this.#config.namespace ?? 'default';
  }

  /** The configured chat model, if any. */
  get chatModel(): ChatModel | undefined {
    return this.#config.chatModel;
  }

  /** The configured reranker, if any. */
  get reranker(): Reranker | undefined {
    return this.#config.reranker;
  }

  /** The embedder behind the configured cache, if any (one wrapper per embedder). */
  #withCache(embedder: Embedder): Embedder;
  #withCache(embedder: Embedder | undefined): Embedder | undefined;
  #withCache(embedder: Embedder | undefined): Embedder | undefined {
    const cache = this.#config.cache;
    if (!embedder || !cache) return embedder;
    let wrapped = this.#cached.get(embedder);
    if (!wrapped) {
      wrapped = cachedEmbedder(embedder, cache);
      this.#cached.set(embedder, wrapped);
    }
    return wrapped;
  }

  /**
   * The identity index of a collection's documents (titles and paths) for the retriever's
   * document focus. Read from the store once and kept for {@link IDENTITY_TTL_MS}, or until this
   * engine ingests into or deletes from that collection; a stale index only weakens the focus.
   */
  #documentIdentity(collection: string, namespace: string | undefined): Promise<DocumentIdentityIndex> {
    const key = identityKey(collection, namespace ?? this.namespace);
    const cached = this.#identities.get(key);
    if (cached && monotonicMilliseconds() - cached.at < IDENTITY_TTL_MS) return cached.index;
    const scope = { collection, namespace: namespace ?? this.namespace };
    const previous = cached?.index;
    const index = this.store.listDocuments(scope).then(async (documents) => {
      // The same documents as ingested when the last index was built: that index (and the words
      // it judged) still holds.
      const built = this.#built.get(key);
      if (
        previous &&
        built &&
        built.size === documents.length &&
        documents.every((d) => built.get(d.documentId) === d.ingestedAt)
      ) {
        const last = await previous.catch(() => undefined);
        if (last) return last;
      }
      this.#built.set(key, new Map(documents.map((d) => [d.documentId, d.ingestedAt])));
      // Records without stored name terms: their first pages are read here, once per ingest.
      const unread = documents.filter((d) => d.nameTerms === undefined);
      const known = this.#openings.get(key) ?? new Map();
      const next = new Map<string, { ingestedAt: string; terms: readonly string[] }>();
      if (unread.length > 0 && unread.length <= MAX_OPENING_DOCUMENTS) {
        const fresh = unread.filter((d) => known.get(d.documentId)?.ingestedAt !== d.ingestedAt);
        const read = await readNameTerms(this.store, scope, fresh);
        if (read) {
          for (const d of fresh)
            next.set(d.documentId, { ingestedAt: d.ingestedAt, terms: read.get(d.documentId) ?? [] });
        }
        for (const d of unread) {
          const kept = known.get(d.documentId);
          if (!next.has(d.documentId) && kept?.ingestedAt === d.ingestedAt) next.set(d.documentId, kept);
        }
      }
      this.#openings.set(key, next);
      return new DocumentIdentityIndex(
        documents.map((d) => ({
          ...d,
          openingTerms: d.nameTerms ?? next.get(d.documentId)?.terms ?? [],
        })),
      );
    });
    index.catch(() => this.#identities.delete(key));
    this.#identities.set(key, { index, at: monotonicMilliseconds() });
    return index;
  }

  #forgetIdentities(collection: string, namespace: string | undefined): void {
    this.#identities.delete(identityKey(collection, namespace ?? this.namespace));
  }

  #notice(message: string): void {
    if (this.#noticed) return;
    this.#noticed = true;
    this.#config.onNotice?.(message);
  }

  /**
   * The embedder that serves `collection`: the registry's model is authoritative.
   * Returns `undefined` for a lexical-only collection or when no embedder is configured (search
   * then runs lexical-only).
   * @throws {ConfigError} when the collection's model differs from the configured one and
   * `resolveEmbedder` cannot supply it.
   */
  async embedderFor(collection: string): Promise<Embedder | undefined> {
    return this.#embedderForInfo(collection, await this.store.getCollection(collection));
  }

  /** {@link embedderFor}, given the collection's registry entry (`undefined`: not created yet). */
  #embedderForInfo(collection: string, info: CollectionInfo | undefined): Embedder | undefined {
    const configured = this.#config.embedder;
    if (!info) return this.#withCache(configured);
    if (info.model === null || info.dimension === null) return undefined;
    if (configured && configured.model === info.model) {
      if (configured.dimension !== info.dimension) {
        throw new DimensionMismatchError(
          collection,
          info.dimension,
          configured.dimension,
          `model ${configured.model}`,
        );
      }
      return this.#withCache(configured);
    }
    const resolved = this.#config.resolveEmbedder?.(info.model, info.dimension);
    if (resolved) return this.#withCache(resolved);
    if (!configured) {
      this.#notice(
        `collection "${collection}" was embedded with ${info.model}, but no embedder is configured: searching lexically`,
      );
      return undefined;
    }
    throw new ConfigError(
      `collection "${collection}" is pinned to model ${info.model} (${info.dimension} dimensions), ` +
        `but the configured embedder is ${configured.model}; configure ${info.model} or use another collection`,
    );
  }

  /**
   * The collection's registry entry, checked for ingesting: `undefined` when it does not exist
   * yet (ingest creates it with the first chunk it writes).
   * @throws {ConfigError} when it is dense and no embedder is configured.
   */
  async #collectionForIngest(collection: string): Promise<CollectionInfo | undefined> {
    const existing = await this.store.getCollection(collection);
    if (!existing) return undefined;
    if (existing.dimension !== null && !this.#config.embedder && !this.#config.resolveEmbedder) {
      throw new ConfigError(
        `collection "${collection}" is dense (model ${existing.model}); configure that embedder to ingest into it`,
      );
    }
    if (existing.dimension === null && this.#config.embedder) {
      this.#notice(`collection "${collection}" is lexical-only; the configured embedder is not used for it`);
    }
    return existing;
  }

  /**
   * Creates `collection` for the configured embedder (pinned to its model and dimension, or
   * lexical-only without one) if it does not exist, and returns it. Ingest calls this only when
   * it writes its first chunk, so a run that stores nothing pins nothing.
   * @throws {ConfigError} when the collection exists, is dense and no embedder is configured.
   * @throws {CollectionNotFoundError} when it does not exist and the store was opened with
   *   `provision: false` (which stops automatic provisioning; create it explicitly first).
   */
  async ensureCollection(collection = this.collection): Promise<CollectionInfo> {
    const existing = await this.#collectionForIngest(collection);
    if (existing) return existing;
    if (this.store.provision === false) {
      throw new CollectionNotFoundError(
        collection,
        'the store was opened with provision: false, so ingest creates no collection; create it first ' +
          '(createCollection, CLI `cairn collections create`)',
      );
    }
    const embedder = this.#config.embedder;
    if (!embedder) this.#notice('no embedder configured: the collection is lexical-only (BM25)');
    return this.store.createCollection(collection, {
      model: embedder?.model ?? null,
      dimension: embedder?.dimension ?? null,
    });
  }

  /**
   * Throws one {@link ConfigError} when an adapter that `work` calls could not run as configured
   * (an API key that is not set, local model files missing from the models folder), before
   * anything is sent; see {@link checkAdapters}. For ingest the embedder checked is the one that
   * serves `collection`. `ingestPaths` and `ingestSource` call it before their first file.
   * @throws {ConfigError} naming the adapter and what is missing.
   */
  async checkReady(work: EngineWork, collection = this.collection): Promise<void> {
    this.#checkReadyFor(work, collection, await this.store.getCollection(collection));
  }

  #checkReadyFor(work: EngineWork, collection: string, info: CollectionInfo | undefined): void {
    checkAdapters(work, { ...this.adapters, embedder: this.#embedderForInfo(collection, info) });
  }

  /** The configured adapters, by role (the embedder is the configured one, not a collection's). */
  get adapters(): EngineAdapters {
    const config = this.#config;
    return {
      embedder: config.embedder,
      reranker: config.reranker,
      chatModel: config.chatModel,
      transcriber: config.parse?.transcriber,
      vision: config.vision,
      contextualizer: config.contextualizer,
    };
  }

  /**
   * Parser settings with the vision model and, unless OCR is off or given, the engine's own OCR
   * (in-process parsing only: an isolated parse uses the parsing process's own tesseract.js).
   */
  #parseOptions(isolated: boolean): Promise<ParseSourceOptions | undefined> {
    if (isolated) {
      const given = this.#config.parse;
      const vision = this.#config.vision;
      return Promise.resolve(vision ? { ...given, ...vision.parseOptions } : given);
    }
    this.#parse ??= (async () => {
      const given = this.#config.parse;
      const vision = this.#config.vision;
      const ocr = given?.ocr;
      const ownOcr = !vision && ocr !== false && !(typeof ocr === 'object' && ocr.engine);
      if (!ownOcr) return vision ? { ...given, ...vision.parseOptions } : given;
      const { TesseractOcr } = await import('../ingest/ocr/tesseract-ocr.js');
      this.#ocr = new TesseractOcr();
      return { ...given, ocr: { ...(typeof ocr === 'object' ? ocr : {}), engine: this.#ocr } };
    })();
    return this.#parse;
  }

  /** The worker processes that parse under limits, started on first use. */
  async #pool(): Promise<ParsePool> {
    if (!this.#parsePool) {
      const { ParsePool } = await import('../ingest/isolate/parse-pool.js');
      this.#parsePool ??= new ParsePool();
    }
    return this.#parsePool;
  }

  /**
   * Ingests one in-memory source. See {@link ingestSource} for the statuses. `parseLimits` and
   * `maxFileSize` apply over the engine's.
   * @throws {InvalidArgumentError} for `parseLimits` or `maxFileSize` out of range.
   */
  async ingestSource(
    source: Source,
    options: {
      documentId?: string;
      sourceId?: string;
      /** Metadata of the document and its chunks; omitted, the stored document's is kept. */
      metadata?: Metadata;
      collection?: string;
      namespace?: string;
      force?: boolean;
      /** Structured-source settings for this source; see {@link IngestPathsOptions.structured}. */
      structured?: StructuredOptions;
      parseLimits?: ParseLimits;
      maxFileSize?: number;
    } = {},
  ): Promise<IngestItem> {
    const collection = options.collection ?? this.collection;
    checkStructured(options.structured);
    checkMaxFileSize(options.maxFileSize);
    resolveParseLimits(this.#config.parseLimits, options.parseLimits);
    const existing = await this.#collectionForIngest(collection);
    this.#checkReadyFor('ingest', collection, existing);
    return this.#ingestOne(source, { ...options, collection }, existing);
  }

  async #ingestOne(
    source: Source,
    options: {
      documentId?: string;
      sourceId?: string;
      metadata?: Metadata;
      collection: string;
      namespace?: string;
      force?: boolean;
      structured?: StructuredOptions;
      parseLimits?: ParseLimits;
      maxFileSize?: number;
    },
    info: CollectionInfo | undefined,
    batcher?: EmbeddingBatcher,
  ): Promise<IngestItem> {
    const { collection } = options;
    const parseLimits = resolveParseLimits(this.#config.parseLimits, options.parseLimits);
    const exists = info !== undefined;
    const namespace = options.namespace ?? this.namespace;
    const documentId = options.documentId ?? source.name;
    const store = exists
      ? this.store
      : creatingStore(this.store, collection, () => this.ensureCollection(collection));
    // Omitted metadata keeps what the caller stored (not the date derived from the text, which is
    // derived again); `{}` clears it.
    let existing: DocumentRecord | null | undefined;
    try {
      existing = exists
        ? ((await this.store.getDocument({ collection, namespace }, documentId)) ?? null)
        : undefined;
    } catch (error) {
      // A store that is unreachable for now (a server restarting) fails this document, as a write
      // would; the run goes on with the others, and running it again completes this one.
      if (!isRetryable(error)) throw error;
      return {
        documentId,
        sourceName: source.name,
        status: 'failed',
        reason: (error as Error).message,
        pages: 0,
        chunks: 0,
        milliseconds: 0,
      };
    }
    const stored = existing?.metadata;
    const metadata = options.metadata ?? (stored === undefined ? undefined : callerMetadata(stored));
    const { ingestSource } = await import('../ingest/pipeline.js');
    this.#forgetIdentities(collection, namespace);
    return ingestSource(
      {
        store,
        chunker: this.chunker,
        ...(batcher && exists
          ? { embedder: batcher.embedder, embedTexts: (texts: string[]) => batcher.embed(texts) }
          : { embedder: this.#embedderForInfo(collection, info) }),
        contextualizer: this.#config.contextualizer,
        parseOptions: withStructured(await this.#parseOptions(parseLimits.isolate), options.structured),
        cache: this.#config.cache,
        onUsage: this.#config.onUsage,
        parseLimits,
        ...(parseLimits.isolate ? { parsePool: await this.#pool() } : {}),
        maxSourceBytes: options.maxFileSize ?? this.#config.maxFileSize ?? DEFAULT_MAX_FILE_SIZE,
      },
      {
        source,
        documentId,
        sourceId: options.sourceId,
        metadata,
        collection,
        namespace,
        force: options.force,
        existing,
      },
    );
  }

  /**
   * Ingests files, folders and `http(s)://` URLs (fetched; routed by the response's content type).
   * One bad input never stops the batch: each file ends `ingested`, `unchanged`, `skipped` or
   * `failed` with a reason. Files larger than `maxFileSize`, and links out of a folder without
   * `followSymlinks`, are skipped unread; each parse runs under `parseLimits`. A configuration
   * that cannot work (see {@link checkReady}) stops the batch before the first file.
   * @throws {NotFoundError} when a given path does not exist; {@link InvalidArgumentError} for
   *   limits out of range, for `prune` with `root`, or a path outside `root`;
   *   {@link ConfigError} for a configuration that cannot work; the {@link ProviderError} of a
   *   model that fails every request (`failsEveryRequest`: no API key, a key refused, a server or
   *   local model that cannot be reached), once, instead of a failed item per document.
   */
  ingestPaths(paths: string[], options: IngestPathsOptions = {}): Promise<IngestReport> {
    const scope = {
      collection: options.collection ?? this.collection,
      namespace: options.namespace ?? this.namespace,
    };
    return inSpan(
      'cairn.ingest',
      {
        scope,
        attributes: { 'cairn.ingest.paths': paths.length, 'cairn.ingest.dry_run': options.dryRun === true },
      },
      async (span) => {
        const report = await this.#ingestPaths(paths, options);
        const { totals } = report;
        span.setAttributes({
          'cairn.ingest.files': report.items.length,
          'cairn.ingest.ingested': totals.ingested,
          'cairn.ingest.unchanged': totals.unchanged,
          'cairn.ingest.skipped': totals.skipped,
          'cairn.ingest.failed': totals.failed,
          'cairn.ingest.pruned': totals.pruned,
          [TRACE_ATTRIBUTES.chunks]: totals.chunks,
        });
        return report;
      },
    );
  }

  async #ingestPaths(paths: string[], options: IngestPathsOptions): Promise<IngestReport> {
    const began = monotonicMilliseconds();
    if (options.prune && options.root !== undefined) {
      throw new InvalidArgumentError(
        'prune',
        'cannot be combined with root: ingest the root folder itself to prune it',
      );
    }
    checkStructured(options.structured);
    checkMaxFileSize(options.maxFileSize);
    const windowBytes = options.maxInFlightBytes ?? DEFAULT_INGEST_WINDOW_BYTES;
    if (!(typeof windowBytes === 'number' && windowBytes > 0)) {
      throw new InvalidArgumentError(
        'maxInFlightBytes',
        `must be a positive number of bytes, got ${windowBytes}`,
      );
    }
    const parseLimits = resolveParseLimits(this.#config.parseLimits, options.parseLimits);
    const maxFileSize = options.maxFileSize ?? this.#config.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
    const collection = options.collection ?? this.collection;
    const namespace = options.namespace ?? this.namespace;
    const [{ collectSourceFiles, documentIdFilter }, { fetchSource, readSourceFile }] = await Promise.all([
      import('../ingest/collect-sources.js'),
      import('../ingest/fetch-source.js'),
    ]);
    const files = await collectSourceFiles(paths, {
      ...options,
      skipFiles: [...(this.#config.ownFiles ?? []), ...(options.skipFiles ?? [])],
    });
    const existing = await this.#collectionForIngest(collection);
    const stored = existing ? await this.store.listDocuments({ collection, namespace }) : [];
    const seen = new Set(files.map((f) => f.documentId));
    const selects = documentIdFilter(options);
    // What lies in a folder that could not be listed was not seen, but is not gone either
    // (its id is its relative path with a trailing `/`; `/` when a given folder itself is unreadable).
    const unlisted = files.filter((f) => f.unreadable !== undefined).map((f) => f.documentId);
    const hidden = (documentId: string) =>
      unlisted.some((folder) => folder === '/' || documentId.startsWith(folder));
    const prunable = options.prune
      ? stored.filter(
          (doc) => !seen.has(doc.documentId) && selects(doc.documentId) && !hidden(doc.documentId),
        )
      : [];
    const pruned = prunable.map((doc) => doc.documentId);
    if (options.dryRun) {
      const ids = new Set(stored.map((doc) => doc.documentId));
      const planned = files.map((f) => ({ documentId: f.documentId, stored: ids.has(f.documentId) }));
      const wouldDelete = prunable.reduce((n, doc) => n + doc.chunkCount, 0);
      return summarize([], pruned, wouldDelete, (monotonicMilliseconds() - began) / 1000, planned);
    }
    this.#checkReadyFor('ingest', collection, existing);
    // A parsing process starts while the first files are read, not when the first one needs it.
    if (parseLimits.isolate && files.some((file) => file.remote || ISOLATED_EXTENSION.test(file.path))) {
      (await this.#pool()).warm(parseLimits.memoryMb);
    }
    let info = existing;
    const items: Array<IngestItem | Promise<IngestItem>> = [];
    // Documents are ingested up to INGEST_WINDOW at once once the collection exists, so that
    // their embedding requests go out together (see EmbeddingBatcher); items keep file order.
    let batcher: EmbeddingBatcher | undefined;
    const inFlight = new Set<Promise<IngestItem>>();
    let inFlightBytes = 0;
    let stopped = false;
    /** Every item settled, in order; the first error thrown (a configuration that cannot work) rethrown. */
    const settled = async (): Promise<IngestItem[]> => {
      const results = await Promise.allSettled(items);
      const failure = results.find((r) => r.status === 'rejected');
      if (failure) throw (failure as PromiseRejectedResult).reason;
      return results.map((r) => (r as PromiseFulfilledResult<IngestItem>).value);
    };
    const firstPath = new Map<string, string>();
    for (const [index, file] of files.entries()) {
      options.onProgress?.({ done: index, total: files.length, current: file.documentId });
      if (options.signal?.aborted) {
        batcher?.end();
        return summarize(await settled(), [], 0, (monotonicMilliseconds() - began) / 1000, undefined, true);
      }
      if (inFlight.size >= INGEST_WINDOW) {
        // While this loop waits, it starts no document: the queued texts need not wait for it.
        batcher?.end();
        await Promise.race(inFlight).catch(() => {});
        batcher?.begin();
      }
      // A configuration that cannot work (thrown, not reported) stops the batch, as before.
      if (stopped) break;
      const earlier = firstPath.get(file.documentId);
      if (earlier !== undefined) {
        items.push({
          documentId: file.documentId,
          sourceName: file.path,
          status: 'failed',
          reason: `duplicate document id: ${earlier} has the same relative path; ingest a common parent folder or the folders one at a time`,
          pages: 0,
          chunks: 0,
          milliseconds: 0,
        });
        continue;
      }
      firstPath.set(file.documentId, file.path);
      const unread = (status: 'skipped' | 'failed', reason: string): IngestItem => ({
        documentId: file.documentId,
        sourceName: file.documentId,
        status,
        reason,
        pages: 0,
        chunks: 0,
        milliseconds: 0,
      });
      if (file.refused !== undefined) {
        items.push(unread('skipped', file.refused));
        continue;
      }
      if (file.unreadable !== undefined) {
        items.push(unread('failed', file.unreadable));
        continue;
      }
      let source: Source;
      try {
        source = file.remote
          ? await fetchSource(file.path, { maxBytes: maxFileSize })
          : await readSourceFile(file.path, file.documentId, {
              maxBytes: maxFileSize,
              ...(file.root === undefined || options.followSymlinks ? {} : { within: file.root }),
            });
      } catch (error) {
        items.push(
          isCairnError(error) && error.code === 'SOURCE_REFUSED'
            ? unread('skipped', (error as SourceRefusedError).reason)
            : unread('failed', (error as Error).message),
        );
        continue;
      }
      // Re-read per file, as embedderFor did: the first document written creates the collection.
      if (!info) info = await this.store.getCollection(collection);
      if (info && !batcher) {
        const embedder = this.#embedderForInfo(collection, info);
        if (embedder) {
          batcher = new EmbeddingBatcher(embedder, { onUsage: this.#config.onUsage });
          // This loop counts as a document in flight while it may start more (ended below).
          batcher.begin();
        }
      }
      const ingestOptions = {
        documentId: file.documentId,
        metadata: options.metadata,
        collection,
        namespace,
        force: options.force,
        structured: options.structured,
        parseLimits,
        maxFileSize,
      };
      if (!info) {
        // The first document creates the collection: alone, before any other starts.
        items.push(await this.#ingestOne(source, ingestOptions, info));
        continue;
      }
      const size = source.bytes.byteLength;
      while (inFlight.size > 0 && inFlightBytes + size > windowBytes) {
        batcher?.end();
        await Promise.race(inFlight).catch(() => {});
        batcher?.begin();
      }
      if (stopped) break;
      batcher?.begin();
      inFlightBytes += size;
      const running = this.#ingestOne(source, ingestOptions, info, batcher).finally(() => {
        inFlight.delete(running);
        inFlightBytes -= size;
        batcher?.end();
      });
      inFlight.add(running);
      // Handled by `settled`; a rejection must not count as unhandled while others run.
      running.catch(() => {
        stopped = true;
      });
      items.push(running);
    }
    batcher?.end();
    const done = await settled();
    options.onProgress?.({ done: files.length, total: files.length, current: '' });
    this.#forgetIdentities(collection, namespace);
    if (options.signal?.aborted) {
      return summarize(done, [], 0, (monotonicMilliseconds() - began) / 1000, undefined, true);
    }
    const replaced = await this.#renamedCopies(collection, namespace, stored, seen, done);
    let deletedChunks = 0;
    for (const documentId of [...pruned, ...replaced]) {
      const deleted = await this.store.deleteChunks({ collection, namespace }, { documentIds: [documentId] });
      deletedChunks += deleted.chunks;
    }
    if (replaced.length > 0) this.#forgetIdentities(collection, namespace);
    return summarize(done, [...pruned, ...replaced], deletedChunks, (monotonicMilliseconds() - began) / 1000);
  }

  /**
   * The stored documents that this run ingested again under another id: the same file named
   * through another folder (`ingest docs/guide/a.md`, then `ingest docs`, gives `a.md`, then
   * `guide/a.md`). A stored document is such a copy when this run did not name it, a document
   * this run newly stored has the same content hash, and one id is the other's path with
   * folders in front (`a.md` and `guide/a.md`). URLs are never matched. Its id is then replaced
   * by the new one, so that a file is stored once whichever way it was named.
   */
  async #renamedCopies(
    collection: string,
    namespace: string | undefined,
    stored: readonly DocumentRecord[],
    seen: ReadonlySet<string>,
    done: readonly IngestItem[],
  ): Promise<string[]> {
    const before = new Set(stored.map((doc) => doc.documentId));
    const local = (id: string) => !/^https?:\/\//i.test(id);
    const fresh = new Set(
      done
        .filter(
          (item) => item.status === 'ingested' && !before.has(item.documentId) && local(item.documentId),
        )
        .map((item) => item.documentId),
    );
    const candidates = stored.filter((doc) => !seen.has(doc.documentId) && local(doc.documentId));
    if (fresh.size === 0 || candidates.length === 0) return [];
    const now = await this.store.listDocuments({ collection, namespace });
    const nested = (a: string, b: string) => a.endsWith(`/${b}`) || b.endsWith(`/${a}`);
    return candidates
      .filter((doc) =>
        now.some(
          (record) =>
            fresh.has(record.documentId) &&
            record.contentHash === doc.contentHash &&
            nested(record.documentId, doc.documentId),
        ),
      )
      .map((doc) => doc.documentId);
  }

  /**
   * Ingests `paths` (folders and files) as {@link ingestPaths} does, then watches them and keeps
   * the collection in step: a file created or changed is re-ingested (an unchanged one is skipped
   * by its hash), a file deleted, moved away or replaced by a folder has its document deleted
   * (only ids that `include`/`exclude` select, as with `prune`), a rename is both. Changes are
   * coalesced per path and ingested in batches after `debounceMs` (default 300) without a new
   * change, one batch at a time; each batch goes to `onBatch`. An editor's save by rename counts
   * as one change. A file that fails (e.g. read while half written) is retried on its next
   * change. Hidden files and folders, `node_modules` and the engine's own files are not watched;
   * a change of what a symbolic link points to is not seen. Files are watched with chokidar,
   * loaded on first use.
   *
   * Resolves once the initial ingest is done and every path is watched; `close()` (or aborting
   * `signal`) stops it, finishing the file being ingested so no document is half indexed. The
   * engine is not closed with it.
   *
   * @example
   * ```ts
   * const watch = await engine.watch(['docs/'], {
   *   include: ['**\/*.md'],
   *   onBatch: (batch) => console.log(batch.kind, batch.totals),
   * });
   * process.once('SIGINT', () => void watch.close());
   * await watch.closed;
   * await engine.close();
   * ```
   * @throws {InvalidArgumentError} for URLs, `dryRun` or a bad `debounceMs`; {@link NotFoundError}
   *   when a path does not exist; what the initial ingest throws ({@link ConfigError}, …).
   */
  async watch(paths: string[], options: WatchOptions = {}): Promise<IngestWatch> {
    const { watchPaths } = await import('./watch/watch-paths.js');
    return watchPaths(this, paths, options, { ownFiles: this.#config.ownFiles ?? [] });
  }

  /**
   * Subscribes `listener` to every retrieval's events (`query.started`, `query.completed`,
   * `query.failed`) from {@link search} and what calls it (ask, agent tools, HTTP, MCP).
   * @returns A function that unsubscribes it.
   */
  onQuery(listener: QueryEventListener): () => void {
    this.#queryListeners.add(listener);
    return () => {
      this.#queryListeners.delete(listener);
    };
  }

  /**
   * Searches the collection. See {@link SearchRequest} for the options; the configured reranker
   * applies unless `options.reranker` names another or is `false`. Emits query events (see {@link onQuery}).
   */
  async search(query: string, options: EngineSearchOptions = {}): Promise<SearchResult> {
    return search(
      {
        store: this.store,
        embedderFor: (c) => this.embedderFor(c),
        documentIdentity: (c, n) => this.#documentIdentity(c, n),
        onUsage: this.#config.onUsage,
        onNotice: (message) => this.#notice(message),
        onQueryEvent: (event) => {
          emitQueryEvent(this.#config.onQueryEvent, event);
          for (const listener of this.#queryListeners) emitQueryEvent(listener, event);
        },
      },
      {
        ...options,
        reranker: options.reranker ?? this.#config.reranker,
        query,
        collection: options.collection ?? this.collection,
        namespace: options.namespace ?? this.namespace,
      },
    );
  }

  /**
   * Answers a question from the collection with numbered citations. Without a chat model the
   * answer is extracted from the best sentences; with nothing relevant it says so (`notFound`).
   */
  async ask(question: string, options: AskOptions = {}): Promise<ConversationalAnswer> {
    // The answering modules load with the first question, so that a search does not load them.
    const { askWithHistory } = await import('../answer/ask-with-history.js');
    return askWithHistory(this, question, {
      ...options,
      collection: options.collection ?? this.collection,
      namespace: options.namespace ?? this.namespace,
    });
  }

  /**
   * {@link ask} as an async iterable: the answer's text as it is written (citation markers
   * validated before they are shown: one pointing at no source never arrives), then one final
   * part with the answer, its sources and citations. Leaving the loop early stops the answer.
   *
   * @example
   * ```ts
   * for await (const part of engine.stream('How do I rotate keys?')) {
   *   if (part.type === 'text') process.stdout.write(part.delta);
   *   else console.log(part.answer.cited);
   * }
   * ```
   */
  stream(question: string, options: Omit<AskOptions, 'onToken'> = {}): AsyncIterable<AnswerPart> {
    const answer = (parts: { onToken: (delta: string) => void; signal: AbortSignal }) =>
      this.ask(question, { ...options, ...parts });
    // An async generator like streamAnswer's: the answering modules load with its first part.
    return (async function* () {
      const { streamAnswer } = await import('../answer/answer-stream.js');
      yield* streamAnswer(answer, options.signal);
    })();
  }

  /** Documents of a collection. */
  listDocuments(options: { collection?: string; namespace?: string } = {}): Promise<DocumentRecord[]> {
    return this.store.listDocuments({
      collection: options.collection ?? this.collection,
      namespace: options.namespace ?? this.namespace,
    });
  }

  /**
   * Deletes a document and all of its chunks.
   * @returns How many chunks and document records went (both 0 when the document did not exist).
   */
  deleteDocument(
    documentId: string,
    options: { collection?: string; namespace?: string } = {},
  ): Promise<DeleteResult> {
    this.#forgetIdentities(options.collection ?? this.collection, options.namespace);
    return this.store.deleteChunks(
      { collection: options.collection ?? this.collection, namespace: options.namespace ?? this.namespace },
      { documentIds: [documentId] },
    );
  }

  /**
   * Releases everything the engine holds: the parsing processes, the store, the OCR worker it
   * started, and what `owned` lists (the cache and models `openEngine` created). Every resource is
   * closed even when one fails; the first failure is then thrown. Calling it again waits for the first call.
   */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      const failures: unknown[] = [];
      const attempt = async (resource: { close?(): unknown } | undefined) => {
        try {
          await resource?.close?.();
        } catch (error) {
          failures.push(error);
        }
      };
      const pool = this.#parsePool;
      this.#parsePool = undefined;
      await attempt(pool);
      await attempt(this.store);
      await attempt(this.#ocr);
      for (const resource of this.#config.owned ?? []) await attempt(resource);
      if (failures.length > 0) throw failures[0];
    })();
    return this.#closing;
  }
}

/** Extensions of the formats parsed in worker processes (a hint for starting one early). */
const ISOLATED_EXTENSION = /\.(?:pdf|docx|pptx|html?|xhtml|png|jpe?g|tiff?|wav|mp3|m4a)$/i;

/** @throws {InvalidArgumentError} naming `maxFileSize` unless it is a positive number of bytes. */
function checkMaxFileSize(maxFileSize: number | undefined): void {
  if (maxFileSize !== undefined && !(Number.isFinite(maxFileSize) && maxFileSize > 0)) {
    throw new InvalidArgumentError('maxFileSize', `must be a positive number of bytes, got ${maxFileSize}`);
  }
}

/**
 * Builds an engine from instances, making sure the store's registry exists. To build one from a
 * store location, model specs and environment variables, use `openEngine`.
 * @throws {InvalidArgumentError} naming `store` when it is not an opened {@link Store} (a path or
 *   URL string, say: open it with `openStore(location)`, or pass it to `openEngine`).
 */
export async function createEngine(config: EngineConfig): Promise<Engine> {
  const store = (config as { store?: unknown }).store;
  if (typeof (store as Partial<Store> | undefined)?.ensureRegistry !== 'function') {
    const given =
      typeof store === 'string' ? `the string "${store}"` : store === null ? 'null' : typeof store;
    throw new InvalidArgumentError(
      'store',
      `createEngine needs an opened store, got ${given}; open one with openStore(location), or call openEngine({ store: location })`,
    );
  }
  await config.store.ensureRegistry();
  return new Engine(config);
}

/**
 * Checks structured-source settings before any source is read.
 * @throws {InvalidArgumentError} for bad structured options.
 */
function checkStructured(structured: StructuredOptions | undefined): void {
  if (structured !== undefined) resolveStructuredOptions(structured);
}

/** Parser settings with `structured` over the engine's, when given for one call. */
function withStructured(
  parse: ParseSourceOptions | undefined,
  structured: StructuredOptions | undefined,
): ParseSourceOptions | undefined {
  return structured === undefined ? parse : { ...parse, structured };
}

/** True for a cairn error that says trying again later can help (a store or provider unreachable for now). */
function isRetryable(error: unknown): boolean {
  return isCairnError(error) && (error as Partial<ProviderError>).isRetryable === true;
}

/**
 * The engine: one object that ingests, searches and answers over a store, built from a config in
 * which every port is injectable. This is the library's main entry point.
 *
 * @example
 * ```ts
 * const engine = await createEngine({ store: '.cairn/cairn.db' });
 * await engine.ingestPaths(['docs/']);
 * const { hits } = await engine.search('how do I rotate keys?');
 * const answer = await engine.ask('How do I rotate keys?');
 * ```
 * @module
 */
import type { AnswerOptions } from '../answer/ask.js';
import {
  askWithHistory,
  type ConversationalAnswer,
  type ConversationOptions,
} from '../answer/ask-with-history.js';
import {
  ConfigError,
  DimensionMismatchError,
  InvalidArgumentError,
  isCairnError,
  type SourceRefusedError,
} from '../core/errors.js';
import type {
  Cache,
  ChatModel,
  Chunker,
  CollectionInfo,
  Contextualizer,
  Embedder,
  EmbeddingUsage,
  Reranker,
  Store,
} from '../core/ports.js';
import type { DocumentRecord, Hit, Metadata, SearchMode, Source } from '../core/types.js';
import { cachedEmbedder } from '../embed/cached-embedder.js';
import { MarkdownChunker } from '../ingest/chunk/markdown-chunker.js';
import { type CollectOptions, collectSourceFiles } from '../ingest/collect-sources.js';
import { fetchSource, readSourceFile } from '../ingest/fetch-source.js';
import { type ParseLimits, resolveParseLimits } from '../ingest/isolate/parse-limits.js';
import { ParsePool } from '../ingest/isolate/parse-pool.js';
import { type IngestItem, ingestSource } from '../ingest/pipeline.js';
import type { ParseSourceOptions } from '../ingest/route.js';
import { DEFAULT_MAX_FILE_SIZE } from '../ingest/source-policy.js';
import { type SearchRequest, search } from '../retrieve/retriever.js';
import { openStore } from './open-store.js';

/** Engine configuration. Every port can be given as an instance. */
export interface EngineConfig {
  /** A store instance or a location (SQLite file path); default `.cairn/cairn.db`. */
  store?: Store | string;
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
  /** Parser settings: audio transcriber, OCR on/off and engine, PDF thresholds. */
  parse?: ParseSourceOptions;
  /**
   * Deadline and memory cap of one file's parse (default 60 s and 1024 MB), enforced by parsing
   * PDF, DOCX, PPTX, HTML, images and audio in worker processes; see {@link ParseLimits}.
   */
  parseLimits?: ParseLimits;
  /** Largest file (or source) ingested, in bytes; larger ones are skipped unread. Default 256 MiB. */
  maxFileSize?: number;
  /** Adds context to each chunk before embedding (structural or chat-model); default none. */
  contextualizer?: Contextualizer;
  /** Chunk budget in tokens for the default chunker; default 512. */
  chunkSize?: number;
  /** Overlap in tokens for the default chunker; default 64. */
  chunkOverlap?: number;
  /** Default collection; default `default`. */
  collection?: string;
  /** Default namespace; default `default`. */
  namespace?: string;
  /** Receives statistics of every embedding call. */
  onUsage?: (usage: EmbeddingUsage) => void;
  /** Called once with a notice, e.g. that no embedder is configured. */
  onNotice?: (message: string) => void;
}

/** Options of {@link Engine.ingestPaths}. */
export interface IngestPathsOptions extends CollectOptions {
  collection?: string;
  namespace?: string;
  metadata?: Metadata;
  /** Delete stored documents of the collection that were not found under `paths`. */
  prune?: boolean;
  /** Re-ingest even unchanged files. */
  force?: boolean;
  /** Called before each file (`done` of `total` finished). */
  onProgress?: (progress: { done: number; total: number; current: string }) => void;
  /** Limits of each file's parse for this call, over the engine's `parseLimits`. */
  parseLimits?: ParseLimits;
  /**
   * Largest file read, in bytes, over the engine's `maxFileSize` (default 256 MiB): a larger
   * file is `skipped` before it is read, with the reason. URLs are refused past it too.
   */
  maxFileSize?: number;
}

/** Summary of an ingest run. */
export interface IngestReport {
  items: IngestItem[];
  /** documentIds removed by `prune`. */
  pruned: string[];
  totals: {
    ingested: number;
    unchanged: number;
    skipped: number;
    failed: number;
    pages: number;
    chunks: number;
    seconds: number;
  };
}

/** Options of {@link Engine.search} (the query and collection defaults come from the engine). */
export type EngineSearchOptions = Omit<SearchRequest, 'query' | 'collection'> & { collection?: string };

/** Options of {@link Engine.ask}. */
export interface AskOptions extends EngineSearchOptions, AnswerOptions, ConversationOptions {}

function summarize(items: IngestItem[], pruned: string[], seconds: number): IngestReport {
  const count = (status: IngestItem['status']) => items.filter((i) => i.status === status).length;
  const ingested = items.filter((i) => i.status === 'ingested');
  return {
    items,
    pruned,
    totals: {
      ingested: count('ingested'),
      unchanged: count('unchanged'),
      skipped: count('skipped'),
      failed: count('failed'),
      pages: ingested.reduce((n, i) => n + i.pages, 0),
      chunks: ingested.reduce((n, i) => n + i.chunks, 0),
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
  #parsePool: ParsePool | undefined;
  readonly #cached = new WeakMap<Embedder, Embedder>();

  /** @throws {InvalidArgumentError} for `parseLimits` or `maxFileSize` out of range. */
  constructor(store: Store, config: EngineConfig) {
    resolveParseLimits(config.parseLimits);
    checkMaxFileSize(config.maxFileSize);
    this.store = store;
    this.#config = config;
    this.chunker =
      config.chunker ??
      new MarkdownChunker({ chunkSize: config.chunkSize, chunkOverlap: config.chunkOverlap });
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
    const info = await this.store.getCollection(collection);
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

  /** Creates `collection` for the configured embedder if it does not exist, and returns it. */
  async ensureCollection(collection = this.collection): Promise<CollectionInfo> {
    const existing = await this.store.getCollection(collection);
    if (existing) {
      if (existing.dimension !== null && !this.#config.embedder && !this.#config.resolveEmbedder) {
        throw new ConfigError(
          `collection "${collection}" is dense (model ${existing.model}); configure that embedder to ingest into it`,
        );
      }
      if (existing.dimension === null && this.#config.embedder) {
        this.#notice(
          `collection "${collection}" is lexical-only; the configured embedder is not used for it`,
        );
      }
      return existing;
    }
    const embedder = this.#config.embedder;
    if (!embedder) this.#notice('no embedder configured: the collection is lexical-only (BM25)');
    return this.store.createCollection(collection, {
      model: embedder?.model ?? null,
      dimension: embedder?.dimension ?? null,
    });
  }

  /** The worker processes that parse under limits, started on first use. */
  #pool(): ParsePool {
    this.#parsePool ??= new ParsePool();
    return this.#parsePool;
  }

  /**
   * Ingests one in-memory source. See {@link ingestSource} for the statuses. `parseLimits` and
   * `maxFileSize` apply over the engine's.
   */
  async ingestSource(
    source: Source,
    options: {
      documentId?: string;
      sourceId?: string;
      metadata?: Metadata;
      collection?: string;
      namespace?: string;
      force?: boolean;
      parseLimits?: ParseLimits;
      maxFileSize?: number;
    } = {},
  ): Promise<IngestItem> {
    const collection = options.collection ?? this.collection;
    checkMaxFileSize(options.maxFileSize);
    const parseLimits = resolveParseLimits(this.#config.parseLimits, options.parseLimits);
    await this.ensureCollection(collection);
    return ingestSource(
      {
        store: this.store,
        chunker: this.chunker,
        embedder: await this.embedderFor(collection),
        contextualizer: this.#config.contextualizer,
        parseOptions: this.#config.parse,
        cache: this.#config.cache,
        onUsage: this.#config.onUsage,
        parseLimits,
        ...(parseLimits.isolate ? { parsePool: this.#pool() } : {}),
        maxSourceBytes: options.maxFileSize ?? this.#config.maxFileSize ?? DEFAULT_MAX_FILE_SIZE,
      },
      {
        source,
        documentId: options.documentId ?? source.name,
        sourceId: options.sourceId,
        metadata: options.metadata,
        collection,
        namespace: options.namespace ?? this.namespace,
        force: options.force,
      },
    );
  }

  /**
   * Ingests files, folders and `http(s)://` URLs (fetched; routed by the response's content type).
   * One bad input never stops the batch: each file ends `ingested`, `unchanged`, `skipped` or
   * `failed` with a reason. Files larger than `maxFileSize`, and links out of a folder without
   * `followSymlinks`, are skipped unread; each parse runs under `parseLimits`.
   * @throws {NotFoundError} when a given path does not exist; {@link InvalidArgumentError} for
   *   limits out of range; configuration errors of the collection or embedder.
   */
  async ingestPaths(paths: string[], options: IngestPathsOptions = {}): Promise<IngestReport> {
    const began = performance.now();
    const collection = options.collection ?? this.collection;
    const namespace = options.namespace ?? this.namespace;
    checkMaxFileSize(options.maxFileSize);
    const parseLimits = resolveParseLimits(this.#config.parseLimits, options.parseLimits);
    const maxFileSize = options.maxFileSize ?? this.#config.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
    const files = await collectSourceFiles(paths, options);
    // A parsing process starts while the first files are read, not when the first one needs it.
    if (parseLimits.isolate && files.some((file) => file.remote || ISOLATED_EXTENSION.test(file.path))) {
      this.#pool().warm(parseLimits.memoryMb);
    }
    await this.ensureCollection(collection);
    const items: IngestItem[] = [];
    const firstPath = new Map<string, string>();
    for (const [index, file] of files.entries()) {
      options.onProgress?.({ done: index, total: files.length, current: file.documentId });
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
      items.push(
        await this.ingestSource(source, {
          documentId: file.documentId,
          metadata: options.metadata,
          collection,
          namespace,
          force: options.force,
          parseLimits,
          maxFileSize,
        }),
      );
    }
    options.onProgress?.({ done: files.length, total: files.length, current: '' });
    const pruned: string[] = [];
    if (options.prune) {
      const seen = new Set(files.map((f) => f.documentId));
      // What lies in a folder that could not be listed was not seen, but is not gone either.
      const unlisted = files.filter((f) => f.unreadable !== undefined).map((f) => f.documentId);
      for (const doc of await this.store.listDocuments({ collection, namespace })) {
        if (!seen.has(doc.documentId) && !unlisted.some((folder) => doc.documentId.startsWith(folder))) {
          await this.store.deleteDocument({ collection, namespace }, doc.documentId);
          pruned.push(doc.documentId);
        }
      }
    }
    return summarize(items, pruned, (performance.now() - began) / 1000);
  }

  /**
   * Searches the collection. See {@link SearchRequest} for the options; the configured reranker
   * applies unless `options.reranker` names another or is `false`.
   */
  async search(query: string, options: EngineSearchOptions = {}): Promise<{ hits: Hit[]; mode: SearchMode }> {
    return search(
      {
        store: this.store,
        embedderFor: (c) => this.embedderFor(c),
        onUsage: this.#config.onUsage,
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
    return askWithHistory(this, question, options);
  }

  /** Documents of a collection. */
  listDocuments(options: { collection?: string; namespace?: string } = {}): Promise<DocumentRecord[]> {
    return this.store.listDocuments({
      collection: options.collection ?? this.collection,
      namespace: options.namespace ?? this.namespace,
    });
  }

  /** Deletes a document and all of its chunks. */
  deleteDocument(
    documentId: string,
    options: { collection?: string; namespace?: string } = {},
  ): Promise<boolean> {
    return this.store.deleteDocument(
      { collection: options.collection ?? this.collection, namespace: options.namespace ?? this.namespace },
      documentId,
    );
  }

  /** Stops the parsing processes and closes the store. */
  async close(): Promise<void> {
    const pool = this.#parsePool;
    this.#parsePool = undefined;
    await pool?.close();
    await this.store.close();
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

/** Builds an engine from a config, opening the store when given a location. */
export async function createEngine(config: EngineConfig = {}): Promise<Engine> {
  const store = typeof config.store === 'object' ? config.store : await openStore(config.store);
  await store.ensureRegistry();
  return new Engine(store, config);
}

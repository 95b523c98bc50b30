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
import { ConfigError, DimensionMismatchError } from '../core/errors.js';
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
import { type IngestItem, ingestSource } from '../ingest/pipeline.js';
import type { ParseSourceOptions } from '../ingest/route.js';
import { DocumentIdentityIndex } from '../retrieve/document-identity.js';
import { type SearchRequest, search } from '../retrieve/retriever.js';
import { openStore } from './open-store.js';

/** How long an engine keeps a collection's document identities before reading them again. */
const IDENTITY_TTL_MS = 30_000;

function identityKey(collection: string, namespace: string): string {
  return `${namespace}\u0000${collection}`;
}

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
  readonly #cached = new WeakMap<Embedder, Embedder>();
  /** Per collection and namespace, the identities of its documents and when they were read. */
  readonly #identities = new Map<string, { index: Promise<DocumentIdentityIndex>; at: number }>();

  constructor(store: Store, config: EngineConfig) {
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

  /**
   * The identity index of a collection's documents (titles and paths) for the retriever's
   * document focus. Read from the store once and kept for {@link IDENTITY_TTL_MS}, or until this
   * engine ingests into or deletes from that collection; a stale index only weakens the focus.
   */
  #documentIdentity(collection: string, namespace: string | undefined): Promise<DocumentIdentityIndex> {
    const key = identityKey(collection, namespace ?? this.namespace);
    const cached = this.#identities.get(key);
    if (cached && performance.now() - cached.at < IDENTITY_TTL_MS) return cached.index;
    const index = this.store
      .listDocuments({ collection, namespace: namespace ?? this.namespace })
      .then((documents) => new DocumentIdentityIndex(documents));
    index.catch(() => this.#identities.delete(key));
    this.#identities.set(key, { index, at: performance.now() });
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

  /** Ingests one in-memory source. See {@link ingestSource} for the statuses. */
  async ingestSource(
    source: Source,
    options: {
      documentId?: string;
      sourceId?: string;
      metadata?: Metadata;
      collection?: string;
      namespace?: string;
      force?: boolean;
    } = {},
  ): Promise<IngestItem> {
    const collection = options.collection ?? this.collection;
    await this.ensureCollection(collection);
    this.#forgetIdentities(collection, options.namespace);
    return ingestSource(
      {
        store: this.store,
        chunker: this.chunker,
        embedder: await this.embedderFor(collection),
        contextualizer: this.#config.contextualizer,
        parseOptions: this.#config.parse,
        cache: this.#config.cache,
        onUsage: this.#config.onUsage,
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
   * One bad input never stops the batch.
   */
  async ingestPaths(paths: string[], options: IngestPathsOptions = {}): Promise<IngestReport> {
    const began = performance.now();
    const collection = options.collection ?? this.collection;
    const namespace = options.namespace ?? this.namespace;
    const files = await collectSourceFiles(paths, options);
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
      let source: Source;
      try {
        source = file.remote
          ? await fetchSource(file.path)
          : await readSourceFile(file.path, file.documentId);
      } catch (error) {
        items.push({
          documentId: file.documentId,
          sourceName: file.documentId,
          status: 'failed',
          reason: (error as Error).message,
          pages: 0,
          chunks: 0,
          milliseconds: 0,
        });
        continue;
      }
      items.push(
        await this.ingestSource(source, {
          documentId: file.documentId,
          metadata: options.metadata,
          collection,
          namespace,
          force: options.force,
        }),
      );
    }
    options.onProgress?.({ done: files.length, total: files.length, current: '' });
    const pruned: string[] = [];
    this.#forgetIdentities(collection, namespace);
    if (options.prune) {
      const seen = new Set(files.map((f) => f.documentId));
      for (const doc of await this.store.listDocuments({ collection, namespace })) {
        if (!seen.has(doc.documentId)) {
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
        documentIdentity: (c, n) => this.#documentIdentity(c, n),
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
    this.#forgetIdentities(options.collection ?? this.collection, options.namespace);
    return this.store.deleteDocument(
      { collection: options.collection ?? this.collection, namespace: options.namespace ?? this.namespace },
      documentId,
    );
  }

  /** Closes the store. */
  close(): Promise<void> {
    return this.store.close();
  }
}

/** Builds an engine from a config, opening the store when given a location. */
export async function createEngine(config: EngineConfig = {}): Promise<Engine> {
  const store = typeof config.store === 'object' ? config.store : await openStore(config.store);
  await store.ensureRegistry();
  return new Engine(store, config);
}

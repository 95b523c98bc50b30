/**
 * What every hosted embedder and reranker does the same way: read the key and build the request
 * at call time, POST JSON with retries, check the reply against a minimal schema, and say in
 * `checkReady` — before a batch, sending nothing — when the key is missing. A vendor's adapter
 * supplies its endpoint, its request body and how to read its reply.
 * @module
 */
import type { Embedder, EmbedResult, ModelResponse, Reranker } from '../../core/ports.js';
import { rerankInSlices } from '../../retrieve/rerank/scores-by-index.js';
import { checkCredentials, type RequestPolicy } from './post-json.js';
import { postForJson, type ResponseSchema } from './response-json.js';

/** Where a request goes: the URL and its headers (the bearer key among them). */
export interface Endpoint {
  url: string;
  headers: Record<string, string>;
}

/** A hosted embedding model. */
export abstract class HostedEmbedder<Options extends RequestPolicy, Reply> implements Embedder {
  readonly specificationVersion = 'v1' as const;
  abstract readonly provider: string;
  readonly model: string;
  readonly dimension: number;
  readonly maxBatchSize: number;
  protected readonly options: Options;

  protected constructor(options: Options, model: { model: string; dimension: number; maxBatchSize: number }) {
    this.options = options;
    this.model = model.model;
    this.dimension = model.dimension;
    this.maxBatchSize = model.maxBatchSize;
  }

  /** The endpoint, built at call time (the key is read then). @throws {ProviderError} without a key. */
  protected abstract endpoint(): Endpoint;
  /** The minimal schema of a reply. */
  protected abstract readonly replySchema: ResponseSchema<Reply>;
  /** The request body for one batch. */
  protected abstract body(texts: string[], kind: 'document' | 'query'): Record<string, unknown>;
  /** The vectors (in text order, checked for their number) and token usage of a reply. */
  protected abstract read(reply: Reply, count: number): EmbedResult;
  /** What a reply says about itself (the model that answered, an id); default nothing. */
  protected describe(_reply: Reply): Omit<ModelResponse, 'url'> {
    return {};
  }

  /** Throws a {@link ConfigError} naming the variable when no API key is given or set; sends nothing. */
  checkReady(): void {
    checkCredentials(() => this.endpoint());
  }

  async doEmbed(options: {
    texts: string[];
    kind: 'document' | 'query';
    signal?: AbortSignal;
  }): Promise<EmbedResult> {
    const endpoint = this.endpoint();
    const reply = await postForJson({
      ...this.options,
      ...endpoint,
      provider: this.provider,
      body: this.body(options.texts, options.kind),
      signal: options.signal,
      schema: this.replySchema,
      what: 'embeddings',
    });
    return {
      ...this.read(reply, options.texts.length),
      response: { url: endpoint.url, ...this.describe(reply) },
    };
  }
}

/** A hosted reranker (a cross-encoder behind an API) that caps the documents of one request. */
export abstract class HostedReranker<Options extends RequestPolicy, Reply> implements Reranker {
  readonly specificationVersion = 'v1' as const;
  abstract readonly provider: string;
  readonly model: string;
  readonly maxDocumentsPerCall: number;
  protected readonly options: Options;

  protected constructor(options: Options, model: { model: string; maxDocumentsPerCall: number }) {
    this.options = options;
    this.model = model.model;
    this.maxDocumentsPerCall = model.maxDocumentsPerCall;
  }

  /** The endpoint, built at call time (the key is read then). @throws {ProviderError} without a key. */
  protected abstract endpoint(): Endpoint;
  /** The minimal schema of a reply. */
  protected abstract readonly replySchema: ResponseSchema<Reply>;
  /** The request body for one slice of documents. */
  protected abstract body(query: string, documents: string[]): Record<string, unknown>;
  /** Scores aligned with the slice's documents; `null` for a document the reply left unscored. */
  protected abstract read(reply: Reply, count: number): Array<number | null>;

  /** Throws a {@link ConfigError} naming the variable when no API key is given or set; sends nothing. */
  checkReady(): void {
    checkCredentials(() => this.endpoint());
  }

  /**
   * Scores aligned with `documents` (`null` where the reply held no usable entry for a document);
   * one request per {@link maxDocumentsPerCall} documents, none for an empty list.
   */
  doRerank(options: {
    query: string;
    documents: string[];
    signal?: AbortSignal;
    onResponse?: (response: ModelResponse) => void;
  }): Promise<Array<number | null>> {
    return rerankInSlices(options.documents, this.maxDocumentsPerCall, async (documents) => {
      const endpoint = this.endpoint();
      options.onResponse?.({ url: endpoint.url });
      const reply = await postForJson({
        ...this.options,
        ...endpoint,
        provider: this.provider,
        body: this.body(options.query, documents),
        signal: options.signal,
        schema: this.replySchema,
        what: 'rerank',
      });
      return this.read(reply, documents.length);
    });
  }
}

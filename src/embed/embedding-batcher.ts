/**
 * Embedding requests that span documents: while several documents are ingested at once, each
 * asks for its chunks' vectors here; the texts wait until every document in flight is waiting
 * (or enough texts are queued to fill the requests that may run at once), then go out together
 * through {@link embedDocuments} — batches cut at the provider's limits, a bounded number in
 * flight — and each document gets its own vectors back. Small documents (one chunk each) then
 * cost one request per `maxBatchSize` chunks instead of one each.
 * @module
 */
import type { Embedder, EmbeddingUsage } from '../core/ports.js';
import { DEFAULT_EMBED_CONCURRENCY, embedDocuments } from './embed.js';

/** Options of {@link EmbeddingBatcher}. */
export interface EmbeddingBatcherOptions {
  onUsage?: (usage: EmbeddingUsage) => void;
  /** Requests in flight at once; default {@link DEFAULT_EMBED_CONCURRENCY}. */
  maxConcurrency?: number;
}

interface Waiting {
  texts: string[];
  resolve: (vectors: number[][]) => void;
  reject: (error: unknown) => void;
}

/**
 * Coalesces the embedding requests of the documents in flight. Call {@link begin} when a
 * document starts and {@link end} when it settles (whether or not it embedded anything), and
 * {@link embed} for its texts.
 */
export class EmbeddingBatcher {
  readonly embedder: Embedder;
  readonly #options: EmbeddingBatcherOptions;
  /** Texts queued that fill every request that may run at once: send without waiting for more. */
  readonly #flushAt: number;
  #active = 0;
  #queue: Waiting[] = [];
  #queued = 0;

  constructor(embedder: Embedder, options: EmbeddingBatcherOptions = {}) {
    this.embedder = embedder;
    this.#options = options;
    this.#flushAt =
      Math.max(1, embedder.maxBatchSize) * Math.max(1, options.maxConcurrency ?? DEFAULT_EMBED_CONCURRENCY);
  }

  /** A document started: its texts are worth waiting for. */
  begin(): void {
    this.#active++;
  }

  /** A document settled: nothing more will come from it. */
  end(): void {
    this.#active--;
    this.#maybeFlush();
  }

  /** The vectors of `texts`, in order, once they have been sent with the others queued. */
  embed(texts: string[]): Promise<number[][]> {
    if (texts.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      this.#queue.push({ texts, resolve, reject });
      this.#queued += texts.length;
      this.#maybeFlush();
    });
  }

  #maybeFlush(): void {
    if (this.#queue.length === 0) return;
    if (this.#queue.length < this.#active && this.#queued < this.#flushAt) return;
    const waiting = this.#queue;
    this.#queue = [];
    this.#queued = 0;
    void this.#send(waiting);
  }

  async #send(waiting: Waiting[]): Promise<void> {
    try {
      const vectors = await embedDocuments(
        this.embedder,
        waiting.flatMap((w) => w.texts),
        {
          ...(this.#options.onUsage ? { onUsage: this.#options.onUsage } : {}),
          ...(this.#options.maxConcurrency ? { maxConcurrency: this.#options.maxConcurrency } : {}),
        },
      );
      let at = 0;
      for (const w of waiting) {
        w.resolve(vectors.slice(at, at + w.texts.length));
        at += w.texts.length;
      }
    } catch (error) {
      for (const w of waiting) w.reject(error);
    }
  }
}

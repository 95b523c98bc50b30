/**
 * Local cross-encoder reranker: a sequence-classification ONNX model run on the CPU by
 * transformers.js (`@huggingface/transformers`, loaded on first use). Each query-document pair
 * is encoded together (`[CLS] query [SEP] document [SEP]`, truncated to the tokenizer's
 * `model_max_length`) and its single relevance logit is the score, squashed by a sigmoid by
 * default. Default model `Xenova/ms-marco-MiniLM-L-6-v2`, a MiniLM trained on MS MARCO passage
 * ranking (Nguyen et al. 2016), 8-bit quantised.
 * @module
 */
import { InvalidArgumentError, ProviderError } from '../../core/errors.js';
import type { Reranker } from '../../core/ports.js';
import {
  type LocalModelOptions,
  lazyModel,
  loadModel,
  resolveModelSource,
  TRANSFORMERS_PROVIDER,
} from './local-models.js';
import { loadTransformers } from './transformers-module.js';

/** The default local reranker. */
export const DEFAULT_LOCAL_RERANK_MODEL = 'Xenova/ms-marco-MiniLM-L-6-v2';

/** Options of {@link TransformersReranker}. */
export interface TransformersRerankerOptions extends LocalModelOptions {
  /** Hub model id of a single-logit cross-encoder; default `Xenova/ms-marco-MiniLM-L-6-v2`. */
  model?: string;
  /** `sigmoid` (default) maps logits into (0, 1); `none` returns raw logits. Order is the same. */
  activation?: 'sigmoid' | 'none';
  /** Pairs per forward pass; default 16. */
  maxBatchSize?: number;
}

/** The parts of a tokenizer and a classifier this adapter calls. */
interface CrossEncoder {
  tokenizer: (
    texts: string[],
    options: { text_pair: string[]; padding: boolean; truncation: boolean },
  ) => Record<string, unknown>;
  model: (
    inputs: Record<string, unknown>,
  ) => Promise<{ logits: { dims: number[]; data: ArrayLike<number> } }>;
}

/** Local ONNX cross-encoder. */
export class TransformersReranker implements Reranker {
  readonly specificationVersion = 'v1' as const;
  readonly provider = TRANSFORMERS_PROVIDER;
  readonly model: string;
  readonly maxBatchSize: number;
  readonly #options: TransformersRerankerOptions;
  #load = lazyModel(() => this.#open());
  #release: (() => Promise<unknown>) | undefined;

  /**
   * Reads nothing from disk or network: the model loads on the first `doRerank` with documents.
   * @throws {InvalidArgumentError} for a batch size that is not a positive integer.
   */
  constructor(options: TransformersRerankerOptions = {}) {
    const batch = options.maxBatchSize ?? 16;
    if (!Number.isInteger(batch) || batch < 1) {
      throw new InvalidArgumentError('maxBatchSize', `must be a positive integer, got ${batch}`);
    }
    this.model = options.model ?? DEFAULT_LOCAL_RERANK_MODEL;
    this.maxBatchSize = batch;
    this.#options = options;
  }

  /**
   * Checks, without loading anything, that a configured models folder holds every file of the
   * model; does nothing when models download from the Hub.
   * @throws {ConfigError} naming the missing files, where to download them and where to put them.
   */
  checkReady(): void {
    resolveModelSource(this.model, this.#options);
  }

  /**
   * Releases the loaded model's ONNX sessions, if it was loaded; a later call loads it again.
   */
  async close(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    this.#load = lazyModel(() => this.#open());
    await release?.();
  }

  /**
   * Scores aligned with `documents`, in batches of {@link maxBatchSize} pairs; loads nothing for
   * an empty list.
   * @throws {ConfigError} when the model is missing from the models folder, or transformers.js is not installed.
   * @throws {ProviderError} when the model cannot be downloaded or has more than one output logit.
   */
  async doRerank(options: { query: string; documents: string[]; signal?: AbortSignal }): Promise<number[]> {
    if (options.documents.length === 0) return [];
    const { tokenizer, model } = await this.#load();
    const scores: number[] = [];
    for (let start = 0; start < options.documents.length; start += this.maxBatchSize) {
      options.signal?.throwIfAborted();
      const documents = options.documents.slice(start, start + this.maxBatchSize);
      const inputs = tokenizer(
        documents.map(() => options.query),
        { text_pair: documents, padding: true, truncation: true },
      );
      const { logits } = await model(inputs);
      if (logits.dims.length !== 2 || logits.dims[1] !== 1) {
        throw new ProviderError({
          provider: this.provider,
          message: `${this.model} returns logits of shape [${logits.dims.join(', ')}]; a reranker needs one relevance logit per pair`,
        });
      }
      for (const logit of Array.from(logits.data)) {
        scores.push(this.#options.activation === 'none' ? logit : 1 / (1 + Math.exp(-logit)));
      }
    }
    return scores;
  }

  async #open(): Promise<CrossEncoder> {
    const source = resolveModelSource(this.model, this.#options);
    const transformers = await loadTransformers();
    return loadModel(this.model, source, async () => {
      const { dtype, ...shared } = source.loadOptions;
      const [tokenizer, model] = await Promise.all([
        transformers.AutoTokenizer.from_pretrained(source.source, shared),
        transformers.AutoModelForSequenceClassification.from_pretrained(source.source, { ...shared, dtype }),
      ]);
      this.#release = () => model.dispose();
      return {
        tokenizer: (texts, options) => tokenizer(texts, options) as Record<string, unknown>,
        model: (inputs) => model(inputs) as Promise<{ logits: { dims: number[]; data: ArrayLike<number> } }>,
      };
    });
  }
}

/**
 * Local sentence embedder: an ONNX model run on the CPU by transformers.js
 * (`@huggingface/transformers`, loaded on first use). Default `Xenova/bge-small-en-v1.5`
 * (384 dimensions, CLS pooling, BGE's instruction prefix on queries only), 8-bit quantised.
 * Texts longer than the tokenizer's `model_max_length` are truncated; vectors are
 * L2-normalised unless asked otherwise.
 * @module
 */
import { ConfigError, InvalidArgumentError } from '../../core/errors.js';
import type { Embedder, EmbedResult } from '../../core/ports.js';
import {
  type LocalModelOptions,
  lazyModel,
  loadModel,
  resolveModelSource,
  TRANSFORMERS_PROVIDER,
} from './local-models.js';
import { loadTransformers } from './transformers-module.js';
import {
  DEFAULT_LOCAL_EMBEDDING_MODEL,
  type LocalEmbeddingModelId,
  type LocalPooling,
  localEmbeddingModelId,
  localEmbeddingPreset,
} from './transformers-presets.js';

/** Options of {@link TransformersEmbedder}. */
export interface TransformersEmbedderOptions extends LocalModelOptions {
  /** Hub model id or a preset's short name (`e5-small-v2`); default `Xenova/bge-small-en-v1.5`. */
  model?: LocalEmbeddingModelId;
  /** Vector length; default the preset's. Required for a model without a preset. */
  dimension?: number;
  /** Pooling; default the preset's, else `mean`. */
  pooling?: LocalPooling;
  /** Prepended to every query; default the preset's, else none. */
  queryPrefix?: string;
  /** Prepended to every document; default the preset's, else none. */
  documentPrefix?: string;
  /** L2-normalise vectors; default true. */
  normalize?: boolean;
  /** Texts per forward pass; default 32. */
  maxBatchSize?: number;
}

/** The callable part of a feature-extraction pipeline that this adapter uses. */
type Extractor = (
  texts: string[],
  options: { pooling: LocalPooling; normalize: boolean },
) => Promise<{ tolist(): unknown }>;

/** Local ONNX sentence-embedding model. */
export class TransformersEmbedder implements Embedder {
  readonly specificationVersion = 'v1' as const;
  readonly provider = TRANSFORMERS_PROVIDER;
  readonly model: string;
  readonly dimension: number;
  readonly maxBatchSize: number;
  readonly pooling: LocalPooling;
  readonly queryPrefix: string;
  readonly documentPrefix: string;
  readonly #options: TransformersEmbedderOptions;
  #load = lazyModel(() => this.#open());
  #release: (() => Promise<unknown>) | undefined;

  /**
   * Reads nothing from disk or network: the model loads on the first `doEmbed`.
   * @throws {ConfigError} for a model without a preset and no `dimension`.
   * @throws {InvalidArgumentError} for a batch size that is not a positive integer.
   */
  constructor(options: TransformersEmbedderOptions = {}) {
    const model = localEmbeddingModelId(options.model ?? DEFAULT_LOCAL_EMBEDDING_MODEL);
    const preset = localEmbeddingPreset(model);
    const dimension = options.dimension ?? preset?.dimension;
    if (dimension === undefined) {
      throw new ConfigError(
        `the dimension of local model ${model} is unknown; pass dimension (--embedding-dimension)`,
      );
    }
    const batch = options.maxBatchSize ?? 32;
    if (!Number.isInteger(batch) || batch < 1) {
      throw new InvalidArgumentError('maxBatchSize', `must be a positive integer, got ${batch}`);
    }
    this.model = model;
    this.dimension = dimension;
    this.maxBatchSize = batch;
    this.pooling = options.pooling ?? preset?.pooling ?? 'mean';
    this.queryPrefix = options.queryPrefix ?? preset?.queryPrefix ?? '';
    this.documentPrefix = options.documentPrefix ?? preset?.documentPrefix ?? '';
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
   * Embeds one batch. Queries get {@link queryPrefix}, documents {@link documentPrefix}.
   * @throws {ConfigError} when the model is missing from the models folder, or transformers.js is not installed.
   * @throws {ProviderError} when the model cannot be downloaded.
   */
  async doEmbed(options: {
    texts: string[];
    kind: 'document' | 'query';
    signal?: AbortSignal;
  }): Promise<EmbedResult> {
    const extractor = await this.#load();
    const prefix = options.kind === 'query' ? this.queryPrefix : this.documentPrefix;
    const output = await extractor(
      options.texts.map((t) => prefix + t),
      { pooling: this.pooling, normalize: this.#options.normalize ?? true },
    );
    return { embeddings: output.tolist() as number[][] };
  }

  async #open(): Promise<Extractor> {
    const source = resolveModelSource(this.model, this.#options);
    const transformers = await loadTransformers();
    const extractor = await loadModel(this.model, source, () =>
      transformers.pipeline('feature-extraction', source.source, source.loadOptions),
    );
    this.#release = () => extractor.dispose();
    return (texts, options) => extractor(texts, options);
  }
}

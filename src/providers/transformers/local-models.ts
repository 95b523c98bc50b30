/**
 * Where local ONNX models come from, shared by the transformers.js adapters (embedder and
 * reranker): a models folder read with no network (`modelsDir` / `CAIRN_MODELS_DIR`), or the
 * Hugging Face Hub, downloaded once into a cache folder. `@huggingface/transformers` itself
 * loads lazily (`transformers-module.ts`), so nothing of it is imported until a local model is used.
 * @module
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { ConfigError, isCairnError, ProviderError } from '../../core/errors.js';

/** Provider name in messages and errors. */
export const TRANSFORMERS_PROVIDER = 'transformers';

/** Weight precisions the adapters accept, with the ONNX file each one reads. */
export const LOCAL_MODEL_FILES = {
  q8: 'onnx/model_quantized.onnx',
  fp32: 'onnx/model.onnx',
  fp16: 'onnx/model_fp16.onnx',
} as const;

/** A weight precision: `q8` (8-bit quantised, the default on CPU), `fp32` or `fp16`. */
export type LocalModelDtype = keyof typeof LOCAL_MODEL_FILES;

/** Progress of a model download, as transformers.js reports it (`status` `progress` carries bytes). */
export interface ModelDownloadProgress {
  status: string;
  /** Model id or folder. */
  name?: string;
  file?: string;
  /** Bytes loaded and expected, for `progress` events. */
  loaded?: number;
  total?: number;
}

/** Options every local-model adapter accepts. */
export interface LocalModelOptions {
  /**
   * Folder holding models as `<org>/<name>/` (e.g. `Xenova/bge-small-en-v1.5/`); default
   * `CAIRN_MODELS_DIR`, read when the model first loads. When set, nothing is downloaded; an
   * empty string means no folder even when the variable is set.
   */
  modelsDir?: string;
  /**
   * Where Hub downloads are cached when no models folder is set; default `CAIRN_MODELS_CACHE` or
   * `~/.cache/cairn/models`.
   */
  cacheDir?: string;
  /** Weight precision; default `q8`. */
  dtype?: LocalModelDtype;
  /** Receives download progress events (first use only; a cached model reports none). */
  onProgress?: (progress: ModelDownloadProgress) => void;
}

/** Files a model folder must hold for `dtype`. */
export function requiredModelFiles(dtype: LocalModelDtype): string[] {
  return ['config.json', 'tokenizer.json', 'tokenizer_config.json', LOCAL_MODEL_FILES[dtype]];
}

/** What to hand transformers.js: a model id (Hub, cached) or an absolute folder (no network). */
export interface ModelSource {
  /** Model id, or the absolute folder when loading from a models folder. */
  source: string;
  /** Options for `from_pretrained`/`pipeline`. */
  loadOptions: {
    dtype: LocalModelDtype;
    local_files_only: boolean;
    cache_dir?: string;
    progress_callback?: (progress: ModelDownloadProgress) => void;
  };
}

/**
 * Resolves where `model` loads from; `files` are those a models folder must hold (default
 * {@link requiredModelFiles} for the options' `dtype`).
 * @throws {ConfigError} when a models folder is set but lacks one of the model's files; the
 * message names the files to download, from where, and the folder to put them in.
 */
export function resolveModelSource(
  model: string,
  options: LocalModelOptions,
  files: readonly string[] = requiredModelFiles(options.dtype ?? 'q8'),
): ModelSource {
  const dtype = options.dtype ?? 'q8';
  const modelsDir = options.modelsDir ?? process.env.CAIRN_MODELS_DIR;
  if (modelsDir) {
    const folder = path.resolve(modelsDir, ...model.split('/'));
    const missing = files.filter((file) => !existsSync(path.join(folder, file)));
    if (missing.length > 0) {
      throw new ConfigError(
        `local model ${model} is not in the models folder ${modelsDir} (CAIRN_MODELS_DIR / --models-dir): ` +
          `missing ${missing.join(', ')}. Download ${files.join(', ')} from ` +
          `https://huggingface.co/${model} into ${folder}${path.sep}, keeping the onnx/ subfolder`,
      );
    }
    return { source: folder, loadOptions: { dtype, local_files_only: true } };
  }
  return {
    source: model,
    loadOptions: {
      dtype,
      local_files_only: false,
      cache_dir:
        options.cacheDir ??
        process.env.CAIRN_MODELS_CACHE ??
        path.join(homedir(), '.cache', 'cairn', 'models'),
      ...(options.onProgress ? { progress_callback: options.onProgress } : {}),
    },
  };
}

/**
 * Runs a model load and turns its failure into a typed error: with a models folder, a
 * {@link ConfigError} (the folder's files are wrong); otherwise a {@link ProviderError} that says
 * how to work offline.
 */
export async function loadModel<T>(model: string, source: ModelSource, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (cause) {
    const reason = (cause as Error).message;
    if (source.loadOptions.local_files_only) {
      throw new ConfigError(`local model ${model} in ${source.source} could not be loaded: ${reason}`);
    }
    throw new ProviderError({
      provider: TRANSFORMERS_PROVIDER,
      message:
        `could not load ${model} from the Hugging Face Hub (cache ${source.loadOptions.cache_dir}): ${reason}. ` +
        `Without network, download it elsewhere and point CAIRN_MODELS_DIR (--models-dir) at a folder holding ${model}/`,
      failsEveryRequest: true,
      cause,
    });
  }
}

/** How long a failed Hub download is remembered before the next call tries again, in ms. */
export const HUB_FAILURE_MEMORY_MS = 60_000;

/**
 * A model loaded once, on first use, by `open`. A load that fails for a models-folder problem
 * ({@link ConfigError}) is retried on the next call (the files may have been added since); one
 * that fails to reach the Hub ({@link ProviderError}) is answered from memory for
 * {@link HUB_FAILURE_MEMORY_MS}, so a batch of files does not wait out a dead network once per file.
 */
export function lazyModel<T>(open: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  let failedAt: number | undefined;
  return () => {
    if (loading && failedAt !== undefined && Date.now() - failedAt >= HUB_FAILURE_MEMORY_MS)
      loading = undefined;
    if (!loading) {
      failedAt = undefined;
      const attempt: Promise<T> = open().catch((error: unknown) => {
        if (isCairnError(error) && error.code === 'PROVIDER_ERROR') failedAt = Date.now();
        else if (loading === attempt) loading = undefined;
        throw error;
      });
      loading = attempt;
    }
    return loading;
  };
}

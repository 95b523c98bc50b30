/**
 * Model configuration from CLI flags and environment variables.
 *
 * - `--embedder openai:MODEL`, `cohere:MODEL` or `voyage:MODEL` / `CAIRN_EMBEDDER`, with
 *   `--embedding-dimension N` / `CAIRN_EMBEDDING_DIMENSION` (known models need none; for Cohere
 *   and Voyage a given dimension is also sent as `output_dimension`).
 * - `--embedder local[:MODEL]`: a local ONNX model through transformers.js (default
 *   `Xenova/bge-small-en-v1.5`; presets by short name, e.g. `local:e5-small-v2`), read from
 *   `--models-dir` / `CAIRN_MODELS_DIR` without network, else downloaded once into
 *   `CAIRN_MODELS_CACHE` (default `~/.cache/cairn/models`).
 * - `--rerank cohere[:MODEL]`, `voyage[:MODEL]` or `local[:MODEL]` / `CAIRN_RERANKER`.
 * - `--chat openai:MODEL` or `--chat anthropic:MODEL` / `CAIRN_CHAT_MODEL`.
 * - `--transcriber openai:MODEL` or `local[:MODEL]` / `CAIRN_TRANSCRIBER`, with
 *   `--transcriber-language CODE` / `CAIRN_TRANSCRIBER_LANGUAGE`.
 * - `--vision openai:MODEL` or `anthropic:MODEL` / `CAIRN_VISION_MODEL`: page images read by a
 *   vision chat model instead of OCR.
 * Adapters read their keys at call time: `OPENAI_API_KEY` (and `OPENAI_BASE_URL`),
 * `COHERE_API_KEY` (`COHERE_BASE_URL`), `VOYAGE_API_KEY` (`VOYAGE_BASE_URL`),
 * `ANTHROPIC_API_KEY` (`ANTHROPIC_BASE_URL`).
 * @module
 */

import { ConfigError } from '../../core/errors.js';
import type { ChatModel, Contextualizer, Embedder, Reranker } from '../../core/ports.js';
import type { Transcriber } from '../../ingest/audio/transcriber.js';
import { LlmContextualizer } from '../../ingest/contextualize/llm-contextualizer.js';
import { StructuralContextualizer } from '../../ingest/contextualize/structural-contextualizer.js';
import { VisionTranscriber } from '../../ingest/ocr/vision-transcriber.js';
import { AnthropicChatModel } from '../../providers/anthropic/anthropic-chat-model.js';
import { COHERE_EMBEDDING_DIMENSIONS, CohereEmbedder } from '../../providers/cohere/cohere-embedder.js';
import { CohereReranker } from '../../providers/cohere/cohere-reranker.js';
import { OpenAIChatModel } from '../../providers/openai/openai-chat-model.js';
import { OpenAIEmbedder } from '../../providers/openai/openai-embedder.js';
import { OpenAITranscriber } from '../../providers/openai/openai-transcriber.js';
import type { LocalModelOptions, ModelDownloadProgress } from '../../providers/transformers/local-models.js';
import { TransformersEmbedder } from '../../providers/transformers/transformers-embedder.js';
import { TransformersReranker } from '../../providers/transformers/transformers-reranker.js';
import { TransformersTranscriber } from '../../providers/transformers/transformers-transcriber.js';
import { VOYAGE_EMBEDDING_DIMENSIONS, VoyageEmbedder } from '../../providers/voyage/voyage-embedder.js';
import { VoyageReranker } from '../../providers/voyage/voyage-reranker.js';

/** Native dimensions of the embedding models `--embedder` knows, by provider. */
export const KNOWN_EMBEDDING_DIMENSIONS: Record<'openai' | 'cohere' | 'voyage', Record<string, number>> = {
  openai: {
    'text-embedding-3-small': 1536,
    'text-embedding-3-large': 3072,
    'text-embedding-ada-002': 1536,
  },
  cohere: COHERE_EMBEDDING_DIMENSIONS,
  voyage: VOYAGE_EMBEDDING_DIMENSIONS,
};

const embedderProviders = 'openai (any OpenAI-compatible server), cohere, voyage, local';

/** Where local models load from, and how downloads report progress. */
export type LocalModelSettings = Pick<LocalModelOptions, 'modelsDir' | 'onProgress'>;

/**
 * A download-progress reporter for the terminal: one line per file, rewritten in place with the
 * percentage and size, ended when the file is done. Events without byte counts are ignored.
 */
export function downloadProgressWriter(
  write: (text: string) => void,
): (progress: ModelDownloadProgress) => void {
  const started = new Set<string>();
  return (progress) => {
    const file = `${progress.name ?? ''}/${progress.file ?? ''}`;
    if (progress.status === 'progress' && progress.total) {
      started.add(file);
      const percent = Math.floor(((progress.loaded ?? 0) / progress.total) * 100);
      const mb = (progress.total / 1e6).toFixed(1);
      write(`\rdownloading ${file} ${String(percent).padStart(3)}% of ${mb} MB`);
    } else if (progress.status === 'done' && started.delete(file)) {
      write('\n');
    }
  };
}

/** An example of each flag's `provider:model` form, for error messages. */
const SPEC_EXAMPLES: Record<string, string> = {
  '--embedder': 'openai:text-embedding-3-small',
  '--chat': 'openai:gpt-4o-mini',
  '--vision': 'openai:gpt-4o-mini',
  '--transcriber': 'openai:whisper-1 (or local)',
};

function splitSpec(spec: string, what: string): [string, string] {
  const colon = spec.indexOf(':');
  if (colon <= 0 || colon === spec.length - 1) {
    throw new ConfigError(
      `${what} "${spec}" must look like provider:model, e.g. ${SPEC_EXAMPLES[what] ?? 'openai:MODEL'}`,
    );
  }
  return [spec.slice(0, colon), spec.slice(colon + 1)];
}

/**
 * Builds the embedder named by `spec` (or `CAIRN_EMBEDDER`), e.g. `openai:text-embedding-3-small`,
 * `cohere:embed-english-v3.0`, `voyage:voyage-3` or `local[:MODEL]` (with `local`'s models
 * folder and progress reporter); `undefined` when neither is set.
 * @throws {ConfigError} for an unknown provider, or a model whose dimension is unknown and not given.
 */
export function embedderFromSpec(
  spec = process.env.CAIRN_EMBEDDER,
  dimension?: string,
  local: LocalModelSettings = {},
): Embedder | undefined {
  if (!spec || spec === 'none') return undefined;
  if (spec === 'local' || spec.startsWith('local:')) {
    const raw = dimension ?? process.env.CAIRN_EMBEDDING_DIMENSION;
    const dim = raw === undefined || raw === '' ? undefined : Number(raw);
    if (dim !== undefined && (!Number.isInteger(dim) || dim <= 0)) {
      throw new ConfigError(`--embedding-dimension must be a positive integer, got "${raw}"`);
    }
    return new TransformersEmbedder({ model: spec.slice(6) || undefined, dimension: dim, ...local });
  }
  const [provider, model] = splitSpec(spec, '--embedder');
  if (provider !== 'openai' && provider !== 'cohere' && provider !== 'voyage') {
    throw new ConfigError(`unknown embedder provider "${provider}"; supported: ${embedderProviders}`);
  }
  const raw = dimension ?? process.env.CAIRN_EMBEDDING_DIMENSION;
  const dim = raw === undefined || raw === '' ? KNOWN_EMBEDDING_DIMENSIONS[provider][model] : Number(raw);
  if (!dim || !Number.isInteger(dim) || dim <= 0) {
    throw new ConfigError(
      `the dimension of ${model} is unknown; pass --embedding-dimension N or set CAIRN_EMBEDDING_DIMENSION`,
    );
  }
  const explicit = raw !== undefined && raw !== '';
  if (provider === 'cohere') return new CohereEmbedder({ model, dimension: dim, sendDimension: explicit });
  if (provider === 'voyage') return new VoyageEmbedder({ model, dimension: dim, sendDimension: explicit });
  return new OpenAIEmbedder({ model, dimension: dim, sendDimensions: model.startsWith('text-embedding-3') });
}

/**
 * Builds the reranker named by `spec` (or `CAIRN_RERANKER`): `cohere` or `cohere:MODEL`
 * (default `rerank-v3.5`), `voyage` or `voyage:MODEL` (default `rerank-2`), `local` or
 * `local:MODEL` (a cross-encoder, default `Xenova/ms-marco-MiniLM-L-6-v2`); `undefined` when
 * neither is set or it is `none`.
 * @throws {ConfigError} for an unknown provider.
 */
export function rerankerFromSpec(
  spec = process.env.CAIRN_RERANKER,
  local: LocalModelSettings = {},
): Reranker | undefined {
  if (!spec || spec === 'none') return undefined;
  const colon = spec.indexOf(':');
  const provider = colon < 0 ? spec : spec.slice(0, colon);
  const model = colon < 0 ? undefined : spec.slice(colon + 1) || undefined;
  if (provider === 'cohere') return new CohereReranker({ model });
  if (provider === 'voyage') return new VoyageReranker({ model });
  if (provider === 'local') return new TransformersReranker({ model, ...local });
  throw new ConfigError(
    `unknown reranker "${spec}"; supported: cohere[:rerank-v3.5], voyage[:rerank-2], local[:Xenova/ms-marco-MiniLM-L-6-v2], none`,
  );
}

/** Builds the chat model named by `spec` (or `CAIRN_CHAT_MODEL`); `undefined` when neither is set. */
export function chatModelFromSpec(
  spec = process.env.CAIRN_CHAT_MODEL,
  flag: '--chat' | '--vision' = '--chat',
): ChatModel | undefined {
  if (!spec || spec === 'none') return undefined;
  const [provider, model] = splitSpec(spec, flag);
  if (provider === 'openai') return new OpenAIChatModel({ model });
  if (provider === 'anthropic') return new AnthropicChatModel({ model });
  throw new ConfigError(
    `unknown ${flag} provider "${provider}"; supported: openai (any OpenAI-compatible server), anthropic`,
  );
}

/**
 * The contextualizer named by `--contextualize` (`structural` or `llm`); `undefined` when unset.
 * @throws {ConfigError} for an unknown name, or `llm` without a chat model.
 */
export function contextualizerFromOption(name: string | undefined, chatModel: ChatModel | undefined) {
  if (!name || name === 'none') return undefined;
  if (name === 'structural') return new StructuralContextualizer() satisfies Contextualizer;
  if (name === 'llm') {
    if (!chatModel)
      throw new ConfigError('--contextualize llm needs a chat model: pass --chat or set CAIRN_CHAT_MODEL');
    return new LlmContextualizer({ chatModel }) satisfies Contextualizer;
  }
  throw new ConfigError(`--contextualize must be structural, llm or none, got "${name}"`);
}

/**
 * The speech-to-text model named by `spec` (or `CAIRN_TRANSCRIBER`): `openai:MODEL` (any
 * OpenAI-compatible server, e.g. `openai:whisper-1`) or `local[:MODEL]` (Whisper through
 * transformers.js, default `onnx-community/whisper-base`, with `local`'s models folder and
 * progress reporter); `language` (or `CAIRN_TRANSCRIBER_LANGUAGE`) is the spoken language.
 * `undefined` when neither is set or it is `none` (audio files are then skipped as unsupported).
 * @throws {ConfigError} for an unknown provider, or a language with an English-only local model.
 */
export function transcriberFromSpec(
  spec = process.env.CAIRN_TRANSCRIBER,
  language = process.env.CAIRN_TRANSCRIBER_LANGUAGE || undefined,
  local: LocalModelSettings = {},
): Transcriber | undefined {
  if (!spec || spec === 'none') return undefined;
  if (spec === 'local' || spec.startsWith('local:')) {
    return new TransformersTranscriber({ model: spec.slice(6) || undefined, language, ...local });
  }
  const [provider, model] = splitSpec(spec, '--transcriber');
  if (provider !== 'openai') {
    throw new ConfigError(
      `unknown transcriber provider "${provider}"; supported: openai (any OpenAI-compatible server), local`,
    );
  }
  return new OpenAITranscriber({ model, language });
}

/**
 * The vision transcriber named by `spec` (or `CAIRN_VISION_MODEL`), a chat model spec such as
 * `openai:gpt-4o-mini` or `anthropic:claude-sonnet-4-5`: scanned pages and images are then read
 * by that model instead of OCR. `undefined` when neither is set or it is `none`.
 * @throws {ConfigError} for an unknown provider.
 */
export function visionFromSpec(spec = process.env.CAIRN_VISION_MODEL): VisionTranscriber | undefined {
  if (!spec || spec === 'none') return undefined;
  const chatModel = chatModelFromSpec(spec, '--vision');
  return chatModel ? new VisionTranscriber(chatModel) : undefined;
}

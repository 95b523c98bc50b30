/**
 * `provider:model` specs to adapters. Each resolver imports its vendor's adapter only when a spec
 * names it, so resolving nothing loads nothing.
 *
 * - embedder: `openai:MODEL`, `cohere:MODEL`, `voyage:MODEL` (dimension known for their models,
 *   else given; for Cohere and Voyage a given dimension is also sent as `output_dimension`), or
 *   `local[:MODEL]` (ONNX through transformers.js, default `Xenova/bge-small-en-v1.5`; presets by
 *   short name, e.g. `local:e5-small-v2`);
 * - reranker: `cohere[:MODEL]`, `voyage[:MODEL]` or `local[:MODEL]` (a cross-encoder);
 * - chat model and vision: `openai:MODEL` or `anthropic:MODEL`;
 * - transcriber: `openai:MODEL` or `local[:MODEL]` (Whisper);
 * - `none` (or nothing) for any of them: not configured.
 *
 * Adapters read their keys at call time: `OPENAI_API_KEY` (and `OPENAI_BASE_URL`),
 * `COHERE_API_KEY` (`COHERE_BASE_URL`), `VOYAGE_API_KEY` (`VOYAGE_BASE_URL`),
 * `ANTHROPIC_API_KEY` (`ANTHROPIC_BASE_URL`).
 * @module
 */
import { ConfigError } from '../core/errors.js';
import type { ChatModel, Contextualizer, Embedder, Reranker } from '../core/ports.js';
import type { Transcriber } from '../ingest/audio/transcriber.js';
import type { VisionTranscriber } from '../ingest/ocr/vision-transcriber.js';
import type { LocalModelOptions } from '../providers/transformers/local-models.js';
import { type NameSetting, type SettingName, settingNamer } from './settings.js';

/** Native dimensions of the OpenAI embedding models cairn knows. */
const OPENAI_EMBEDDING_DIMENSIONS: Readonly<Record<string, number>> = {
  'text-embedding-3-small': 1536,
  'text-embedding-3-large': 3072,
  'text-embedding-ada-002': 1536,
};

/** Where local models load from, and how downloads report progress. */
export type LocalModelSettings = Pick<LocalModelOptions, 'modelsDir' | 'onProgress'>;

/** Options every resolver takes. */
export interface SpecOptions {
  /** Names settings in messages; default the settings' own names. */
  name?: NameSetting;
  /** Models folder and progress reporter of local models. */
  local?: LocalModelSettings;
}

/** An example of each setting's `provider:model` form, for messages. */
const SPEC_EXAMPLES: Partial<Record<SettingName, string>> = {
  embedder: 'openai:text-embedding-3-small',
  chatModel: 'openai:gpt-4o-mini',
  vision: 'openai:gpt-4o-mini',
  transcriber: 'openai:whisper-1 (or local)',
};

function isUnset(spec: string | undefined): spec is undefined {
  return spec === undefined || spec === '' || spec === 'none';
}

function splitSpec(spec: string, setting: SettingName, name: NameSetting): [string, string] {
  const colon = spec.indexOf(':');
  if (colon <= 0 || colon === spec.length - 1) {
    throw new ConfigError(
      `${name(setting)} "${spec}" must look like provider:model, e.g. ${SPEC_EXAMPLES[setting] ?? 'openai:MODEL'}`,
    );
  }
  return [spec.slice(0, colon), spec.slice(colon + 1)];
}

function positiveDimension(raw: string | number, name: NameSetting): number {
  const dimension = Number(raw);
  if (!Number.isInteger(dimension) || dimension <= 0) {
    throw new ConfigError(`${name('embeddingDimension')} must be a positive integer, got "${raw}"`);
  }
  return dimension;
}

/**
 * The embedder `spec` names; `undefined` for none. `dimension` is needed for models whose
 * dimension cairn does not know; given for a Cohere or Voyage model, it is also requested.
 * @throws {ConfigError} for a malformed spec, an unknown provider, or an unknown dimension.
 */
export async function resolveEmbedder(
  spec: string | undefined,
  dimension: string | number | undefined,
  options: SpecOptions = {},
): Promise<Embedder | undefined> {
  if (isUnset(spec)) return undefined;
  const name = options.name ?? settingNamer();
  const given = dimension === undefined || dimension === '' ? undefined : positiveDimension(dimension, name);
  if (spec === 'local' || spec.startsWith('local:')) {
    const { TransformersEmbedder } = await import('../providers/transformers/transformers-embedder.js');
    return new TransformersEmbedder({
      model: spec.slice(6) || undefined,
      dimension: given,
      ...options.local,
    });
  }
  const [provider, model] = splitSpec(spec, 'embedder', name);
  if (provider !== 'openai' && provider !== 'cohere' && provider !== 'voyage') {
    throw new ConfigError(
      `unknown embedder provider "${provider}"; supported: openai (any OpenAI-compatible server), cohere, voyage, local`,
    );
  }
  const known = async (): Promise<number | undefined> => {
    const table: Readonly<Record<string, number>> =
      provider === 'openai'
        ? OPENAI_EMBEDDING_DIMENSIONS
        : provider === 'cohere'
          ? (await import('../providers/cohere/cohere-embedder.js')).COHERE_EMBEDDING_DIMENSIONS
          : (await import('../providers/voyage/voyage-embedder.js')).VOYAGE_EMBEDDING_DIMENSIONS;
    return Object.hasOwn(table, model) ? table[model] : undefined;
  };
  const dim = given ?? (await known());
  if (dim === undefined) {
    throw new ConfigError(
      `the dimension of ${model} is unknown; pass ${name('embeddingDimension')} N or set CAIRN_EMBEDDING_DIMENSION`,
    );
  }
  const explicit = given !== undefined;
  if (provider === 'cohere') {
    const { CohereEmbedder } = await import('../providers/cohere/cohere-embedder.js');
    return new CohereEmbedder({ model, dimension: dim, sendDimension: explicit });
  }
  if (provider === 'voyage') {
    const { VoyageEmbedder } = await import('../providers/voyage/voyage-embedder.js');
    return new VoyageEmbedder({ model, dimension: dim, sendDimension: explicit });
  }
  const { OpenAIEmbedder } = await import('../providers/openai/openai-embedder.js');
  return new OpenAIEmbedder({ model, dimension: dim, sendDimensions: model.startsWith('text-embedding-3') });
}

/**
 * The reranker `spec` names: `cohere[:MODEL]` (default `rerank-v3.5`), `voyage[:MODEL]`
 * (default `rerank-2`), `local[:MODEL]` (default `Xenova/ms-marco-MiniLM-L-6-v2`); `undefined`
 * for none.
 * @throws {ConfigError} for an unknown provider.
 */
export async function resolveReranker(
  spec: string | undefined,
  options: SpecOptions = {},
): Promise<Reranker | undefined> {
  if (isUnset(spec)) return undefined;
  const colon = spec.indexOf(':');
  const provider = colon < 0 ? spec : spec.slice(0, colon);
  const model = colon < 0 ? undefined : spec.slice(colon + 1) || undefined;
  if (provider === 'cohere') {
    return new (await import('../providers/cohere/cohere-reranker.js')).CohereReranker({ model });
  }
  if (provider === 'voyage') {
    return new (await import('../providers/voyage/voyage-reranker.js')).VoyageReranker({ model });
  }
  if (provider === 'local') {
    const { TransformersReranker } = await import('../providers/transformers/transformers-reranker.js');
    return new TransformersReranker({ model, ...options.local });
  }
  throw new ConfigError(
    `unknown reranker "${spec}"; supported: cohere[:rerank-v3.5], voyage[:rerank-2], local[:Xenova/ms-marco-MiniLM-L-6-v2], none`,
  );
}

/**
 * The chat model `spec` names (`openai:MODEL` or `anthropic:MODEL`); `undefined` for none.
 * `setting` says which setting gave it (`chatModel` or `vision`), for messages.
 * @throws {ConfigError} for a malformed spec or an unknown provider.
 */
export async function resolveChatModel(
  spec: string | undefined,
  options: SpecOptions & { setting?: 'chatModel' | 'vision' } = {},
): Promise<ChatModel | undefined> {
  if (isUnset(spec)) return undefined;
  const name = options.name ?? settingNamer();
  const setting = options.setting ?? 'chatModel';
  const [provider, model] = splitSpec(spec, setting, name);
  if (provider === 'openai') {
    return new (await import('../providers/openai/openai-chat-model.js')).OpenAIChatModel({ model });
  }
  if (provider === 'anthropic') {
    return new (await import('../providers/anthropic/anthropic-chat-model.js')).AnthropicChatModel({ model });
  }
  throw new ConfigError(
    `unknown ${name(setting)} provider "${provider}"; supported: openai (any OpenAI-compatible server), anthropic`,
  );
}

/**
 * The speech-to-text model `spec` names: `openai:MODEL` (any OpenAI-compatible server) or
 * `local[:MODEL]` (Whisper through transformers.js, default `onnx-community/whisper-base`);
 * `language` is the spoken language. `undefined` for none (audio is then skipped as unsupported).
 * @throws {ConfigError} for an unknown provider, or a language with an English-only local model.
 */
export async function resolveTranscriber(
  spec: string | undefined,
  language: string | undefined,
  options: SpecOptions = {},
): Promise<Transcriber | undefined> {
  if (isUnset(spec)) return undefined;
  const name = options.name ?? settingNamer();
  if (spec === 'local' || spec.startsWith('local:')) {
    const { TransformersTranscriber } = await import('../providers/transformers/transformers-transcriber.js');
    return new TransformersTranscriber({ model: spec.slice(6) || undefined, language, ...options.local });
  }
  const [provider, model] = splitSpec(spec, 'transcriber', name);
  if (provider !== 'openai') {
    throw new ConfigError(
      `unknown transcriber provider "${provider}"; supported: openai (any OpenAI-compatible server), local`,
    );
  }
  const { OpenAITranscriber } = await import('../providers/openai/openai-transcriber.js');
  return new OpenAITranscriber({ model, language });
}

/**
 * The vision transcriber `spec` names, a chat model spec such as `openai:gpt-4o-mini`: scanned
 * pages and images are then read by that model instead of OCR. `undefined` for none.
 * @throws {ConfigError} for a malformed spec or an unknown provider.
 */
export async function resolveVision(
  spec: string | undefined,
  options: SpecOptions = {},
): Promise<VisionTranscriber | undefined> {
  const chatModel = await resolveChatModel(spec, { ...options, setting: 'vision' });
  if (!chatModel) return undefined;
  const { VisionTranscriber } = await import('../ingest/ocr/vision-transcriber.js');
  return new VisionTranscriber(chatModel);
}

/**
 * The contextualizer `kind` names: `structural`, `llm` (with `chatModel`) or `none`/nothing.
 * @throws {ConfigError} for an unknown kind, or `llm` without a chat model.
 */
export async function resolveContextualizer(
  kind: string | undefined,
  chatModel: ChatModel | undefined,
  options: SpecOptions = {},
): Promise<Contextualizer | undefined> {
  if (isUnset(kind)) return undefined;
  const name = options.name ?? settingNamer();
  if (kind === 'structural') {
    const { StructuralContextualizer } = await import('../ingest/contextualize/structural-contextualizer.js');
    return new StructuralContextualizer();
  }
  if (kind === 'llm') {
    if (!chatModel) {
      throw new ConfigError(
        `${name('contextualize')} llm needs a chat model: set ${name('chatModel')} or CAIRN_CHAT_MODEL`,
      );
    }
    const { LlmContextualizer } = await import('../ingest/contextualize/llm-contextualizer.js');
    return new LlmContextualizer({ chatModel });
  }
  throw new ConfigError(`${name('contextualize')} must be structural, llm or none, got "${kind}"`);
}

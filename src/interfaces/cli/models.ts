/**
 * Model configuration from CLI flags and environment variables.
 *
 * - `--embedder openai:MODEL` / `CAIRN_EMBEDDER`, with `--embedding-dimension N` /
 *   `CAIRN_EMBEDDING_DIMENSION` (known OpenAI models need none).
 * - `--chat openai:MODEL` or `--chat anthropic:MODEL` / `CAIRN_CHAT_MODEL`.
 * OpenAI-compatible adapters read `OPENAI_API_KEY` and `OPENAI_BASE_URL` at call time; the
 * Anthropic adapter reads `ANTHROPIC_API_KEY` (and `ANTHROPIC_BASE_URL`).
 * @module
 */

import { AnthropicChatModel } from '../../answer/anthropic/anthropic-chat-model.js';
import { OpenAIChatModel } from '../../answer/openai/openai-chat-model.js';
import { ConfigError } from '../../core/errors.js';
import type { ChatModel, Contextualizer, Embedder } from '../../core/ports.js';
import { OpenAIEmbedder } from '../../embed/openai/openai-embedder.js';
import { OpenAITranscriber } from '../../ingest/audio/openai-transcriber.js';
import type { Transcriber } from '../../ingest/audio/transcriber.js';
import { LlmContextualizer } from '../../ingest/contextualize/llm-contextualizer.js';
import { StructuralContextualizer } from '../../ingest/contextualize/structural-contextualizer.js';

const knownDimensions: Record<string, number> = {
  'text-embedding-3-small': 1536,
  'text-embedding-3-large': 3072,
  'text-embedding-ada-002': 1536,
};

function splitSpec(spec: string, what: string): [string, string] {
  const colon = spec.indexOf(':');
  if (colon <= 0 || colon === spec.length - 1) {
    throw new ConfigError(
      `${what} "${spec}" must look like provider:model, e.g. openai:text-embedding-3-small`,
    );
  }
  return [spec.slice(0, colon), spec.slice(colon + 1)];
}

/** Builds the embedder named by `spec` (or `CAIRN_EMBEDDER`); `undefined` when neither is set. */
export function embedderFromSpec(
  spec = process.env.CAIRN_EMBEDDER,
  dimension?: string,
): Embedder | undefined {
  if (!spec || spec === 'none') return undefined;
  const [provider, model] = splitSpec(spec, '--embedder');
  if (provider !== 'openai') {
    throw new ConfigError(
      `unknown embedder provider "${provider}"; supported: openai (any OpenAI-compatible server)`,
    );
  }
  const raw = dimension ?? process.env.CAIRN_EMBEDDING_DIMENSION;
  const dim = raw === undefined ? knownDimensions[model] : Number(raw);
  if (!dim || !Number.isInteger(dim) || dim <= 0) {
    throw new ConfigError(
      `the dimension of ${model} is unknown; pass --embedding-dimension N or set CAIRN_EMBEDDING_DIMENSION`,
    );
  }
  return new OpenAIEmbedder({ model, dimension: dim, sendDimensions: model.startsWith('text-embedding-3') });
}

/** Builds the chat model named by `spec` (or `CAIRN_CHAT_MODEL`); `undefined` when neither is set. */
export function chatModelFromSpec(spec = process.env.CAIRN_CHAT_MODEL): ChatModel | undefined {
  if (!spec || spec === 'none') return undefined;
  const [provider, model] = splitSpec(spec, '--chat');
  if (provider === 'openai') return new OpenAIChatModel({ model });
  if (provider === 'anthropic') return new AnthropicChatModel({ model });
  throw new ConfigError(
    `unknown chat provider "${provider}"; supported: openai (any OpenAI-compatible server), anthropic`,
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
 * The speech-to-text model named by `spec` (or `CAIRN_TRANSCRIBER`), e.g. `openai:whisper-1`;
 * `undefined` when neither is set (audio files are then skipped as unsupported).
 */
export function transcriberFromSpec(spec = process.env.CAIRN_TRANSCRIBER): Transcriber | undefined {
  if (!spec || spec === 'none') return undefined;
  const [provider, model] = splitSpec(spec, '--transcriber');
  if (provider !== 'openai') {
    throw new ConfigError(
      `unknown transcriber provider "${provider}"; supported: openai (any OpenAI-compatible server)`,
    );
  }
  return new OpenAITranscriber({ model });
}

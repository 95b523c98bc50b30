/**
 * Chat model for Anthropic's Messages API with streaming (`POST {baseURL}/messages`,
 * `stream: true`, server-sent events), over `fetch` with the shared retry and timeout policy.
 * @module
 */
import { createParser } from 'eventsource-parser';
import { ProviderError } from '../../core/errors.js';
import type { ChatMessage, ChatModel, ChatUsage, ModelResponse } from '../../core/ports.js';
import { checkCredentials, loadApiKey, postJson, type RequestPolicy } from '../http/post-json.js';
import { toAnthropicMessages } from './anthropic-messages.js';

/** Model ids known at the time of writing; any other id is accepted too. */
export type AnthropicChatModelId =
  | 'claude-opus-4-1'
  | 'claude-sonnet-4-5'
  | 'claude-haiku-4-5'
  | 'claude-3-5-haiku-latest'
  | (string & {});

/** The `anthropic-version` header sent with every request. */
export const ANTHROPIC_API_VERSION = '2023-06-01';

/** Options of {@link AnthropicChatModel}. */
export interface AnthropicChatModelOptions extends RequestPolicy {
  /** Model id, e.g. `claude-sonnet-4-5`. */
  model: AnthropicChatModelId;
  /** API root including `/v1`; default `ANTHROPIC_BASE_URL` or `https://api.anthropic.com/v1`. Read at call time. */
  baseURL?: string;
  /** API key; default `ANTHROPIC_API_KEY`, read at call time. */
  apiKey?: string;
  /** `max_tokens` when the caller gives none (the API requires one); default 1024. */
  defaultMaxTokens?: number;
  /** Sampling temperature sent with every request that sets none; default unset (the API's default). */
  temperature?: number;
}

/** The stream events this adapter reads; others (`ping`, `content_block_start`, …) are skipped. */
interface StreamEvent {
  type?: string;
  /** `content_block_delta`: text; `message_delta`: `stop_reason`. */
  delta?: { type?: string; text?: string; stop_reason?: unknown };
  /** `message_start`: the message, with the prompt's `usage.input_tokens`. */
  message?: { id?: unknown; model?: unknown; usage?: { input_tokens?: unknown } };
  /** `message_delta`: the reply's cumulative `output_tokens`. */
  usage?: { output_tokens?: unknown };
  error?: { type?: string; message?: string };
}

const retryableStreamErrors = new Set(['overloaded_error', 'api_error', 'rate_limit_error', 'timeout_error']);

/** Anthropic streaming chat model. */
export class AnthropicChatModel implements ChatModel {
  readonly specificationVersion = 'v1' as const;
  readonly provider = 'anthropic';
  readonly model: string;
  readonly #options: AnthropicChatModelOptions;

  constructor(options: AnthropicChatModelOptions) {
    this.model = options.model;
    this.#options = options;
  }

  /**
   * Throws a {@link ConfigError} naming the variable when no API key is given or set; sends nothing.
   */
  checkReady(): void {
    checkCredentials(() =>
      loadApiKey({ apiKey: this.#options.apiKey, envVar: 'ANTHROPIC_API_KEY', provider: this.provider }),
    );
  }

  /**
   * Streams the reply; `onUsage` gets the token counts of `message_start` (input) and the last
   * `message_delta` (output) when the stream reaches `message_stop`.
   */
  async *doStream(options: {
    messages: ChatMessage[];
    temperature?: number;
    maxTokens?: number;
    signal?: AbortSignal;
    onUsage?: (usage: ChatUsage) => void;
    onResponse?: (response: ModelResponse) => void;
  }): AsyncIterable<string> {
    const baseURL = (
      this.#options.baseURL ??
      process.env.ANTHROPIC_BASE_URL ??
      'https://api.anthropic.com/v1'
    ).replace(/\/+$/, '');
    const apiKey = loadApiKey({
      apiKey: this.#options.apiKey,
      envVar: 'ANTHROPIC_API_KEY',
      provider: this.provider,
    });
    const { system, messages } = toAnthropicMessages(options.messages);
    options.onResponse?.({ url: `${baseURL}/messages` });
    const response = await postJson({
      ...this.#options,
      provider: this.provider,
      url: `${baseURL}/messages`,
      headers: {
        'x-api-key': apiKey,
        'anthropic-version': ANTHROPIC_API_VERSION,
        accept: 'text/event-stream',
      },
      body: {
        model: this.model,
        max_tokens: options.maxTokens ?? this.#options.defaultMaxTokens ?? 1024,
        ...(system === undefined ? {} : { system }),
        messages,
        stream: true,
        ...((options.temperature ?? this.#options.temperature) === undefined
          ? {}
          : { temperature: options.temperature ?? this.#options.temperature }),
      },
      signal: options.signal,
    });
    if (!response.body) throw new ProviderError({ provider: this.provider, message: 'empty response body' });

    const pending: string[] = [];
    let done = false;
    let failure: ProviderError | undefined;
    const usage: ChatUsage = {};
    const facts: ModelResponse = {};
    const parser = createParser({
      onEvent: (event) => {
        let data: StreamEvent;
        try {
          data = JSON.parse(event.data) as StreamEvent;
        } catch {
          failure ??= new ProviderError({ provider: this.provider, message: 'malformed stream event' });
          return;
        }
        const type = data.type ?? event.event;
        if (type === 'error') {
          const kind = data.error?.type ?? 'error';
          failure ??= new ProviderError({
            provider: this.provider,
            message: `${kind}: ${data.error?.message ?? 'stream error'}`,
            isRetryable: retryableStreamErrors.has(kind),
          });
        } else if (type === 'content_block_delta' && data.delta?.type === 'text_delta' && data.delta.text) {
          pending.push(data.delta.text);
        } else if (type === 'message_start') {
          const input = data.message?.usage?.input_tokens;
          if (typeof input === 'number') usage.inputTokens = input;
          if (typeof data.message?.id === 'string') facts.id = data.message.id;
          if (typeof data.message?.model === 'string') facts.model = data.message.model;
        } else if (type === 'message_delta') {
          const output = data.usage?.output_tokens;
          if (typeof output === 'number') usage.outputTokens = output;
          if (typeof data.delta?.stop_reason === 'string') facts.finishReasons = [data.delta.stop_reason];
        } else if (type === 'message_stop') {
          done = true;
        }
      },
    });
    const decoder = new TextDecoder();
    for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
      parser.feed(decoder.decode(bytes, { stream: true }));
      while (pending.length > 0) yield pending.shift()!;
      if (failure) throw failure;
      if (done) {
        if (Object.keys(usage).length > 0) options.onUsage?.(usage);
        options.onResponse?.(facts);
        return;
      }
    }
    if (!done) {
      throw new ProviderError({
        provider: this.provider,
        message: 'the stream ended before message_stop',
        isRetryable: true,
      });
    }
  }
}

/**
 * Chat model for any server speaking the OpenAI chat-completions API with streaming
 * (`POST {baseURL}/chat/completions`, `stream: true`, server-sent events): OpenAI, Ollama, vLLM,
 * LM Studio, llama.cpp server.
 * @module
 */
import { createParser } from 'eventsource-parser';
import { ProviderError } from '../../core/errors.js';
import type { ChatMessage, ChatModel, ChatUsage, ModelResponse } from '../../core/ports.js';
import { checkCredentials, postJson, type RequestPolicy } from '../http/post-json.js';
import { OPENAI_COMPATIBLE_PROVIDER, type OpenAIConnectionOptions, openaiRequest } from './openai-api.js';

/** Options of {@link OpenAIChatModel}. */
export interface OpenAIChatModelOptions extends RequestPolicy, OpenAIConnectionOptions {
  /** Model id, e.g. `gpt-4o-mini` or `llama3.1`. */
  model: string;
  /**
   * Sampling temperature sent with every request that sets none; default unset: no
   * `temperature` is sent and the server's default applies (reasoning models refuse any other).
   */
  temperature?: number;
}

/** Token counts as chat completions report them (`usage`). */
interface CompletionUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
}

interface StreamChunk {
  id?: string;
  model?: string;
  choices?: Array<{ delta?: { content?: string | null }; finish_reason?: string | null }>;
  usage?: CompletionUsage | null;
  error?: { message?: string };
}

/** `usage` as a {@link ChatUsage}, the counts that are numbers; `undefined` when there are none. */
function chatUsage(usage: CompletionUsage | null | undefined): ChatUsage | undefined {
  if (!usage) return undefined;
  const out: ChatUsage = {};
  if (typeof usage.prompt_tokens === 'number') out.inputTokens = usage.prompt_tokens;
  if (typeof usage.completion_tokens === 'number') out.outputTokens = usage.completion_tokens;
  return Object.keys(out).length === 0 ? undefined : out;
}

/** The id, model and finish reasons of a whole (not streamed) completion, those that are strings. */
function completionFacts(body: unknown): ModelResponse {
  const reply = (body ?? {}) as {
    id?: unknown;
    model?: unknown;
    choices?: Array<{ finish_reason?: unknown }>;
  };
  const finishReasons = (Array.isArray(reply.choices) ? reply.choices : [])
    .map((choice) => choice?.finish_reason)
    .filter((reason): reason is string => typeof reason === 'string');
  return {
    ...(typeof reply.id === 'string' ? { id: reply.id } : {}),
    ...(typeof reply.model === 'string' ? { model: reply.model } : {}),
    ...(finishReasons.length > 0 ? { finishReasons } : {}),
  };
}

/** A message in the chat-completions shape: text, or text and images as content parts. */
function toOpenAIMessage({ role, content, images }: ChatMessage) {
  if (!images?.length) return { role, content };
  return {
    role,
    content: [
      ...images.map((image) => ({
        type: 'image_url' as const,
        image_url: { url: `data:${image.mediaType};base64,${Buffer.from(image.bytes).toString('base64')}` },
      })),
      { type: 'text' as const, text: content },
    ],
  };
}

function temperatureOf(temperature: number | undefined): { temperature?: number } {
  return temperature === undefined ? {} : { temperature };
}

/** OpenAI-compatible streaming chat model; user messages may carry images (vision models). */
export class OpenAIChatModel implements ChatModel {
  readonly specificationVersion = 'v1' as const;
  readonly provider = OPENAI_COMPATIBLE_PROVIDER;
  readonly model: string;
  readonly #options: OpenAIChatModelOptions;

  constructor(options: OpenAIChatModelOptions) {
    this.model = options.model;
    this.#options = options;
  }

  /**
   * Throws a {@link ConfigError} naming the variable when no API key is given or set; sends nothing.
   */
  checkReady(): void {
    checkCredentials(() => openaiRequest(this.#options, 'chat/completions'));
  }

  /**
   * Streams the reply. With `onUsage` the request asks for the token counts
   * (`stream_options.include_usage`, which OpenAI, vLLM, Ollama and llama.cpp's server honour) and
   * they are reported from the stream's last chunk; without it the request is as before.
   */
  async *doStream(options: {
    messages: ChatMessage[];
    temperature?: number;
    maxTokens?: number;
    signal?: AbortSignal;
    onUsage?: (usage: ChatUsage) => void;
    onResponse?: (response: ModelResponse) => void;
  }): AsyncIterable<string> {
    const { url, headers } = openaiRequest(this.#options, 'chat/completions');
    options.onResponse?.({ url });
    const response = await postJson({
      ...this.#options,
      provider: this.provider,
      url,
      headers: { ...headers, accept: 'text/event-stream' },
      body: {
        model: this.model,
        messages: options.messages.map(toOpenAIMessage),
        stream: true,
        ...(options.onUsage ? { stream_options: { include_usage: true } } : {}),
        ...temperatureOf(options.temperature ?? this.#options.temperature),
        ...(options.maxTokens === undefined ? {} : { max_tokens: options.maxTokens }),
      },
      signal: options.signal,
    });
    if (!response.body) throw new ProviderError({ provider: this.provider, message: 'empty response body' });
    const contentType = response.headers.get('content-type') ?? '';
    if (/^application\/json\b/i.test(contentType)) {
      // A server that ignores `stream: true` and answers with one completion.
      const body = await response.json().catch(() => undefined);
      const text = this.#completionText(body);
      const usage = chatUsage((body as { usage?: CompletionUsage } | undefined)?.usage);
      if (usage) options.onUsage?.(usage);
      options.onResponse?.(completionFacts(body));
      yield text;
      return;
    }

    const pending: string[] = [];
    let done = false;
    let failure: ProviderError | undefined;
    let usage: ChatUsage | undefined;
    const facts: ModelResponse = {};
    const finishReasons: string[] = [];
    const parser = createParser({
      onEvent: (event) => {
        if (event.data === '[DONE]') {
          done = true;
          return;
        }
        let chunk: StreamChunk;
        try {
          chunk = JSON.parse(event.data) as StreamChunk;
        } catch {
          failure = new ProviderError({ provider: this.provider, message: 'malformed stream event' });
          return;
        }
        if (chunk.error) {
          failure = new ProviderError({
            provider: this.provider,
            message: chunk.error.message ?? 'stream error',
          });
          return;
        }
        usage = chatUsage(chunk.usage) ?? usage;
        if (facts.id === undefined && typeof chunk.id === 'string') facts.id = chunk.id;
        if (facts.model === undefined && typeof chunk.model === 'string') facts.model = chunk.model;
        const choice = chunk.choices?.[0];
        if (typeof choice?.finish_reason === 'string') finishReasons.push(choice.finish_reason);
        if (choice?.finish_reason) done = true;
        const delta = choice?.delta?.content;
        if (delta) pending.push(delta);
      },
    });
    const decoder = new TextDecoder();
    for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
      parser.feed(decoder.decode(bytes, { stream: true }));
      if (failure) throw failure;
      while (pending.length > 0) yield pending.shift()!;
    }
    if (failure) throw failure;
    if (usage) options.onUsage?.(usage);
    options.onResponse?.(finishReasons.length > 0 ? { ...facts, finishReasons } : facts);
    while (pending.length > 0) yield pending.shift()!;
    if (!done) {
      // No [DONE] and no finish_reason: a cut connection, or not a chat stream at all (an HTML
      // error page from a proxy); either way the text is not the model's whole reply.
      throw new ProviderError({
        provider: this.provider,
        message: `the reply ended before the model finished (content type ${contentType || 'none'})`,
        isRetryable: true,
      });
    }
  }

  #completionText(body: unknown): string {
    const content = (body as { choices?: Array<{ message?: { content?: unknown } }> } | undefined)
      ?.choices?.[0]?.message?.content;
    if (typeof content !== 'string') {
      throw new ProviderError({
        provider: this.provider,
        message: 'malformed chat completion: no choices[0].message.content',
      });
    }
    return content;
  }
}

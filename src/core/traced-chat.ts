/**
 * Chat model calls as cairn makes them: `doStream` inside a `chat {model}` span (GenAI semantic
 * conventions), for answers, question rewriting, small talk, chat contextualizing and vision.
 * @module
 */

import { monotonicMilliseconds } from './monotonic-clock.js';
import type { ChatModel, ChatUsage, ModelResponse } from './ports.js';
import {
  modelAttributes,
  recordFailure,
  responseAttributes,
  SpanKind,
  startSpan,
  TRACE_ATTRIBUTES,
} from './tracing.js';

/** What a chat call is for, recorded as `cairn.chat.purpose`. */
export type ChatPurpose = 'answer' | 'rewrite' | 'small-talk' | 'contextualize' | 'vision';

/**
 * Streams `chatModel`'s reply to `request` (its text deltas, in order) inside a `chat {model}`
 * span (kind CLIENT) that ends when the stream does: finished, failed, or left early by the
 * caller or aborted by its signal (then `cairn.cancelled` is true and the status is not ERROR). The span records `gen_ai.operation.name` `chat`,
 * `gen_ai.provider.name`, `gen_ai.request.model`, `gen_ai.request.temperature`,
 * `gen_ai.request.max_tokens`, the provider's token counts (`gen_ai.usage.input_tokens`,
 * `gen_ai.usage.output_tokens`, when the adapter reports them), what the reply says about
 * itself (`server.address`, `server.port`, `gen_ai.response.model`, `gen_ai.response.id`,
 * `gen_ai.response.finish_reasons`, through the adapter's `onResponse`), the milliseconds to the first
 * delta (`cairn.chat.first_delta_ms`) and the characters received (`cairn.chat.characters`).
 *
 * Token counts are asked for (the adapter's `onUsage`) only while the span is recording, so
 * without a tracer provider the request is the one the caller built.
 * @throws What `doStream` throws; the span then has status ERROR and `error.type`.
 */
export async function* streamChat(
  chatModel: ChatModel,
  request: Parameters<ChatModel['doStream']>[0],
  purpose: ChatPurpose,
): AsyncGenerator<string> {
  const span = startSpan(`chat ${chatModel.model}`, {
    kind: SpanKind.CLIENT,
    attributes: {
      ...modelAttributes('chat', chatModel),
      'cairn.chat.purpose': purpose,
      ...(request.temperature === undefined ? {} : { 'gen_ai.request.temperature': request.temperature }),
      ...(request.maxTokens === undefined ? {} : { 'gen_ai.request.max_tokens': request.maxTokens }),
    },
  });
  const callerUsage = request.onUsage;
  const onUsage = (usage: ChatUsage) => {
    if (usage.inputTokens !== undefined) span.setAttribute('gen_ai.usage.input_tokens', usage.inputTokens);
    if (usage.outputTokens !== undefined) span.setAttribute('gen_ai.usage.output_tokens', usage.outputTokens);
    callerUsage?.(usage);
  };
  const callerResponse = request.onResponse;
  const onResponse = (response: ModelResponse) => {
    span.setAttributes(responseAttributes(response));
    callerResponse?.(response);
  };
  const traced =
    span.isRecording() || callerUsage || callerResponse ? { ...request, onUsage, onResponse } : request;
  const began = monotonicMilliseconds();
  let characters = 0;
  let first = true;
  let settled = false;
  try {
    for await (const delta of chatModel.doStream(traced)) {
      if (first) {
        span.setAttribute('cairn.chat.first_delta_ms', monotonicMilliseconds() - began);
        first = false;
      }
      characters += delta.length;
      yield delta;
    }
    settled = true;
  } catch (error) {
    settled = true;
    recordFailure(span, error);
    throw error;
  } finally {
    span.setAttribute('cairn.chat.characters', characters);
    if (!settled) span.setAttribute(TRACE_ATTRIBUTES.cancelled, true);
    span.end();
  }
}

/**
 * Chat model calls as cairn makes them: `doStream` inside a `chat {model}` span (GenAI semantic
 * conventions), for answers, question rewriting, small talk, chat contextualizing and vision.
 * @module
 */
import type { ChatModel } from './ports.js';
import { modelAttributes, recordFailure, SpanKind, startSpan } from './tracing.js';

/** What a chat call is for, recorded as `cairn.chat.purpose`. */
export type ChatPurpose = 'answer' | 'rewrite' | 'small-talk' | 'contextualize' | 'vision';

/**
 * Streams `chatModel`'s reply to `request` (its text deltas, in order) inside a span that ends
 * when the stream does: finished, failed, or left early by the caller. The span records
 * `gen_ai.request.temperature`, `gen_ai.request.max_tokens`, the time to the first delta in seconds
 * (`gen_ai.response.time_to_first_chunk`) and the characters received (`cairn.chat.characters`).
 * @throws What `doStream` throws.
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
      'gen_ai.request.stream': true,
      'cairn.chat.purpose': purpose,
      ...(request.temperature === undefined ? {} : { 'gen_ai.request.temperature': request.temperature }),
      ...(request.maxTokens === undefined ? {} : { 'gen_ai.request.max_tokens': request.maxTokens }),
    },
  });
  const began = performance.now();
  let characters = 0;
  let first = true;
  try {
    for await (const delta of chatModel.doStream(request)) {
      if (first) {
        span.setAttribute('gen_ai.response.time_to_first_chunk', (performance.now() - began) / 1000);
        first = false;
      }
      characters += delta.length;
      yield delta;
    }
  } catch (error) {
    recordFailure(span, error);
    throw error;
  } finally {
    span.setAttribute('cairn.chat.characters', characters);
    span.end();
  }
}

/**
 * Conversion of cairn's chat messages to the Messages API shape: system messages move to the
 * top-level `system` field, images become base64 `image` blocks before the text, and consecutive
 * messages of one role are merged, since the API expects user and assistant turns to alternate.
 * @module
 */
import type { ChatMessage } from '../../core/ports.js';

/** Marks the end of a prompt prefix the API should cache (about five minutes). */
interface CacheControl {
  cache_control?: { type: 'ephemeral' };
}

/** A content block of the Messages API: text, or a base64 image. */
export type AnthropicBlock = CacheControl &
  (
    | { type: 'text'; text: string }
    | { type: 'image'; source: { type: 'base64'; media_type: string; data: string } }
  );

/** A message as the Messages API takes it: plain text, or blocks when it carries images. */
export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: string | AnthropicBlock[];
}

function blocks(message: ChatMessage): AnthropicBlock[] {
  return [
    ...(message.images ?? []).map((image) => ({
      type: 'image' as const,
      source: {
        type: 'base64' as const,
        media_type: image.mediaType,
        data: Buffer.from(image.bytes).toString('base64'),
      },
    })),
    { type: 'text' as const, text: message.content },
  ];
}

function asBlocks(content: AnthropicMessage['content']): AnthropicBlock[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}

const EPHEMERAL = { type: 'ephemeral' } as const;

/** The system text: a string, or one cached text block when a system message asks for caching. */
function systemField(system: readonly ChatMessage[]): string | AnthropicBlock[] | undefined {
  if (system.length === 0) return undefined;
  const text = system.map((m) => m.content).join('\n\n');
  return system.some((m) => m.cachePrefix) ? [{ type: 'text', text, cache_control: EPHEMERAL }] : text;
}

/**
 * Splits `messages` into the `system` field (absent when none) and alternating turns. A message
 * with `cachePrefix` ends with a `cache_control` mark.
 */
export function toAnthropicMessages(messages: readonly ChatMessage[]): {
  system?: string | AnthropicBlock[];
  messages: AnthropicMessage[];
} {
  const system = messages.filter((m) => m.role === 'system');
  const turns: AnthropicMessage[] = [];
  for (const message of messages) {
    if (message.role === 'system') continue;
    let content: AnthropicMessage['content'] =
      message.images?.length || message.cachePrefix ? blocks(message) : message.content;
    if (message.cachePrefix && typeof content !== 'string') {
      content = [...content.slice(0, -1), { ...content.at(-1)!, cache_control: EPHEMERAL }];
    }
    const last = turns.at(-1);
    if (last?.role !== message.role) turns.push({ role: message.role, content });
    else if (typeof last.content === 'string' && typeof content === 'string') {
      last.content = `${last.content}\n\n${content}`;
    } else last.content = [...asBlocks(last.content), ...asBlocks(content)];
  }
  const field = systemField(system);
  return field === undefined ? { messages: turns } : { system: field, messages: turns };
}

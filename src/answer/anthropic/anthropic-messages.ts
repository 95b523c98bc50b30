/**
 * Conversion of cairn's chat messages to the Messages API shape: system messages move to the
 * top-level `system` field, images become base64 `image` blocks before the text, and consecutive
 * messages of one role are merged, since the API expects user and assistant turns to alternate.
 * @module
 */
import type { ChatMessage } from '../../core/ports.js';

/** A content block of the Messages API: text, or a base64 image. */
export type AnthropicBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; source: { type: 'base64'; media_type: string; data: string } };

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

/** Splits `messages` into the `system` text (absent when none) and alternating turns. */
export function toAnthropicMessages(messages: readonly ChatMessage[]): {
  system?: string;
  messages: AnthropicMessage[];
} {
  const system: string[] = [];
  const turns: AnthropicMessage[] = [];
  for (const message of messages) {
    if (message.role === 'system') {
      system.push(message.content);
      continue;
    }
    const content = message.images?.length ? blocks(message) : message.content;
    const last = turns.at(-1);
    if (last?.role !== message.role) turns.push({ role: message.role, content });
    else if (typeof last.content === 'string' && typeof content === 'string') {
      last.content = `${last.content}\n\n${content}`;
    } else last.content = [...asBlocks(last.content), ...asBlocks(content)];
  }
  return system.length === 0 ? { messages: turns } : { system: system.join('\n\n'), messages: turns };
}

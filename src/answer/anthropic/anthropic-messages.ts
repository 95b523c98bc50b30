/**
 * Conversion of cairn's chat messages to the Messages API shape: system messages move to the
 * top-level `system` field and consecutive messages of one role are merged, since the API expects
 * user and assistant turns to alternate.
 * @module
 */
import type { ChatMessage } from '../../core/ports.js';

/** A message as the Messages API takes it (text content only). */
export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: string;
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
    const last = turns.at(-1);
    if (last?.role === message.role) last.content = `${last.content}\n\n${message.content}`;
    else turns.push({ role: message.role, content: message.content });
  }
  return system.length === 0 ? { messages: turns } : { system: system.join('\n\n'), messages: turns };
}

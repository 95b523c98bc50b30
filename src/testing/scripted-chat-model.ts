/**
 * A chat model for tests that replies from a script: no network, no model. Replies stream in
 * word-sized deltas as a real model's would, and every request is recorded.
 * @module
 */
import type { ChatMessage, ChatModel, ChatUsage } from '../core/ports.js';

/** What the model says: a fixed list of replies (one per call, in order), or a function of the messages. */
export type ChatScript = readonly string[] | ((messages: ChatMessage[]) => string | Promise<string>);

/** Options of {@link ScriptedChatModel}. */
export interface ScriptedChatModelOptions {
  /** The script; default every call replies `ok`. A list that runs out throws. */
  replies?: ChatScript;
  /** Model id; default `scripted`. */
  model?: string;
}

/**
 * A {@link ChatModel} that replies from its script and streams the reply word by word (the
 * whitespace kept with the word before it). It reports usage counting one token per
 * whitespace-separated word of the prompt and of the reply. {@link requests} records each call's
 * messages.
 */
export class ScriptedChatModel implements ChatModel {
  readonly specificationVersion = 'v1' as const;
  readonly provider = 'scripted';
  readonly model: string;
  /** The messages of every call, in order. */
  readonly requests: ChatMessage[][] = [];
  readonly #script: ChatScript;
  #next = 0;

  constructor(options: ScriptedChatModelOptions = {}) {
    this.model = options.model ?? 'scripted';
    this.#script = options.replies ?? ((): string => 'ok');
  }

  /**
   * Streams the next reply.
   * @throws {Error} when a list script has no reply left (the message says how many it had).
   */
  async *doStream(options: {
    messages: ChatMessage[];
    signal?: AbortSignal;
    onUsage?: (usage: ChatUsage) => void;
  }): AsyncIterable<string> {
    const messages = options.messages.map((m) => ({ ...m }));
    this.requests.push(messages);
    const script = this.#script;
    let reply: string;
    if (typeof script === 'function') reply = await script(messages);
    else {
      const next = script[this.#next++];
      if (next === undefined)
        throw new Error(`the chat script has ${script.length} replies; call ${this.#next} asked for another`);
      reply = next;
    }
    const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
    options.onUsage?.({
      inputTokens: messages.reduce((n, m) => n + words(m.content), 0),
      outputTokens: words(reply),
    });
    for (const piece of reply.match(/\S+\s*|\s+/g) ?? []) {
      options.signal?.throwIfAborted();
      yield piece;
    }
  }
}

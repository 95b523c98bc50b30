/**
 * An offline LlamaIndex.TS LLM for tests that answers honestly from its prompt: it reads the
 * query (after the last `Query:`) and the context above it, and replies with the context
 * sentence sharing the most words with the query (ties: the earliest). Streaming replies come
 * word by word. No network, no weights.
 */
import {
  BaseLLM,
  type ChatMessage,
  type ChatResponse,
  type ChatResponseChunk,
  type LLMChatParamsNonStreaming,
  type LLMChatParamsStreaming,
  type LLMMetadata,
} from '@llamaindex/core/llms';
import { extractText } from '@llamaindex/core/utils';

const words = (text: string): Set<string> => new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);

/** The context sentence that best answers the prompt's query. */
export function extractiveReply(prompt: string): string {
  const at = prompt.lastIndexOf('Query:');
  const query = at === -1 ? prompt : prompt.slice(at + 'Query:'.length).replace(/\nAnswer:\s*$/, '');
  const context = at === -1 ? prompt : prompt.slice(0, at);
  const wanted = words(query);
  let best = '';
  let bestScore = 0;
  for (const sentence of context.split(/(?<=[.!?])\s+|\n+/)) {
    const score = [...words(sentence)].filter((w) => wanted.has(w)).length;
    if (score > bestScore) {
      best = sentence.trim();
      bestScore = score;
    }
  }
  return best || 'Not found in the context.';
}

/** The extractive LLM; `prompts` records every prompt it was sent. */
export class ExtractiveLLM extends BaseLLM {
  readonly prompts: string[] = [];
  metadata: LLMMetadata = {
    model: 'extractive-test-llm',
    temperature: 0,
    topP: 1,
    contextWindow: 4096,
    tokenizer: undefined,
    structuredOutput: false,
  };

  chat(params: LLMChatParamsStreaming): Promise<AsyncIterable<ChatResponseChunk>>;
  chat(params: LLMChatParamsNonStreaming): Promise<ChatResponse>;
  async chat(
    params: LLMChatParamsStreaming | LLMChatParamsNonStreaming,
  ): Promise<AsyncIterable<ChatResponseChunk> | ChatResponse> {
    const prompt = params.messages.map((m: ChatMessage) => extractText(m.content)).join('\n');
    this.prompts.push(prompt);
    const reply = extractiveReply(prompt);
    if (!params.stream) return { message: { role: 'assistant', content: reply }, raw: null };
    return (async function* () {
      for (const piece of reply.split(/(?<= )/)) yield { delta: piece, raw: null };
    })();
  }
}

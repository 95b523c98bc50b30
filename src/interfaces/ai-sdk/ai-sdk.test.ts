import { generateText, readUIMessageStream, stepCountIs, type UIMessageChunk } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerEngine } from '../../../test/support/answer-corpus.js';
import type { Engine } from '../../engine/engine.js';
import { streamAnswer } from './stream-answer.js';
import { toTextStream, toTextStreamResponse } from './text-stream.js';
import { cairnTools } from './tools.js';
import { toUIMessageStream, toUIMessageStreamResponse } from './ui-message-stream.js';

type LanguageModelV3CallOptions = Parameters<MockLanguageModelV3['doGenerate']>[0];
type LanguageModelV3GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;

let engine: Engine;
beforeAll(async () => {
  engine = await answerEngine();
});
afterAll(() => engine.close());

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/**
 * A model that searches first and then answers with the best hit's text, read from the tool
 * result the SDK put into its prompt.
 */
function searchingModel(calls: LanguageModelV3CallOptions[]) {
  return new MockLanguageModelV3({
    doGenerate: async (options): Promise<LanguageModelV3GenerateResult> => {
      calls.push(options);
      const toolMessage = options.prompt.find((m) => m.role === 'tool');
      if (!toolMessage) {
        const user = options.prompt.find((m) => m.role === 'user')!;
        const question = user.content.map((p) => (p.type === 'text' ? p.text : '')).join('');
        return {
          content: [
            {
              type: 'tool-call',
              toolCallId: 'call-1',
              toolName: 'search',
              input: JSON.stringify({ query: question, topK: '1' }),
            },
          ],
          finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
          usage,
          warnings: [],
        };
      }
      const part = toolMessage.content.find((p) => p.type === 'tool-result')!;
      const output = part.type === 'tool-result' && part.output.type === 'json' ? part.output.value : null;
      const hit = (output as { hits: Array<{ text: string; documentId: string }> }).hits[0]!;
      return {
        content: [{ type: 'text', text: `${hit.text.trim()} (${hit.documentId})` }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      };
    },
  });
}

async function chunksOf<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

async function* deltas(...pieces: string[]): AsyncGenerator<string> {
  for (const piece of pieces) yield piece;
}

describe('cairnTools in generateText', () => {
  it('lets the model search and answer from the hits', async () => {
    const calls: LanguageModelV3CallOptions[] = [];
    const result = await generateText({
      model: searchingModel(calls),
      tools: cairnTools(engine),
      stopWhen: stepCountIs(3),
      prompt: 'marmots hibernate granite',
    });
    expect(result.text).toMatch(
      /^# Field Guide\n\n## Burrows\n\nMarmots hibernate in burrows under granite boulders.* \(burrows\.md\)$/,
    );
    expect(result.steps).toHaveLength(2);
    expect(result.steps[0]!.toolResults[0]).toMatchObject({
      toolName: 'search',
      output: { mode: 'lexical' },
    });
    const offered = calls[0]!.tools!.map((t) => t.name);
    expect(offered).toEqual(['search', 'context', 'lookup']);
    expect(calls[0]!.tools!.find((t) => t.name === 'search')).toMatchObject({
      type: 'function',
      inputSchema: { type: 'object', required: ['query'] },
    });
  });

  it('offers ask when asked, and returns tool errors to the model as results', async () => {
    const tools = cairnTools(engine, { ask: true, prefix: 'kb_' });
    expect(Object.keys(tools)).toEqual(['kb_search', 'kb_context', 'kb_lookup', 'kb_ask']);
    const result = await tools.kb_lookup!.execute({ documentId: 'missing.md' } as never);
    expect(result).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

describe('text streams', () => {
  it('turns deltas into a ReadableStream and a text Response', async () => {
    expect(await chunksOf(toTextStream(deltas('Mar', 'mots ', 'eat grasses.')))).toEqual([
      'Mar',
      'mots ',
      'eat grasses.',
    ]);
    const response = toTextStreamResponse(deltas('Mar', 'mots'), {
      status: 201,
      headers: { 'x-cairn': '1' },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('x-cairn')).toBe('1');
    expect(await response.text()).toBe('Marmots');
  });

  it('stops the producer when the reader cancels', async () => {
    let finished = false;
    async function* endless(): AsyncGenerator<string> {
      try {
        for (let i = 0; ; i++) yield `${i} `;
      } finally {
        finished = true;
      }
    }
    const reader = toTextStream(endless()).getReader();
    expect((await reader.read()).value).toBe('0 ');
    await reader.cancel();
    expect(finished).toBe(true);
  });
});

describe('UI message streams', () => {
  it('streams an answer from engine.ask as text parts, then its cited sources', async () => {
    const { textStream, sources, answer } = streamAnswer(engine, 'What do marmots eat?');
    const stream = toUIMessageStream(textStream, { sources });
    const [forClient, raw] = stream.tee();
    let message: { parts: Array<Record<string, unknown>> } | undefined;
    for await (const m of readUIMessageStream({ stream: forClient })) message = m as never;
    if (!message) throw new Error('no message');
    const chunks: UIMessageChunk[] = await chunksOf(raw);
    const finished = await answer;
    expect(finished.answeredBy).toBe('extractive');
    expect(message.parts[0]).toMatchObject({ type: 'text', text: finished.text, state: 'done' });
    expect(message.parts.slice(1)).toEqual([
      expect.objectContaining({
        type: 'source-document',
        sourceId: 'diet.md:0',
        title: '[1] diet.md, p. 1, Field Guide > Diet',
        filename: 'diet.md',
      }),
    ]);
    expect(chunks.map((c) => c.type)).toEqual(['text-start', 'text-delta', 'text-end', 'source-document']);
  });

  it('serves as a useChat response with SSE framing', async () => {
    const response = toUIMessageStreamResponse(deltas('Hello', ' there'));
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const body = await response.text();
    expect(body).toMatch(/data: \{"type":"text-delta","id":"[^"]+","delta":"Hello"\}/);
    expect(body.trim().endsWith('data: [DONE]')).toBe(true);
  });

  it('ends the stream with an error chunk when asking fails', async () => {
    const failing = { ask: async () => Promise.reject(new Error('store closed')) };
    const { textStream, answer } = streamAnswer(failing as never, 'x');
    const chunks = await chunksOf(
      toUIMessageStream(textStream, { onError: (e) => `failed: ${(e as Error).message}` }),
    );
    expect(chunks.at(-1)).toEqual({ type: 'error', errorText: 'failed: store closed' });
    await expect(answer).rejects.toThrow('store closed');
  });
});

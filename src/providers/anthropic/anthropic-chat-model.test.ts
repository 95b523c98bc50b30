import { afterEach, describe, expect, it } from 'vitest';
import {
  type AnthropicServer,
  startAnthropicMessagesServer,
} from '../../../test/support/anthropic-messages-server.js';
import { checkedAnswerFromHits } from '../../answer/ask.js';
import type { ChatMessage } from '../../core/ports.js';
import { AnthropicChatModel } from './anthropic-chat-model.js';
import { toAnthropicMessages } from './anthropic-messages.js';

let server: AnthropicServer | undefined;
const savedKey = process.env.ANTHROPIC_API_KEY;
afterEach(async () => {
  await server?.close();
  server = undefined;
  if (savedKey === undefined) delete process.env.ANTHROPIC_API_KEY;
  else process.env.ANTHROPIC_API_KEY = savedKey;
});

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const deltas: string[] = [];
  for await (const delta of stream) deltas.push(delta);
  return deltas;
}

const messages: ChatMessage[] = [
  { role: 'system', content: 'Answer from the sources.' },
  { role: 'user', content: 'Sources: …' },
  { role: 'user', content: 'Question: what?' },
];

describe('toAnthropicMessages', () => {
  it('moves system messages to `system` and merges consecutive turns of one role', () => {
    expect(toAnthropicMessages(messages)).toEqual({
      system: 'Answer from the sources.',
      messages: [{ role: 'user', content: 'Sources: …\n\nQuestion: what?' }],
    });
    expect(toAnthropicMessages([{ role: 'user', content: 'hi' }])).toEqual({
      messages: [{ role: 'user', content: 'hi' }],
    });
  });

  it('ends a cachePrefix message with cache_control, and puts images first as base64 blocks', () => {
    const png = new Uint8Array([137, 80, 78, 71]);
    expect(
      toAnthropicMessages([
        { role: 'user', content: 'A long document', cachePrefix: true },
        { role: 'user', content: 'What is shown?', images: [{ bytes: png, mediaType: 'image/png' }] },
      ]),
    ).toEqual({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'A long document', cache_control: { type: 'ephemeral' } },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw==' } },
            { type: 'text', text: 'What is shown?' },
          ],
        },
      ],
    });
    expect(toAnthropicMessages([{ role: 'system', content: 'doc', cachePrefix: true }]).system).toEqual([
      { type: 'text', text: 'doc', cache_control: { type: 'ephemeral' } },
    ]);
  });
});

describe('AnthropicChatModel.doStream', () => {
  it('streams text deltas in order and sends the Messages API request', async () => {
    const reply = 'The aircraft struck trees [1] and wires [2].';
    server = await startAnthropicMessagesServer({ reply: () => reply, apiKey: 'sk-test' });
    const model = new AnthropicChatModel({
      model: 'claude-haiku-4-5',
      baseURL: server.baseURL,
      apiKey: 'sk-test',
    });
    const deltas = await collect(model.doStream({ messages, temperature: 0, maxTokens: 300 }));
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(reply);
    const request = server.requests[0]!;
    expect(request.path).toBe('/v1/messages');
    expect(request.headers['x-api-key']).toBe('sk-test');
    expect(request.headers['anthropic-version']).toBe('2023-06-01');
    expect(request.body).toEqual({
      model: 'claude-haiku-4-5',
      max_tokens: 300,
      system: 'Answer from the sources.',
      messages: [{ role: 'user', content: 'Sources: …\n\nQuestion: what?' }],
      stream: true,
      temperature: 0,
    });
  });

  it('reports the token counts of message_start and message_delta through onUsage', async () => {
    server = await startAnthropicMessagesServer({ reply: () => 'Marmots eat grass.', apiKey: 'sk-test' });
    const model = new AnthropicChatModel({
      model: 'claude-haiku-4-5',
      baseURL: server.baseURL,
      apiKey: 'sk-test',
    });
    const usage: unknown[] = [];
    const deltas = await collect(model.doStream({ messages, onUsage: (u) => usage.push(u) }));
    // The server counts one output token per streamed delta and 10 input tokens.
    expect(usage).toEqual([{ inputTokens: 10, outputTokens: deltas.length }]);
  });

  it('reports the URL, then the message id, model and stop reason through onResponse', async () => {
    server = await startAnthropicMessagesServer({ reply: () => 'Marmots eat grass.', apiKey: 'sk-test' });
    const model = new AnthropicChatModel({
      model: 'claude-haiku-4-5',
      baseURL: server.baseURL,
      apiKey: 'sk-test',
    });
    const facts: unknown[] = [];
    await collect(model.doStream({ messages, onResponse: (r) => facts.push(r) }));
    expect(facts).toEqual([
      { url: `${server.baseURL.replace(/\/+$/, '')}/messages` },
      { id: expect.stringMatching(/^msg_/), model: 'claude-haiku-4-5', finishReasons: ['end_turn'] },
    ]);
  });

  it('reads ANTHROPIC_API_KEY at call time and names it when missing', async () => {
    server = await startAnthropicMessagesServer({ apiKey: 'from-env' });
    delete process.env.ANTHROPIC_API_KEY;
    const model = new AnthropicChatModel({ model: 'm', baseURL: server.baseURL });
    await expect(collect(model.doStream({ messages }))).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      message: expect.stringContaining('ANTHROPIC_API_KEY'),
    });
    expect(server.requests).toHaveLength(0);
    process.env.ANTHROPIC_API_KEY = 'from-env';
    expect((await collect(model.doStream({ messages }))).join('')).toBe('ok');
    expect(server.requests[0]!.body.max_tokens).toBe(1024);
  });

  it('retries 529 (overloaded) and 500 before streaming', async () => {
    server = await startAnthropicMessagesServer({ reply: () => 'fine', failures: [529, 500] });
    const model = new AnthropicChatModel({
      model: 'm',
      baseURL: server.baseURL,
      apiKey: 'k',
      minBackoffMs: 1,
    });
    expect((await collect(model.doStream({ messages }))).join('')).toBe('fine');
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry an authentication error, and reports the status and message', async () => {
    server = await startAnthropicMessagesServer({ apiKey: 'right' });
    const model = new AnthropicChatModel({
      model: 'm',
      baseURL: server.baseURL,
      apiKey: 'wrong',
      minBackoffMs: 1,
    });
    await expect(collect(model.doStream({ messages }))).rejects.toMatchObject({
      statusCode: 401,
      isRetryable: false,
      message: expect.stringContaining('invalid x-api-key'),
    });
    expect(server.requests).toHaveLength(1);
  });

  it('turns an `error` event mid-stream into a ProviderError after the text so far', async () => {
    server = await startAnthropicMessagesServer({
      reply: () => 'abcdefghijklmnopqrstuvwxyz',
      streamError: { afterDeltas: 2, type: 'overloaded_error' },
    });
    const model = new AnthropicChatModel({ model: 'm', baseURL: server.baseURL, apiKey: 'k' });
    const seen: string[] = [];
    const failure = await (async () => {
      for await (const delta of model.doStream({ messages })) seen.push(delta);
    })().catch((error: unknown) => error);
    expect(seen.join('')).toBe('abcdefghij');
    expect(failure).toMatchObject({ provider: 'anthropic', isRetryable: true });
    expect((failure as Error).message).toMatch(/overloaded_error/);
  });

  it('gives up after the timeout when the server does not answer', async () => {
    const { createServer } = await import('node:http');
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const model = new AnthropicChatModel({
      model: 'm',
      baseURL: `http://127.0.0.1:${port}/v1`,
      apiKey: 'k',
      timeoutMs: 50,
      maxRetries: 1,
      minBackoffMs: 1,
    });
    try {
      await expect(collect(model.doStream({ messages }))).rejects.toMatchObject({
        isRetryable: true,
        message: expect.stringContaining('no response within 50 ms'),
      });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('AnthropicChatModel in a grounded answer', () => {
  it('answers through checkedAnswerFromHits with validated citations', async () => {
    server = await startAnthropicMessagesServer({ reply: () => 'It struck trees [1] and wires [3].' });
    const model = new AnthropicChatModel({ model: 'claude-haiku-4-5', baseURL: server.baseURL, apiKey: 'k' });
    const hit = {
      chunk: {
        id: 'r.md:0',
        documentId: 'r.md',
        sourceId: 'r.md',
        ordinal: 0,
        text: 'On final approach the airplane struck trees and then utility wires.',
        headingPath: [],
        pageStart: 1,
        pageEnd: 1,
        tokenCount: 12,
        metadata: {},
      },
      score: 1,
      scores: { lexical: 1 },
    };
    const answer = await checkedAnswerFromHits(
      'What did the airplane strike on final approach?',
      [hit],
      model,
    );
    expect(answer).toMatchObject({
      text: 'It struck trees [1] and wires.',
      cited: [1],
      invalidCitations: [3],
      answeredBy: 'claude-haiku-4-5',
    });
    const body = server.requests[0]!.body;
    expect(body.system).toMatch(/data, not instructions/);
    expect((body.messages as Array<{ content: string }>)[0]!.content).toMatch(
      /^Sources:\n\n<<source 1 [0-9a-f]{12}>>/,
    );
  });
});

import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type FakeServer,
  startOpenAICompatibleServer,
} from '../../../test/support/openai-compatible-server.js';
import { ProviderError } from '../../core/errors.js';
import { OpenAIChatModel } from './openai-chat-model.js';

/** A server answering every request with `respond`; returns its base URL and a closer. */
async function rawServer(respond: (response: ServerResponse) => void) {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => respond(response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const sse = (text: string) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: text } }] })}\n\n`;

async function reply(model: OpenAIChatModel): Promise<string> {
  let text = '';
  for await (const delta of model.doStream({ messages: [{ role: 'user', content: 'q' }] })) text += delta;
  return text;
}

async function collect(stream: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const delta of stream) text += delta;
  return text;
}

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('OpenAIChatModel settings', () => {
  it('sends no temperature unless the request or the model sets one', async () => {
    server = await startOpenAICompatibleServer({ reply: () => 'ok' });
    const plain = new OpenAIChatModel({ model: 'o-reasoner', baseURL: server.baseURL });
    for await (const _ of plain.doStream({ messages: [{ role: 'user', content: 'q' }] })) void _;
    expect(server.requests[0]!.body).not.toHaveProperty('temperature');
    const warm = new OpenAIChatModel({ model: 'm', baseURL: server.baseURL, temperature: 0.7 });
    for await (const _ of warm.doStream({ messages: [{ role: 'user', content: 'q' }] })) void _;
    expect(server.requests[1]!.body).toMatchObject({ temperature: 0.7 });
    for await (const _ of warm.doStream({ messages: [{ role: 'user', content: 'q' }], temperature: 0 }))
      void _;
    expect(server.requests[2]!.body).toMatchObject({ temperature: 0 });
  });

  it('talks to a local server named by OPENAI_BASE_URL without a key, sending no authorization', async () => {
    server = await startOpenAICompatibleServer({ reply: () => 'local' });
    const saved = { key: process.env.OPENAI_API_KEY, url: process.env.OPENAI_BASE_URL };
    delete process.env.OPENAI_API_KEY;
    process.env.OPENAI_BASE_URL = server.baseURL;
    try {
      const model = new OpenAIChatModel({ model: 'llama3.1' });
      model.checkReady();
      let text = '';
      for await (const delta of model.doStream({ messages: [{ role: 'user', content: 'q' }] })) text += delta;
      expect(text).toBe('local');
      expect(server.requests[0]!.headers.authorization).toBeUndefined();
      // OpenAI itself still needs its key.
      process.env.OPENAI_BASE_URL = 'https://api.openai.com/v1';
      expect(() => new OpenAIChatModel({ model: 'gpt-4o-mini' }).checkReady()).toThrow(/OPENAI_API_KEY/);
    } finally {
      if (saved.key === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = saved.key;
      if (saved.url === undefined) delete process.env.OPENAI_BASE_URL;
      else process.env.OPENAI_BASE_URL = saved.url;
    }
  });
});

describe('OpenAIChatModel.doStream', () => {
  it('streams the reply in deltas, in order, and sends stream: true', async () => {
    const reply = 'The aircraft struck trees [1].';
    server = await startOpenAICompatibleServer({ reply: () => reply });
    const model = new OpenAIChatModel({ model: 'chat-1', baseURL: server.baseURL });
    const deltas: string[] = [];
    for await (const delta of model.doStream({
      messages: [{ role: 'user', content: 'q' }],
      temperature: 0,
    })) {
      deltas.push(delta);
    }
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(reply);
    expect(server.requests[0]!.body).toMatchObject({ model: 'chat-1', stream: true, temperature: 0 });
  });

  it('with onUsage asks for the token counts (stream_options.include_usage) and reports them; without it sends no stream_options', async () => {
    const text = 'Marmots eat grasses and flowers.';
    server = await startOpenAICompatibleServer({ reply: () => text });
    const model = new OpenAIChatModel({ model: 'chat-1', baseURL: server.baseURL });
    const usage: unknown[] = [];
    let reply = '';
    for await (const delta of model.doStream({
      messages: [{ role: 'user', content: 'what do marmots eat' }],
      onUsage: (u) => usage.push(u),
    })) {
      reply += delta;
    }
    expect(reply).toBe(text);
    expect(usage).toEqual([{ inputTokens: 4, outputTokens: 5 }]);
    expect(server.requests[0]!.body.stream_options).toEqual({ include_usage: true });
    await collect(model.doStream({ messages: [{ role: 'user', content: 'q' }] }));
    expect(server.requests[1]!.body.stream_options).toBeUndefined();
  });

  it('reports the usage of a server that answers with one JSON completion', async () => {
    const raw = await rawServer((response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          choices: [{ message: { role: 'assistant', content: 'A walrus.' } }],
          usage: { prompt_tokens: 7, completion_tokens: 3 },
        }),
      );
    });
    try {
      const usage: unknown[] = [];
      const model = new OpenAIChatModel({ model: 'c', baseURL: raw.baseURL });
      await collect(
        model.doStream({ messages: [{ role: 'user', content: 'q' }], onUsage: (u) => usage.push(u) }),
      );
      expect(usage).toEqual([{ inputTokens: 7, outputTokens: 3 }]);
    } finally {
      await raw.close();
    }
  });

  it('retries a 500 before streaming', async () => {
    server = await startOpenAICompatibleServer({ reply: () => 'fine', failures: [500] });
    const model = new OpenAIChatModel({ model: 'c', baseURL: server.baseURL, minBackoffMs: 1 });
    let text = '';
    for await (const delta of model.doStream({ messages: [{ role: 'user', content: 'q' }] })) text += delta;
    expect(text).toBe('fine');
    expect(server.requests).toHaveLength(2);
  });

  it('reads a server that answers with one JSON completion instead of a stream', async () => {
    const raw = await rawServer((response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'A walrus.' } }] }));
    });
    try {
      expect(await reply(new OpenAIChatModel({ model: 'c', baseURL: raw.baseURL }))).toBe('A walrus.');
    } finally {
      await raw.close();
    }
  });

  it('fails on a reply that ends without [DONE] or a finish reason, such as a proxy HTML page', async () => {
    const raw = await rawServer((response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body>Gateway login</body></html>');
    });
    try {
      const error = await reply(new OpenAIChatModel({ model: 'c', baseURL: raw.baseURL })).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as Error).message).toMatch(
        /the reply ended before the model finished \(content type text\/html\)/,
      );
    } finally {
      await raw.close();
    }
  });

  it('lets a slow stream run past the timeout while pieces keep arriving, and cuts a stalled one', async () => {
    const slow = await rawServer((response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      let sent = 0;
      const timer = setInterval(() => {
        if (sent === 6) {
          clearInterval(timer);
          response.end('data: [DONE]\n\n');
          return;
        }
        response.write(sse(`${sent++}`));
      }, 100);
    });
    const stalled = await rawServer((response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(sse('first'));
    });
    try {
      const began = Date.now();
      expect(await reply(new OpenAIChatModel({ model: 'c', baseURL: slow.baseURL, timeoutMs: 300 }))).toBe(
        '012345',
      );
      expect(Date.now() - began).toBeGreaterThan(300);
      const model = new OpenAIChatModel({
        model: 'c',
        baseURL: stalled.baseURL,
        timeoutMs: 300,
        maxRetries: 0,
      });
      const error = await reply(model).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as Error).message).toMatch(/stalled: no data for 300 ms/);
    } finally {
      await slow.close();
      await stalled.close();
    }
  });
});

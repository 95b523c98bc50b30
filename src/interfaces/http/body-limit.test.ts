import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { limitBody, limitJsonDepth, requestWithReadBody } from './body-limit.js';
import type { ServerEnv } from './server-env.js';

/**
 * A request that counts reads of its `body` stream. On the Node server, reading `Request.body`
 * builds a whole web `Request` with a web stream over the socket; a JSON body with a declared
 * length must be read through `text()` instead.
 */
type CountingRequest = Request & { bodyReads: number };

function counting(request: Request): CountingRequest {
  const read = Object.getOwnPropertyDescriptor(Request.prototype, 'body')?.get;
  if (!read) throw new Error('Request.prototype.body is not an accessor');
  const counted = Object.assign(request, { bodyReads: 0 });
  Object.defineProperty(counted, 'body', {
    get() {
      counted.bodyReads++;
      return read.call(counted);
    },
  });
  return counted;
}

function app(bytes = 1024) {
  const limit = { bytes, what: 'the JSON body', setting: 'maxBodyBytes' };
  const hono = new Hono<ServerEnv>();
  hono.post(
    '/json',
    limitBody(() => limit),
    limitJsonDepth(),
  );
  hono.post('/json', async (c) => c.json({ got: await c.req.json() }));
  hono.post(
    '/raw',
    limitBody(() => limit),
    limitJsonDepth(),
  );
  hono.post('/raw', async (c) => new Response(await (await requestWithReadBody(c)).text()));
  return hono;
}

function post(path: string, body: string, headers: Record<string, string> = {}): CountingRequest {
  const request = new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(body)),
      ...headers,
    },
    body,
  });
  return counting(request);
}

describe('limitBody and limitJsonDepth', () => {
  it('read a JSON body with a declared length once, without touching its stream', async () => {
    const request = post('/json', '{"query":"marmots","topK":3}');
    const response = await app().fetch(request);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ got: { query: 'marmots', topK: 3 } });
    expect(request.bodyReads).toBe(0);
  });

  it('answer a declared length over the limit with 413 before reading', async () => {
    const request = post('/json', JSON.stringify({ query: 'x'.repeat(200) }));
    const response = await app(100).fetch(request);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      error: { code: 'PAYLOAD_TOO_LARGE', limit: { name: 'maxBodyBytes', bytes: 100 } },
    });
    expect(request.bodyReads).toBe(0);
  });

  it('refuse a body nested too deep with 400 naming the field', async () => {
    const response = await app().fetch(post('/json', `${'['.repeat(70)}${']'.repeat(70)}`));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'INVALID_ARGUMENT' } });
  });

  it('count a body without a declared length as it arrives', async () => {
    const stream = (text: string) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(text));
          controller.close();
        },
      });
    const chunked = (text: string) =>
      new Request('http://localhost/json', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
        body: stream(text),
        duplex: 'half',
      } as RequestInit);
    const small = await app().fetch(chunked('{"query":"voles"}'));
    expect(await small.json()).toEqual({ got: { query: 'voles' } });
    const big = await app(100).fetch(chunked(JSON.stringify({ query: 'x'.repeat(200) })));
    expect(big.status).toBe(413);
  });

  it('hand on a request whose body can be read again after the check', async () => {
    const response = await app().fetch(post('/raw', '{"jsonrpc":"2.0","id":1,"method":"ping"}'));
    expect(await response.text()).toBe('{"jsonrpc":"2.0","id":1,"method":"ping"}');
  });
});

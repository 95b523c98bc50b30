/**
 * The HTTP server against hostile clients, over real HTTP on loopback and a real SQLite file:
 * slow clients are cut at the configured timeouts while others are answered; every size limit is
 * answered 413 with the limit named, before the rest of the body is read, never by dropping the
 * connection; slow uploads of one namespace do not take another's upload slots.
 */
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, startTestServer, type TestServer } from './support/http-server.js';

interface Answer {
  status: number;
  body: string;
  /** The client's error when the connection failed before an answer: status is then 0. */
  error?: string;
}

/**
 * Sends `body` in 64 KiB writes as Node's HTTP client does (with a Content-Length, or chunked)
 * and reads the answer, also when the server answers before the body is sent.
 */
function send(
  url: string,
  route: string,
  headers: Record<string, string>,
  body: Buffer,
  options: { chunked?: boolean } = {},
): Promise<Answer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    let answered = false;
    const req = httpRequest(
      {
        hostname,
        port,
        method: 'POST',
        path: route,
        headers: options.chunked ? headers : { ...headers, 'Content-Length': String(body.length) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          answered = true;
          resolve({ status: res.statusCode ?? 0, body: text });
        });
      },
    );
    req.on('error', (error) => {
      if (!answered) resolve({ status: 0, body: '', error: error.message });
    });
    (async () => {
      for (let at = 0; at < body.length && !req.destroyed; at += 65_536) {
        if (!req.write(body.subarray(at, at + 65_536)))
          await new Promise<void>((r) => {
            const go = () => {
              req.off('drain', go);
              req.off('close', go);
              r();
            };
            req.on('drain', go);
            req.on('close', go);
          });
      }
      req.end();
    })().catch(() => {});
  });
}

/** Raw bytes on a socket: what a client that never finishes its request sends. */
function openRaw(url: string): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('error', () => {});
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    socket.once('connect', () => resolve({ socket, received: () => text, closed }));
    socket.once('error', reject);
  });
}

/** Writes `text` one byte every `everyMs` until the socket closes or the text is sent. */
function dribble(socket: Socket, text: string, everyMs: number): void {
  let at = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || at >= text.length) {
      clearInterval(timer);
      return;
    }
    socket.write(text[at++]!);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

const within = (promise: Promise<void>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

function multipart(name: string, content: Buffer): { body: Buffer; type: string } {
  return {
    body: Buffer.concat([
      Buffer.from(
        `--XyZ\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`,
      ),
      content,
      Buffer.from('\r\n--XyZ--\r\n'),
    ]),
    type: 'multipart/form-data; boundary=XyZ',
  };
}

describe('slow clients', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      headersTimeoutMs: 1_000,
      requestTimeoutMs: 2_000,
      idleTimeoutMs: 30_000,
    });
  });
  afterAll(async () => server.close());

  it('a body sent a byte at a time, and headers never finished, are cut off while others are answered', async () => {
    const auth = `Authorization: Bearer ${KEYS.aRead}\r\n`;
    const slowBody = await openRaw(server.url);
    slowBody.socket.write(
      `POST /v1/collections/kb/search HTTP/1.1\r\nHost: localhost\r\n${auth}Content-Type: application/json\r\nContent-Length: 60000\r\n\r\n`,
    );
    dribble(slowBody.socket, `{"query":"${'x'.repeat(59_990)}"}`, 100);
    const slowHeaders = await openRaw(server.url);
    dribble(
      slowHeaders.socket,
      `GET /v1/collections HTTP/1.1\r\nHost: localhost\r\n${auth}X-Pad: ${'p'.repeat(10_000)}`,
      100,
    );
    const slowUpload = await openRaw(server.url);
    slowUpload.socket.write(
      `POST /v1/collections/kb/documents HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${KEYS.aWrite}\r\nContent-Type: multipart/form-data; boundary=XyZ\r\nContent-Length: 60000\r\n\r\n`,
    );
    dribble(slowUpload.socket, multipart('slow.txt', Buffer.alloc(59_000, 97)).body.toString('latin1'), 100);

    // Others are answered while the slow ones hang on.
    for (let i = 0; i < 20; i++) {
      const response = await server.request('GET', '/v1/collections', { key: KEYS.aRead });
      expect(response.status).toBe(200);
      await response.body?.cancel();
    }
    // Each slow one is closed, eventually: the bound is generous, the timeouts are 1 and 2 s.
    for (const slow of [slowBody, slowHeaders, slowUpload]) {
      expect(await within(slow.closed, 60_000)).toBe(true);
    }
    // Node answers a request that timed out with 408 where it can.
    expect(slowBody.received()).toMatch(/^HTTP\/1\.1 408|^$/);
    expect(slowUpload.received()).not.toMatch(/^HTTP\/1\.1 200/);
    const after = await server.request('GET', '/v1/collections', { key: KEYS.aRead });
    expect(after.status).toBe(200);
  });
});

describe('size limits', () => {
  let server: TestServer;
  const MAX_BODY = 4096;
  const MAX_UPLOAD = 256 * 1024;
  beforeAll(async () => {
    server = await startTestServer({ maxBodyBytes: MAX_BODY, maxUploadBytes: MAX_UPLOAD });
  });
  afterAll(async () => server.close());

  const json = (key: string) => ({ Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' });
  const mcp = (key: string) => ({ ...json(key), Accept: 'application/json, text/event-stream' });
  const expect413 = (answer: Answer, name: string, bytes: number) => {
    expect(answer.error, 'the connection was dropped').toBeUndefined();
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({
      error: { code: 'PAYLOAD_TOO_LARGE', limit: { name, bytes } },
    });
  };

  for (const chunked of [false, true]) {
    const how = chunked ? 'chunked' : 'with a Content-Length';
    it(`answers each oversized body ${how} with 413 naming the limit`, async () => {
      const big = Buffer.from(JSON.stringify({ query: 'q', filter: { note: 'x'.repeat(3 * 1024 * 1024) } }));
      expect413(
        await send(server.url, '/v1/collections/kb/search', json(KEYS.aRead), big, { chunked }),
        'maxBodyBytes',
        MAX_BODY,
      );
      expect413(
        await send(server.url, '/v1/collections/kb/ask', json(KEYS.aRead), big, { chunked }),
        'maxBodyBytes',
        MAX_BODY,
      );
      const message = Buffer.from(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'search', arguments: { query: 'y'.repeat(200 * 1024) } },
        }),
      );
      expect413(
        await send(server.url, '/mcp', mcp(KEYS.aRead), message, { chunked }),
        'maxBodyBytes',
        MAX_BODY,
      );
      const upload = multipart('big.txt', Buffer.alloc(9 * MAX_UPLOAD, 97));
      expect413(
        await send(
          server.url,
          '/v1/collections/kb/documents',
          { Authorization: `Bearer ${KEYS.aWrite}`, 'Content-Type': upload.type },
          upload.body,
          { chunked },
        ),
        'maxUploadBytes',
        MAX_UPLOAD,
      );
      // The server still answers, and kept nothing.
      const documents = await server.json<{ documents: unknown[] }>('GET', '/v1/collections/kb/documents', {
        key: KEYS.aRead,
      });
      expect(documents.status === 404 || documents.body.documents.length === 0).toBe(true);
    });
  }

  it('answers a declared length over the limit before the body is sent', async () => {
    for (const [route, key, limit] of [
      ['/v1/collections/kb/search', KEYS.aRead, 'maxBodyBytes'],
      ['/mcp', KEYS.aRead, 'maxBodyBytes'],
      ['/v1/collections/kb/documents', KEYS.aWrite, 'maxUploadBytes'],
    ] as const) {
      const raw = await openRaw(server.url);
      const type = route.endsWith('documents') ? 'multipart/form-data; boundary=XyZ' : 'application/json';
      // Ten gigabytes announced, ten bytes sent: only an answer given before reading can come.
      raw.socket.write(
        `POST ${route} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\r\nAccept: application/json, text/event-stream\r\nContent-Type: ${type}\r\nContent-Length: 10000000000\r\n\r\n0123456789`,
      );
      await expect.poll(() => raw.received(), { timeout: 120_000 }).toMatch(/\r\n\r\n\{.*\}$/s);
      expect(raw.received(), route).toMatch(/^HTTP\/1\.1 413/);
      expect(raw.received(), route).toContain(`"name":"${limit}"`);
      raw.socket.destroy();
    }
  });

  it('answers a question over its length with 400 naming the field', async () => {
    const answer = await send(
      server.url,
      '/v1/collections/kb/ask',
      json(KEYS.aRead),
      Buffer.from(JSON.stringify({ question: 'q'.repeat(3000) })),
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).error.message).toMatch(/body\.question/);
  });
});

describe('upload slots', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ maxConcurrentUploads: 1 });
  });
  afterAll(async () => server.close());

  it('slow uploads of one namespace leave other namespaces their uploads', async () => {
    const { body, type } = multipart('slow.txt', Buffer.from('Slowly uploaded marmot notes.'));
    const slow = await openRaw(server.url);
    slow.socket.write(
      `POST /v1/collections/kb/documents HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${KEYS.aWrite}\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    slow.socket.write(body.subarray(0, 20));
    await new Promise((r) => setTimeout(r, 200));
    // Team B's upload goes in while team A's is still arriving.
    const other = await server.upload('kb', KEYS.bWrite, { 'other.txt': 'Team B notes about meadows.' });
    expect(other.status).toBe(200);
    // Team A's second upload waits for its first.
    const second = await server.upload('kb', KEYS.aWrite, { 'second.txt': 'more' });
    expect(second).toMatchObject({ status: 429, body: { error: { code: 'TOO_MANY_REQUESTS' } } });
    slow.socket.write(body.subarray(20));
    await expect.poll(() => slow.received(), { timeout: 120_000 }).toMatch(/"status":"ingested"/);
    expect(slow.received()).toMatch(/^HTTP\/1\.1 200/);
    slow.socket.destroy();
  });
});

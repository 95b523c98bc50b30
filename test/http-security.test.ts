/**
 * The HTTP API's security cases over real HTTP on loopback, on a real SQLite file: keys, tenancy
 * on every route (a key for namespace B never sees A's documents, chunks, hits or answers, and
 * cannot delete them), roles, document ids with `../` and encoded slashes, size limits, malformed
 * JSON, wrong content types, the upload concurrency limit, request ids and the access log, CORS,
 * and the fail-closed rules of a server without keys.
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import type { AccessLogEntry } from '../src/interfaces/http/access-log.js';
import { createCairnServer } from '../src/interfaces/http/create-server.js';
import { serveCairn } from '../src/interfaces/http/serve.js';
import { tempDir } from './support/corpus.js';
import { KEYS, startTestServer, type TestServer } from './support/http-server.js';

const SECRET = 'The marmot vault combination is 4711 and opens at dawn.';

/** A request sent exactly as written (no URL normalisation by a client). */
function raw(
  url: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname, port, method: options.method ?? 'GET', path: options.path, headers: options.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Writes a multipart body in pieces, pausing between them, without a Content-Length (chunked). */
function slowUpload(
  url: string,
  route: string,
  key: string,
  parts: Buffer[],
  pauseMs: number,
): { started: Promise<void>; done: Promise<{ status: number; body: string }> } {
  const { hostname, port } = new URL(url);
  let started!: () => void;
  const startedPromise = new Promise<void>((resolve) => {
    started = resolve;
  });
  const done = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        hostname,
        port,
        method: 'POST',
        path: route,
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'multipart/form-data; boundary=XyZ' },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    (async () => {
      for (const [i, part] of parts.entries()) {
        req.write(part);
        if (i === 0) started();
        await new Promise((r) => setTimeout(r, pauseMs));
      }
      req.end();
    })();
  });
  return { started: startedPromise, done };
}

/** A multipart body with one text file, split in three pieces. */
function multipartPieces(name: string, text: string): Buffer[] {
  const head = `--XyZ\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`;
  const half = Math.floor(text.length / 2);
  return [
    Buffer.from(head + text.slice(0, half)),
    Buffer.from(text.slice(half)),
    Buffer.from('\r\n--XyZ--\r\n'),
  ];
}

describe('the HTTP API, as tenants and roles see it', () => {
  let server: TestServer;
  const uploadDir = tempDir('cairn-uploads-');
  const log: AccessLogEntry[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      maxBodyBytes: 4096,
      maxUploadBytes: 64 * 1024,
      maxUploadFiles: 3,
      uploadDir,
      accessLog: (entry) => log.push(entry),
    });
    const a = await server.upload('kb', KEYS.aWrite, {
      'secret/plan.md': `# Plan\n\n${SECRET}\n`,
      'shared.md': '# Shared\n\nTeam A wrote this version about granite.',
    });
    const b = await server.upload('kb', KEYS.bWrite, {
      'public.md': '# Public\n\nMarmots whistle when an eagle circles.',
      'shared.md': '# Shared\n\nTeam B wrote this version about meadows.',
    });
    expect([a.status, b.status]).toEqual([200, 200]);
  });
  afterAll(async () => server.close());

  describe('keys', () => {
    const protectedRoutes: Array<[string, string]> = [
      ['GET', '/v1/collections'],
      ['POST', '/v1/collections'],
      ['DELETE', '/v1/collections/kb'],
      ['GET', '/v1/collections/kb/documents'],
      ['POST', '/v1/collections/kb/documents'],
      ['GET', '/v1/collections/kb/documents/shared.md'],
      ['GET', '/v1/collections/kb/documents/shared.md/chunks'],
      ['DELETE', '/v1/collections/kb/documents/shared.md'],
      ['GET', '/v1/collections/kb/chunks/shared.md%3A0'],
      ['POST', '/v1/collections/kb/search'],
      ['POST', '/v1/collections/kb/ask'],
      ['POST', '/mcp'],
    ];

    it.each(protectedRoutes)(
      '%s %s answers 401 without a key, with an unknown key, or with another scheme',
      async (method, route) => {
        const attempts: Array<Record<string, string>> = [
          {},
          { Authorization: 'Bearer not-a-known-key-at-all' },
          { Authorization: `Basic ${KEYS.aAdmin}` },
        ];
        for (const headers of attempts) {
          const response = await server.request(method, route, { headers });
          expect(response.status).toBe(401);
          expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
          expect(await response.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
        }
        // Nothing was deleted by the refused calls.
        expect(
          (await server.json('GET', '/v1/collections/kb/documents/shared.md', { key: KEYS.aRead })).status,
        ).toBe(200);
      },
    );
  });

  describe('a key for namespace B never sees namespace A', () => {
    it('in listings and counts', async () => {
      const { body } = await server.json<{ documents: Array<{ documentId: string }> }>(
        'GET',
        '/v1/collections/kb/documents',
        { key: KEYS.bAdmin },
      );
      expect(body.documents.map((d) => d.documentId)).toEqual(['public.md', 'shared.md']);
      const collections = await server.json<{ collections: Array<{ name: string; chunks: number }> }>(
        'GET',
        '/v1/collections',
        { key: KEYS.bRead },
      );
      expect(collections.body.collections.find((c) => c.name === 'kb')!.chunks).toBe(2);
    });

    it('by document or chunk id, also where both hold the same id', async () => {
      for (const route of [
        '/v1/collections/kb/documents/secret%2Fplan.md',
        '/v1/collections/kb/documents/secret%2Fplan.md/chunks',
        '/v1/collections/kb/chunks/secret%2Fplan.md%3A0',
      ]) {
        const b = await server.request('GET', route, { key: KEYS.bAdmin });
        expect(b.status, route).toBe(404);
        expect(await b.text(), route).not.toContain('4711');
        expect((await server.request('GET', route, { key: KEYS.aRead })).status, route).toBe(200);
      }
      const shared = await server.json<{ markdown: string }>(
        'GET',
        '/v1/collections/kb/documents/shared.md',
        {
          key: KEYS.bRead,
        },
      );
      expect(shared.body.markdown).toContain('Team B');
      expect(shared.body.markdown).not.toContain('Team A');
    });

    it('in search and ask', async () => {
      const search = await server.json<{ hits: Array<{ text: string }> }>(
        'POST',
        '/v1/collections/kb/search',
        {
          key: KEYS.bRead,
          json: { query: 'marmot vault combination dawn granite' },
        },
      );
      expect(search.body.hits.length).toBeGreaterThan(0);
      expect(JSON.stringify(search.body.hits)).not.toMatch(/4711|granite/);
      const own = await server.json<{ hits: Array<{ text: string }> }>('POST', '/v1/collections/kb/search', {
        key: KEYS.aRead,
        json: { query: 'marmot vault combination' },
      });
      expect(own.body.hits[0]!.text).toContain('4711');
      const ask = await server.json<{ notFound: boolean; answer: string }>('POST', '/v1/collections/kb/ask', {
        key: KEYS.bRead,
        json: { question: 'What is the marmot vault combination?' },
      });
      expect(ask.body.notFound).toBe(true);
      expect(JSON.stringify(ask.body)).not.toContain('4711');
      const stream = await server.request('POST', '/v1/collections/kb/ask', {
        key: KEYS.bRead,
        json: { question: 'What is the marmot vault combination?' },
        headers: { Accept: 'text/event-stream' },
      });
      expect(await stream.text()).not.toContain('4711');
    });

    it('in deletes: of a document, and of a collection by an admin', async () => {
      const doc = await server.json('DELETE', '/v1/collections/kb/documents/secret%2Fplan.md', {
        key: KEYS.bAdmin,
      });
      expect(doc.status).toBe(404);
      const collection = await server.json('DELETE', '/v1/collections/kb', { key: KEYS.bAdmin });
      expect(collection).toEqual({ status: 200, body: { collection: 'kb', chunks: 2, documents: 2 } });
      const a = await server.json<{ documents: Array<{ documentId: string }> }>(
        'GET',
        '/v1/collections/kb/documents',
        {
          key: KEYS.aRead,
        },
      );
      expect(a.body.documents.map((d) => d.documentId)).toEqual(['secret/plan.md', 'shared.md']);
      const b = await server.json<{ documents: unknown[] }>('GET', '/v1/collections/kb/documents', {
        key: KEYS.bRead,
      });
      expect(b.body.documents).toEqual([]);
      // B starts again in the same (shared) collection.
      await server.upload('kb', KEYS.bWrite, {
        'shared.md': '# Shared\n\nTeam B wrote this version about meadows.',
      });
    });
  });

  describe('roles', () => {
    it('a read key can neither write nor delete; a write key cannot delete a collection', async () => {
      const upload = await server.upload('kb', KEYS.aRead, { 'sneaky.md': '# Sneaky' });
      expect(upload).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN' } } });
      expect((upload.body.error as { message: string }).message).toMatch(/needs a write key/);
      for (const [method, route, json] of [
        ['DELETE', '/v1/collections/kb/documents/shared.md', undefined],
        ['POST', '/v1/collections', { name: 'mine' }],
        ['DELETE', '/v1/collections/kb', undefined],
      ] as const) {
        const response = await server.json<{ error: { code: string } }>(method, route, {
          key: KEYS.aRead,
          json,
        });
        expect(response.status, `${method} ${route}`).toBe(403);
      }
      expect((await server.json('DELETE', '/v1/collections/kb', { key: KEYS.aWrite })).status).toBe(403);
      const after = await server.json<{ documents: Array<{ documentId: string }> }>(
        'GET',
        '/v1/collections/kb/documents',
        { key: KEYS.aRead },
      );
      expect(after.body.documents.map((d) => d.documentId)).toEqual(['secret/plan.md', 'shared.md']);
      const collections = await server.json<{ collections: Array<{ name: string }> }>(
        'GET',
        '/v1/collections',
        {
          key: KEYS.aRead,
        },
      );
      expect(collections.body.collections.map((c) => c.name)).not.toContain('mine');
    });
  });

  describe('document ids', () => {
    it('are one encoded path segment: an unencoded slash is another route, encoded dot-dots are just ids', async () => {
      expect(
        (await server.request('GET', '/v1/collections/kb/documents/secret/plan.md', { key: KEYS.aRead }))
          .status,
      ).toBe(404);
      for (const id of ['..%2F..%2Fetc%2Fpasswd', '%2E%2E%2Fsecret%2Fplan.md', '..%2Fsecret%2Fplan.md']) {
        const response = await server.json<{ error: { code: string } }>(
          'GET',
          `/v1/collections/kb/documents/${id}`,
          { key: KEYS.aRead },
        );
        expect(response, id).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } });
      }
    });

    it('dot segments in a raw request path never leave the key’s namespace', async () => {
      const route = '/v1/collections/other/documents/x/../../../kb/documents/secret%2Fplan.md';
      const asB = await raw(server.url, { path: route, headers: { Authorization: `Bearer ${KEYS.bRead}` } });
      expect(asB.status).toBe(404);
      expect(asB.body).not.toContain('4711');
      const asA = await raw(server.url, { path: route, headers: { Authorization: `Bearer ${KEYS.aRead}` } });
      expect(asA.status).toBe(200);
      expect(asA.body).toContain('4711');
    });

    it('of uploads with control characters, newlines or quotes go in beside the rest, percent-encoded', async () => {
      const { status, body } = await server.upload('kb', KEYS.aWrite, {
        'plain.md': '# Plain\n\nFirst.',
        'evil\u001b[31mred.md': '# Evil\n\nRed.',
        'two\nlines "quoted".md': '# Two\n\nLines.',
      });
      expect(status, JSON.stringify(body)).toBe(200);
      const items = body.items as Array<{ documentId: string; status: string }>;
      expect(items.map((i) => [i.documentId, i.status])).toEqual([
        ['plain.md', 'ingested'],
        ['evil%1B[31mred.md', 'ingested'],
        ['two%0Alines %22quoted%22.md', 'ingested'],
      ]);
      expect(readdirSync(uploadDir)).toEqual([]);
    });

    it('of uploads are relative paths: "..", absolute names fail alone; names are never file paths on the server', async () => {
      const { body } = await server.upload('kb', KEYS.aWrite, {
        '../../escape.md': '# Escape\n\nOut.',
        '/etc/cron.d/evil': 'Absolute.',
        'a/./b//c.md': '# C\n\nNormalised.',
      });
      const items = body.items as Array<{ documentId: string; status: string; reason?: string }>;
      expect(items.map((i) => i.status)).toEqual(['failed', 'failed', 'ingested']);
      expect(items[0]!.reason).toMatch(/relative path without "\.\."/);
      expect(items[1]!.reason).toMatch(/is an absolute path; send a relative one/);
      expect(items[2]!.documentId).toBe('a/b/c.md');
      expect(existsSync(path.resolve(uploadDir, '../../escape.md'))).toBe(false);
      // Every upload's temporary folder is gone.
      expect(readdirSync(uploadDir)).toEqual([]);
    });
  });

  describe('limits and malformed requests', () => {
    it('refuses a JSON body over the limit with 413', async () => {
      const response = await server.json<{ error: { code: string; message: string } }>(
        'POST',
        '/v1/collections/kb/search',
        { key: KEYS.aRead, json: { query: 'keys', filter: { note: 'x'.repeat(5000) } } },
      );
      expect(response.status).toBe(413);
      expect(response.body.error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      expect(response.body.error.message).toContain('4096 bytes');
    });

    it('refuses an upload over the limit with 413, by Content-Length and while streaming, keeping nothing', async () => {
      const big = await server.upload('kb', KEYS.aWrite, { 'big.txt': 'word '.repeat(20_000) });
      expect(big).toMatchObject({ status: 413, body: { error: { code: 'PAYLOAD_TOO_LARGE' } } });
      const streamed = slowUpload(
        server.url,
        '/v1/collections/kb/documents',
        KEYS.aWrite,
        multipartPieces('streamed.txt', 'word '.repeat(20_000)),
        10,
      );
      const result = await streamed.done.catch((error: Error) => ({ status: -1, body: error.message }));
      expect(result.status).toBe(413);
      const docs = await server.json<{ documents: Array<{ documentId: string }> }>(
        'GET',
        '/v1/collections/kb/documents',
        {
          key: KEYS.aRead,
        },
      );
      expect(docs.body.documents.map((d) => d.documentId)).not.toEqual(expect.arrayContaining(['big.txt']));
      expect(docs.body.documents.map((d) => d.documentId)).not.toContain('streamed.txt');
      expect(readdirSync(uploadDir)).toEqual([]);
    });

    it('refuses more files than the limit with 400', async () => {
      const response = await server.upload('kb', KEYS.aWrite, {
        '1.txt': 'a',
        '2.txt': 'b',
        '3.txt': 'c',
        '4.txt': 'd',
      });
      expect(response.status).toBe(400);
      expect((response.body.error as { message: string }).message).toMatch(/at most 3 files/);
    });

    it('answers malformed JSON with 400 INVALID_ARGUMENT', async () => {
      for (const route of ['/v1/collections/kb/search', '/v1/collections/kb/ask', '/v1/collections']) {
        const response = await server.json<{ error: { code: string; message: string } }>('POST', route, {
          key: KEYS.aAdmin,
          body: '{"query": "keys",',
          headers: { 'Content-Type': 'application/json' },
        });
        expect(response, route).toMatchObject({ status: 400, body: { error: { code: 'INVALID_ARGUMENT' } } });
        expect(response.body.error.message, route).toMatch(/not valid JSON/);
      }
    });

    it('answers a wrong content type with 415', async () => {
      const cases: Array<[string, Record<string, string>, string]> = [
        ['/v1/collections/kb/search', { 'Content-Type': 'text/plain' }, '{"query":"keys"}'],
        ['/v1/collections/kb/search', { 'Content-Type': 'application/x-www-form-urlencoded' }, 'query=keys'],
        ['/v1/collections/kb/ask', { 'Content-Type': 'multipart/form-data; boundary=x' }, '--x--'],
        ['/v1/collections/kb/documents', { 'Content-Type': 'application/json' }, '{"file":"x"}'],
        ['/v1/collections/kb/documents', { 'Content-Type': 'text/plain' }, 'hello'],
      ];
      for (const [route, headers, body] of cases) {
        const response = await server.json<{ error: { code: string } }>('POST', route, {
          key: KEYS.aWrite,
          headers,
          body,
        });
        expect(response, `${route} ${headers['Content-Type']}`).toMatchObject({
          status: 415,
          body: { error: { code: 'UNSUPPORTED_MEDIA_TYPE' } },
        });
      }
    });
  });

  describe('request ids and the access log', () => {
    it('gives each response an id (the client’s when it sends one) and logs it without the key', async () => {
      const fresh = await server.request('GET', '/v1/collections', { key: KEYS.aRead });
      expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      const given = await server.request('GET', '/v1/collections', {
        key: KEYS.aRead,
        headers: { 'X-Request-Id': 'trace-42' },
      });
      expect(given.headers.get('x-request-id')).toBe('trace-42');
      const entry = log.find((e) => e.requestId === 'trace-42');
      expect(entry).toMatchObject({
        method: 'GET',
        path: '/v1/collections',
        status: 200,
        namespace: 'team-a',
      });
      expect(entry!.keyId).toMatch(/^[0-9a-f]{8}$/);
      expect(JSON.stringify(log)).not.toContain(KEYS.aRead);
      expect(log.some((e) => e.status === 401 && e.namespace === undefined)).toBe(true);
    });
  });
});

describe('the upload concurrency limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ maxConcurrentUploads: 1 });
  });
  afterAll(async () => server.close());

  it('answers an upload over it with 429 and Retry-After, and takes the first', async () => {
    const slow = slowUpload(
      server.url,
      '/v1/collections/kb/documents',
      KEYS.aWrite,
      multipartPieces('slow.txt', 'Slowly uploaded marmot notes.'),
      // Pauses long enough that, on a busy machine too, the server has the first upload and is
      // still reading it when the second arrives.
      2_000,
    );
    await slow.started;
    await new Promise((r) => setTimeout(r, 1_000));
    const second = await server.request('POST', '/v1/collections/kb/documents', {
      key: KEYS.aWrite,
      body: (() => {
        const form = new FormData();
        form.append('file', new Blob(['other']), 'other.txt');
        return form;
      })(),
    });
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('1');
    expect(await second.json()).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS' } });
    const first = await slow.done;
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body).items[0]).toMatchObject({ documentId: 'slow.txt', status: 'ingested' });
  });
});

describe('CORS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ corsOrigins: ['https://app.example.com'] });
  });
  afterAll(async () => server.close());

  it('lets an allowed origin call with a key, and no other', async () => {
    const preflight = await server.request('OPTIONS', '/v1/collections/kb/search', {
      headers: {
        Origin: 'https://app.example.com',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const other = await server.request('OPTIONS', '/v1/collections/kb/search', {
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('a server without keys', () => {
  it('refuses to be built with authentication on, and to listen beyond loopback with it off', async () => {
    const engine = await createEngine({ store: await openStore(path.join(tempDir(), 'x.db')) });
    try {
      expect(() => createCairnServer(engine, {})).toThrow(/no API keys/);
      await expect(serveCairn(engine, { auth: false, host: '0.0.0.0', port: 0 })).rejects.toMatchObject({
        code: 'CONFIG_ERROR',
        message: expect.stringMatching(/loopback address/),
      });
      await expect(serveCairn(engine, { auth: false, host: '::', port: 0 })).rejects.toMatchObject({
        code: 'CONFIG_ERROR',
      });
      expect(() => createCairnServer(engine, { keys: 'short:a:read' })).toThrow(/at least 16 characters/);
    } finally {
      await engine.close();
    }
  });

  describe('on loopback', () => {
    let server: TestServer;
    beforeAll(async () => {
      mkdirSync(tempDir(), { recursive: true });
      server = await startTestServer({ auth: false, anonymous: { namespace: 'solo' } });
    });
    afterAll(async () => server.close());

    it('serves this machine without a key, in its one namespace', async () => {
      const upload = await server.upload('kb', '', { 'note.md': '# Note\n\nLocal only.' });
      expect(upload.status).toBe(200);
      const list = await server.json<{ collections: Array<{ name: string; chunks: number }> }>(
        'GET',
        '/v1/collections',
      );
      expect(list.body.collections).toEqual([expect.objectContaining({ name: 'kb', chunks: 1 })]);
      expect(await server.engine.store.countChunks({ collection: 'kb', namespace: 'solo' })).toBe(1);
    });

    it('refuses a request naming another host (DNS rebinding) or sent from another site', async () => {
      const rebound = await raw(server.url, {
        path: '/v1/collections',
        headers: { Host: 'attacker.example:8787' },
      });
      expect(rebound.status).toBe(403);
      const foreign = await server.request('GET', '/v1/collections', {
        headers: { Origin: 'https://evil.example' },
      });
      expect(foreign.status).toBe(403);
      const form = new FormData();
      form.append('file', new Blob(['planted']), 'planted.txt');
      const csrf = await server.request('POST', '/v1/collections/kb/documents', {
        headers: { Origin: 'https://evil.example' },
        body: form,
      });
      expect(csrf.status).toBe(403);
      const own = await server.request('GET', '/v1/collections', { headers: { Origin: server.url } });
      expect(own.status).toBe(200);
      const docs = await server.json<{ documents: Array<{ documentId: string }> }>(
        'GET',
        '/v1/collections/kb/documents',
      );
      expect(docs.body.documents.map((d) => d.documentId)).toEqual(['note.md']);
    });
  });
});

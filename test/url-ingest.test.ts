import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { PIPER_REPORT, tempDir } from './support/corpus.js';

describe('ingesting URLs', () => {
  let server: Server;
  let base: string;
  let engine: Engine;

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/report') {
        response.writeHead(200, { 'content-type': 'application/pdf' }).end(readFileSync(PIPER_REPORT));
      } else if (request.url === '/page.txt') {
        // The declared type wins over the extension.
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            '<html><body><nav>menuword</nav><main><h1>Tides</h1><p>Spring tides follow the new moon.</p></main></body></html>',
          );
      } else {
        response.writeHead(404).end('gone');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'urls.db')) });
  });
  afterAll(async () => {
    await engine.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('fetches each URL, routes it by the response content type, and reports a failed fetch', async () => {
    const report = await engine.ingestPaths([`${base}/report`, `${base}/page.txt`, `${base}/missing`]);
    const byId = new Map(report.items.map((i) => [i.documentId, i]));
    expect(byId.get(`${base}/report`)).toMatchObject({ status: 'ingested', pages: 4 });
    expect(byId.get(`${base}/page.txt`)?.status).toBe('ingested');
    expect(byId.get(`${base}/missing`)?.status).toBe('failed');
    expect(byId.get(`${base}/missing`)?.reason).toMatch(/HTTP 404/);
    const doc = await engine.store.getDocument({ collection: 'default' }, `${base}/page.txt`);
    expect(doc?.mediaType).toBe('text/html');
    expect((await engine.search('spring tides moon')).hits[0]?.chunk.documentId).toBe(`${base}/page.txt`);
    expect((await engine.search('menuword')).hits).toEqual([]);
    expect((await engine.search('Tallahassee')).hits[0]?.chunk.documentId).toBe(`${base}/report`);
  });
});

/**
 * What the explorer's documents view and evidence viewer ask of the HTTP API, over real HTTP on a
 * real SQLite file: the document list searched, sorted and paged by query parameters, and the
 * original file of an uploaded document kept and served only to keys of its namespace.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, startTestServer, type TestServer } from './support/http-server.js';

interface Listing {
  documents: Array<{ documentId: string; chunkCount: number; pageCount: number }>;
  total: number;
  offset: number;
}

describe('documents listing and originals', () => {
  let server: TestServer;
  let originals: string;

  beforeAll(async () => {
    originals = mkdtempSync(path.join(tmpdir(), 'cairn-originals-'));
    server = await startTestServer({ originalsDir: originals, maxOriginalBytes: 200 });
    const files: Record<string, string> = {
      'alpha.md': '# Alpha\n\nOne short paragraph about alpine lakes.',
      'beta.md': '# Beta\n\nFirst part on beaches.\n\n## More\n\nSecond part on dunes and tides and sand.',
      'gamma-notes.txt': 'Gamma rays are high-energy light.',
      'big.txt': `Large file. ${'word '.repeat(100)}`,
    };
    expect((await server.upload('kb', KEYS.aWrite, files)).status).toBe(200);
    expect((await server.upload('kb', KEYS.bWrite, { 'alpha.md': files['alpha.md']! })).status).toBe(200);
  });
  afterAll(async () => server.close());

  const list = (query: string, key: string = KEYS.aRead) =>
    server.json<Listing>('GET', `/v1/collections/kb/documents${query}`, { key });

  it('lists every record without parameters, with the total', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(body.total).toBe(4);
    expect(body.offset).toBe(0);
    expect(body.documents.map((d) => d.documentId).sort()).toEqual([
      'alpha.md',
      'beta.md',
      'big.txt',
      'gamma-notes.txt',
    ]);
  });

  it('searches by file name, case-insensitively, and pages the sorted records', async () => {
    expect((await list('?q=GAMMA')).body.documents.map((d) => d.documentId)).toEqual(['gamma-notes.txt']);
    const byName = await list('?sort=name&order=desc&limit=2&offset=1');
    expect(byName.body.total).toBe(4);
    expect(byName.body.offset).toBe(1);
    expect(byName.body.documents).toHaveLength(2);
    const all = (await list('?sort=name&order=desc')).body.documents.map((d) => d.documentId);
    expect(byName.body.documents.map((d) => d.documentId)).toEqual(all.slice(1, 3));
    const chunks = (await list('?sort=chunks&order=desc')).body.documents.map((d) => d.chunkCount);
    expect(chunks).toEqual([...chunks].sort((a, b) => b - a));
  });

  it('refuses a bad sort or limit with 400 and says which parameter', async () => {
    const bad = await server.json<{ error: { code: string; message: string } }>(
      'GET',
      '/v1/collections/kb/documents?sort=colour',
      { key: KEYS.aRead },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_ARGUMENT');
    expect(bad.body.error.message).toContain('sort');
    expect((await list('?limit=0')).status).toBe(400);
  });

  it('serves an uploaded original to its namespace only, and keeps none over the size cap', async () => {
    const own = await server.request('GET', '/v1/collections/kb/documents/alpha.md/original', {
      key: KEYS.aRead,
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toContain('text/markdown');
    expect(own.headers.get('content-security-policy')).toContain('sandbox');
    expect(await own.text()).toBe('# Alpha\n\nOne short paragraph about alpine lakes.');
    // Team B has its own alpha.md (same bytes) but no beta.md: team A's files stay team A's.
    const other = await server.request('GET', '/v1/collections/kb/documents/beta.md/original', {
      key: KEYS.bRead,
    });
    expect(other.status).toBe(404);
    const big = await server.json<{ error: { message: string } }>(
      'GET',
      '/v1/collections/kb/documents/big.txt/original',
      { key: KEYS.aRead },
    );
    expect(big.status).toBe(404);
    expect(big.body.error.message).toContain('--originals');
    // One folder per namespace.
    expect(readdirSync(originals)).toHaveLength(2);
    const own2 = await server.request('GET', '/v1/collections/kb/documents/alpha.md/original', {
      key: KEYS.bRead,
    });
    expect(own2.status).toBe(200);
  });

  it('lists an upload and a delete at once (the cached listing is dropped on writes)', async () => {
    expect((await list('?q=delta')).body.total).toBe(0);
    expect((await server.upload('kb', KEYS.aWrite, { 'delta.md': '# Delta\n\nRiver deltas.' })).status).toBe(
      200,
    );
    expect((await list('?q=delta')).body.documents.map((d) => d.documentId)).toEqual(['delta.md']);
    const deleted = await server.request('DELETE', '/v1/collections/kb/documents/delta.md', {
      key: KEYS.aWrite,
    });
    expect(deleted.status).toBe(200);
    expect((await list('?q=delta')).body.total).toBe(0);
  });

  it('needs a key', async () => {
    const none = await server.request('GET', '/v1/collections/kb/documents/alpha.md/original');
    expect(none.status).toBe(401);
  });
});

/**
 * What the explorer's documents view and evidence viewer ask of the HTTP API, over real HTTP on a
 * real SQLite file: the document list searched, sorted and paged by query parameters, and the
 * original file of an uploaded document kept and served only to keys of its namespace.
 */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, startTestServer, type TestServer } from './support/http-server.js';

interface Listing {
  documents: Array<{
    documentId: string;
    chunkCount: number;
    pageCount: number;
    byteSize?: number;
    reingest: { available: boolean; from?: string; reason?: string };
  }>;
  total: number;
  offset: number;
}

interface Facets {
  facets: Array<{ field: string; documents: number; values: Array<{ value: unknown; count: number }> }>;
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
    expect((await server.upload('kb', KEYS.aWrite, files, { team: 'ops', tier: 1 })).status).toBe(200);
    expect(
      (
        await server.upload(
          'kb',
          KEYS.aWrite,
          { 'epsilon.md': '# Epsilon\n\nSmall letters.' },
          { team: 'dev' },
        )
      ).status,
    ).toBe(200);
    expect((await server.upload('kb', KEYS.bWrite, { 'alpha.md': files['alpha.md']! })).status).toBe(200);
  });
  afterAll(async () => server.close());

  const list = (query: string, key: string = KEYS.aRead) =>
    server.json<Listing>('GET', `/v1/collections/kb/documents${query}`, { key });

  it('lists every record without parameters, with the total', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(body.total).toBe(5);
    expect(body.offset).toBe(0);
    expect(body.documents.map((d) => d.documentId).sort()).toEqual([
      'alpha.md',
      'beta.md',
      'big.txt',
      'epsilon.md',
      'gamma-notes.txt',
    ]);
  });

  it('searches by file name, case-insensitively, and pages the sorted records', async () => {
    expect((await list('?q=GAMMA')).body.documents.map((d) => d.documentId)).toEqual(['gamma-notes.txt']);
    const byName = await list('?sort=name&order=desc&limit=2&offset=1');
    expect(byName.body.total).toBe(5);
    expect(byName.body.offset).toBe(1);
    expect(byName.body.documents).toHaveLength(2);
    const all = (await list('?sort=name&order=desc')).body.documents.map((d) => d.documentId);
    expect(byName.body.documents.map((d) => d.documentId)).toEqual(all.slice(1, 3));
    const chunks = (await list('?sort=chunks&order=desc')).body.documents.map((d) => d.chunkCount);
    expect(chunks).toEqual([...chunks].sort((a, b) => b - a));
  });

  it('gives each record its size in bytes, and sorts by it', async () => {
    const { body } = await list('?sort=size&order=desc');
    const sizes = Object.fromEntries(body.documents.map((d) => [d.documentId, d.byteSize]));
    expect(sizes['big.txt']).toBe(Buffer.byteLength(`Large file. ${'word '.repeat(100)}`));
    expect(sizes['alpha.md']).toBe(Buffer.byteLength('# Alpha\n\nOne short paragraph about alpine lakes.'));
    expect(body.documents[0]!.documentId).toBe('big.txt');
    const ordered = body.documents.map((d) => d.byteSize!);
    expect(ordered).toEqual([...ordered].sort((a, b) => b - a));
  });

  it('offers metadata facets of the key’s namespace, and filters the listing by them', async () => {
    const { status, body } = await server.json<Facets>('GET', '/v1/collections/kb/facets', {
      key: KEYS.aRead,
    });
    expect(status).toBe(200);
    expect(body.facets).toEqual([
      {
        field: 'team',
        documents: 5,
        values: [
          { value: 'ops', count: 4 },
          { value: 'dev', count: 1 },
        ],
      },
      { field: 'tier', documents: 4, values: [{ value: 1, count: 4 }] },
    ]);
    const bounded = await server.json<Facets>('GET', '/v1/collections/kb/facets?maxFields=1&maxValues=1', {
      key: KEYS.aRead,
    });
    expect(bounded.body.facets).toEqual([
      { field: 'team', documents: 5, values: [{ value: 'ops', count: 4 }] },
    ]);
    // Team B uploaded alpha.md without metadata: no facets.
    expect(
      (await server.json<Facets>('GET', '/v1/collections/kb/facets', { key: KEYS.bRead })).body.facets,
    ).toEqual([]);
    const dev = await list(`?metadata=${encodeURIComponent('{"team":"dev"}')}`);
    expect(dev.body.documents.map((d) => d.documentId)).toEqual(['epsilon.md']);
    expect((await list(`?metadata=${encodeURIComponent('{"tier":"1"}')}`)).body.total).toBe(0);
    const tierOne = await list(`?q=a&metadata=${encodeURIComponent('{"tier":1}')}`);
    expect(tierOne.body.documents.map((d) => d.documentId)).toEqual([
      'alpha.md',
      'beta.md',
      'gamma-notes.txt',
    ]);
    const bad = await server.json<{ error: { code: string; message: string } }>(
      'GET',
      `/v1/collections/kb/documents?metadata=${encodeURIComponent('{"team":')}`,
      { key: KEYS.aRead },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('metadata');
    const nested = await list(`?metadata=${encodeURIComponent('{"team":{"$in":["ops"]}}')}`);
    expect(nested.status).toBe(400);
  });

  it('re-ingests a document from its kept original: chunks replaced, write keys only, 403 for read keys', async () => {
    const { body } = await list('?q=beta');
    expect(body.documents[0]!.reingest).toEqual({ available: true, from: 'original' });
    const before = await server.engine.store.getDocument(
      { collection: 'kb', namespace: 'team-a' },
      'beta.md',
    );
    const refused = await server.json<{ error: { code: string; message: string } }>(
      'POST',
      '/v1/collections/kb/documents/beta.md/reingest',
      { key: KEYS.aRead },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('write');
    const done = await server.json<{ from: string; item: { status: string; chunks: number } }>(
      'POST',
      '/v1/collections/kb/documents/beta.md/reingest',
      { key: KEYS.aWrite },
    );
    expect(done.status).toBe(200);
    expect(done.body.from).toBe('original');
    expect(done.body.item.status).toBe('ingested');
    const after = await server.engine.store.getDocument({ collection: 'kb', namespace: 'team-a' }, 'beta.md');
    expect(after!.ingestedAt > before!.ingestedAt).toBe(true);
    expect(after).toMatchObject({
      contentHash: before!.contentHash,
      metadata: before!.metadata,
      chunkCount: before!.chunkCount,
      byteSize: before!.byteSize,
    });
    // Over the originals' size cap nothing was kept: the button's reason says so, the route 404s.
    const big = (await list('?q=big')).body.documents[0]!;
    expect(big.reingest.available).toBe(false);
    expect(big.reingest.reason).toContain('not kept');
    const missing = await server.json<{ error: { message: string } }>(
      'POST',
      '/v1/collections/kb/documents/big.txt/reingest',
      { key: KEYS.aWrite },
    );
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toContain('not kept');
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

  it('lists an upload and a delete at once (pages are read from the store, never cached)', async () => {
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

describe('re-ingest from a source file on the server', () => {
  let server: TestServer;
  let file: string;
  const scope = { collection: 'files', namespace: 'team-a' };

  beforeAll(async () => {
    server = await startTestServer({ sourceFiles: true });
    file = path.join(mkdtempSync(path.join(tmpdir(), 'cairn-source-')), 'notes.md');
    writeFileSync(file, '# Notes\n\nThe first version.');
    await server.engine.ingestSource(
      { name: file, bytes: new TextEncoder().encode('# Notes\n\nThe first version.') },
      { ...scope, documentId: 'notes.md' },
    );
    await server.engine.ingestSource(
      {
        name: 'uploaded-elsewhere.md',
        bytes: new TextEncoder().encode('# Elsewhere\n\nNot on this server.'),
      },
      { ...scope, documentId: 'elsewhere.md' },
    );
  });
  afterAll(async () => server.close());

  it('reads the changed file for admin keys only, and says why a document without one cannot be', async () => {
    const listing = await server.json<Listing>('GET', '/v1/collections/files/documents', { key: KEYS.aRead });
    const byId = Object.fromEntries(listing.body.documents.map((d) => [d.documentId, d.reingest]));
    expect(byId['notes.md']).toEqual({ available: true, from: 'source' });
    expect(byId['elsewhere.md']?.available).toBe(false);
    expect(byId['elsewhere.md']?.reason).toContain('not on this server');
    writeFileSync(file, '# Notes\n\nThe second version, longer than the first.');
    const writer = await server.json<{ error: { message: string } }>(
      'POST',
      '/v1/collections/files/documents/notes.md/reingest',
      { key: KEYS.aWrite },
    );
    expect(writer.status).toBe(403);
    expect(writer.body.error.message).toContain('admin');
    const admin = await server.json<{ from: string; item: { status: string } }>(
      'POST',
      '/v1/collections/files/documents/notes.md/reingest',
      { key: KEYS.aAdmin },
    );
    expect(admin.status).toBe(200);
    expect(admin.body).toMatchObject({ from: 'source', item: { status: 'ingested' } });
    const [chunk] = await server.engine.store.getChunks(scope, ['notes.md:0']);
    expect(chunk?.text).toContain('second version');
    expect((await server.engine.store.getDocument(scope, 'notes.md'))?.byteSize).toBe(
      Buffer.byteLength('# Notes\n\nThe second version, longer than the first.'),
    );
  });
});

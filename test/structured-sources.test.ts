import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteCache } from '../src/cache/sqlite-cache.js';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';
import { ensureBuilt } from './support/ensure-built.js';
import { runCairn as cairn } from './support/run-cli.js';

const PRODUCTS = [
  'sku,name,description,price,color',
  'P-1,Red mug,Stoneware mug for coffee,4.5,red',
  'P-2,Blue teapot,Porcelain teapot holding a litre of tea,12,blue',
  'P-3,Broken row,this row,has,one field,too many',
  'P-4,Red teapot,Cast iron teapot for green tea,30,red',
  'P-5,Green bowl,Deep bowl for soup,8,green',
  '',
].join('\n');

const TICKETS = [
  '{"id": "T-1", "title": "Login fails after password reset", "prio": 1, "team": "auth"}',
  '{"id": "T-2", "title": "Export to CSV drops accents", "prio": 3, "team": "data"',
  '{"id": "T-3", "title": "Password reset mail arrives late", "prio": 2, "team": "auth"}',
].join('\n');

function writeCorpus(): string {
  const dir = tempDir();
  mkdirSync(path.join(dir, 'data'));
  writeFileSync(path.join(dir, 'data', 'products.csv'), PRODUCTS);
  writeFileSync(path.join(dir, 'data', 'tickets.jsonl'), TICKETS);
  return dir;
}

describe('structured sources through the engine, on SQLite', () => {
  let engine: Engine;
  let dir: string;
  beforeAll(async () => {
    dir = writeCorpus();
    engine = await createEngine({
      store: await openStore(path.join(dir, 'cairn.db')),
      cache: openSqliteCache(path.join(dir, 'cache.db')),
    });
  });
  afterAll(() => engine.close());

  it('stores one chunk per good record and reports the malformed one on the file’s item', async () => {
    const report = await engine.ingestPaths([path.join(dir, 'data')], {
      structured: { textFields: ['name', 'description'], idField: 'sku' },
    });
    const products = report.items.find((i) => i.documentId === 'products.csv')!;
    expect(products).toMatchObject({
      status: 'ingested',
      chunks: 4,
      recordIssues: [{ line: 4, message: 'has 6 fields; the header has 5' }],
      malformedRecords: 1,
    });
    const tickets = report.items.find((i) => i.documentId === 'tickets.jsonl')!;
    // tickets.jsonl has none of these fields: the file fails and lists the fields it has.
    expect(tickets.status).toBe('failed');
    expect(tickets.reason).toBe(
      'none of the text fields "name", "description" occurs in any record; its fields are: id, title, prio, team',
    );
  });

  it('finds records by their metadata with the filter language, citing them by id', async () => {
    const { hits } = await engine.search('teapot', { filter: { color: 'red' } });
    expect(hits.map((h) => h.chunk.headingPath)).toEqual([['P-4']]);
    expect(hits[0]!.chunk.metadata).toEqual({ sku: 'P-4', price: 30, color: 'red' });
    expect(hits[0]!.chunk.text).toBe('name: Red teapot\ndescription: Cast iron teapot for green tea');
    const cheap = await engine.search('teapot mug bowl', { filter: { price: { $lt: 10 } }, topK: 10 });
    expect(cheap.hits.map((h) => h.chunk.metadata.sku).sort()).toEqual(['P-1', 'P-5']);
  });

  it('re-ingests when the structured settings change, and reads records back from the parse cache', async () => {
    const file = path.join(dir, 'data', 'tickets.jsonl');
    const options = { structured: { textFields: ['title'], idField: 'id' } };
    const first = await engine.ingestPaths([file], options);
    expect(first.items[0]).toMatchObject({
      status: 'ingested',
      chunks: 2,
      recordIssues: [{ line: 2, message: expect.stringMatching(/^not valid JSON/) }],
    });
    const unchanged = await engine.ingestPaths([file], options);
    expect(unchanged.items[0]!.status).toBe('unchanged');
    const cached = await engine.ingestPaths([file], { ...options, force: true });
    expect(cached.items[0]).toMatchObject({ status: 'ingested', chunks: 2, malformedRecords: 1 });
    const { hits } = await engine.search('password reset', { filter: { team: 'auth', prio: { $lte: 1 } } });
    expect(hits.map((h) => [h.chunk.documentId, h.chunk.headingPath, h.chunk.text])).toEqual([
      ['tickets.jsonl', ['T-1'], 'Login fails after password reset'],
    ]);
    const regrouped = await engine.ingestPaths([file], {
      structured: { ...options.structured, recordsPerChunk: 2 },
    });
    expect(regrouped.items[0]).toMatchObject({ status: 'ingested', chunks: 1 });
  });

  it('refuses bad structured options before reading any file', async () => {
    await expect(
      engine.ingestPaths([path.join(dir, 'data')], { structured: { recordsPerChunk: 0 } }),
    ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});

describe('cairn ingest --text-fields --id-field, then search --filter', () => {
  beforeAll(() => ensureBuilt());

  it('ingests records and finds them by metadata from the command line', async () => {
    const dir = writeCorpus();
    const db = path.join(dir, 'cli.db');
    const ingest = await cairn([
      'ingest',
      path.join(dir, 'data', 'products.csv'),
      '--db',
      db,
      '--text-fields',
      'name, description',
      '--id-field',
      'sku',
    ]);
    expect(ingest.code).toBe(0);
    expect(ingest.stdout).toMatch(
      /products\.csv: 1 malformed record left out\n {2}line 4: has 6 fields; the header has 5/,
    );
    expect(ingest.stdout).toMatch(/1 ingested, 0 unchanged, 0 skipped, 0 failed; 1 pages, 4 chunks/);
    const search = await cairn([
      'search',
      'teapot',
      '--db',
      db,
      '--filter',
      '{"price":{"$gte":20}}',
      '--json',
    ]);
    expect(search.code).toBe(0);
    const hits = (JSON.parse(search.stdout) as { hits: Array<{ chunk: { headingPath: string[] } }> }).hits;
    expect(hits.map((h) => h.chunk.headingPath)).toEqual([['P-4']]);
    const bad = await cairn(['ingest', dir, '--db', db, '--records-per-chunk', '0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--records-per-chunk must be a positive integer/);
  });
});

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/corpus.js';
import { ensureBuilt } from './support/ensure-built.js';
import { type ServedPglite, servePglite } from './support/pglite.js';
import {
  describeOnPostgresServer,
  dropTestDatabase,
  onServer,
  postgresServerUrl,
} from './support/postgres-server.js';
import { runCairn as cairn } from './support/run-cli.js';

/** Ingests the example PDFs, re-ingests, asks, searches another namespace and lists documents at `url`. */
async function ingestSearchAsk(url: string): Promise<void> {
  const cache = ['--no-cache'];
  const first = await cairn(['ingest', 'examples', '--include', '*.pdf', '--db', url, '--json', ...cache]);
  expect(first.code, first.stderr).toBe(0);
  expect(JSON.parse(first.stdout).totals).toMatchObject({ ingested: 3, failed: 0 });
  const again = await cairn(['ingest', 'examples', '--include', '*.pdf', '--db', url, ...cache]);
  expect(again.stdout).toMatch(/0 ingested, 3 unchanged/);
  const ask = await cairn([
    'ask',
    'What did the Piper PA-22-150 hit on final approach near Tallahassee?',
    '--db',
    url,
    ...cache,
  ]);
  expect(ask.code, ask.stderr).toBe(0);
  expect(ask.stdout).toMatch(/trees/);
  // The report is chunked by section now: the answer may come from its second hit, the Analysis.
  expect(ask.stdout).toMatch(/\[\d\] 20071229X02007\.pdf/);
  const other = await cairn([
    'search',
    'Tallahassee',
    '--db',
    url,
    '--namespace',
    'tenant-b',
    '--json',
    ...cache,
  ]);
  expect(JSON.parse(other.stdout).hits).toEqual([]);
  // `documents` opens no cache (it reads the store only), so it takes no --no-cache.
  const docs = JSON.parse((await cairn(['documents', '--db', url, '--json'])).stdout);
  expect(docs).toHaveLength(3);
}

// The CLI through the pg driver, on PGlite served over a socket, when no server is configured.
// With CAIRN_TEST_POSTGRES_URL set, the server's block below runs the same commands through the
// same driver (as the runtime role, on a real server), so this block would only repeat it.
if (postgresServerUrl() === undefined) {
  describe('cairn CLI on PostgreSQL (pg driver, PGlite served on 127.0.0.1)', () => {
    let served: ServedPglite;
    beforeAll(async () => {
      ensureBuilt();
      served = await servePglite();
    });
    afterAll(() => served.close());

    it('ingests, searches, answers and lists with --db postgres://', async () => {
      await ingestSearchAsk(served.url);
    });
  });
}

describe('cairn CLI on PGlite (pglite: locations)', () => {
  beforeAll(() => {
    ensureBuilt();
  });

  it('accepts pglite: locations for a server-less Postgres', async () => {
    const location = `pglite:${path.join(tempDir(), 'pg')}`;
    const result = await cairn(['ingest', 'examples', '--include', '*.pdf', '--db', location, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const search = JSON.parse((await cairn(['search', 'Tallahassee', '--db', location, '--json'])).stdout);
    expect(search.hits[0].chunk.documentId).toBe('20071229X02007.pdf');
    // Two processes each start PGlite's WebAssembly Postgres (about a minute each at load 15–24
    // on two cores), beyond the suite's 3-minute default.
  }, 600_000);
});

describeOnPostgresServer('cairn CLI on the PostgreSQL server (CAIRN_TEST_POSTGRES_URL)', (database) => {
  beforeAll(() => {
    ensureBuilt();
  });

  it('ingests, searches, answers and lists with --db postgres://, scoped work as the runtime role', async () => {
    await ingestSearchAsk(database().url);
  });

  it('migrates a SQLite store into a new collection on the server with one bulk load, then resumes per document', async () => {
    const file = path.join(tempDir(), 'source.db');
    const ingest = await cairn([
      'ingest',
      'examples',
      '--include',
      '*.pdf',
      '--db',
      file,
      '--no-cache',
      '--json',
    ]);
    expect(ingest.code, ingest.stderr).toBe(0);
    // A database of its own: the other tests of this block fill the default collection of theirs.
    const name = `${database().name}_migrated`;
    await onServer(database().url, `CREATE DATABASE ${name}`);
    const url = new URL(database().url);
    url.pathname = `/${name}`;
    const target = url.toString();
    try {
      const copy = await cairn(['migrate', '--from', file, '--to', target, '--json']);
      expect(copy.code, copy.stderr).toBe(0);
      expect(copy.stderr).toMatch(/bulk load committed/);
      const [entry] = JSON.parse(copy.stdout);
      expect(entry).toMatchObject({ namespace: 'default', documents: 3, copied: 3, skipped: 0, bulk: true });
      expect(entry.chunks).toBeGreaterThan(3);
      const documents = JSON.parse((await cairn(['documents', '--db', target, '--json'])).stdout);
      expect(
        documents.map((d: { chunkCount: number }) => d.chunkCount).reduce((a: number, b: number) => a + b),
      ).toBe(entry.chunks);
      // BM25 inside PostgreSQL over the bulk-loaded statistics ranks as SQLite's FTS5 does.
      const ranking = async (db: string) =>
        JSON.parse(
          (
            await cairn([
              'search',
              'engine power loss on approach',
              '--db',
              db,
              '--mode',
              'lexical',
              '--json',
            ])
          ).stdout,
        ).hits.map((hit: { chunk: { id: string }; score: number }) => [hit.chunk.id, hit.score.toFixed(4)]);
      const expected = await ranking(file);
      expect(expected.length).toBeGreaterThan(0);
      expect(await ranking(target)).toEqual(expected);
      // The namespace is no longer empty: a rerun goes document by document and finds them all there.
      const again = await cairn(['migrate', '--from', file, '--to', target, '--json']);
      expect(again.code, again.stderr).toBe(0);
      expect(JSON.parse(again.stdout)[0]).toMatchObject({ copied: 0, skipped: 3 });
      expect(JSON.parse(again.stdout)[0].bulk).toBeUndefined();
    } finally {
      await dropTestDatabase(database().url, name);
    }
  });

  it('takes four processes ingesting four folders into one collection at once: none fails, each document once', async () => {
    const url = database().url;
    const root = tempDir();
    const words = ['granite', 'marmot', 'valley', 'burrow', 'glacier', 'meadow', 'summit', 'river'];
    const folders = [0, 1, 2, 3].map((folder) => {
      const dir = path.join(root, `folder-${folder}`);
      mkdirSync(dir);
      for (let file = 0; file < 6; file++) {
        // Every file shares most of its words with the others, so the writers meet on the same term rows.
        const body = words.map((word, i) => `${word} ${folder}-${file}-${i}`).join(' ');
        writeFileSync(
          path.join(dir, `note-${folder}-${file}.md`),
          `# Note ${folder}.${file}\n\n${body}.\n\n## More\n\nThe marmot of folder ${folder} file ${file}, tag${folder}x${file}.\n`,
        );
      }
      return dir;
    });
    const runs = await Promise.all(
      folders.map((dir) =>
        cairn(['ingest', dir, '--db', url, '--collection', 'shared', '--json', '--no-cache']),
      ),
    );
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout).totals).toMatchObject({ ingested: 6, failed: 0 });
    }
    const docs = JSON.parse(
      (await cairn(['documents', '--db', url, '--collection', 'shared', '--json'])).stdout,
    ) as Array<{ documentId: string }>;
    expect(docs).toHaveLength(24);
    expect(new Set(docs.map((doc) => doc.documentId)).size).toBe(24);
    // The BM25 statistics add up to what the postings and chunks hold: no write was lost or counted twice.
    const [table] = await onServer<{ location: string }>(
      url,
      "SELECT table_name AS location FROM cairn_collections WHERE name = 'shared'",
    );
    const location = table!.location;
    const [check] = await onServer<Record<string, number>>(
      url,
      `SELECT (SELECT count(*) FROM "${location}")::int AS chunks,
        (SELECT sum(chunks) FROM "${location}_lstats")::int AS counted,
        (SELECT sum(lexical_length) FROM "${location}")::int AS tokens,
        (SELECT sum(tokens) FROM "${location}_lstats")::int AS tokens_counted,
        (SELECT count(*) FROM (SELECT namespace, term, count(*) AS n FROM "${location}_terms" GROUP BY 1, 2) AS p
          FULL JOIN "${location}_tstats" AS s USING (namespace, term) WHERE p.n IS DISTINCT FROM s.chunks)::int AS mismatched`,
    );
    expect(check!.chunks).toBeGreaterThanOrEqual(24);
    expect(check).toEqual({
      chunks: check!.chunks,
      counted: check!.chunks,
      tokens: check!.tokens,
      tokens_counted: check!.tokens,
      mismatched: 0,
    });
    const search = JSON.parse(
      (await cairn(['search', 'tag2x3', '--db', url, '--collection', 'shared', '--json', '--no-cache']))
        .stdout,
    );
    expect(search.hits.map((hit: { chunk: { documentId: string } }) => hit.chunk.documentId)).toEqual([
      'note-2-3.md',
    ]);
  });
});

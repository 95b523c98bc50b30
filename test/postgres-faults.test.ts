import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { isCairnError } from '../src/core/errors.js';
import { openPostgresStore } from '../src/store/postgres/postgres-store.js';
import { tempDir } from './support/corpus.js';
import { ensureBuilt } from './support/ensure-built.js';
import { describeOnPostgresServer, onServer } from './support/postgres-server.js';
import { describeOnPrivatePostgres } from './support/private-postgres.js';
import { runCairn as cairn, spawnCairn } from './support/run-cli.js';
import { documentWrite, storedChunk } from './support/store-records.js';

/** Generous wait for a condition on a busy machine, in ms. */
const PATIENCE_MS = 240_000;
/** The prepared transaction that holds the documents table across a restart. */
const HOLD = 'cairn-faults-hold';

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + PATIENCE_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `count` Markdown files of a few sections each, sharing most words, in a new folder. */
function corpus(count: number): string {
  const dir = path.join(tempDir(), 'notes');
  mkdirSync(dir);
  const words = ['granite', 'marmot', 'valley', 'burrow', 'glacier', 'meadow', 'summit', 'river'];
  for (let file = 0; file < count; file++) {
    const sections = [0, 1, 2].map(
      (section) =>
        `## Part ${section}\n\n${words.map((word, i) => `${word} ${file}-${section}-${i}`).join(' ')}. Marker mk${file}x${section}.\n`,
    );
    writeFileSync(
      path.join(dir, `note-${String(file).padStart(3, '0')}.md`),
      `# Note ${file}\n\n${sections.join('\n')}`,
    );
  }
  return dir;
}

/** How many documents of `collection` are stored (as the owner, whom row-level security does not confine). */
async function storedDocuments(url: string, collection: string): Promise<number> {
  const [row] = await onServer<{ n: number }>(
    url,
    `SELECT count(*)::int AS n FROM cairn_documents WHERE collection = '${collection}'`,
  ).catch(() => [{ n: 0 }]);
  return row?.n ?? 0;
}

/**
 * Every way a half-written document would show: a record whose chunk count differs from its
 * chunks, chunks without a record, postings without a chunk, statistics that differ from the
 * chunks and postings. All zero when every document is whole.
 */
async function inconsistencies(url: string, collection: string): Promise<Record<string, number>> {
  const [table] = await onServer<{ location: string }>(
    url,
    `SELECT table_name AS location FROM cairn_collections WHERE name = '${collection}'`,
  );
  const t = `"${table!.location}"`;
  const [row] = await onServer<Record<string, number>>(
    url,
    `SELECT
      (SELECT count(*) FROM cairn_documents AS d WHERE d.collection = '${collection}' AND d.chunk_count <>
        (SELECT count(*) FROM ${t} AS c WHERE c.namespace = d.namespace AND c.document_id = d.document_id))::int AS records_off,
      (SELECT count(*) FROM ${t} AS c WHERE NOT EXISTS (SELECT 1 FROM cairn_documents AS d
        WHERE d.collection = '${collection}' AND d.namespace = c.namespace AND d.document_id = c.document_id))::int AS chunks_without_record,
      (SELECT count(*) FROM "${table!.location}_terms" AS p WHERE NOT EXISTS
        (SELECT 1 FROM ${t} AS c WHERE c.namespace = p.namespace AND c.id = p.id))::int AS postings_without_chunk,
      (SELECT count(*) FROM ${t} AS c WHERE c.lexical_length > 0 AND NOT EXISTS
        (SELECT 1 FROM "${table!.location}_terms" AS p WHERE p.namespace = c.namespace AND p.id = c.id))::int AS chunks_without_postings,
      ((SELECT count(*) FROM ${t}) - (SELECT coalesce(sum(chunks), 0) FROM "${table!.location}_lstats"))::int AS chunk_count_off,
      ((SELECT coalesce(sum(lexical_length), 0) FROM ${t}) - (SELECT coalesce(sum(tokens), 0) FROM "${table!.location}_lstats"))::int AS token_count_off,
      (SELECT count(*) FROM (SELECT namespace, term, count(*) AS n FROM "${table!.location}_terms" GROUP BY 1, 2) AS p
        FULL JOIN "${table!.location}_tstats" AS s USING (namespace, term) WHERE p.n IS DISTINCT FROM s.chunks)::int AS term_stats_off`,
  );
  return row!;
}

const CONSISTENT = {
  records_off: 0,
  chunks_without_record: 0,
  postings_without_chunk: 0,
  chunks_without_postings: 0,
  chunk_count_off: 0,
  token_count_off: 0,
  term_stats_off: 0,
};

const FILES = 150;

describeOnPostgresServer('kill -9 of an ingesting cairn (CAIRN_TEST_POSTGRES_URL)', (database) => {
  beforeAll(() => {
    ensureBuilt();
  });

  it('leaves no half-indexed document, and the next run completes the rest', async () => {
    const url = database().url;
    const dir = corpus(FILES);
    const run = spawnCairn(['ingest', dir, '--db', url, '--collection', 'killed', '--json', '--no-cache']);
    await until('the ingest stored 5 documents', async () => (await storedDocuments(url, 'killed')) >= 5);
    run.child.kill('SIGKILL');
    expect(await run.exited).toMatchObject({ signal: 'SIGKILL' });
    const stored = await storedDocuments(url, 'killed');
    expect(stored).toBeLessThan(FILES);
    expect(await inconsistencies(url, 'killed')).toEqual(CONSISTENT);

    const again = await cairn(['ingest', dir, '--db', url, '--collection', 'killed', '--json', '--no-cache']);
    expect(again.code, again.stderr).toBe(0);
    const totals = JSON.parse(again.stdout).totals;
    expect(totals.failed).toBe(0);
    expect(totals.ingested + totals.unchanged).toBe(FILES);
    expect(await storedDocuments(url, 'killed')).toBe(FILES);
    expect(await inconsistencies(url, 'killed')).toEqual(CONSISTENT);
  });
});

describeOnPrivatePostgres(
  'a PostgreSQL server that restarts or stops during writes (a private server)',
  (server) => {
    beforeAll(() => {
      ensureBuilt();
    });

    it('a write the restart cuts off throws a retryable StoreRequestError, stores nothing, and the same store writes again afterwards', async () => {
      const url = server().url;
      const store = await openPostgresStore({ url });
      const pg = await import('pg');
      const blocker = new pg.default.Client({ connectionString: url });
      try {
        await store.createCollection('cut', { model: 'm', dimension: 3 });
        await store.replaceDocument(
          { collection: 'cut' },
          documentWrite('before', [storedChunk('before', 0)]),
        );
        // Hold the documents table, so the next write waits inside its transaction until the restart.
        // A prepared transaction holds it across the restart: the write can never take the lock in
        // the moment between the blocker's end and its own (on a busy machine it once did, and
        // committed), so the restart always cuts it off.
        await blocker.connect();
        await blocker.query('BEGIN');
        await blocker.query('LOCK TABLE cairn_documents IN ACCESS EXCLUSIVE MODE');
        await blocker.query(`PREPARE TRANSACTION '${HOLD}'`);
        const write = store.replaceDocument(
          { collection: 'cut' },
          documentWrite('cut', [storedChunk('cut', 0), storedChunk('cut', 1)]),
        );
        const failed = write.then(
          () => undefined,
          (error: unknown) => error,
        );
        await until('the write waits for the lock', async () => {
          const rows = await onServer(
            url,
            "SELECT 1 FROM pg_stat_activity WHERE application_name = 'cairn' AND wait_event_type = 'Lock'",
          );
          return rows.length > 0;
        });
        blocker.on('error', () => {});
        await server().restart();
        const error = await failed;
        await onServer(url, `ROLLBACK PREPARED '${HOLD}'`);
        expect(isCairnError(error), `not a typed error: ${String(error)}`).toBe(true);
        expect(error).toMatchObject({ name: 'StoreRequestError', code: 'PROVIDER_ERROR', isRetryable: true });
        // The server's termination (57P01) or, when the client saw the socket close first, the
        // client's "not queryable": either way the one retryable line.
        expect((error as Error).message).toMatch(
          /^postgres: write failed: lost the connection to the PostgreSQL server: .*(\(57P01\)|not queryable); .*run the same command again once the server is up to complete it/,
        );
        expect((error as Error).message).not.toMatch(/\n/);

        expect(await store.getDocument({ collection: 'cut' }, 'cut')).toBeUndefined();
        await store.replaceDocument(
          { collection: 'cut' },
          documentWrite('cut', [storedChunk('cut', 0), storedChunk('cut', 1)]),
        );
        expect(await store.countChunks({ collection: 'cut' })).toBe(3);
        expect(await inconsistencies(url, 'cut')).toEqual(CONSISTENT);
      } finally {
        await blocker.end().catch(() => undefined);
        // The lock must not outlive the test, whatever failed (the next test writes the same table).
        await onServer(url, `ROLLBACK PREPARED '${HOLD}'`).catch(() => undefined);
        await store.close();
      }
    });

    it('cairn ingest fails the documents it cannot store with one line saying what to do; the next run completes them', async () => {
      const url = server().url;
      const dir = corpus(FILES);
      const run = spawnCairn(['ingest', dir, '--db', url, '--collection', 'down', '--no-cache']);
      await until('the ingest stored 5 documents', async () => (await storedDocuments(url, 'down')) >= 5);
      await server().stop();
      const exited = await run.exited;
      await server().start();
      expect(exited.code, run.stderr()).toBe(1);
      const stored = await storedDocuments(url, 'down');
      expect(stored).toBeLessThan(FILES);
      const failures = run
        .stdout()
        .split('\n')
        .filter((line) => line.startsWith('failed '));
      expect(failures.length, `${run.stdout()}\n${run.stderr()}`).toBeGreaterThan(0);
      expect(failures.length).toBeLessThanOrEqual(FILES - stored);
      for (const line of failures) {
        expect(line).toMatch(
          /^failed note-\d{3}\.md \(postgres: (read|write) failed: lost the connection to the PostgreSQL server: .*run the same command again once the server is up/,
        );
      }
      expect(await inconsistencies(url, 'down')).toEqual(CONSISTENT);

      const again = await cairn(['ingest', dir, '--db', url, '--collection', 'down', '--json', '--no-cache']);
      expect(again.code, again.stderr).toBe(0);
      const totals = JSON.parse(again.stdout).totals;
      expect(totals).toMatchObject({ failed: 0, unchanged: stored });
      expect(totals.ingested).toBe(FILES - stored);
      expect(await storedDocuments(url, 'down')).toBe(FILES);
      expect(await inconsistencies(url, 'down')).toEqual(CONSISTENT);
    });
  },
);

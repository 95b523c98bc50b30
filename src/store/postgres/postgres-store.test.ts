import type { PGlite, Transaction } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPglite, type ServedPglite, servePglite } from '../../../test/support/pglite.js';
import { describeOnPostgresServer, postgresServerUrl } from '../../../test/support/postgres-server.js';
import { cosine, documentWrite, storedChunk } from '../../../test/support/store-records.js';
import { validateFilter } from '../../core/filter/validate-filter.js';
import type { Scope } from '../../core/ports.js';
import type { StoredChunk } from '../../core/types.js';
import { reciprocalRankFusion } from '../../retrieve/reciprocal-rank-fusion.js';
import { tableNameFor } from '../sql/table-name.js';
import { openSqliteStore } from '../sqlite/sqlite-store.js';
import { runStoreContract } from '../store.contract.js';
import { createPgDriver } from './pg-driver.js';
import { POSTGRES_CAPABILITIES } from './postgres-backend.js';
import { compilePostgresFilter } from './postgres-filter.js';
import { dropLexicalStatements } from './postgres-lexical.js';
import { parsePostgresStoreOptions } from './postgres-options.js';
import { PostgresParams } from './postgres-params.js';
import { vectorLiteral } from './postgres-rows.js';
import {
  CURRENT_SCHEMA_VERSION,
  isolationStatements,
  migrationStatements,
  searchVector,
} from './postgres-schema.js';
import { denseSearchSql } from './postgres-search.js';
import { openPostgresStore, type PostgresStore } from './postgres-store.js';

interface RawQueryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/** Drops every cairn table, so the next store starts with nothing. Role, extensions and text-search configuration stay. */
async function dropCairnTables(db: RawQueryable): Promise<void> {
  await db.query(`DO $$
DECLARE t record;
BEGIN
  FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename LIKE 'cairn\\_%' LOOP
    EXECUTE format('DROP TABLE %I CASCADE', t.tablename);
  END LOOP;
END $$`);
}

/**
 * Drops every collection table and empties the registry and documents tables: an empty store
 * without re-running migrations (faster; the lazy creation of the registry is covered by the
 * in-process run, which drops everything).
 */
async function emptyCairnTables(db: RawQueryable): Promise<void> {
  await db.query(`DO $$
DECLARE t record;
BEGIN
  FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename LIKE 'cairn\\_c\\_%' LOOP
    EXECUTE format('DROP TABLE %I CASCADE', t.tablename);
  END LOOP;
  IF to_regclass('cairn_collections') IS NOT NULL THEN TRUNCATE cairn_collections, cairn_documents; END IF;
END $$`);
}

describe('on PGlite, in process', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await freshPglite();
  });
  afterAll(async () => {
    await db.close();
  });
  runStoreContract(
    'postgres (PGlite)',
    async () => {
      await dropCairnTables(db);
      return openPostgresStore({ pglite: db });
    },
    POSTGRES_CAPABILITIES,
  );
});

describe('through pg, on PGlite served over a socket', () => {
  let served: ServedPglite;
  let db: PGlite;
  let url: string;
  beforeAll(async () => {
    served = await servePglite();
    ({ db, url } = served);
  });
  afterAll(() => served.close());
  // The contract through the pg driver when no server is configured. With CAIRN_TEST_POSTGRES_URL
  // set, the server's run below takes the same driver path (plus the runtime role and a real
  // server), so this one would only repeat it (a quarter of the file's time); the test after it,
  // about one backend session shared by every connection, runs either way.
  if (postgresServerUrl() === undefined) {
    runStoreContract(
      'postgres (pg over pglite-socket)',
      async () => {
        await emptyCairnTables(db);
        return openPostgresStore({ url, pool: { size: 2, overflow: 2 } });
      },
      POSTGRES_CAPABILITIES,
    );
  }

  it('keeps concurrent transactions of different namespaces apart on one backend session', async () => {
    await emptyCairnTables(db);
    const store = await openPostgresStore({ url, pool: { size: 4, overflow: 4 } });
    try {
      await store.createCollection('docs', { model: 'm', dimension: 3 });
      const tenants = Array.from({ length: 8 }, (_, i) => `tenant-${i}`);
      await Promise.all(
        tenants.map((namespace, i) =>
          store.upsertChunks(
            { collection: 'docs', namespace },
            Array.from({ length: i + 1 }, (_, j) =>
              makeChunk(`d${i}`, j, { metadata: { tenant: namespace } }),
            ),
          ),
        ),
      );
      const counts = await Promise.all(
        tenants.map((namespace) => store.countChunks({ collection: 'docs', namespace })),
      );
      expect(counts).toEqual(tenants.map((_, i) => i + 1));
      const seen = await Promise.all(
        tenants.map(async (namespace) => {
          const hits = await store.denseSearch({
            collection: 'docs',
            namespace,
            vector: [1, 1, 1],
            topK: 20,
          });
          return new Set(hits.map((hit) => hit.chunk.metadata.tenant));
        }),
      );
      seen.forEach((owners, i) => {
        expect([...owners]).toEqual([tenants[i]]);
      });
      expect(await store.ping()).toBe(true);
    } finally {
      await store.close();
    }
    expect(await store.ping()).toBe(false);
  });
});

// The same contract on a real server (CAIRN_TEST_POSTGRES_URL, from scripts/setup-postgres.sh),
// connected as the owner role that migrates; every scoped transaction runs as the runtime role
// without BYPASSRLS. Skipped with the reason when no server is configured, failing on CI.
describeOnPostgresServer('on the PostgreSQL server (CAIRN_TEST_POSTGRES_URL)', (database) => {
  let admin: {
    query(
      sql: string,
      params?: unknown[],
    ): Promise<{ rows: Array<Record<string, unknown>>; rowCount: number | null }>;
    end(): Promise<void>;
  };
  beforeAll(async () => {
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: database().url });
    await client.connect();
    admin = client;
  });
  afterAll(async () => {
    await admin?.end();
  });

  it('connects as a role that is neither superuser nor BYPASSRLS, and scoped work runs as one too', async () => {
    const store = await openPostgresStore({ url: database().url });
    try {
      await store.createCollection('roles', { model: 'm', dimension: 3 });
      const { rows } = await admin.query(
        "SELECT r.rolsuper OR r.rolbypassrls AS owner_bypasses, a.rolsuper OR a.rolbypassrls AS app_bypasses, a.rolcanlogin AS app_logs_in FROM pg_roles AS r, pg_roles AS a WHERE r.rolname = current_user AND a.rolname = 'cairn_app'",
      );
      expect(rows).toEqual([{ owner_bypasses: false, app_bypasses: false, app_logs_in: false }]);
    } finally {
      await store.close();
    }
  });

  it('cancels a statement that runs past pool.statementTimeoutMs, on every pooled connection', async () => {
    const { pool } = parsePostgresStoreOptions({
      url: database().url,
      pool: { size: 1, statementTimeoutMs: 300 },
    });
    const driver = await createPgDriver(database().url, pool);
    try {
      for (let i = 0; i < 2; i++) {
        await expect(driver.transaction((tx) => tx.query('SELECT pg_sleep(5)'))).rejects.toThrow(
          /statement timeout/,
        );
      }
      await expect(
        driver.transaction(async (tx) => (await tx.query('SELECT 1 AS one')).rows),
      ).resolves.toEqual([{ one: 1 }]);
    } finally {
      await driver.close();
    }
  });

  it("pool.synchronousCommit: false turns synchronous_commit off on every pooled connection; the default keeps the server's", async () => {
    const setting = async (synchronousCommit?: boolean) => {
      const { pool } = parsePostgresStoreOptions({
        url: database().url,
        pool: { size: 1, ...(synchronousCommit === undefined ? {} : { synchronousCommit }) },
      });
      const driver = await createPgDriver(database().url, pool);
      try {
        return await driver.transaction(
          async (tx) =>
            (await tx.query<{ value: string }>("SELECT current_setting('synchronous_commit') AS value"))
              .rows[0]!.value,
        );
      } finally {
        await driver.close();
      }
    };
    expect(await setting(false)).toBe('off');
    expect(await setting()).toBe('on');
  });

  it('sends no statement of its own to check a pooled connection, and replaces one that died in the pool', async () => {
    const { pool } = parsePostgresStoreOptions({ url: database().url, pool: { size: 1, overflow: 0 } });
    const driver = await createPgDriver(database().url, pool);
    const pg = (await import('pg')).default;
    const send = pg.Client.prototype.query;
    const sent: string[] = [];
    let cut = false;
    pg.Client.prototype.query = function (
      this: { connection: { stream: { destroy(): void } } },
      ...args: unknown[]
    ) {
      if (typeof args[0] === 'string') sent.push(args[0]);
      // The connection dies while it sits in the pool: its socket is gone when BEGIN is sent.
      if (cut && args[0] === 'BEGIN') {
        cut = false;
        this.connection.stream.destroy();
      }
      return (send as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof send;
    try {
      const pid = async () =>
        driver.transaction(
          async (tx) => (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid,
        );
      const first = await pid();
      expect(await pid()).toBe(first);
      expect(sent).toEqual([
        'BEGIN',
        'SELECT pg_backend_pid() AS pid',
        'COMMIT',
        'BEGIN',
        'SELECT pg_backend_pid() AS pid',
        'COMMIT',
      ]);
      cut = true;
      const replaced = await pid();
      expect(replaced).not.toBe(first);
    } finally {
      pg.Client.prototype.query = send;
      await driver.close();
    }
  });

  let rlsStore: PostgresStore | undefined;
  afterAll(async () => {
    await rlsStore?.close();
  });
  rowLevelSecurityTests(
    () => pgRawDb(admin),
    async () => {
      await dropCairnTables(admin);
      rlsStore = await openPostgresStore({ url: database().url });
      return rlsStore;
    },
  );

  runStoreContract(
    'postgres (server)',
    async () => {
      await dropCairnTables(admin);
      return openPostgresStore({ url: database().url });
    },
    POSTGRES_CAPABILITIES,
  );
});

/** A raw connection to run SQL beside the store: PGlite, or a `pg` client through {@link pgRawDb}. */
interface RawQueryable {
  query(
    sql: string,
    params?: unknown[],
  ): Promise<{ rows: Array<Record<string, unknown>>; affectedRows?: number }>;
}
interface RawDb extends RawQueryable {
  transaction<T>(work: (tx: RawQueryable) => Promise<T>): Promise<T>;
}

/** A {@link RawDb} over one `pg` client. */
function pgRawDb(client: {
  query(
    sql: string,
    params?: unknown[],
  ): Promise<{ rows: Array<Record<string, unknown>>; rowCount: number | null }>;
}): RawDb {
  const query = async (sql: string, params?: unknown[]) => {
    const result = await client.query(sql, params);
    return { rows: result.rows, affectedRows: result.rowCount ?? 0 };
  };
  return {
    query,
    async transaction(work) {
      await client.query('BEGIN');
      try {
        const value = await work({ query });
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    },
  };
}

/**
 * The tenancy suite: two namespaces in one collection, checked through the store and in raw SQL
 * as the runtime role. `raw` is a connection as the owner; `open` gives a store over an empty schema.
 */
function rowLevelSecurityTests(raw: () => RawDb, open: () => Promise<PostgresStore>): void {
  describe('row-level security', () => {
    let store: PostgresStore;
    let db: RawDb;
    const A: Scope = { collection: 'shared', namespace: 'tenant-a' };
    const B: Scope = { collection: 'shared', namespace: 'tenant-b' };
    const vectorB = [0.2, -0.4, 0.9];
    let table: string;

    /** Runs `work` as the application role pinned to `namespace`, then rolls everything back. */
    const asTenant = async (namespace: string, work: (tx: RawQueryable) => Promise<void>) => {
      await expect(
        db.transaction(async (tx) => {
          for (const statement of isolationStatements(store.settings, namespace)) {
            await tx.query(statement.sql, statement.params);
          }
          await work(tx);
          throw new Rollback('done');
        }),
      ).rejects.toBeInstanceOf(Rollback);
    };

    /** Expects `sql`, run as the tenant, to fail with `pattern`. */
    const refusedAsTenant = async (namespace: string, sql: string, pattern: RegExp) => {
      await expect(
        db.transaction(async (tx) => {
          for (const statement of isolationStatements(store.settings, namespace)) {
            await tx.query(statement.sql, statement.params);
          }
          await tx.query(sql);
        }),
      ).rejects.toThrow(pattern);
    };

    /** Everything namespace B holds, read as the owner (no policy applies). */
    const snapshotB = async () =>
      (
        await db.query(
          `SELECT json_agg(c ORDER BY id) AS chunks, (SELECT json_agg(d ORDER BY document_id) FROM cairn_documents d WHERE namespace = 'tenant-b') AS documents FROM (SELECT namespace, id, document_id, source_id, content, metadata, embedding::text AS embedding, created_at, updated_at FROM "${table}" WHERE namespace = 'tenant-b') c`,
        )
      ).rows[0];

    beforeAll(async () => {
      db = raw();
      store = await open();
      await store.createCollection('shared', { model: 'm', dimension: 3 });
      await store.createCollection('other', { model: 'm', dimension: 3 });
      table = tableNameFor('shared');
      for (const [scope, word, owner] of [
        [A, 'apple', 'a'],
        [B, 'banana', 'b'],
      ] as const) {
        const prefix = owner === 'a' ? 'a-doc' : 'b-doc';
        await store.replaceDocument(
          scope,
          documentOf(
            prefix,
            [0, 1].map((i) =>
              makeChunk(prefix, i, {
                text: `${word} number ${i}`,
                sourceId: `src-${owner}`,
                metadata: { owner, word },
                embedding: owner === 'b' ? vectorB : [1, i + 1, 0.5],
              }),
            ),
          ),
        );
        await store.replaceDocument(
          scope,
          documentOf('same', [makeChunk('same', 0, { text: `${word} same`, metadata: { owner } })]),
        );
      }
      await store.upsertChunks({ collection: 'other', namespace: 'tenant-b' }, [
        makeChunk('o', 0, { text: 'banana elsewhere' }),
      ]);
    });

    it('lets namespace A read nothing of B, whatever the filter, ids or source ids', async () => {
      const before = await snapshotB();
      expect((await store.getChunks(A, ['b-doc:0', 'b-doc:1', 'same:0'])).map((c) => c.text)).toEqual([
        'apple same',
      ]);
      expect(await store.getDocument(A, 'b-doc')).toBeUndefined();
      expect((await store.listDocuments(A)).map((d) => d.documentId)).toEqual(['a-doc', 'same']);
      const filters = [
        {},
        { owner: 'b' },
        { word: { $in: ['banana'] } },
        { $or: [{ owner: 'b' }, { owner: { $exists: false } }] },
        { $not: { owner: 'a' } },
        { owner: { $ne: 'a' } },
      ];
      for (const filter of filters) {
        const expected = filter === filters[0] ? 3 : 0;
        expect(await store.countChunks({ ...A, filter })).toBe(expected);
        for (const hit of await store.denseSearch({ ...A, vector: vectorB, topK: 10, filter })) {
          expect(hit.chunk.metadata.owner).toBe('a');
        }
      }
      expect(await store.countChunks({ ...A, sourceIds: ['src-b'] })).toBe(0);
      expect(await store.countChunks({ ...A, documentIds: ['b-doc'] })).toBe(0);
      expect(await store.denseSearch({ ...A, vector: vectorB, topK: 5, sourceIds: ['src-b'] })).toEqual([]);
      expect(await store.lexicalSearch({ ...A, query: 'banana', topK: 5 })).toEqual([]);
      expect(await store.hybridSearch({ ...A, vector: vectorB, query: 'banana', topK: 10 })).toHaveLength(3);
      for (const hit of await store.hybridSearch({ ...A, vector: vectorB, query: 'banana', topK: 10 })) {
        expect(hit.chunk.metadata.owner).toBe('a');
        expect(hit.scores.lexical).toBeUndefined();
      }
      const iterated: string[] = [];
      for await (const batch of store.iterChunks({ ...A, batchSize: 1 }))
        iterated.push(...batch.map((c) => c.text));
      expect(iterated).toEqual(['apple number 0', 'apple number 1', 'apple same']);
      expect((await store.getEmbeddings(A, ['b-doc:0', 'b-doc:1'])).size).toBe(0);
      expect(await store.countChunks({ collection: 'other', namespace: 'tenant-a' })).toBe(0);
      expect(
        await store.lexicalSearch({ collection: 'other', namespace: 'tenant-a', query: 'banana', topK: 5 }),
      ).toEqual([]);
      for (const namespace of ["tenant-b' OR '1'='1", '%', 'tenant-b\\', 'TENANT-B', 'tenant-b ', '*']) {
        expect(await store.countChunks({ collection: 'shared', namespace })).toBe(0);
      }
      expect(await snapshotB()).toEqual(before);
    });

    it('lets namespace A change or delete nothing of B', async () => {
      const before = await snapshotB();
      const nothing = { chunks: 0, documents: 0 };
      expect(await store.deleteChunks(A, { ids: ['b-doc:0', 'b-doc:1'] })).toEqual(nothing);
      expect(await store.deleteChunks(A, { sourceIds: ['src-b'] })).toEqual(nothing);
      expect(await store.deleteChunks(A, { filter: { owner: 'b' } })).toEqual(nothing);
      expect(await store.deleteChunks(A, { filter: { $or: [{ owner: 'b' }, { word: 'banana' }] } })).toEqual(
        nothing,
      );
      expect(await store.replaceChunks(A, { sourceIds: ['src-b'] }, [])).toEqual(nothing);
      expect(await store.replaceChunks(A, { filter: { owner: 'b' } }, [])).toEqual(nothing);
      expect(await store.deleteChunks(A, { documentIds: ['b-doc'] })).toEqual(nothing);
      await store.upsertChunks(A, [makeChunk('b-doc', 0, { text: 'intruder', sourceId: 'src-b' })]);
      await store.replaceDocument(A, documentOf('b-doc', [makeChunk('b-doc', 5, { sourceId: 'src-b' })]));
      await store.replaceDocument(A, documentOf('same', [makeChunk('same', 0, { text: 'apple again' })]));
      expect((await store.deleteChunks(A, { documentIds: ['b-doc'] })).documents).toBe(1);
      expect(await snapshotB()).toEqual(before);
      expect((await store.getChunks(B, ['same:0']))[0]?.text).toBe('banana same');
    });

    it('holds in raw SQL: the policy alone confines the application role', async () => {
      const count = async (tx: RawQueryable, sql: string) =>
        ((await tx.query(sql)).rows[0] as { n: number }).n;
      await asTenant('tenant-a', async (tx) => {
        expect((await tx.query('SELECT current_user AS user')).rows[0]?.user).toBe('cairn_app');
        expect(await count(tx, `SELECT count(*)::int AS n FROM "${table}"`)).toBe(3);
        expect(await count(tx, 'SELECT count(*)::int AS n FROM cairn_documents')).toBe(2);
        const updated = await tx.query(`UPDATE "${table}" SET content = 'overwritten'`);
        expect(updated.affectedRows).toBe(3);
        const deleted = await tx.query(`DELETE FROM "${table}" WHERE namespace = 'tenant-b'`);
        expect(deleted.affectedRows).toBe(0);
      });
      const violation = /row-level security|violates/;
      await refusedAsTenant(
        'tenant-a',
        `INSERT INTO "${table}" (namespace, id, document_id, source_id, ordinal, content, page_start, page_end, token_count, embedding, created_at, updated_at) ` +
          "VALUES ('tenant-b', 'x', 'x', 'x', 0, 'x', 1, 1, 1, '[1,1,1]', now(), now())",
        violation,
      );
      await refusedAsTenant('tenant-a', `UPDATE "${table}" SET namespace = 'tenant-b'`, violation);
      await refusedAsTenant('tenant-a', "UPDATE cairn_documents SET namespace = 'tenant-b'", violation);
      // (SET ROLE back to the session user would succeed: the role switch confines cairn's own
      // statements, which are fixed SQL with bound values, not arbitrary SQL.)
      await refusedAsTenant('tenant-a', `TRUNCATE "${table}"`, /permission denied/);
      await refusedAsTenant('tenant-a', `DROP TABLE "${table}"`, /must be owner|permission denied/);
      await refusedAsTenant('tenant-a', 'DELETE FROM cairn_collections', /permission denied/);
      // The role without the namespace setting sees nothing at all.
      await expect(
        db.transaction(async (tx) => {
          await tx.query(isolationStatements(store.settings, 'x')[0]!.sql);
          return (await tx.query(`SELECT count(*)::int AS n FROM "${table}"`)).rows[0]?.n;
        }),
      ).resolves.toBe(0);
    });

    it('purges exactly one namespace, in every collection', async () => {
      const before = await snapshotB();
      await store.upsertChunks({ collection: 'other', namespace: 'tenant-a' }, [makeChunk('o', 1)]);
      const inA = (await store.countChunks(A)) + 1;
      expect((await store.purgeNamespace('tenant-a')).chunks).toBe(inA);
      expect(await store.countChunks(A)).toBe(0);
      expect(await store.listDocuments(A)).toEqual([]);
      expect(await store.countChunks({ collection: 'other', namespace: 'tenant-a' })).toBe(0);
      expect(await snapshotB()).toEqual(before);
      expect(await store.countChunks({ collection: 'other', namespace: 'tenant-b' })).toBe(1);
      expect(await store.purgeNamespace('tenant-a')).toEqual({ chunks: 0, documents: 0 });
      expect(await store.purgeNamespace('nobody')).toEqual({ chunks: 0, documents: 0 });
      await expect(store.purgeNamespace('')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    });
  });
}

const makeChunk = storedChunk;

function documentOf(documentId: string, chunks: StoredChunk[], sourceName = `${documentId}.md`) {
  return documentWrite(documentId, chunks, {
    contentHash: `hash-${documentId}`,
    sourceName,
    mediaType: 'text/markdown',
    parserFingerprint: 'parser@1',
  });
}

/** Seeded pseudo-random numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Sentinel thrown to roll a raw transaction back. */
class Rollback extends Error {}

describe('PostgreSQL specifics (PGlite)', () => {
  let db: PGlite;
  let store: PostgresStore;
  const fresh = async (options: Partial<Parameters<typeof openPostgresStore>[0]> = {}) => {
    await store?.close();
    await dropCairnTables(db);
    store = await openPostgresStore({ pglite: db, ...options });
    return store;
  };

  /** Runs `work` as the application role pinned to `namespace`, then rolls everything back. */
  const asTenant = async (namespace: string, work: (tx: Transaction) => Promise<void>) => {
    await expect(
      db.transaction(async (tx) => {
        for (const statement of isolationStatements(store.settings, namespace)) {
          await tx.query(statement.sql, statement.params);
        }
        await work(tx);
        throw new Rollback('done');
      }),
    ).rejects.toBeInstanceOf(Rollback);
  };

  beforeAll(async () => {
    db = await freshPglite();
  });
  afterAll(async () => {
    await store?.close();
    await db.close();
  });

  describe('store.migrate', () => {
    it('lists its statements without a database, with the names it was given', () => {
      const statements = migrationStatements({
        appRole: 'tenant_app',
        namespaceSetting: 'acme.tenant',
        textSearchConfig: 'german',
      });
      expect(statements[0]).toBe('CREATE EXTENSION IF NOT EXISTS vector');
      expect(statements.join('\n')).toContain("current_setting('acme.tenant', true)");
      expect(statements.join('\n')).toContain('"tenant_app"');
      expect(statements.join('\n')).toContain('COPY = "german"');
      expect(statements.some((sql) => /CREATE POLICY cairn_namespace ON "cairn_documents"/.test(sql))).toBe(
        true,
      );
      expect(statements.join('\n')).toContain("USING (namespace = current_setting('acme.tenant', true))");
    });

    it('is idempotent and creates a role that row-level security applies to', async () => {
      await fresh();
      const catalog = async () =>
        (
          await db.query(
            'SELECT (SELECT json_agg(p ORDER BY tablename) FROM pg_policies p WHERE schemaname = current_schema()) AS policies, ' +
              "(SELECT json_agg(indexdef ORDER BY indexname) FROM pg_indexes WHERE tablename LIKE 'cairn\\_%') AS indexes, " +
              "(SELECT count(*)::int FROM pg_ts_config WHERE cfgname = 'cairn_fold_english') AS configs, " +
              "(SELECT json_agg(r) FROM (SELECT rolname, rolsuper, rolbypassrls, rolcanlogin FROM pg_roles WHERE rolname = 'cairn_app') r) AS roles",
          )
        ).rows[0];
      await store.migrate();
      await store.createCollection('docs', { model: 'm', dimension: 3 });
      const first = await catalog();
      const policyIds = async () =>
        (await db.query<{ oid: number }>('SELECT oid::int AS oid FROM pg_policy ORDER BY oid')).rows;
      const idsBefore = await policyIds();
      await store.migrate();
      await store.migrate();
      await store.ensureRegistry();
      expect(await catalog()).toEqual(first);
      expect(await policyIds()).toEqual(idsBefore);
      expect(first).toMatchObject({
        configs: 1,
        roles: [{ rolname: 'cairn_app', rolsuper: false, rolbypassrls: false, rolcanlogin: false }],
      });
      const policies = (first as { policies: Array<{ tablename: string; roles: string }> }).policies;
      const docs = tableNameFor('docs');
      expect(policies.map((policy) => policy.tablename).sort()).toEqual(
        ['cairn_documents', docs, `${docs}_lstats`, `${docs}_terms`, `${docs}_tstats`].sort(),
      );
      expect(store.migrationStatements()).toEqual(migrationStatements(store.settings));
      // Another setting name replaces every policy; the store that uses it reads through them.
      await store.upsertChunks({ collection: 'docs', namespace: 'n1' }, [makeChunk('d', 0)]);
      const renamed = await openPostgresStore({ pglite: db, namespaceSetting: 'acme.tenant' });
      await renamed.migrate();
      const quals = await db.query<{ qual: string }>(
        'SELECT qual FROM pg_policies WHERE schemaname = current_schema()',
      );
      expect(quals.rows).toHaveLength(5);
      expect(quals.rows.every((row) => row.qual.includes("'acme.tenant'"))).toBe(true);
      expect(await renamed.countChunks({ collection: 'docs', namespace: 'n1' })).toBe(1);
      await renamed.close();
    });

    it('refuses, before any DDL, a table whose dimension differs from the registry, naming both', async () => {
      await fresh();
      await store.createCollection('docs', { model: 'm', dimension: 8 });
      const info = { tableName: tableNameFor('docs') };
      await db.query('UPDATE cairn_collections SET dimension = 16');
      await db.query(`DROP POLICY cairn_namespace ON "${info.tableName}"`);
      const failure = store.migrate();
      await expect(failure).rejects.toMatchObject({ code: 'SCHEMA_ERROR' });
      await expect(store.migrate()).rejects.toThrow(/vector\(8\)[\s\S]*\b16 dimensions/);
      const policies = await db.query('SELECT 1 FROM pg_policies WHERE tablename = $1', [info.tableName]);
      expect(policies.rows).toHaveLength(0);
    });

    it('refuses to create a collection over a table of another dimension, and adopts one that fits', async () => {
      await fresh();
      await store.createCollection('docs', { model: 'm', dimension: 8 });
      await store.upsertChunks({ collection: 'docs' }, [
        makeChunk('d', 0, { embedding: new Array(8).fill(1) }),
      ]);
      await db.query("DELETE FROM cairn_collections WHERE name = 'docs'");
      const conflict = store.createCollection('docs', { model: 'm', dimension: 16 });
      await expect(conflict).rejects.toMatchObject({ code: 'SCHEMA_ERROR' });
      await expect(store.createCollection('docs', { model: 'm', dimension: 16 })).rejects.toThrow(
        /vector\(8\)[\s\S]*16 dimensions/,
      );
      await store.createCollection('docs', { model: 'm', dimension: 8 });
      expect(await store.countChunks({ collection: 'docs' })).toBe(1);
    });

    it('refuses an application role that bypasses row-level security', async () => {
      await fresh({ appRole: 'postgres' });
      await expect(store.migrate()).rejects.toMatchObject({ code: 'CONFIG_ERROR' });
      await expect(store.migrate()).rejects.toThrow(/BYPASSRLS/);
    });

    it('refuses malformed options, naming them', async () => {
      const cases: Array<[Parameters<typeof openPostgresStore>[0], string]> = [
        [{ pglite: db, appRole: 'robert"; DROP TABLE x; --' }, 'options.appRole'],
        [{ pglite: db, appRole: 'Upper' }, 'options.appRole'],
        [{ pglite: db, namespaceSetting: 'nodot' }, 'options.namespaceSetting'],
        [{ pglite: db, namespaceSetting: 'a.b.c' }, 'options.namespaceSetting'],
        [{ pglite: db, textSearchConfig: "english'" }, 'options.textSearchConfig'],
        [{ pglite: db, url: 'postgres://x/y' }, 'options.url'],
        [{}, 'options.url'],
        [{ url: 'mysql://x/y' }, 'options.url'],
        [{ url: 'postgres://x/y', pool: { size: 0 } }, 'options.pool.size'],
      ];
      for (const [options, argument] of cases) {
        await expect(openPostgresStore(options)).rejects.toMatchObject({
          code: 'INVALID_ARGUMENT',
          argument,
        });
      }
    });
  });

  rowLevelSecurityTests(
    () => db,
    async () => {
      await store?.close();
      await dropCairnTables(db);
      store = await openPostgresStore({ pglite: db });
      return store;
    },
  );

  describe('schema upgrades', () => {
    it('upgrade a version-4 collection: name terms read from each stored first page, kept for new records', async () => {
      await fresh();
      await store.createCollection('docs', { model: 'm', dimension: 3 });
      const scope = { collection: 'docs', namespace: 'n1' };
      const other = { collection: 'docs', namespace: 'n2' };
      await store.replaceDocument(
        scope,
        documentWrite('acme', [
          makeChunk('acme', 0, { text: 'FORM 10-Q' }),
          makeChunk('acme', 1, { text: 'ACME ROCKETS, INC. (Exact name of registrant)' }),
          makeChunk('acme', 2, { text: 'Second Page', pageStart: 2, pageEnd: 2 }),
        ]),
      );
      await store.replaceDocument(
        scope,
        documentWrite('late', [makeChunk('late', 0, { text: 'Only Later', pageStart: 2 })]),
      );
      await store.replaceDocument(
        other,
        documentWrite('acme', [makeChunk('acme', 0, { text: 'Initech Report' })]),
      );
      await store.close();
      await db.exec(`ALTER TABLE cairn_documents DROP COLUMN name_terms;
        UPDATE cairn_collections SET schema_version = 4;`);
      store = await openPostgresStore({ pglite: db });
      expect((await store.getDocument(scope, 'acme'))?.nameTerms).toEqual([
        'form',
        'acm',
        'rocket',
        'inc',
        'exact',
      ]);
      expect((await store.getDocument(scope, 'late'))?.nameTerms).toEqual([]);
      expect((await store.getDocument(other, 'acme'))?.nameTerms).toEqual(['initech', 'report']);
      await store.replaceDocument(scope, documentWrite('e', [makeChunk('e', 0)], { nameTerms: ['globex'] }));
      expect((await store.getDocument(scope, 'e'))?.nameTerms).toEqual(['globex']);
      expect((await store.getCollection('docs'))?.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    });

    it('upgrade a version-3 collection: byte sizes unknown for old records, kept for new ones', async () => {
      await fresh();
      await store.createCollection('docs', { model: 'm', dimension: 3 });
      const scope = { collection: 'docs', namespace: 'n1' };
      await store.replaceDocument(scope, documentWrite('d', [makeChunk('d', 0)]));
      await store.close();
      await db.exec(`DROP INDEX cairn_documents_ingested;
        ALTER TABLE cairn_documents DROP COLUMN byte_size;
        UPDATE cairn_collections SET schema_version = 3;`);
      store = await openPostgresStore({ pglite: db });
      expect(await store.getDocument(scope, 'd')).not.toHaveProperty('byteSize');
      await store.replaceDocument(
        scope,
        documentWrite('e', [makeChunk('e', 0)], { byteSize: 3_000_000_000 }),
      );
      expect((await store.getDocument(scope, 'e'))?.byteSize).toBe(3_000_000_000);
      expect(
        (await store.queryDocuments(scope, { sort: 'size' })).documents.map((doc) => doc.documentId),
      ).toEqual(['e', 'd']);
      expect((await store.getCollection('docs'))?.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    });

    it('upgrade a version-1 collection in place: title and file name become searchable', async () => {
      await fresh();
      await store.createCollection('docs', { model: 'm', dimension: 3 });
      await store.replaceDocument(
        { collection: 'docs', namespace: 'n1' },
        documentWrite('d', [makeChunk('d', 0, { text: 'body words only' })], {
          title: 'Quarterly Report',
          sourceName: 'acme-10q.pdf',
        }),
      );
      // Back to the version-1 layout: no lexical fields, no BM25 postings, the search vector over
      // text and headings only.
      const table = tableNameFor('docs');
      for (const sql of dropLexicalStatements(table)) await db.query(sql);
      await db.exec(`ALTER TABLE "${table}" DROP COLUMN lexical_length;
        ALTER TABLE "${table}" DROP COLUMN lexical_document;
        ALTER TABLE "${table}" DROP COLUMN context;
        ALTER TABLE "${table}" ADD COLUMN search tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('cairn_fold_english'::regconfig, content), 'D') ||
          setweight(to_tsvector('cairn_fold_english'::regconfig, heading_path), 'B')) STORED;
        UPDATE cairn_collections SET schema_version = 1;`);
      const reopened = await openPostgresStore({ pglite: db });
      const scope = { collection: 'docs', namespace: 'n1' };

      expect(
        (await reopened.lexicalSearch({ ...scope, query: 'quarterly', topK: 5 })).map((hit) => hit.chunk.id),
      ).toEqual(['d:0']);
      expect((await reopened.getCollection('docs'))?.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
      expect(
        (await reopened.lexicalSearch({ ...scope, query: 'acme', topK: 5 })).map((hit) => hit.chunk.id),
      ).toEqual(['d:0']);
      await reopened.close();
    });

    it('upgrade a version-2 collection to BM25 postings: per namespace, the scores of a collection made new', async () => {
      await fresh();
      const texts = [
        'The quick brown fox jumps over the lazy dog',
        'Foxes are quick and clever; quick foxes hunt at dusk',
        'A café serves strong coffee to running visitors',
        'Striped animals graze on the savanna at dusk',
      ];
      for (const name of ['old', 'new']) {
        await store.createCollection(name, { model: 'm', dimension: 3 });
        for (const namespace of ['n1', 'n2']) {
          const count = namespace === 'n1' ? texts.length : 2;
          await store.replaceDocument(
            { collection: name, namespace },
            documentWrite(
              'doc',
              texts
                .slice(0, count)
                .map((text, i) => makeChunk('doc', i, { text, headingPath: [`Part ${i}`] })),
              { title: 'Field notes', sourceName: 'notes.md' },
            ),
          );
        }
      }
      // Back to the version-2 layout: a generated tsvector with its GIN index, no postings.
      const table = tableNameFor('old');
      for (const sql of dropLexicalStatements(table)) await db.query(sql);
      await db.exec(`ALTER TABLE "${table}" DROP COLUMN lexical_length;
        ALTER TABLE "${table}" ADD COLUMN search tsvector GENERATED ALWAYS AS (${searchVector("'cairn_fold_english'::regconfig")}) STORED;
        CREATE INDEX "${table}_search" ON "${table}" USING gin (search);
        UPDATE cairn_collections SET schema_version = 2 WHERE name = 'old';`);
      const reopened = await openPostgresStore({ pglite: db });
      try {
        for (const namespace of ['n1', 'n2']) {
          for (const query of ['quick fox', 'dusk', 'field notes coffee', 'part 1 savanna']) {
            const scored = async (collection: string) =>
              (await reopened.lexicalSearch({ collection, namespace, query, topK: 10 })).map((hit) => [
                hit.chunk.id,
                hit.score,
              ]);
            const upgraded = await scored('old');
            expect(upgraded.length).toBeGreaterThan(0);
            expect(upgraded).toEqual(await scored('new'));
          }
        }
        expect((await reopened.getCollection('old'))?.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
        const { rows } = await db.query<{ search: number }>(
          "SELECT count(*)::int AS search FROM pg_attribute WHERE attrelid = $1::regclass AND attname = 'search' AND NOT attisdropped",
          [table],
        );
        expect(rows[0]?.search).toBe(0);
        // Deletes after the upgrade keep the statistics in step, as in a new collection.
        for (const name of ['old', 'new']) {
          await reopened.deleteChunks({ collection: name, namespace: 'n1' }, { ids: ['doc:1'] });
        }
        const afterDelete = async (collection: string) =>
          (await reopened.lexicalSearch({ collection, namespace: 'n1', query: 'quick dusk', topK: 10 })).map(
            (hit) => [hit.chunk.id, hit.score],
          );
        expect(await afterDelete('old')).toEqual(await afterDelete('new'));
      } finally {
        await reopened.close();
      }
    });

    it('upgrade a version-5 collection: chunks indexed with unfolded letters (µ, ς) score as in a collection made new', async () => {
      await fresh();
      const texts = [
        'A dose of 5 µg per kg lowered IL-6', // the micro sign, as typed on many keyboards
        'A dose of 10 μg per kg raised TNF-α', // the Greek mu of most published text
        'Ο λόγος του ΣΊΣΥΦΟΣ',
        'No units or Greek letters here',
      ];
      for (const name of ['old', 'new']) {
        await store.createCollection(name, { model: 'm', dimension: 3 });
        for (const namespace of ['n1', 'n2']) {
          await store.replaceDocument(
            { collection: name, namespace },
            documentWrite(
              'doc',
              texts.map((text, i) => makeChunk('doc', i, { text })),
            ),
          );
        }
      }
      // Back to the version-5 index of 'old': what the tokenizer wrote before it folded letters.
      const table = tableNameFor('old');
      await db.exec(`UPDATE "${table}_terms" SET term = 'µg' WHERE term = 'μg' AND id = 'doc:0';
        UPDATE "${table}_terms" SET term = 'λόγος' WHERE term = 'λόγοσ';
        UPDATE "${table}_terms" SET term = 'σίσυφος' WHERE term = 'σίσυφοσ';
        DELETE FROM "${table}_tstats";
        INSERT INTO "${table}_tstats" (namespace, term, chunks)
          SELECT namespace, term, count(*) FROM "${table}_terms" GROUP BY namespace, term;
        UPDATE cairn_collections SET schema_version = 5 WHERE name = 'old';`);
      const reopened = await openPostgresStore({ pglite: db });
      try {
        for (const namespace of ['n1', 'n2']) {
          for (const query of ['5 µg', 'μg per kg', 'λόγος', 'σίσυφος dose']) {
            const scored = async (collection: string) =>
              (await reopened.lexicalSearch({ collection, namespace, query, topK: 10 })).map((hit) => [
                hit.chunk.id,
                hit.score,
              ]);
            const upgraded = await scored('old');
            expect(upgraded.length, query).toBeGreaterThan(0);
            expect(upgraded, query).toEqual(await scored('new'));
          }
        }
        // Both spellings of the unit find both doses.
        const doses = await reopened.lexicalSearch({
          collection: 'old',
          namespace: 'n1',
          query: 'µg',
          topK: 10,
        });
        expect(doses.map((hit) => hit.chunk.id).sort()).toEqual(['doc:0', 'doc:1']);
        expect((await reopened.getCollection('old'))?.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
      } finally {
        await reopened.close();
      }
    });
  });

  describe('vectorType float16', () => {
    it('stores halfvec with a halfvec HNSW index and reads float16 values back', async () => {
      await fresh();
      await store.createCollection('half', { model: 'm', dimension: 4, vectorType: 'float16' });
      const info = { tableName: tableNameFor('half') };
      const columns = await db.query<{ type: string }>(
        `SELECT format_type(atttypid, atttypmod) AS type FROM pg_attribute WHERE attrelid = $1::regclass AND attname = 'embedding'`,
        [info.tableName],
      );
      expect(columns.rows[0]?.type).toBe('halfvec(4)');
      const indexes = await db.query<{ indexdef: string }>(
        'SELECT indexdef FROM pg_indexes WHERE tablename = $1',
        [info.tableName],
      );
      expect(indexes.rows.some((row) => /hnsw \(embedding halfvec_cosine_ops\)/.test(row.indexdef))).toBe(
        true,
      );
      const embedding = [0.1, -0.333333, 1 / 3, 12.34567];
      await store.upsertChunks({ collection: 'half' }, [
        makeChunk('h', 0, { embedding }),
        makeChunk('h', 1, { embedding: [-0.1, 0.333333, -1 / 3, -12.34567] }),
      ]);
      const stored = (await store.getEmbeddings({ collection: 'half' }, ['h:0'])).get('h:0')!;
      expect(stored).toEqual(embedding.map(float16));
      expect(stored).not.toEqual(embedding.map(Math.fround));
      const hits = await store.denseSearch({ collection: 'half', vector: embedding, topK: 2 });
      expect(hits.map((hit) => hit.chunk.id)).toEqual(['h:0', 'h:1']);
      expect(hits[0]!.score).toBeCloseTo(1, 3);
      await expect(
        store.createCollection('half', { model: 'm', dimension: 4, vectorType: 'float32' }),
      ).rejects.toMatchObject({ code: 'COLLECTION_CONFLICT' });
    });
  });

  describe('bulk loads', () => {
    const dimension = 8;
    const table = tableNameFor('bulk');
    const chunksOf = (count: number, prefix: string) => {
      const next = random(count);
      return Array.from({ length: count }, (_, i) =>
        makeChunk(`${prefix}${Math.floor(i / 10)}`, i % 10, {
          embedding: Array.from({ length: dimension }, () => next() - 0.5),
        }),
      );
    };
    /** The object id of the HNSW index (a rebuilt index has a new one; `null` when absent). */
    const indexOid = async () => {
      const { rows } = await db.query<{ hnsw: number | null }>(
        'SELECT to_regclass($1::text)::oid::int AS hnsw',
        [`${table}_embedding`],
      );
      return rows[0]!;
    };
    const rowCount = async () =>
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`)).rows[0]!.n;

    it('build the HNSW index again after the rows when a write outnumbers the table, in its transaction, and index every row for BM25', async () => {
      await fresh();
      await store.createCollection('bulk', { model: 'm', dimension });
      const before = await indexOid();
      expect(before.hnsw).not.toBeNull();
      // Fewer than BULK_WRITE_MIN_ROWS: the indexes are kept up to date row by row.
      await store.upsertChunks({ collection: 'bulk', namespace: 'a' }, chunksOf(999, 'small'));
      expect(await indexOid()).toEqual(before);
      // 1,500 into a table of 999: dropped, loaded, built again (new indexes).
      const loaded = chunksOf(1500, 'a');
      await store.upsertChunks({ collection: 'bulk', namespace: 'a' }, loaded);
      const rebuilt = await indexOid();
      expect(rebuilt.hnsw).not.toBeNull();
      expect(rebuilt.hnsw).not.toBe(before.hnsw);
      const { rows } = await db.query<{ indexdef: string }>(
        'SELECT indexdef FROM pg_indexes WHERE indexname = $1',
        [`${table}_embedding`],
      );
      expect(rows[0]?.indexdef).toMatch(/USING hnsw \(embedding vector_cosine_ops\)/);
      expect(await rowCount()).toBe(2499);
      const lexical = await store.lexicalSearch({
        collection: 'bulk',
        namespace: 'a',
        query: 'a149',
        topK: 20,
      });
      expect(lexical.map((hit) => hit.chunk.documentId).sort()).toEqual(Array(10).fill('a149'));
      for (const chunk of loaded.slice(0, 20)) {
        const [hit] = await store.denseSearch({
          collection: 'bulk',
          namespace: 'a',
          vector: chunk.embedding!,
          topK: 1,
        });
        expect(hit?.chunk.id).toBe(chunk.id);
      }
      // 1,500 into namespace b of a table of 2,499 (every namespace counts): kept, and b's rows are b's.
      await store.upsertChunks({ collection: 'bulk', namespace: 'b' }, chunksOf(1500, 'b'));
      expect(await indexOid()).toEqual(rebuilt);
      expect(await store.countChunks({ collection: 'bulk', namespace: 'b' })).toBe(1500);
      expect(await store.countChunks({ collection: 'bulk', namespace: 'a' })).toBe(2499);
    });

    it('lose nothing when the load fails after the indexes were dropped: rows and indexes roll back together', async () => {
      await fresh();
      await store.createCollection('bulk', { model: 'm', dimension });
      await store.upsertChunks({ collection: 'bulk' }, chunksOf(10, 'kept'));
      const before = await indexOid();
      await db.exec(`CREATE FUNCTION refuse_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.id = 'load150:0' THEN RAISE EXCEPTION 'refused %', NEW.id; END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER refuse_row BEFORE INSERT ON "${table}" FOR EACH ROW EXECUTE FUNCTION refuse_row();`);
      try {
        // Row 1,500 is in the second batch of 1,000: the first batch is written, the index dropped.
        await expect(store.upsertChunks({ collection: 'bulk' }, chunksOf(3000, 'load'))).rejects.toThrow(
          /refused load150:0/,
        );
      } finally {
        await db.exec(`DROP TRIGGER refuse_row ON "${table}"; DROP FUNCTION refuse_row();`);
      }
      expect(await indexOid()).toEqual(before);
      expect(await rowCount()).toBe(10);
      const [hit] = await store.denseSearch({
        collection: 'bulk',
        vector: chunksOf(10, 'kept')[3]!.embedding!,
        topK: 1,
      });
      expect(hit?.chunk.id).toBe('kept0:3');
      await store.upsertChunks({ collection: 'bulk' }, chunksOf(3000, 'load'));
      expect(await rowCount()).toBe(3010);
      expect((await indexOid()).hnsw).not.toBe(before.hnsw);
    });
  });

  describe('NUL characters', () => {
    it('become spaces in text, metadata and the registry, as on every backend', async () => {
      await fresh();
      await store.createCollection('docs', { model: 'm', dimension: 3, metadata: { 'o\0wner': 'm\0e' } });
      const raw = makeChunk('d', 0, {
        text: 'nul\0bytes\0inside',
        headingPath: ['Head\0ing'],
        metadata: { 'k\0ey': 'va\0lue', list: ['a\0', { 'n\0': 'x\0' }] },
      });
      const record = await store.replaceDocument(
        { collection: 'docs' },
        {
          ...documentOf('d', [raw], 'fo\0lder/d.md'),
          document: {
            ...documentOf('d', [raw], 'fo\0lder/d.md').document,
            title: 'T\0itle',
            metadata: { a: 'b\0' },
          },
        },
      );
      expect(record).toMatchObject({ sourceName: 'fo lder/d.md', title: 'T itle', metadata: { a: 'b ' } });
      expect(await store.getDocument({ collection: 'docs' }, 'd')).toEqual(record);
      const [stored] = await store.getChunks({ collection: 'docs' }, ['d:0']);
      expect(stored).toMatchObject({
        text: 'nul bytes inside',
        headingPath: ['Head ing'],
        metadata: { 'k ey': 'va lue', list: ['a ', { 'n ': 'x ' }] },
      });
      expect((await store.getCollection('docs'))?.metadata).toEqual({ 'o wner': 'm e' });
      expect((await store.lexicalSearch({ collection: 'docs', query: 'bytes', topK: 1 }))[0]?.chunk.id).toBe(
        'd:0',
      );
      expect(await store.countChunks({ collection: 'docs', filter: { 'k\0ey': 'va\0lue' } })).toBe(1);

      const sqlite = await openSqliteStore({ path: ':memory:' });
      await sqlite.createCollection('docs', { model: 'm', dimension: 3 });
      await sqlite.upsertChunks({ collection: 'docs' }, [raw]);
      const [fromSqlite] = await sqlite.getChunks({ collection: 'docs' }, ['d:0']);
      await sqlite.close();
      expect(fromSqlite).toEqual(stored);

      await expect(
        store.upsertChunks({ collection: 'docs' }, [makeChunk('bad\0id', 0)]),
      ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
      expect(await store.getChunks({ collection: 'docs' }, ['bad\0id:0'])).toEqual([]);
      expect(await store.deleteChunks({ collection: 'docs' }, { ids: ['d\0:0'] })).toEqual({
        chunks: 0,
        documents: 0,
      });
    });
  });

  describe('store.denseSearch with a filter matching 1% of rows', () => {
    const dimension = 24;
    const rows = 3000;
    let vectors: number[][];
    const next = random(7);
    const gaussian = () => Math.sqrt(-2 * Math.log(next() + 1e-12)) * Math.cos(2 * Math.PI * next());
    const centres = Array.from({ length: 16 }, () => Array.from({ length: dimension }, gaussian));
    const clustered = () => centres[Math.floor(next() * centres.length)]!.map((x) => x + 0.3 * gaussian());

    beforeAll(async () => {
      await fresh();
      await store.createCollection('big', { model: 'm', dimension });
      vectors = Array.from({ length: rows }, clustered);
      await store.upsertChunks(
        { collection: 'big' },
        vectors.map((embedding, i) =>
          makeChunk(`doc${Math.floor(i / 10)}`, i % 10, {
            embedding,
            metadata: { bucket: i % 100, rare: i % 1000 === 0 },
          }),
        ),
      );
    });

    it('returns topK rows that pass, through the HNSW index with iterative scans', async () => {
      const query = clustered();
      const exact = vectors
        .map((vector, i) => ({ i, score: cosine(query, vector) }))
        .filter(({ i }) => i % 100 === 7)
        .sort((a, b) => b.score - a.score)
        .slice(0, 10)
        .map(({ i }) => `doc${Math.floor(i / 10)}:${i % 10}`);
      const hits = await store.denseSearch({
        collection: 'big',
        vector: query,
        topK: 10,
        filter: { bucket: 7 },
      });
      expect(hits).toHaveLength(10);
      expect(hits.every((hit) => hit.chunk.metadata.bucket === 7)).toBe(true);
      const recall = hits.filter((hit) => exact.includes(hit.chunk.id)).length / 10;
      expect(recall).toBeGreaterThanOrEqual(0.8);
      expect(hits.map((hit) => hit.score)).toEqual([...hits.map((hit) => hit.score)].sort((a, b) => b - a));

      const params = new PostgresParams();
      const where = compilePostgresFilter(validateFilter({ bucket: 7 }), 'c.metadata', params);
      const statement = denseSearchSql({
        target: { location: tableNameFor('big'), collection: 'big', params, where },
        vector: vectorLiteral(Float32Array.from(query)),
        vectorType: `vector(${dimension})`,
        topK: 10,
        keepBest: false,
      });
      await asTenant('default', async (tx) => {
        await tx.query("SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true)");
        const plan = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement.sql}`, statement.params);
        expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(
          /Index Scan using \S+_embedding/,
        );
      });
    });

    it('answers exactly when the index scan gives up, or when fewer rows pass', async () => {
      const query = clustered();
      const rare = await store.denseSearch({
        collection: 'big',
        vector: query,
        topK: 10,
        filter: { rare: true },
      });
      expect(rare.map((hit) => hit.chunk.id).sort()).toEqual(['doc0:0', 'doc100:0', 'doc200:0']);
      const stingy = await openPostgresStore({ pglite: db, hnsw: { maxScanTuples: 20, efSearch: 10 } });
      const hits = await stingy.denseSearch({
        collection: 'big',
        vector: query,
        topK: 10,
        filter: { bucket: 3 },
      });
      await stingy.close();
      expect(hits).toHaveLength(10);
      expect(hits.every((hit) => hit.chunk.metadata.bucket === 3)).toBe(true);
    });
  });

  describe('store.lexicalSearch with keepBest when one source crowds the top', () => {
    // One source's 40 chunks outscore every other source's chunk, so the first candidates read
    // for their sources (4 per wanted hit) all come from it; the search must read on and still
    // return the best chunk of each of the next sources, as SQLite does.
    const chunks = [
      ...Array.from({ length: 40 }, (_, i) =>
        makeChunk('crowd', i, { sourceId: 'crowd', text: `alpha alpha alpha note ${i}` }),
      ),
      ...Array.from({ length: 5 }, (_, i) =>
        makeChunk(`single${i}`, 0, { sourceId: `single${i}`, text: `alpha ${'word '.repeat(i + 1)}end` }),
      ),
    ];

    beforeAll(async () => {
      await fresh();
      await store.createCollection('crowded', { model: 'm', dimension: 3 });
      await store.upsertChunks({ collection: 'crowded' }, chunks);
    });

    it('returns topK sources, each by its best chunk, with the scores SQLite gives', async () => {
      const sqlite = await openSqliteStore({ path: ':memory:' });
      try {
        await sqlite.createCollection('crowded', { model: 'm', dimension: 3 });
        await sqlite.upsertChunks({ collection: 'crowded' }, chunks);
        for (const topK of [1, 3, 6, 10]) {
          const request = { collection: 'crowded', query: 'alpha', topK, keepBest: true };
          const [fromPostgres, fromSqlite] = await Promise.all([
            store.lexicalSearch(request),
            sqlite.lexicalSearch(request),
          ]);
          expect(fromPostgres.map((hit) => hit.chunk.sourceId)).toEqual(
            fromSqlite.map((hit) => hit.chunk.sourceId),
          );
          expect(fromPostgres.map((hit) => hit.chunk.id)).toEqual(fromSqlite.map((hit) => hit.chunk.id));
          for (const [i, hit] of fromPostgres.entries())
            expect(hit.score).toBeCloseTo(fromSqlite[i]!.score, 6);
        }
        const six = await store.lexicalSearch({
          collection: 'crowded',
          query: 'alpha',
          topK: 6,
          keepBest: true,
        });
        expect(six.map((hit) => hit.chunk.sourceId).sort()).toEqual([
          'crowd',
          'single0',
          'single1',
          'single2',
          'single3',
          'single4',
        ]);
      } finally {
        await sqlite.close();
      }
    });
  });

  describe('store.hybridSearch', () => {
    const words = ['river', 'stone', 'cairn', 'trail', 'summit', 'valley', 'ridge', 'meadow'];
    let chunks: StoredChunk[];

    beforeAll(async () => {
      await fresh();
      await store.createCollection('mix', { model: 'm', dimension: 6 });
      const next = random(11);
      chunks = Array.from({ length: 60 }, (_, i) =>
        makeChunk(`doc${i}`, 0, {
          sourceId: `src${i % 7}`,
          text: Array.from({ length: 6 }, () => words[Math.floor(next() * words.length)]).join(' '),
          embedding: Array.from({ length: 6 }, () => next() - 0.5),
          metadata: { even: i % 2 === 0 },
        }),
      );
      await store.upsertChunks({ collection: 'mix' }, chunks);
    });

    it('fuses in SQL exactly as reciprocalRankFusion fuses the two searches', async () => {
      const scope = { collection: 'mix', filter: { even: true } };
      const vector = chunks[4]!.embedding as number[];
      const query = 'cairn summit';
      const dense = await store.denseSearch({ ...scope, vector, topK: 20 });
      const lexical = await store.lexicalSearch({ ...scope, query, topK: 20 });
      const expected = reciprocalRankFusion([dense, lexical], { k: 60 }).slice(0, 10);
      const hits = await store.hybridSearch({ ...scope, vector, query, topK: 10, candidates: 20 });
      expect(hits.map((hit) => hit.chunk.id)).toEqual(expected.map((hit) => hit.chunk.id));
      hits.forEach((hit, i) => {
        expect(hit.score).toBeCloseTo(expected[i]!.score, 12);
        expect(hit.scores.fused).toBe(hit.score);
        if (expected[i]!.scores.dense !== undefined)
          expect(hit.scores.dense).toBeCloseTo(expected[i]!.scores.dense!, 6);
        else expect(hit.scores.dense).toBeUndefined();
        if (expected[i]!.scores.lexical !== undefined)
          expect(hit.scores.lexical).toBeCloseTo(expected[i]!.scores.lexical!, 6);
        else expect(hit.scores.lexical).toBeUndefined();
        expect(hit.chunk.metadata.even).toBe(true);
      });
      expect(hits[0]!.chunk.id).toBe('doc4:0');
    });

    it('weights, keeps the best per source, drops weak dense candidates, and runs on text without words', async () => {
      const vector = chunks[9]!.embedding as number[];
      const lexicalOnly = await store.hybridSearch({
        collection: 'mix',
        vector,
        query: 'ridge',
        topK: 5,
        weights: [0, 1],
      });
      const lexical = await store.lexicalSearch({ collection: 'mix', query: 'ridge', topK: 5 });
      expect(lexicalOnly.map((hit) => hit.chunk.id)).toEqual(lexical.map((hit) => hit.chunk.id));
      const best = await store.hybridSearch({
        collection: 'mix',
        vector,
        query: 'ridge',
        topK: 10,
        keepBest: true,
      });
      expect(new Set(best.map((hit) => hit.chunk.sourceId)).size).toBe(best.length);
      expect(best).toHaveLength(7);
      const strict = await store.hybridSearch({
        collection: 'mix',
        vector,
        query: '!!!',
        topK: 10,
        minSimilarity: 0.5,
      });
      expect(strict.every((hit) => hit.scores.dense! >= 0.5 && hit.scores.lexical === undefined)).toBe(true);
      expect(strict[0]?.chunk.id).toBe('doc9:0');
      await store.createCollection('words');
      await expect(
        store.hybridSearch({ collection: 'words', vector, query: 'ridge', topK: 5 }),
      ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
      await expect(
        store.hybridSearch({ collection: 'mix', vector, query: 'ridge', topK: 5, weights: [1] as never }),
      ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', argument: 'weights' });
    });
  });
});

/** Rounds to the nearest IEEE 754 half-precision value (ties away from zero; ties do not occur here). */
function float16(value: number): number {
  if (value === 0) return 0;
  const exponent = Math.max(Math.floor(Math.log2(Math.abs(value))), -14);
  const step = 2 ** (exponent - 10);
  return Math.round(value / step) * step;
}

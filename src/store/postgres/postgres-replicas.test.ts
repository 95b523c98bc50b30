import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeOnPostgresReplica,
  type ReplicatedDatabase,
  waitForReplay,
} from '../../../test/support/postgres-replica.js';
import { documentWrite, storedChunk } from '../../../test/support/store-records.js';
import { openStore } from '../../engine/store-schemes.js';
import { createPgDriver } from './pg-driver.js';
import { PostgresBackend } from './postgres-backend.js';
import type { PostgresDriver } from './postgres-driver.js';
import { parsePostgresStoreOptions } from './postgres-options.js';
import { type ReplicaConsistency, ReplicaRouter, replicaUrlParameters } from './postgres-replicas.js';
import { openPostgresStore, PostgresStore } from './postgres-store.js';

describe('replicaUrlParameters', () => {
  it('takes replica=HOST:PORT (the primary’s user, password and database) and replicaConsistency out of the URL', () => {
    expect(
      replicaUrlParameters(
        'postgres://u:p%40ss@db1:5432/cairn?sslmode=disable&replica=db2:5433&replica=10.0.0.3:6543&replicaConsistency=eventual',
      ),
    ).toEqual({
      url: 'postgres://u:p%40ss@db1:5432/cairn?sslmode=disable',
      replicas: [
        'postgres://u:p%40ss@db2:5433/cairn?sslmode=disable',
        'postgres://u:p%40ss@10.0.0.3:6543/cairn?sslmode=disable',
      ],
      consistency: 'eventual',
    });
  });

  it('takes a whole percent-encoded URL as a replica, and leaves a URL without replicas as it is', () => {
    const other = 'postgres://reader:x@db9:5432/cairn';
    expect(replicaUrlParameters(`postgres://u@db1/cairn?replica=${encodeURIComponent(other)}`)).toEqual({
      url: 'postgres://u@db1/cairn',
      replicas: [other],
    });
    const plain = 'postgres://u:p@db1:5432/cairn?sslmode=require';
    expect(replicaUrlParameters(plain)).toEqual({ url: plain, replicas: [] });
  });

  it('refuses a malformed replica or consistency, naming the parameter', () => {
    expect(() => replicaUrlParameters('postgres://u@db1/c?replica=a/b')).toThrow(
      /replica=a\/b must be HOST:PORT/,
    );
    expect(() => replicaUrlParameters('postgres://u@db1/c?replicaConsistency=strong')).toThrow(
      /replicaConsistency must be session or eventual/,
    );
  });

  it('refuses replicas without a primary server URL', () => {
    expect(() =>
      parsePostgresStoreOptions({ pglite: 'memory://', replicas: ['postgres://u@db2/c'] }),
    ).toThrow(/replicas/);
  });
});

/** A driver that counts the transactions it completed (the searches a replica served). */
function counting(driver: PostgresDriver): { driver: PostgresDriver; served: () => number } {
  let served = 0;
  return {
    driver: {
      kind: driver.kind,
      async transaction(work) {
        const value = await driver.transaction(work);
        served += 1;
        return value;
      },
      ping: () => driver.ping(),
      close: () => driver.close(),
    },
    served: () => served,
  };
}

/** A store on `database` whose one replica counts what it serves. */
async function routedStore(database: ReplicatedDatabase, consistency: ReplicaConsistency) {
  const options = parsePostgresStoreOptions({ url: database.url, replicaConsistency: consistency });
  const primary = await createPgDriver(database.url, options.pool);
  const replica = counting(await createPgDriver(database.replicaUrl, options.pool));
  const router = new ReplicaRouter(primary, [replica.driver], consistency);
  const store = new PostgresStore(new PostgresBackend(primary, { ...options, replicaRouter: router }));
  return { store, served: replica.served };
}

/** Document `id` with one chunk whose text holds the word `word`, embedded near `[1, n, 0]`. */
function doc(id: string, word: string, n: number) {
  return documentWrite(id, [storedChunk(id, 0, { text: `a note about ${word}`, embedding: [1, n, 0] })], {
    contentHash: `h-${id}`,
  });
}

describeOnPostgresReplica('read replicas (CAIRN_TEST_POSTGRES_REPLICA_URL)', (database) => {
  const scope = { collection: 'docs' };
  beforeAll(async () => {
    const store = await openPostgresStore({ url: database().url });
    try {
      await store.createCollection('docs', { model: 'm', dimension: 3 });
    } finally {
      await store.close();
    }
  });

  describe('session consistency (the default)', () => {
    let routed: Awaited<ReturnType<typeof routedStore>>;
    beforeAll(async () => {
      routed = await routedStore(database(), 'session');
    });
    afterAll(async () => {
      await routed?.store.close();
    });

    it('a search right after an ingest through the same store finds what it wrote', async () => {
      const words = ['heron', 'otter', 'lichen', 'basalt', 'tundra'];
      for (const [i, word] of words.entries()) {
        await routed.store.replaceDocument(scope, doc(`s${i}`, word, i + 1));
        const lexical = await routed.store.lexicalSearch({ ...scope, query: word, topK: 3 });
        expect(lexical.map((hit) => hit.chunk.id)).toEqual([`s${i}:0`]);
        const dense = await routed.store.denseSearch({ ...scope, vector: [1, i + 1, 0], topK: 1 });
        expect(dense[0]?.chunk.id).toBe(`s${i}:0`);
        const hybrid = await routed.store.hybridSearch({
          ...scope,
          query: word,
          vector: [1, i + 1, 0],
          topK: 1,
        });
        expect(hybrid[0]?.chunk.id).toBe(`s${i}:0`);
      }
    });

    it('searches run on the replica once it has replayed the last write; other reads stay on the primary', async () => {
      await waitForReplay(database().url, database().replicaUrl);
      const before = routed.served();
      const hits = await routed.store.lexicalSearch({ ...scope, query: 'otter', topK: 3 });
      expect(hits.map((hit) => hit.chunk.id)).toEqual(['s1:0']);
      expect(routed.served()).toBe(before + 1);
      const dense = await routed.store.denseSearch({ ...scope, vector: [1, 3, 0], topK: 1 });
      expect(dense[0]?.chunk.id).toBe('s2:0');
      expect(routed.served()).toBe(before + 2);

      expect(await routed.store.getDocument(scope, 's1')).toMatchObject({ documentId: 's1', chunkCount: 1 });
      expect(await routed.store.countChunks(scope)).toBe(5);
      expect((await routed.store.getChunks(scope, ['s3:0']))[0]?.text).toBe('a note about basalt');
      expect(routed.served()).toBe(before + 2);
    });

    it('a deleted document is gone from the next search', async () => {
      await routed.store.deleteChunks(scope, { documentIds: ['s4'] });
      expect(await routed.store.lexicalSearch({ ...scope, query: 'tundra', topK: 3 })).toEqual([]);
    });
  });

  describe('eventual consistency', () => {
    let routed: Awaited<ReturnType<typeof routedStore>>;
    beforeAll(async () => {
      routed = await routedStore(database(), 'eventual');
    });
    afterAll(async () => {
      await routed?.store.close();
    });

    it('every search runs on the replica, and finds a write once the replica has replayed it', async () => {
      await routed.store.replaceDocument(scope, doc('e0', 'glacier', 9));
      const before = routed.served();
      // Right after the ingest the replica may not have replayed it yet: the hit may be missing.
      const early = await routed.store.lexicalSearch({ ...scope, query: 'glacier', topK: 3 });
      expect(early.map((hit) => hit.chunk.id)).toEqual(early.length === 0 ? [] : ['e0:0']);
      expect(routed.served()).toBe(before + 1);
      await waitForReplay(database().url, database().replicaUrl);
      const late = await routed.store.lexicalSearch({ ...scope, query: 'glacier', topK: 3 });
      expect(late.map((hit) => hit.chunk.id)).toEqual(['e0:0']);
      expect(routed.served()).toBe(before + 2);
    });
  });

  it('a replica that cannot be reached is skipped: the primary answers', async () => {
    const store = await openPostgresStore({
      url: database().url,
      replicas: ['postgres://cairn:none@127.0.0.1:1/nothing'],
    });
    try {
      expect(store.replicas).toEqual({ count: 1, consistency: 'session' });
      for (let i = 0; i < 2; i++) {
        const hits = await store.lexicalSearch({ ...scope, query: 'heron', topK: 3 });
        expect(hits.map((hit) => hit.chunk.id)).toEqual(['s0:0']);
      }
    } finally {
      await store.close();
    }
  });

  it('replica=HOST:PORT in the store URL (as --db and CAIRN_DB give it) opens the replica', async () => {
    const replicaHost = new URL(database().replicaUrl).host;
    const url = new URL(database().url);
    url.searchParams.append('replica', replicaHost);
    url.searchParams.append('replicaConsistency', 'eventual');
    const store = (await openStore(url.toString())) as PostgresStore;
    try {
      expect(store.replicas).toEqual({ count: 1, consistency: 'eventual' });
      await waitForReplay(database().url, database().replicaUrl);
      const hits = await store.lexicalSearch({ ...scope, query: 'lichen', topK: 3 });
      expect(hits.map((hit) => hit.chunk.id)).toEqual(['s2:0']);
    } finally {
      await store.close();
    }
  });
});

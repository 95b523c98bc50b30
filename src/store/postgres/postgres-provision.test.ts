import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPglite } from '../../../test/support/pglite.js';
import { storedChunk } from '../../../test/support/store-records.js';
import { createEngine } from '../../engine/engine.js';
import { openPostgresStore } from './postgres-store.js';

describe('PostgreSQL store: provision: false', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await freshPglite();
  });
  afterAll(() => db.close());

  it('creates nothing on the side, while the explicit admin calls issue their DDL', async () => {
    const store = await openPostgresStore({ pglite: db, provision: false });
    expect(store.provision).toBe(false);
    const engine = await createEngine({ store });
    const report = await engine.ingestSource({
      name: 'a.md',
      bytes: new TextEncoder().encode('# A\n\nAlpha.'),
    });
    expect(report).toMatchObject({ status: 'failed' });
    expect(report.reason).toMatch(/provision: false/);
    expect(await store.getCollection('default')).toBeUndefined();

    await store.ensureRegistry();
    expect(await store.createCollection('default', { model: null, dimension: null })).toMatchObject({
      name: 'default',
    });
    expect(
      await engine.ingestSource({ name: 'a.md', bytes: new TextEncoder().encode('# A\n\nAlpha.') }),
    ).toMatchObject({ status: 'ingested' });

    // An outdated collection is not upgraded on the side.
    await db.exec('UPDATE cairn_collections SET schema_version = 1');
    await expect(store.countChunks({ collection: 'default' })).rejects.toThrow(
      /needs an upgrade.*provision: false/,
    );
    await db.exec('UPDATE cairn_collections SET schema_version = 2');
    expect(await store.dropCollection('default')).toBe(true);
    await store.close();
  });

  it('defaults to provisioning', async () => {
    const store = await openPostgresStore({ pglite: db });
    expect(store.provision).toBe(true);
    await store.close();
  });
});

describe('PostgreSQL store: vector index on demand', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await freshPglite();
  });
  afterAll(() => db.close());

  it('reports the index a collection has, builds IVFFlat or HNSW on demand, and keeps IVFFlat across a bulk load', async () => {
    const store = await openPostgresStore({ pglite: db, ivfflat: { probes: 4 } });
    const scope = { collection: 'v' };
    await store.createCollection('v', { model: 'm', dimension: 3 });
    const vector = (i: number) => [Math.cos(i), Math.sin(i), 0.5];
    const chunks = (from: number, n: number) =>
      Array.from({ length: n }, (_, k) => storedChunk(`d${from + k}`, 0, { embedding: vector(from + k) }));
    await store.upsertChunks(scope, chunks(0, 50));
    expect(await store.vectorIndex('v')).toMatchObject({ method: 'hnsw' });

    expect(await store.buildVectorIndex('v', { method: 'ivfflat' })).toMatchObject({ method: 'ivfflat' });
    expect(await store.vectorIndex('v')).toMatchObject({ method: 'ivfflat' });
    const hits = await store.denseSearch({ ...scope, vector: vector(7), topK: 3 });
    expect(hits[0]!.chunk.documentId).toBe('d7');

    // A bulk load drops the index and builds it again as it was defined.
    await store.upsertChunks(scope, chunks(50, 1100));
    expect(await store.vectorIndex('v')).toMatchObject({ method: 'ivfflat' });

    expect(await store.buildVectorIndex('v')).toMatchObject({ method: 'hnsw' });
    expect(await store.vectorIndex('v')).toMatchObject({ method: 'hnsw' });
    await store.createCollection('lex');
    await expect(store.buildVectorIndex('lex')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(await store.vectorIndex('lex')).toBeUndefined();
    await expect(store.vectorIndex('absent')).rejects.toMatchObject({ code: 'COLLECTION_NOT_FOUND' });
    await expect(store.buildVectorIndex('v', { method: 'ivfflat', lists: 0 })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    await store.close();
  });
});

import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../engine/engine.js';
import { createPglite } from './pglite-driver.js';
import { openPostgresStore } from './postgres-store.js';

describe('PostgreSQL store: provision: false', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await createPglite();
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

import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe } from 'vitest';
import { runStoreContract } from '../store.contract.js';
import { createPglite } from './pglite-driver.js';
import { openPostgresStore } from './postgres-store.js';

/** A data directory after `initdb`, so that later databases skip it (about 1 s instead of 5–10 s). */
let template: Promise<Blob> | undefined;

async function freshPglite(): Promise<PGlite> {
  if (template === undefined) {
    template = (async () => {
      const db = await createPglite();
      const dump = await db.dumpDataDir('none');
      await db.close();
      return dump;
    })();
  }
  return createPglite({ loadDataDir: await template });
}

/** Drops every cairn table, so the next store starts empty. Role, extensions and text-search configuration stay. */
async function dropCairnTables(db: { query(sql: string): Promise<unknown> }): Promise<void> {
  await db.query(`DO $$
DECLARE t record;
BEGIN
  FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename LIKE 'cairn\\_%' LOOP
    EXECUTE format('DROP TABLE %I CASCADE', t.tablename);
  END LOOP;
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
    { float16: true },
  );
});

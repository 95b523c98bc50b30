/**
 * Registry-level helpers: the DDL lock, whether the schema is in place, checking an existing
 * table against a collection definition, and running DDL with helpful errors. All run as the
 * connecting owner, outside any namespace.
 * @module
 */
import { ConfigError, SchemaError } from '../../core/errors.js';
import type { StoredCollection } from '../collection/backend.js';
import type { PostgresQueryable } from './postgres-driver.js';
import {
  DDL_LOCK_KEY,
  DESCRIBE_TABLE_SQL,
  DOCUMENTS_TABLE,
  embeddingType,
  foldedConfigName,
  type PostgresSchemaSettings,
  REGISTRY_TABLE,
} from './postgres-schema.js';

/** Takes the transaction-level advisory lock that serialises DDL. */
export async function lockDdl(tx: PostgresQueryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1::text))', [DDL_LOCK_KEY]);
}

/**
 * Takes the transaction-level advisory lock under which a write drops and rebuilds one
 * collection's indexes (a bulk load, or a large write into a nearly empty table). Without it, two
 * such writes in different namespaces each read the table and then both ask for it exclusively to
 * drop an index: a deadlock, in which PostgreSQL aborts one of them. Take it before the
 * transaction touches the collection's tables.
 * @param location The collection's table name.
 * @param wait Wait for the lock (true), or give up at once when another transaction holds it.
 * @returns Whether the lock is held.
 */
export async function lockIndexRebuild(
  tx: PostgresQueryable,
  location: string,
  wait: boolean,
): Promise<boolean> {
  const key = `cairn.rebuild:${location}`;
  if (wait) {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1::text))', [key]);
    return true;
  }
  const { rows } = await tx.query<{ held: boolean }>(
    'SELECT pg_try_advisory_xact_lock(hashtext($1::text)) AS held',
    [key],
  );
  return rows[0]?.held === true;
}

/**
 * True when what scoped work needs is in place: the registry and documents tables, the
 * application role and the folding text-search configuration (so `migrate()` has run with these
 * settings, or with ones that share them).
 */
export async function schemaExists(
  tx: PostgresQueryable,
  settings: PostgresSchemaSettings,
): Promise<boolean> {
  const { rows } = await tx.query<{ exists: boolean }>(
    'SELECT to_regclass($1::text) IS NOT NULL AND to_regclass($2::text) IS NOT NULL ' +
      'AND EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $3::text) ' +
      'AND EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = $4::text AND cfgnamespace = current_schema()::regnamespace) AS exists',
    [REGISTRY_TABLE, DOCUMENTS_TABLE, settings.appRole, foldedConfigName(settings)],
  );
  return rows[0]?.exists === true;
}

/**
 * Compares an existing table's embedding column with a collection definition, before any DDL.
 * @throws {SchemaError} naming both dimensions (or types) when they differ.
 */
export async function checkCollectionTable(
  tx: PostgresQueryable,
  info: Pick<StoredCollection, 'name' | 'location' | 'dimension' | 'vectorType'>,
): Promise<void> {
  const { rows } = await tx.query<{ exists: boolean; type_name: string | null; dimension: number | null }>(
    DESCRIBE_TABLE_SQL,
    [info.location],
  );
  const table = rows[0];
  if (table === undefined || !table.exists) return;
  const actual =
    table.type_name === null
      ? 'no embedding column (lexical-only)'
      : `${table.type_name}(${table.dimension}) embeddings (${table.dimension} dimensions)`;
  const expected = embeddingType(info);
  const wanted =
    expected === null
      ? 'no embeddings (lexical-only)'
      : `${expected} embeddings (${info.dimension} dimensions)`;
  const matches =
    expected === null
      ? table.type_name === null
      : table.type_name === (info.vectorType === 'float16' ? 'halfvec' : 'vector') &&
        table.dimension === info.dimension;
  if (!matches) {
    throw new SchemaError(
      `collection "${info.name}": table ${info.location} holds ${actual}, but the collection is defined with ${wanted}; ` +
        'nothing was changed. Drop and recreate the collection, or use its existing dimension',
    );
  }
}

/** Runs one DDL statement, turning a missing extension into a {@link ConfigError} that says what to install. */
export async function runDdl(tx: PostgresQueryable, sql: string): Promise<void> {
  try {
    await tx.query(sql);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const extension = /extension "(vector|unaccent)"/.exec(message)?.[1];
    if (extension !== undefined) {
      throw new ConfigError(
        `the PostgreSQL store needs the ${extension === 'vector' ? 'pgvector (vector)' : 'unaccent'} extension, ` +
          `and the server could not create it (${message}); install it on the server (pgvector 0.8 or newer; ` +
          'unaccent ships with PostgreSQL contrib) or create it as a superuser. On PGlite, create the database ' +
          'with createPglite(), which loads both',
      );
    }
    throw error;
  }
}

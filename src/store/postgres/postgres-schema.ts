/**
 * The PostgreSQL layout, as lists of statements that can be inspected without a database.
 *
 * Shared tables (created by {@link migrationStatements}):
 * - `cairn_collections`: the registry, one row per collection (name, table name, model, dimension,
 *   vector type, schema version, created time, JSONB metadata). Not namespaced.
 * - `cairn_documents`: one row per document, keyed by collection, namespace and document id.
 *
 * One chunk table per collection (from {@link collectionStatements}), named by `tableNameFor`:
 * `namespace`, `id` (primary key with `namespace`), `document_id`, `source_id`, `ordinal`,
 * `content`, `heading_path` (JSONB array), page range, `token_count`, `indivisible`, `metadata`
 * (JSONB), `embedding` (`vector(d)` or `halfvec(d)`, absent in a lexical-only collection) with an
 * HNSW cosine index, `lexical_length` (its BM25 length) and timestamps. Ids sort by code point
 * (`COLLATE "C"`). Beside it, the BM25 postings and statistics tables of `postgres-lexical.ts`.
 *
 * Every namespaced table has row-level security enabled and one policy for the application role:
 * a row is visible and writable only when its `namespace` equals the transaction-local setting.
 * The owner (who runs migrations) is not subject to it; scoped work always switches role first.
 * @module
 */
import type { StoredCollection } from '../collection/backend.js';
import {
  byteSizeColumnDdl,
  DOCUMENTS_DATE_INDEX,
  DOCUMENTS_TABLE,
  nameTermsColumnDdl,
  REGISTRY_TABLE,
  sharedTablesDdl,
} from '../sql/sql-rows.js';
import { quoteIdentifier, quoteLiteral } from './postgres-identifiers.js';
import { dropLexicalStatements, lexicalStatements, lexicalTables } from './postgres-lexical.js';
import { vectorOperatorClass } from './postgres-metric.js';
import { FOLDED_CONFIG_PREFIX } from './postgres-options.js';
import type { SqlStatement } from './postgres-params.js';

/** Layout version of collections this library creates and reads. */
export const CURRENT_SCHEMA_VERSION = 6;
export { DOCUMENTS_TABLE, REGISTRY_TABLE };
/** Name of the row-level-security policy on every namespaced table. */
export const POLICY_NAME = 'cairn_namespace';
/** Largest dimension pgvector's HNSW index accepts, per column type; larger collections search exactly. */
export const HNSW_MAX_DIMENSION = { float32: 2000, float16: 4000 } as const;
/** Key of the transaction-level advisory lock that serialises migrations and collection DDL. */
export const DDL_LOCK_KEY = 'cairn.ddl';

/** The names migrations and scoped transactions use; each a validated identifier. */
export interface PostgresSchemaSettings {
  /** Non-privileged role scoped work runs as. */
  appRole: string;
  /** Transaction-local setting holding the namespace (`prefix.name`). */
  namespaceSetting: string;
  /** Base text-search configuration, e.g. `english`. */
  textSearchConfig: string;
}

/** The text-search configuration collections index with: the base one plus accent folding. */
export function foldedConfigName(settings: Pick<PostgresSchemaSettings, 'textSearchConfig'>): string {
  return `${FOLDED_CONFIG_PREFIX}${settings.textSearchConfig}`;
}

/**
 * Every statement `migrate()` runs, in order: extensions, the folding text-search configuration,
 * the application role, the registry and documents tables with their index, policy and grants.
 * Each is idempotent. (Before them, `migrate()` takes {@link DDL_LOCK_KEY} and checks existing
 * collection tables against the registry; after them it refreshes each collection's policy.)
 */
export function migrationStatements(settings: PostgresSchemaSettings): string[] {
  const role = quoteIdentifier(settings.appRole);
  const roleLiteral = quoteLiteral(settings.appRole);
  const folded = foldedConfigName(settings);
  return [
    'CREATE EXTENSION IF NOT EXISTS vector',
    'CREATE EXTENSION IF NOT EXISTS unaccent',
    `DO $cairn$
DECLARE
  mapping record;
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM pg_ts_config WHERE cfgname = ${quoteLiteral(folded)} AND cfgnamespace = current_schema()::regnamespace
  ) THEN
    CREATE TEXT SEARCH CONFIGURATION ${quoteIdentifier(folded)} (COPY = ${quoteIdentifier(settings.textSearchConfig)});
    FOR mapping IN
      SELECT t.alias, string_agg(m.mapdict::regdictionary::text, ', ' ORDER BY m.mapseqno) AS dictionaries
      FROM pg_ts_config_map AS m
      JOIN pg_ts_config AS c ON c.oid = m.mapcfg
      CROSS JOIN LATERAL ts_token_type(c.cfgparser) AS t
      WHERE m.mapcfg = ${quoteLiteral(settings.textSearchConfig)}::regconfig AND t.tokid = m.maptokentype
        AND t.alias IN ('word', 'hword', 'hword_part')
      GROUP BY t.alias
    LOOP
      EXECUTE format('ALTER TEXT SEARCH CONFIGURATION %I ALTER MAPPING FOR %s WITH unaccent, %s',
        ${quoteLiteral(folded)}, mapping.alias, mapping.dictionaries);
    END LOOP;
  END IF;
END
$cairn$`,
    `DO $cairn$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = ${roleLiteral}) THEN
    CREATE ROLE ${role} NOLOGIN NOINHERIT NOBYPASSRLS;
  END IF;
  IF current_setting('server_version_num')::int >= 160000 THEN
    IF NOT pg_has_role(current_user, ${roleLiteral}, 'SET') THEN
      EXECUTE format('GRANT %I TO %I WITH SET TRUE', ${roleLiteral}, current_user);
    END IF;
  ELSIF NOT pg_has_role(current_user, ${roleLiteral}, 'MEMBER') THEN
    EXECUTE format('GRANT %I TO %I', ${roleLiteral}, current_user);
  END IF;
  EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I', current_schema(), ${roleLiteral});
END
$cairn$`,
    ...sharedTablesDdl({
      key: 'text COLLATE "C"',
      text: 'text',
      integer: 'integer',
      bigInteger: 'bigint',
      json: 'jsonb',
      timestamp: 'timestamptz',
      tableSuffix: '',
    }),
    ...documentColumnStatements(),
    `GRANT SELECT ON ${REGISTRY_TABLE} TO ${role}`,
    ...policyStatements(DOCUMENTS_TABLE, settings),
  ];
}

/**
 * What version-5 collections rely on in the shared documents table: the `byte_size` column (null:
 * unknown), the `name_terms` column (null: not read) and the index that pages listings by
 * ingested time. Idempotent; run by the migration, the upgrades to versions 4 and 5 and whenever
 * a collection is created (the table may predate all three).
 */
export function documentColumnStatements(): string[] {
  // Checked in the catalog first, so a repeated migration takes no exclusive lock on a live table.
  return [
    `DO $cairn$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM pg_attribute
    WHERE attrelid = ${quoteLiteral(DOCUMENTS_TABLE)}::regclass AND attname = 'byte_size' AND NOT attisdropped
  ) THEN
    ${byteSizeColumnDdl('bigint')};
  END IF;
  IF NOT EXISTS (
    SELECT 1 FROM pg_attribute
    WHERE attrelid = ${quoteLiteral(DOCUMENTS_TABLE)}::regclass AND attname = 'name_terms' AND NOT attisdropped
  ) THEN
    ${nameTermsColumnDdl('jsonb')};
  END IF;
END
$cairn$`,
    DOCUMENTS_DATE_INDEX,
  ];
}

/**
 * Row-level security for one namespaced table, as one idempotent block: enable it, create the
 * policy for the application role, grant the role row access. Each step runs only when the
 * catalog shows it is missing or different (a policy for another role or setting is replaced),
 * so a repeated migration takes no exclusive lock on a live table. The setting name reaches the
 * policy as a literal (validated); the namespace itself is only ever a bound parameter of `set_config`.
 */
export function policyStatements(tableName: string, settings: PostgresSchemaSettings): string[] {
  const table = quoteIdentifier(tableName);
  const relation = `${quoteLiteral(table)}::regclass`;
  const role = quoteIdentifier(settings.appRole);
  const roleLiteral = quoteLiteral(settings.appRole);
  const current = `current_setting(${quoteLiteral(settings.namespaceSetting)}, true)`;
  // How pg_get_expr prints the policy's condition, to recognise one that is already in place.
  const printed = quoteLiteral(
    `(namespace = current_setting(${quoteLiteral(settings.namespaceSetting)}::text, true))`,
  );
  const privileges = ['SELECT', 'INSERT', 'UPDATE', 'DELETE']
    .map((privilege) => `has_table_privilege(${roleLiteral}, ${relation}, '${privilege}')`)
    .join(' AND ');
  return [
    `DO $cairn$
BEGIN
  IF NOT (SELECT relrowsecurity FROM pg_class WHERE oid = ${relation}) THEN
    ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
  END IF;
  IF NOT EXISTS (
    SELECT 1 FROM pg_policies
    WHERE schemaname = current_schema() AND tablename = ${quoteLiteral(tableName)} AND policyname = '${POLICY_NAME}'
      AND permissive = 'PERMISSIVE' AND cmd = 'ALL' AND roles = ARRAY[${roleLiteral}]::name[]
      AND qual = ${printed} AND with_check = ${printed}
  ) THEN
    DROP POLICY IF EXISTS ${POLICY_NAME} ON ${table};
    CREATE POLICY ${POLICY_NAME} ON ${table} AS PERMISSIVE FOR ALL TO ${role}
      USING (namespace = ${current}) WITH CHECK (namespace = ${current});
  END IF;
  IF NOT (${privileges}) THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON ${table} TO ${role};
  END IF;
END
$cairn$`,
  ];
}

/** The SQL column type of a collection's embeddings, e.g. `vector(384)`; `null` when lexical-only. */
export function embeddingType(info: Pick<StoredCollection, 'dimension' | 'vectorType'>): string | null {
  if (info.dimension === null) return null;
  return `${info.vectorType === 'float16' ? 'halfvec' : 'vector'}(${info.dimension})`;
}

/** Whether a collection's embeddings get an HNSW index (pgvector caps the indexed dimension). */
export function hasHnswIndex(info: Pick<StoredCollection, 'dimension' | 'vectorType'>): boolean {
  return info.dimension !== null && info.dimension <= HNSW_MAX_DIMENSION[info.vectorType];
}

/**
 * The generated `tsvector` of a chunk of a version-2 collection: its text (weight class D), its
 * heading path (B), its document's title and source name (A) and its contextualizer text (C).
 * Version 3 replaced it with BM25 postings; upgrade step 1 → 2 still adds it.
 * @param config The text-search configuration, as a SQL `regconfig` literal.
 */
export function searchVector(config: string): string {
  return (
    `setweight(to_tsvector(${config}, content), 'D') || setweight(to_tsvector(${config}, heading_path), 'B') || ` +
    `setweight(to_tsvector(${config}, lexical_document), 'A') || setweight(to_tsvector(${config}, context), 'C')`
  );
}

/**
 * DDL of one collection: the chunk table, its indexes and its policy. Idempotent (`IF NOT
 * EXISTS`), so a table left without a registry row is adopted once its dimension has been checked.
 */
export function collectionStatements(
  info: Pick<StoredCollection, 'location' | 'dimension' | 'vectorType'>,
  settings: PostgresSchemaSettings,
): string[] {
  const table = quoteIdentifier(info.location);
  const name = (suffix: string) => quoteIdentifier(`${info.location}_${suffix}`);
  const vectorColumn = embeddingType(info);
  const statements = [
    `CREATE TABLE IF NOT EXISTS ${table} (
  namespace text COLLATE "C" NOT NULL,
  id text COLLATE "C" NOT NULL,
  document_id text COLLATE "C" NOT NULL,
  source_id text COLLATE "C" NOT NULL,
  ordinal integer NOT NULL,
  content text NOT NULL,
  heading_path jsonb NOT NULL DEFAULT '[]',
  page_start integer NOT NULL,
  page_end integer NOT NULL,
  token_count integer NOT NULL,
  indivisible boolean NOT NULL DEFAULT false,
  metadata jsonb NOT NULL DEFAULT '{}',${vectorColumn === null ? '' : `\n  embedding ${vectorColumn} NOT NULL,`}
  lexical_document text NOT NULL DEFAULT '',
  context text NOT NULL DEFAULT '',
  lexical_length integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (namespace, id)
)`,
    `CREATE INDEX IF NOT EXISTS ${name('document')} ON ${table} (namespace, document_id)`,
    `CREATE INDEX IF NOT EXISTS ${name('source')} ON ${table} (namespace, source_id)`,
    ...lexicalStatements(info.location),
  ];
  if (hasHnswIndex(info)) statements.push(hnswIndexStatement(info));
  return [...statements, ...namespacedTables(info.location).flatMap((t) => policyStatements(t, settings))];
}

/** A collection's tables that hold rows of namespaces: the chunk table and its lexical tables. */
export function namespacedTables(location: string): string[] {
  const lexical = lexicalTables(location);
  return [location, lexical.postings, lexical.termStats, lexical.stats];
}

/** The name of a version-2 collection table's GIN index on `search`. */
export function searchIndexName(location: string): string {
  return `${location}_search`;
}

/** DDL creating a version-2 collection table's GIN full-text index (idempotent). */
export function searchIndexStatement(location: string): string {
  return `CREATE INDEX IF NOT EXISTS ${quoteIdentifier(searchIndexName(location))} ON ${quoteIdentifier(location)} USING gin (search)`;
}

/** The name of a collection table's HNSW index on `embedding`. */
export function hnswIndexName(location: string): string {
  return `${location}_embedding`;
}

/**
 * DDL creating a collection table's HNSW index with its metric's operators (idempotent); only
 * where {@link hasHnswIndex}.
 */
export function hnswIndexStatement(
  info: Pick<StoredCollection, 'location' | 'vectorType' | 'metric'>,
): string {
  const operators = vectorOperatorClass(info.vectorType, info.metric);
  return (
    `CREATE INDEX IF NOT EXISTS ${quoteIdentifier(hnswIndexName(info.location))} ` +
    `ON ${quoteIdentifier(info.location)} USING hnsw (embedding ${operators})`
  );
}

/** DDL dropping a collection's chunk table (its indexes, trigger and policy go with it) and its lexical tables. */
export function dropCollectionStatements(tableName: string): string[] {
  return [`DROP TABLE IF EXISTS ${quoteIdentifier(tableName)}`, ...dropLexicalStatements(tableName)];
}

/**
 * The statements that pin a transaction to one namespace with row-level security in force:
 * switch to the application role, then set the namespace setting, both transaction-local. The
 * role is interpolated (validated, quoted): PostgreSQL has no bind form for it. The setting name
 * and the namespace are bound parameters.
 */
export function isolationStatements(settings: PostgresSchemaSettings, namespace: string): SqlStatement[] {
  return [
    { sql: `SET LOCAL ROLE ${quoteIdentifier(settings.appRole)}`, params: [] },
    { sql: 'SELECT set_config($1::text, $2::text, true)', params: [settings.namespaceSetting, namespace] },
  ];
}

/**
 * {@link isolationStatements} as one statement (one round trip, what every scoped transaction
 * sends): `set_config('role', …, true)` is `SET LOCAL ROLE` (the same check of membership), and
 * here the role is bound like the setting and the namespace.
 */
export function isolationStatement(settings: PostgresSchemaSettings, namespace: string): SqlStatement {
  return {
    sql: "SELECT set_config('role', $1::text, true), set_config($2::text, $3::text, true)",
    params: [settings.appRole, settings.namespaceSetting, namespace],
  };
}

/**
 * The query that describes an existing table: whether it exists and the type and dimension of its
 * `embedding` column (`atttypmod` is pgvector's declared dimension). Parameter: the table name.
 */
export const DESCRIBE_TABLE_SQL =
  'SELECT to_regclass($1::text) IS NOT NULL AS exists, ' +
  '(SELECT t.typname FROM pg_attribute AS a JOIN pg_type AS t ON t.oid = a.atttypid ' +
  "WHERE a.attrelid = to_regclass($1::text) AND a.attname = 'embedding' AND NOT a.attisdropped) AS type_name, " +
  '(SELECT a.atttypmod FROM pg_attribute AS a ' +
  "WHERE a.attrelid = to_regclass($1::text) AND a.attname = 'embedding' AND NOT a.attisdropped) AS dimension";

import { describe, expect, it } from 'vitest';
import { validateFilter } from '../../core/filter/validate-filter.js';
import { compilePostgresFilter } from './postgres-filter.js';
import { safeIdentifier, safeSettingName } from './postgres-identifiers.js';
import { parsePostgresStoreOptions } from './postgres-options.js';
import { PostgresParams as SqlParams } from './postgres-params.js';
import {
  collectionStatements,
  isolationStatement,
  isolationStatements,
  migrationStatements,
} from './postgres-schema.js';
import { tsqueryText } from './postgres-tsquery.js';

const settings = { appRole: 'cairn_app', namespaceSetting: 'cairn.namespace', textSearchConfig: 'english' };

describe('tsqueryText', () => {
  it('quotes each word and joins them with OR, reading nothing as syntax', () => {
    expect(tsqueryText('NEAR(a b) -x')).toBe("'NEAR' | 'a' | 'b' | 'x'");
    expect(tsqueryText('it\'s "quoted" a:b & c | !d <-> e\\f')).toBe(
      "'it' | 's' | 'quoted' | 'a' | 'b' | 'c' | 'd' | 'e' | 'f'",
    );
    expect(tsqueryText('café Ünïcode')).toBe("'café' | 'Ünïcode'");
    for (const text of ['', '   ', '!!!', "'", '\\', '()']) expect(tsqueryText(text)).toBeUndefined();
  });
});

describe('compilePostgresFilter', () => {
  it('binds every key and value; the SQL text holds none of them', () => {
    const hostile = "x'); DROP TABLE cairn_collections; --";
    const params = new SqlParams();
    const sql = compilePostgresFilter(
      validateFilter({
        [hostile]: hostile,
        [`a.${hostile}`]: { $gt: hostile },
        n: { $in: [1, hostile, null] },
      }),
      'c.metadata',
      params,
    );
    expect(sql).not.toContain('DROP');
    expect(sql).not.toContain(hostile);
    expect(JSON.stringify(params.values)).toContain('DROP TABLE');
    expect(sql).toMatch(/^\(.*\)$/s);
  });

  it('reads an index-like segment only through an object, as the filter language walks objects', () => {
    const params = new SqlParams();
    const sql = compilePostgresFilter(validateFilter({ 'tags.0': 'a' }), 'c.metadata', params);
    expect(sql).toContain('jsonb_typeof(c.metadata #> $');
    expect(params.values).toContainEqual(['tags']);
    const plain = new SqlParams();
    expect(compilePostgresFilter(validateFilter({ 'a.b': 1 }), 'c.metadata', plain)).not.toContain(
      'CASE WHEN jsonb_typeof(c.metadata',
    );
  });

  it('binds paths and values as validateFilter cleaned them (NUL → space), as stored metadata is', () => {
    const params = new SqlParams();
    compilePostgresFilter(validateFilter({ 'k\0ey': 'va\0lue' }), 'c.metadata', params);
    expect(params.values).toEqual(['["va lue"]', ['k ey']]);
  });

  it('compiles empty logical nodes to constants and refuses a foreign column', () => {
    expect(compilePostgresFilter(validateFilter({}), 'c.metadata', new SqlParams())).toBe('TRUE');
    expect(compilePostgresFilter(validateFilter({ t: { $in: [] } }), 'c.metadata', new SqlParams())).toBe(
      'FALSE',
    );
    expect(() => compilePostgresFilter(validateFilter({ a: 1 }), 'metadata; --', new SqlParams())).toThrow();
  });
});

describe('identifiers and options', () => {
  it('accepts plain lower-case identifiers and prefixed settings only', () => {
    expect(safeIdentifier('cairn_app', 'appRole')).toBe('cairn_app');
    for (const bad of ['', 'Cairn', 'a-b', 'a b', '"x"', '1abc', 'x'.repeat(64), 7]) {
      expect(() => safeIdentifier(bad, 'appRole')).toThrow(/appRole/);
    }
    expect(safeSettingName('cairn.namespace', 'namespaceSetting')).toBe('cairn.namespace');
    for (const bad of ['namespace', 'a.b.c', '.a', 'a.', "a.b'", 'A.b']) {
      expect(() => safeSettingName(bad, 'namespaceSetting')).toThrow(/namespaceSetting/);
    }
  });

  it('fills modest defaults', () => {
    const options = parsePostgresStoreOptions({ url: 'postgresql://u@h/db' });
    expect(options).toMatchObject({
      appRole: 'cairn_app',
      namespaceSetting: 'cairn.namespace',
      textSearchConfig: 'english',
      pool: { size: 5, overflow: 5, prePing: true },
      hnsw: { efSearch: 40, maxScanTuples: 20_000 },
    });
  });
});

describe('schema statements', () => {
  it('binds the namespace and interpolates only the validated role', () => {
    const [role, setting] = isolationStatements(settings, "x'; RESET ROLE; --");
    expect(role).toEqual({ sql: 'SET LOCAL ROLE "cairn_app"', params: [] });
    expect(setting?.sql).toBe('SELECT set_config($1::text, $2::text, true)');
    expect(setting?.params).toEqual(['cairn.namespace', "x'; RESET ROLE; --"]);
  });

  it('pins a transaction in one statement, every value bound', () => {
    const statement = isolationStatement(settings, "x'; RESET ROLE; --");
    expect(statement.sql).toBe(
      "SELECT set_config('role', $1::text, true), set_config($2::text, $3::text, true)",
    );
    expect(statement.params).toEqual(['cairn_app', 'cairn.namespace', "x'; RESET ROLE; --"]);
  });

  it('describes a collection table: halfvec, HNSW up to pgvector’s limit, BM25 tables and trigger, policies', () => {
    const half = collectionStatements(
      { location: 'cairn_c_x', dimension: 3000, vectorType: 'float16' },
      settings,
    );
    expect(half.join('\n')).toContain('embedding halfvec(3000) NOT NULL');
    expect(half.join('\n')).toContain('USING hnsw (embedding halfvec_cosine_ops)');
    const wide = collectionStatements(
      { location: 'cairn_c_y', dimension: 3000, vectorType: 'float32' },
      settings,
    );
    expect(wide.join('\n')).not.toContain('hnsw');
    const lexical = collectionStatements(
      { location: 'cairn_c_z', dimension: null, vectorType: 'float32' },
      settings,
    );
    expect(lexical.join('\n')).not.toContain('embedding');
    expect(lexical.join('\n')).not.toContain('tsvector');
    expect(lexical.join('\n')).toContain('lexical_length integer NOT NULL');
    expect(lexical.join('\n')).toContain('CREATE TABLE IF NOT EXISTS "cairn_c_z_terms"');
    expect(lexical.join('\n')).toContain(
      'AFTER DELETE ON "cairn_c_z" REFERENCING OLD TABLE AS gone FOR EACH STATEMENT',
    );
    for (const table of ['cairn_c_z', 'cairn_c_z_terms', 'cairn_c_z_tstats', 'cairn_c_z_lstats']) {
      expect(lexical.join('\n')).toContain(`CREATE POLICY cairn_namespace ON "${table}"`);
    }
    expect(lexical.join('\n')).toContain("USING (namespace = current_setting('cairn.namespace', true))");
    expect(migrationStatements(settings).every((sql) => !sql.includes('${'))).toBe(true);
  });
});

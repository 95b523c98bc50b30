/**
 * The PostgreSQL dialect: `$n::type` placeholders, `= ANY(text[])` lists, `jsonb` filters, and no
 * namespace condition at all — row-level security confines every scoped statement.
 * @module
 */
import type { FilterNode } from '../../core/filter/filter-node.js';
import type { SqlDialect, SqlParams } from '../sql/sql-dialect.js';
import { compilePostgresFilter } from './postgres-filter.js';
import { quoteIdentifier } from './postgres-identifiers.js';
import { PostgresParams } from './postgres-params.js';
import { EMBEDDING_TEXT, isoTime, vectorFromText } from './postgres-rows.js';

/** The PostgreSQL {@link SqlDialect}. */
export const postgresDialect: SqlDialect = {
  name: 'postgres',
  params: () => new PostgresParams(),
  quote: quoteIdentifier,
  inList(column, values, params) {
    return `${column} = ANY(${params.bind(values, 'text[]')})`;
  },
  /** Row-level security confines every scoped statement; none names the namespace. */
  namespaceCondition: () => undefined,
  filter(filter: FilterNode, column: string, params: SqlParams) {
    return compilePostgresFilter(filter, column, params as PostgresParams);
  },
  trueLiteral: 'TRUE',
  forShare: ' FOR SHARE',
  embeddingColumn: EMBEDDING_TEXT,
  // Both drivers parse jsonb into JavaScript values.
  readJson: <T>(value: unknown) => value as T,
  readBool: (value) => value === true,
  readTime: (value) => isoTime(value as Date | string),
  readEmbedding: (value) => vectorFromText(String(value)),
};

/**
 * Listing pages and metadata facets of the documents table, written once for every SQL engine:
 * one `SELECT … ORDER BY … LIMIT … OFFSET` and one `count(*)` per page, two grouped reads of the
 * records' metadata for the facets. The rules are `src/core/document-query.ts`'s; what differs in
 * SQL text between engines (ASCII case folding, code-point order, substring tests, walking a JSON
 * object) is a {@link DocumentListingSql} each backend supplies.
 * @module
 */
import {
  asciiLower,
  type DocumentFacet,
  type DocumentFacetsOptions,
  type DocumentPage,
  type FacetValue,
  type ResolvedDocumentQuery,
} from '../../core/document-query.js';
import type { DocumentRecord } from '../../core/types.js';
import type { SqlConnection, SqlParams } from './sql-dialect.js';
import { DOCUMENT_COLUMNS, DOCUMENTS_TABLE, type DocumentRow } from './sql-rows.js';

/** The engine-specific pieces of the listing and facet statements. */
export interface DocumentListingSql {
  /** `expression` with A-Z lower-cased and every other character kept. */
  asciiLower(expression: string): string;
  /** Appended to an `ORDER BY` or `PARTITION` key to compare text by code point (`''` where that is the default). */
  readonly codePoint: string;
  /** True when `text` contains `needle` (both SQL expressions), compared character by character. */
  contains(text: string, needle: string): string;
  /**
   * A `FROM` item that walks the top-level fields of the JSON column `column` as alias `alias`,
   * with the expressions of each field's key, of its value's JSON text (`"x"`, `1.5`, `true`), and
   * of the condition that the value is a string, number or boolean.
   */
  metadataFields(column: string, alias: string): { from: string; key: string; json: string; scalar: string };
}

/** The sort keys of a listing after the filters: each sort then document id ascending. */
function orderBy(sql: DocumentListingSql, query: ResolvedDocumentQuery): string {
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  switch (query.sort) {
    case undefined:
      return `d.document_id ${direction}`;
    case 'name':
      return `${sql.asciiLower('coalesce(d.title, d.source_name)')}${sql.codePoint} ${direction}, d.document_id`;
    case 'date':
      return `d.ingested_at ${direction}, d.document_id`;
    case 'size':
      return `(d.byte_size IS NULL), d.byte_size ${direction}, d.document_id`;
    case 'chunks':
      return `d.chunk_count ${direction}, d.document_id`;
  }
}

/** The conditions of `query` beyond the namespace scope, with their parameters bound. */
function conditions(sql: DocumentListingSql, query: ResolvedDocumentQuery, params: SqlParams): string[] {
  const parts: string[] = [];
  if (query.q !== '') {
    const needle = asciiLower(query.q);
    const fields = ['d.document_id', 'd.source_name', "coalesce(d.title, '')"];
    const tests = fields.map((field) => sql.contains(sql.asciiLower(field), params.bind(needle, 'text')));
    parts.push(`(${tests.join(' OR ')})`);
  }
  for (const [field, value] of query.metadata) {
    const each = sql.metadataFields('d.metadata', 'm');
    parts.push(
      `EXISTS (SELECT 1 FROM ${each.from} WHERE ${each.key} = ${params.bind(field, 'text')} AND ${each.scalar} ` +
        `AND ${each.json} = ${params.bind(JSON.stringify(value), 'text')})`,
    );
  }
  return parts;
}

/**
 * One page of the records in `scope` (the namespace conditions `documentScope` builds), by the
 * rules of `src/core/document-query.ts`.
 */
export async function queryDocumentPage(
  tx: SqlConnection,
  input: {
    sql: DocumentListingSql;
    params: () => SqlParams;
    scope: (params: SqlParams) => string[];
    read: (row: DocumentRow) => DocumentRecord;
    query: ResolvedDocumentQuery;
  },
): Promise<DocumentPage> {
  const { sql, query } = input;
  const pageParams = input.params();
  const pageWhere = [...input.scope(pageParams), ...conditions(sql, query, pageParams)].join(' AND ');
  const rows = await tx.all<DocumentRow>({
    sql:
      `SELECT ${DOCUMENT_COLUMNS} FROM ${DOCUMENTS_TABLE} AS d WHERE ${pageWhere} ORDER BY ${orderBy(sql, query)} ` +
      `LIMIT ${pageParams.bind(query.limit, 'int')} OFFSET ${pageParams.bind(query.offset, 'int')}`,
    params: pageParams.values,
  });
  const countParams = input.params();
  const countWhere = [...input.scope(countParams), ...conditions(sql, query, countParams)].join(' AND ');
  const [count] = await tx.all<{ n: number | string }>({
    sql: `SELECT count(*) AS n FROM ${DOCUMENTS_TABLE} AS d WHERE ${countWhere}`,
    params: countParams.values,
  });
  return { documents: rows.map(input.read), total: Number(count?.n ?? 0), offset: query.offset };
}

/**
 * The facets of the records in `scope`: the `maxFields` fields most records have (ties by name,
 * code point), then each one's `maxValues` commonest values (ties by JSON text, code point).
 */
export async function queryDocumentFacets(
  tx: SqlConnection,
  input: {
    sql: DocumentListingSql;
    params: () => SqlParams;
    scope: (params: SqlParams) => string[];
    options: Required<DocumentFacetsOptions>;
  },
): Promise<DocumentFacet[]> {
  const { sql, options } = input;
  const each = sql.metadataFields('d.metadata', 'j');
  const fieldParams = input.params();
  const fieldRows = await tx.all<{ field: string; n: number | string }>({
    sql:
      `SELECT ${each.key} AS field, count(*) AS n FROM ${DOCUMENTS_TABLE} AS d, ${each.from} ` +
      `WHERE ${[...input.scope(fieldParams), each.scalar].join(' AND ')} ` +
      `GROUP BY ${each.key} ORDER BY n DESC, ${each.key}${sql.codePoint} LIMIT ${fieldParams.bind(options.maxFields, 'int')}`,
    params: fieldParams.values,
  });
  if (fieldRows.length === 0) return [];
  const valueParams = input.params();
  const where = [
    ...input.scope(valueParams),
    each.scalar,
    `${each.key} IN (${fieldRows.map((row) => valueParams.bind(row.field, 'text')).join(', ')})`,
  ].join(' AND ');
  const valueRows = await tx.all<{ field: string; value_json: string; n: number | string }>({
    sql:
      `SELECT field, value_json, n FROM (SELECT ${each.key} AS field, ${each.json} AS value_json, count(*) AS n, ` +
      `row_number() OVER (PARTITION BY ${each.key} ORDER BY count(*) DESC, ${each.json}${sql.codePoint}) AS rank ` +
      `FROM ${DOCUMENTS_TABLE} AS d, ${each.from} WHERE ${where} GROUP BY ${each.key}, ${each.json}) AS r ` +
      `WHERE rank <= ${valueParams.bind(options.maxValues, 'int')} ORDER BY rank`,
    params: valueParams.values,
  });
  const values = new Map<string, Array<{ value: FacetValue; count: number }>>();
  for (const row of valueRows) {
    const list = values.get(row.field) ?? [];
    list.push({ value: JSON.parse(row.value_json) as FacetValue, count: Number(row.n) });
    values.set(row.field, list);
  }
  return fieldRows.map((row) => ({
    field: row.field,
    documents: Number(row.n),
    values: values.get(row.field) ?? [],
  }));
}

/**
 * Compiles a {@link FilterNode} to a PostgreSQL boolean expression over a `jsonb` metadata column.
 *
 * Everything that comes from the caller is a bound parameter: metadata paths travel as `text[]`
 * (read with `#>`), compared values as `jsonb`, `numeric` or `text`. The SQL text depends only on
 * the filter's shape. (Strings in paths and values are already cleaned like stored metadata by
 * `validateFilter`, so a filter finds what was written.)
 * @module
 */
import type { ComparisonNode, FilterNode, FilterPath } from '../../core/filter/filter-node.js';
import { compileFilterTree } from '../sql/sql-filter.js';
import type { PostgresParams } from './postgres-params.js';

const COLUMN = /^[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*$/;
/** A path segment `jsonb #>` would read as an array index (it parses text with `strtol`). */
const INDEX_LIKE = /^\s*[+-]?\d+$/;
const RANGE_OPERATORS = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/**
 * Compiles a filter tree into a boolean SQL expression that is never `NULL` (a missing field makes
 * a comparison false, not unknown), so `NOT` is an exact complement. Semantics are those of
 * {@link FilterNode}: JSON types must match, strings order by code point (`COLLATE "C"`), a
 * comparison against an array matches when any element does, and paths walk objects only.
 *
 * @param node A tree from `validateFilter`.
 * @param column The `jsonb` column, e.g. `c.metadata`; an identifier of our own (checked).
 * @param params Receives the bound values.
 * @returns The expression; `TRUE` for the match-everything filter.
 */
export function compilePostgresFilter(node: FilterNode, column: string, params: PostgresParams): string {
  if (!COLUMN.test(column)) throw new Error(`compilePostgresFilter: bad column reference ${column}`);
  // `$headingPath` conditions read the heading path's jsonb array beside the metadata.
  const headings = column.replace(/metadata$/, 'heading_path');
  return compileFilterTree(node, {
    trueLiteral: 'TRUE',
    falseLiteral: 'FALSE',
    exists: (leaf) =>
      leaf.field === 'headingPath'
        ? `(jsonb_array_length(${headings}) > 0)`
        : `(${fieldExpression(leaf.path, column, params)} IS NOT NULL)`,
    comparison: (leaf) => compileComparison(leaf, leaf.field === 'headingPath' ? headings : column, params),
  });
}

/**
 * The `jsonb` value at `path`, or SQL `NULL` when it is missing. `#>` reads a segment such as `"0"`
 * as an index when it meets an array; the filter language walks objects only, so for each such
 * segment the value before it must be an object.
 */
function fieldExpression(path: FilterPath, column: string, params: PostgresParams): string {
  const value = `(${column} #> ${params.bind(path, 'text[]')})`;
  const guards: string[] = [];
  path.forEach((segment, index) => {
    if (index > 0 && INDEX_LIKE.test(segment)) {
      guards.push(`jsonb_typeof(${column} #> ${params.bind(path.slice(0, index), 'text[]')}) = 'object'`);
    }
  });
  return guards.length === 0 ? value : `(CASE WHEN ${guards.join(' AND ')} THEN ${value} END)`;
}

/**
 * `(SELECT CASE WHEN v IS NULL THEN FALSE WHEN v is an array THEN <any element passes> ELSE
 * <v passes> END FROM (SELECT <field> AS v))`: the field is read once per row.
 */
function compileComparison(node: ComparisonNode, column: string, params: PostgresParams): string {
  const test = elementTest(node, params);
  if (test === undefined) return 'FALSE';
  const field = fieldExpression(node.path, column, params);
  return (
    `(SELECT CASE WHEN fv.v IS NULL THEN FALSE ` +
    `WHEN jsonb_typeof(fv.v) = 'array' THEN EXISTS (SELECT 1 FROM jsonb_array_elements(fv.v) AS el(v) WHERE ${test('el.v')}) ` +
    `ELSE ${test('fv.v')} END FROM (SELECT ${field} AS v) AS fv)`
  );
}

/** The test one scalar (or array element) must pass, as a function of the expression naming it. */
function elementTest(node: ComparisonNode, params: PostgresParams): ((value: string) => string) | undefined {
  if (node.op === 'eq' || node.op === 'in') {
    const values = node.op === 'eq' ? [node.value] : node.value;
    if (values.length === 0) return undefined;
    // Containment in an array of scalars is type-aware equality: "1" ≠ 1, true ≠ 1, null = null only.
    const list = params.bind(JSON.stringify(values), 'jsonb');
    return (value) => `(${list} @> jsonb_build_array(${value}))`;
  }
  const operator = RANGE_OPERATORS[node.op];
  if (typeof node.value === 'number') {
    const operand = params.bind(node.value, 'numeric');
    return (value) =>
      `(CASE WHEN jsonb_typeof(${value}) = 'number' THEN (${value})::numeric ${operator} ${operand} ELSE FALSE END)`;
  }
  const operand = params.bind(node.value, 'text');
  return (value) =>
    `(CASE WHEN jsonb_typeof(${value}) = 'string' THEN (${value} #>> '{}') COLLATE "C" ${operator} ${operand} ELSE FALSE END)`;
}

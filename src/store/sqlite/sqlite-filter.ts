/**
 * Compiles a {@link FilterNode} to a SQLite `WHERE` fragment over a JSON metadata column.
 *
 * Everything that comes from the caller travels as a bound parameter: JSON paths (built by
 * {@link sqliteJsonPath}), compared values and `$in` lists (one JSON array parameter each, so the
 * SQL text depends only on the filter's shape and prepared statements can be reused).
 * @module
 */
import type { FilterScalar } from '../../core/filter/filter.js';
import type { ComparisonNode, FilterNode, FilterPath } from '../../core/filter/filter-node.js';
import { compileFilterTree } from '../sql/sql-filter.js';

/** A value better-sqlite3 can bind. */
export type SqlValue = string | number | bigint | Buffer | null;

/** A piece of SQL with its positional (`?`) parameters, in order. */
export interface SqlFragment {
  sql: string;
  params: SqlValue[];
}

const COLUMN = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/;
const NUMBER_TYPES = ['integer', 'real'] as const;
const OPERATORS = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/**
 * The SQLite JSON path of a metadata path: `$` followed by `."segment"` per level, each segment
 * written as a JSON string literal, so quotes, backslashes, dots, spaces, `[`, `$`, control
 * characters and SQL text inside a key are plain data. Bind the result; never splice it into SQL.
 * @example `sqliteJsonPath(['a b', 'c"d'])` → `$."a b"."c\"d"`
 */
export function sqliteJsonPath(path: FilterPath): string {
  return `$${path.map((segment) => `.${JSON.stringify(segment)}`).join('')}`;
}

/** Binds one value and returns its placeholder (`?`); values bind in the order they are passed. */
export type Bind = (value: SqlValue) => string;

/**
 * Compiles a filter tree into a boolean SQL expression. The expression is never `NULL` (a missing
 * field makes a comparison false, not unknown), so `NOT` is an exact complement.
 *
 * @param node A tree from `validateFilter`.
 * @param column The JSON text column to read, e.g. `c.metadata`; an identifier of our own, never
 *   user input (checked).
 * @param bind Receives each value in text order; parameters are never spliced into the SQL.
 * @returns The expression; `1` for the match-everything filter.
 */
export function compileSqliteFilter(node: FilterNode, column: string, bind: Bind): string {
  if (!COLUMN.test(column)) throw new Error(`compileSqliteFilter: bad column reference ${column}`);
  const headings = headingColumn(column);
  return compileFilterTree(node, {
    trueLiteral: '1',
    falseLiteral: '0',
    exists: (leaf) =>
      leaf.field === 'headingPath'
        ? `(json_array_length(${headings}) > 0)`
        : `(json_type(${column}, ${bind(sqliteJsonPath(leaf.path))}) IS NOT NULL)`,
    comparison: (leaf) => compileComparison(leaf, leaf.field === 'headingPath' ? headings : column, bind),
  });
}

/**
 * The heading path's JSON array column beside a metadata column (`c.metadata` → `c.heading_path`),
 * which `$headingPath` conditions read (see `OnField`).
 */
function headingColumn(column: string): string {
  return column.replace(/metadata$/, 'heading_path');
}

/** {@link compileSqliteFilter} with its own parameter list. */
export function sqliteFilterFragment(node: FilterNode, column: string): SqlFragment {
  const params: SqlValue[] = [];
  const sql = compileSqliteFilter(node, column, (value) => {
    params.push(value);
    return '?';
  });
  return { sql, params };
}

/** One JSON type class a comparison accepts, with the test applied to values of that class. */
interface ClassTest {
  types: readonly string[];
  /** `= > >= < <=` against `operand`, `IN` against the JSON array `operand`; none: type alone. */
  operator?: string;
  operand?: SqlValue;
}

/**
 * `CASE json_type(path) WHEN 'array' THEN <any element passes> WHEN <type> THEN <test> … ELSE 0 END`.
 * `json_type` tells JSON `true` from the number 1 and a JSON `null` from a missing field, which
 * `json_extract` alone cannot.
 */
function compileComparison(node: ComparisonNode, column: string, bind: Bind): string {
  const tests = classTests(node);
  if (tests.length === 0) return '0';
  const path = sqliteJsonPath(node.path);
  // Parameters bind in text order, so each piece is built left to right.
  let sql = `(CASE json_type(${column}, ${bind(path)})`;
  sql += ` WHEN 'array' THEN EXISTS (SELECT 1 FROM json_each(${column}, ${bind(path)}) AS je WHERE `;
  const elementTests = tests.map((test) => {
    const types = `je.type IN (${test.types.map(quote).join(', ')})`;
    return test.operator === undefined ? types : `(${types} AND je.value ${operation(test, bind)})`;
  });
  sql += `${elementTests.join(' OR ')})`;
  for (const test of tests) {
    for (const type of test.types) {
      const outcome =
        test.operator === undefined ? '1' : `json_extract(${column}, ${bind(path)}) ${operation(test, bind)}`;
      sql += ` WHEN ${quote(type)} THEN ${outcome}`;
    }
  }
  return `${sql} ELSE 0 END)`;
}

function operation(test: ClassTest, bind: Bind): string {
  const operand = bind(test.operand ?? null);
  return test.operator === 'IN'
    ? `IN (SELECT value FROM json_each(${operand}))`
    : `${test.operator} ${operand}`;
}

function classTests(node: ComparisonNode): ClassTest[] {
  if (node.op !== 'in') return [classTest(node.value, OPERATORS[node.op])];
  const strings: string[] = [];
  const numbers: number[] = [];
  const flags = new Set<string>();
  for (const value of node.value) {
    if (typeof value === 'string') strings.push(value);
    else if (typeof value === 'number') numbers.push(value);
    else flags.add(flagType(value));
  }
  const tests: ClassTest[] = [];
  if (strings.length > 0) tests.push({ types: ['text'], operator: 'IN', operand: JSON.stringify(strings) });
  if (numbers.length > 0)
    tests.push({ types: NUMBER_TYPES, operator: 'IN', operand: JSON.stringify(numbers) });
  if (flags.size > 0) tests.push({ types: [...flags] });
  return tests;
}

function classTest(value: FilterScalar, operator: string): ClassTest {
  if (typeof value === 'string') return { types: ['text'], operator, operand: value };
  if (typeof value === 'number') return { types: NUMBER_TYPES, operator, operand: value };
  return { types: [flagType(value)] };
}

function flagType(value: boolean | null): string {
  if (value === null) return 'null';
  return value ? 'true' : 'false';
}

function quote(type: string): string {
  return `'${type}'`;
}

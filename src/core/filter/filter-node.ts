/**
 * The normalised form of a {@link Filter}: a small tree every store compiles to its own query
 * language. {@link validateFilter} is the only producer.
 *
 * Negations are already pushed into the tree, so a backend implements exactly six comparison
 * operators, `exists`, and the three logical nodes:
 * - `$ne: v` is `not(cmp eq v)`, `$nin: vs` is `not(cmp in vs)`, `$exists: false` is `not(exists)`.
 *   A negation is the exact complement of what it wraps, so **`$ne` and `$nin` match chunks whose
 *   field is missing** (as in MongoDB), and `$not` matches every chunk its operand does not.
 * @module
 */
import type { FilterScalar } from './filter.js';

/** A path into chunk metadata: one key per nesting level (`"a.b"` is `['a', 'b']`). */
export type FilterPath = readonly string[];

/** Ordering operators; they compare numbers with numbers and strings with strings only. */
export type RangeOperator = 'gt' | 'gte' | 'lt' | 'lte';

/**
 * A comparison of the field at `path` against a value.
 *
 * Semantics every backend implements:
 * - The field's JSON type must match the operand's: a number never equals the string `"1"`,
 *   `true` never equals `1`. `null` matches an explicit JSON `null` only (not a missing field).
 * - Strings order by Unicode code point (binary collation).
 * - When the field holds an array, the comparison matches if **any element** matches.
 * - A missing field, or a path through a non-object, matches nothing.
 */
export type ComparisonNode = (
  | { kind: 'cmp'; path: FilterPath; op: 'eq'; value: FilterScalar }
  | { kind: 'cmp'; path: FilterPath; op: RangeOperator; value: number | string }
  | { kind: 'cmp'; path: FilterPath; op: 'in'; value: readonly FilterScalar[] }
) &
  OnField;

/** True when the field at `path` is present (its value may be `null`). */
export interface ExistsNode extends OnField {
  kind: 'exists';
  path: FilterPath;
}

/**
 * What a leaf reads: absent, the chunk's metadata at `path`; `headingPath`, the chunk's heading
 * path (an array of heading texts, outermost first; `path` is then empty), written
 * `$headingPath` in a filter. The comparison semantics are the same (a comparison matches when any
 * heading does; `exists` holds when the chunk is under a heading at all).
 */
export interface OnField {
  field?: 'headingPath';
}

/** Conjunction or disjunction. An empty `and` matches everything; an empty `or` matches nothing. */
export interface LogicalNode {
  kind: 'and' | 'or';
  children: readonly FilterNode[];
}

/** The complement of `child`. */
export interface NotNode {
  kind: 'not';
  child: FilterNode;
}

/** A validated, normalised filter. */
export type FilterNode = ComparisonNode | ExistsNode | LogicalNode | NotNode;

/** The node a missing or empty filter normalises to: matches every chunk. */
export const MATCH_ALL: FilterNode = Object.freeze({ kind: 'and', children: Object.freeze([]) });

/** True when `node` is the match-everything node (an empty `and`). */
export function matchesEverything(node: FilterNode): boolean {
  return node.kind === 'and' && node.children.length === 0;
}

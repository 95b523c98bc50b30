/**
 * Checks a user-supplied {@link Filter} and turns it into a {@link FilterNode} tree.
 * @module
 */
import { InvalidFilterError } from '../errors.js';
import { PROTOTYPE_KEY } from '../prototype-key.js';
import { storableText } from '../storable-text.js';
import type { FilterScalar } from './filter.js';
import { type ComparisonNode, type FilterNode, MATCH_ALL, type RangeOperator } from './filter-node.js';

/** Deepest nesting of `$and`/`$or`/`$not` a filter may use. */
export const MAX_FILTER_DEPTH = 32;
/** Most field conditions one filter may hold (each `$in` list counts once). */
export const MAX_FILTER_CONDITIONS = 256;

const FIELD_OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists']);

interface State {
  conditions: number;
}

/**
 * Validates a filter and normalises it.
 *
 * - `undefined` and `{}` normalise to {@link MATCH_ALL}.
 * - A plain key names a metadata field; dots separate nesting levels (`"a.b"` → `['a', 'b']`),
 *   and a backslash escapes a dot that is part of a key (`"a\\.b"` → `['a.b']`; see {@link fieldPath}).
 *   A key with unescaped dots also names the key spelled with them: `"a.b"` is `or(['a', 'b'],
 *   ['a.b'])` (a negation, `not` of that `or`), so flattened metadata (`{"a.b": 1}`) is found too.
 * - Strings (keys and values) are cleaned as stored text is: NUL → space, lone surrogate → U+FFFD.
 * - Several keys (or several operators on one key) are joined with AND.
 * - `$ne`, `$nin` and `$exists: false` become `not(...)`: they match chunks where the field is
 *   missing. See {@link FilterNode} for the comparison semantics.
 *
 * @param filter The filter as the caller wrote it (typically parsed JSON).
 * @returns The normalised tree.
 * @throws {InvalidFilterError} naming the offending path (e.g. `$and[1].year.$gte`) for an unknown
 *   operator, an operand of the wrong type (`$in` not an array, `$exists` not a boolean, `$and` not a
 *   non-empty array of objects, a non-finite number), an empty key or key segment, a literal array or
 *   object as a value, a field named `__proto__` (or with it as a dotted part), nesting deeper than {@link MAX_FILTER_DEPTH}, or more than
 *   {@link MAX_FILTER_CONDITIONS} conditions.
 */
export function validateFilter(filter: unknown): FilterNode {
  if (filter === undefined) return MATCH_ALL;
  return normaliseFilter(filter, '', 0, { conditions: 0 });
}

function normaliseFilter(filter: unknown, where: string, depth: number, state: State): FilterNode {
  if (depth > MAX_FILTER_DEPTH) {
    throw new InvalidFilterError(where, `nested deeper than ${MAX_FILTER_DEPTH} levels`);
  }
  if (!isPlainObject(filter)) {
    throw new InvalidFilterError(where, `expected a filter object, got ${describe(filter)}`);
  }
  const children: FilterNode[] = [];
  for (const [key, value] of Object.entries(filter)) {
    const at = joinPath(where, key);
    if (key === '$and' || key === '$or') {
      children.push(normaliseLogical(key, value, at, depth, state));
    } else if (key === '$not') {
      children.push({ kind: 'not', child: normaliseFilter(value, at, depth + 1, state) });
    } else if (key === HEADING_PATH_KEY) {
      children.push(...normaliseHeadingPath(value, at, state));
    } else if (key.startsWith('$')) {
      throw new InvalidFilterError(
        at,
        `unknown operator ${key}; logical operators are $and, $or, $not (and ${HEADING_PATH_KEY} names the chunk's headings)`,
      );
    } else {
      children.push(...normaliseField(key, value, at, state));
    }
  }
  return children.length === 1 ? children[0]! : { kind: 'and', children };
}

/** The filter key that names a chunk's heading path rather than a metadata field. */
export const HEADING_PATH_KEY = '$headingPath';

/**
 * The conditions of `$headingPath`: the operators of a metadata field, over the chunk's heading
 * texts (any heading matching is a match), marked `field: 'headingPath'` with an empty path.
 */
function normaliseHeadingPath(value: unknown, at: string, state: State): FilterNode[] {
  if (Array.isArray(value)) {
    throw new InvalidFilterError(at, 'an array is not a value to compare with; use { "$in": [...] }');
  }
  if (!isPlainObject(value)) return [onHeadingPath(comparison([], 'eq', scalar(value, at), at, state))];
  const operators = Object.entries(value);
  if (operators.length === 0) {
    throw new InvalidFilterError(
      at,
      'an operator object needs at least one operator, e.g. { "$eq": "Usage" }',
    );
  }
  return operators.map(([operator, operand]) =>
    onHeadingPath(normaliseOperator([], operator, operand, at, state)),
  );
}

/** `node` with its leaves reading the heading path. */
function onHeadingPath(node: FilterNode): FilterNode {
  switch (node.kind) {
    case 'cmp':
    case 'exists':
      return { ...node, field: 'headingPath' };
    case 'not':
      return { kind: 'not', child: onHeadingPath(node.child) };
    default:
      return { kind: node.kind, children: node.children.map(onHeadingPath) };
  }
}

function normaliseLogical(
  key: '$and' | '$or',
  value: unknown,
  at: string,
  depth: number,
  state: State,
): FilterNode {
  if (!Array.isArray(value) || value.length === 0) {
    throw new InvalidFilterError(
      at,
      `${key} takes a non-empty array of filter objects, got ${describe(value)}`,
    );
  }
  const children = value.map((item, index) => normaliseFilter(item, `${at}[${index}]`, depth + 1, state));
  if (children.length === 1) return children[0]!;
  return { kind: key === '$and' ? 'and' : 'or', children };
}

function normaliseField(key: string, value: unknown, at: string, state: State): FilterNode[] {
  const path = fieldPath(key);
  if (path.some((segment) => segment.length === 0)) {
    throw new InvalidFilterError(at, 'field names and each of their dot-separated parts must be non-empty');
  }
  if (path.includes(PROTOTYPE_KEY)) {
    throw new InvalidFilterError(
      at,
      `${PROTOTYPE_KEY} cannot name a metadata field (JavaScript treats it as the prototype, and metadata never holds it)`,
    );
  }
  // A key with unescaped dots names the nested path and, as well, a key spelled with the dots
  // (metadata such as `{"a.b": 1}`, common in flattened exports): either one matching is a match.
  const literal = path.length > 1 ? [storableText(literalKey(key))] : undefined;
  const onPaths = (build: (path: string[]) => FilterNode): FilterNode =>
    literal === undefined ? build(path) : eitherPath(build(path), build(literal));
  if (isPlainObject(value)) {
    const operators = Object.entries(value);
    if (operators.length === 0) {
      throw new InvalidFilterError(at, 'an operator object needs at least one operator, e.g. { "$eq": 1 }');
    }
    return operators.map(([operator, operand]) =>
      onPaths((p) => normaliseOperator(p, operator, operand, at, state)),
    );
  }
  if (Array.isArray(value)) {
    throw new InvalidFilterError(at, 'an array is not a value to compare with; use { "$in": [...] }');
  }
  return [onPaths((p) => comparison(p, 'eq', scalar(value, at), at, state))];
}

/**
 * One condition on either of two paths: `or` of the two when it is positive; a negation
 * (`$ne`, `$nin`, `$exists: false`) holds when neither path has what it negates, `not(or(…))`.
 */
function eitherPath(nested: FilterNode, literal: FilterNode): FilterNode {
  if (nested.kind === 'not' && literal.kind === 'not') {
    return { kind: 'not', child: { kind: 'or', children: [nested.child, literal.child] } };
  }
  return { kind: 'or', children: [nested, literal] };
}

/** `key` as one literal key: escapes resolved (`\\.` → `.`, `\\\\` → `\\`), plain dots kept. */
function literalKey(key: string): string {
  return key.replace(/\\([.\\])/g, '$1');
}

function normaliseOperator(
  path: string[],
  operator: string,
  operand: unknown,
  fieldAt: string,
  state: State,
): FilterNode {
  const at = joinPath(fieldAt, operator);
  if (!FIELD_OPERATORS.has(operator)) {
    const hint = operator.startsWith('$')
      ? `unknown operator ${operator}; field operators are ${[...FIELD_OPERATORS].join(' ')}`
      : `expected an operator such as $eq; to reach a nested field use a dotted path ("${path.join('.')}.${operator}")`;
    throw new InvalidFilterError(at, hint);
  }
  switch (operator) {
    case '$eq':
      return comparison(path, 'eq', scalar(operand, at), at, state);
    case '$ne':
      return { kind: 'not', child: comparison(path, 'eq', scalar(operand, at), at, state) };
    case '$in':
      return comparison(path, 'in', scalarList(operand, at), at, state);
    case '$nin':
      return { kind: 'not', child: comparison(path, 'in', scalarList(operand, at), at, state) };
    case '$exists': {
      if (typeof operand !== 'boolean') {
        throw new InvalidFilterError(at, `$exists takes true or false, got ${describe(operand)}`);
      }
      countCondition(state, at);
      const node: FilterNode = { kind: 'exists', path };
      return operand ? node : { kind: 'not', child: node };
    }
    default: {
      if (typeof operand !== 'string' && !isFiniteNumber(operand)) {
        throw new InvalidFilterError(
          at,
          `${operator} takes a finite number or a string, got ${describe(operand)}`,
        );
      }
      return comparison(path, operator.slice(1) as RangeOperator, operand, at, state);
    }
  }
}

function comparison(
  path: string[],
  op: ComparisonNode['op'],
  value: FilterScalar | number | string | FilterScalar[],
  at: string,
  state: State,
): ComparisonNode {
  countCondition(state, at);
  return { kind: 'cmp', path, op, value } as ComparisonNode;
}

/**
 * The path a field key names: its parts split at dots, except dots escaped with a backslash
 * (`"a\\.b"` in JSON, i.e. the key `a\.b`, names the literal key `a.b`); `\\` is a literal
 * backslash. Each part is cleaned as stored text is (NUL → space), so a filter finds what was written.
 */
export function fieldPath(key: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < key.length; i++) {
    const char = key[i]!;
    const next = key[i + 1];
    if (char === '\\' && (next === '.' || next === '\\')) {
      current += next;
      i += 1;
    } else if (char === '.') {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts.map(storableText);
}

function countCondition(state: State, at: string): void {
  state.conditions += 1;
  if (state.conditions > MAX_FILTER_CONDITIONS) {
    throw new InvalidFilterError(at, `a filter may hold at most ${MAX_FILTER_CONDITIONS} conditions`);
  }
}

function scalar(value: unknown, at: string): FilterScalar {
  if (typeof value === 'string') return storableText(value);
  if (value === null || typeof value === 'boolean' || isFiniteNumber(value)) return value;
  throw new InvalidFilterError(
    at,
    `expected a string, finite number, boolean or null, got ${describe(value)}`,
  );
}

function scalarList(value: unknown, at: string): FilterScalar[] {
  if (!Array.isArray(value)) {
    throw new InvalidFilterError(at, `expected an array of values, got ${describe(value)}`);
  }
  return value.map((item, index) => scalar(item, `${at}[${index}]`));
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function joinPath(where: string, key: string): string {
  const shown = key === '' ? '""' : key;
  return where === '' ? shown : `${where}.${shown}`;
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

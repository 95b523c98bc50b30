/**
 * The reference evaluator of {@link FilterNode} over in-memory metadata. The memory store uses it,
 * and the SQL compilers are tested against it.
 * @module
 */

import type { JsonValue, Metadata } from '../types.js';
import type { FilterScalar } from './filter.js';
import type { ComparisonNode, FilterNode, FilterPath } from './filter-node.js';

/**
 * True when `metadata` (and `headingPath`) satisfy `node`, with the semantics documented on
 * {@link FilterNode}.
 * @param node A tree from {@link validateFilter}.
 * @param metadata A chunk's metadata.
 * @param headingPath The chunk's heading path, which `$headingPath` conditions read; default none.
 */
export function matchesFilter(
  node: FilterNode,
  metadata: Metadata,
  headingPath: readonly string[] = [],
): boolean {
  switch (node.kind) {
    case 'and':
      return node.children.every((child) => matchesFilter(child, metadata, headingPath));
    case 'or':
      return node.children.some((child) => matchesFilter(child, metadata, headingPath));
    case 'not':
      return !matchesFilter(node.child, metadata, headingPath);
    case 'exists':
      return node.field === 'headingPath'
        ? headingPath.length > 0
        : resolvePath(metadata, node.path) !== undefined;
    case 'cmp': {
      const field = node.field === 'headingPath' ? [...headingPath] : resolvePath(metadata, node.path);
      if (Array.isArray(field)) return field.some((element) => compareScalar(node, element));
      return field !== undefined && compareScalar(node, field);
    }
  }
}

/** The value at `path`, walking plain objects only; `undefined` when absent. */
export function resolvePath(metadata: Metadata, path: FilterPath): JsonValue | undefined {
  let current: JsonValue | undefined = metadata;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    if (!Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

/**
 * Orders two strings by Unicode code point, as SQLite's binary collation and PostgreSQL's `C`
 * collation do (JavaScript's `<` orders by UTF-16 code unit instead).
 * @returns A negative number, zero or a positive number.
 */
export function compareCodePoints(left: string, right: string): number {
  const a = left[Symbol.iterator]();
  const b = right[Symbol.iterator]();
  for (;;) {
    const x = a.next();
    const y = b.next();
    if (x.done || y.done) return (x.done ? 0 : 1) - (y.done ? 0 : 1);
    const difference = x.value.codePointAt(0)! - y.value.codePointAt(0)!;
    if (difference !== 0) return difference;
  }
}

function compareScalar(node: ComparisonNode, field: JsonValue): boolean {
  switch (node.op) {
    case 'eq':
      return sameScalar(field, node.value);
    case 'in':
      return node.value.some((value) => sameScalar(field, value));
    default: {
      let order: number;
      if (typeof node.value === 'number' && typeof field === 'number') order = field - node.value;
      else if (typeof node.value === 'string' && typeof field === 'string') {
        order = compareCodePoints(field, node.value);
      } else return false;
      if (node.op === 'gt') return order > 0;
      if (node.op === 'gte') return order >= 0;
      if (node.op === 'lt') return order < 0;
      return order <= 0;
    }
  }
}

function sameScalar(field: JsonValue, value: FilterScalar): boolean {
  return typeof field === typeof value && field === value;
}

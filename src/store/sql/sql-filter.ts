/**
 * The logical skeleton every SQL filter compiler shares: `and`, `or` and `not` nodes become the
 * same boolean SQL in every dialect; only comparisons and `exists` differ, and each dialect
 * supplies those.
 * @module
 */
import type { ComparisonNode, ExistsNode, FilterNode } from '../../core/filter/filter-node.js';

/** What one dialect compiles itself. */
export interface FilterLeaves {
  /** The literals for true and false, e.g. `TRUE`/`FALSE` or `1`/`0`. */
  readonly trueLiteral: string;
  readonly falseLiteral: string;
  /** A boolean expression, never NULL, true when the path is present. */
  exists(node: ExistsNode): string;
  /** A boolean expression, never NULL, true when the comparison holds. */
  comparison(node: ComparisonNode): string;
}

/**
 * Compiles a filter tree to one boolean SQL expression. Leaves are compiled in text order, so
 * positional (`?`) parameters bind in the order they appear. The result is never NULL, so `NOT`
 * is an exact complement. An empty `and` is true, an empty `or` false.
 */
export function compileFilterTree(node: FilterNode, leaves: FilterLeaves): string {
  switch (node.kind) {
    case 'and':
    case 'or': {
      if (node.children.length === 0) return node.kind === 'and' ? leaves.trueLiteral : leaves.falseLiteral;
      const joiner = node.kind === 'and' ? ' AND ' : ' OR ';
      return `(${node.children.map((child) => compileFilterTree(child, leaves)).join(joiner)})`;
    }
    case 'not':
      return `(NOT ${compileFilterTree(node.child, leaves)})`;
    case 'exists':
      return leaves.exists(node);
    case 'cmp':
      return leaves.comparison(node);
  }
}

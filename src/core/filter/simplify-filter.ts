/**
 * Constant folding of {@link FilterNode} trees: finds the parts whose outcome does not depend on
 * the metadata at all, so that a filter that matches everything in disguise (`{ x: { $nin: [] } }`,
 * `{ $not: { $not: {} } }`, `{ $or: [{ a: 1 }, { a: { $ne: 1 } }] }`) is recognised as such.
 * @module
 */
import type { FilterNode } from './filter-node.js';
import { MATCH_ALL } from './filter-node.js';

/** The node that matches nothing: an empty `or`. */
export const MATCH_NONE: FilterNode = Object.freeze({ kind: 'or', children: Object.freeze([]) });

/**
 * An equivalent tree with constant parts folded away: an `in` against an empty list is false, a
 * double negation cancels, an `and`/`or` drops neutral children and collapses on an absorbing one,
 * and an `and` holding a node and its complement is false (an `or`, true). The result is
 * {@link MATCH_ALL} exactly when the folding proves the filter true for every metadata object, and
 * {@link MATCH_NONE} when it proves it false for every one.
 *
 * @param node A tree from `validateFilter`.
 */
export function simplifyFilter(node: FilterNode): FilterNode {
  switch (node.kind) {
    case 'cmp':
      return node.op === 'in' && node.value.length === 0 ? MATCH_NONE : node;
    case 'exists':
      return node;
    case 'not': {
      const child = simplifyFilter(node.child);
      if (isMatchAll(child)) return MATCH_NONE;
      if (isMatchNone(child)) return MATCH_ALL;
      if (child.kind === 'not') return child.child;
      return { kind: 'not', child };
    }
    case 'and':
    case 'or': {
      const absorbing = node.kind === 'and' ? isMatchNone : isMatchAll;
      const neutral = node.kind === 'and' ? isMatchAll : isMatchNone;
      const children: FilterNode[] = [];
      const seen = new Set<string>();
      for (const original of node.children) {
        const child = simplifyFilter(original);
        if (absorbing(child)) return node.kind === 'and' ? MATCH_NONE : MATCH_ALL;
        if (neutral(child)) continue;
        // A nested node of the same kind is flattened: (a AND (b AND c)) is (a AND b AND c).
        for (const part of child.kind === node.kind ? child.children : [child]) {
          const key = JSON.stringify(part);
          if (seen.has(key)) continue;
          const complement = JSON.stringify(part.kind === 'not' ? part.child : { kind: 'not', child: part });
          if (seen.has(complement)) return node.kind === 'and' ? MATCH_NONE : MATCH_ALL;
          seen.add(key);
          children.push(part);
        }
      }
      if (children.length === 0) return node.kind === 'and' ? MATCH_ALL : MATCH_NONE;
      return children.length === 1 ? children[0]! : { kind: node.kind, children };
    }
  }
}

/** True for the node that matches everything (an empty `and`). */
export function isMatchAll(node: FilterNode): boolean {
  return node.kind === 'and' && node.children.length === 0;
}

/** True for the node that matches nothing (an empty `or`). */
export function isMatchNone(node: FilterNode): boolean {
  return node.kind === 'or' && node.children.length === 0;
}

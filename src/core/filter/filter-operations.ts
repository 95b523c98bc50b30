/**
 * The {@link FilterOperation}s a normalised filter needs, so that a store can refuse one it
 * cannot evaluate before reading anything.
 * @module
 */
import { UnsupportedFilterError } from '../errors.js';
import type { FilterOperation } from '../ports.js';
import type { FilterNode, FilterPath } from './filter-node.js';

/** One operation a filter needs, and where: the dotted path and operator, as in messages. */
export interface NeededOperation {
  operation: FilterOperation;
  path: string;
}

/**
 * Every operation `node` needs, in tree order (repeats included). A `not` over a comparison or
 * `exists` is that operator's negation (`$ne`, `$nin`, `$exists`); over anything else it is `$not`.
 */
export function filterOperations(node: FilterNode): NeededOperation[] {
  const needed: NeededOperation[] = [];
  const visit = (current: FilterNode, negated: boolean): void => {
    switch (current.kind) {
      case 'and':
      case 'or':
        needed.push({ operation: current.kind === 'and' ? '$and' : '$or', path: `$${current.kind}` });
        for (const child of current.children) visit(child, false);
        return;
      case 'not':
        if (current.child.kind === 'cmp' || current.child.kind === 'exists') visit(current.child, true);
        else {
          needed.push({ operation: '$not', path: '$not' });
          visit(current.child, false);
        }
        return;
      case 'exists':
        if (current.field === 'headingPath') needed.push({ operation: '$headingPath', path: '$headingPath' });
        needed.push({ operation: '$exists', path: at(current, '$exists') });
        return;
      case 'cmp': {
        if (current.field === 'headingPath') needed.push({ operation: '$headingPath', path: '$headingPath' });
        let operation: FilterOperation;
        if (current.op === 'eq') operation = negated ? '$ne' : '$eq';
        else if (current.op === 'in') operation = negated ? '$nin' : '$in';
        else operation = typeof current.value === 'string' ? `$${current.op}:string` : `$${current.op}`;
        needed.push({ operation, path: at(current, operation.split(':')[0]!) });
        return;
      }
    }
  };
  visit(node, false);
  return needed;
}

/**
 * Throws for the first operation of `node` that `unsupported` lists.
 * @throws {UnsupportedFilterError} naming the operation, where it is, and the backend.
 */
export function refuseUnsupportedFilter(
  node: FilterNode | undefined,
  unsupported: readonly FilterOperation[],
  backend: string,
): void {
  if (node === undefined || unsupported.length === 0) return;
  for (const { operation, path } of filterOperations(node)) {
    if (!unsupported.includes(operation)) continue;
    throw new UnsupportedFilterError({
      path,
      operation,
      backend,
      hint: `rewrite the filter without it (e.g. compare numbers, or list the values with $in), or use a store that has it (sqlite, postgres, opensearch)`,
    });
  }
}

/** Where a leaf's operator is, as the filter wrote it: `a.b.$gte`, `$headingPath.$eq`. */
function at(leaf: { path: FilterPath; field?: 'headingPath' }, operator: string): string {
  if (leaf.field === 'headingPath') return `$headingPath.${operator}`;
  return `${leaf.path.map((key) => key.replaceAll('.', '\\.')).join('.')}.${operator}`;
}

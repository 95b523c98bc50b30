/**
 * Conditions as Chroma `where` filters. Chroma metadata is flat (string, number and boolean values;
 * no arrays or nesting in Chroma 1.0) and its filters have no negation, no `$exists` and no string
 * ranges, so chunk metadata is kept as flat index keys (see `metadata-terms.ts`):
 *
 * - `e_TERM: true` per equality term, `p_TERM: true` per presence term: equality, `$in` and
 *   `$exists` test them with `$eq: true`, and their negations with `$ne: true` (which Chroma
 *   matches on records without the key, as the complement needs);
 * - `lo_PATH` / `hi_PATH`: the least and greatest number held at a path, and `n_PATH: true`, so
 *   "some element > v" is `hi > v`, "some element < v" is `lo < v`, and the negation of `hi > v`
 *   is `hi <= v` or no number at all (`n_PATH $ne true`).
 *
 * Negations are pushed down to those leaves (De Morgan), so every filter but a string range
 * compiles; string ranges are declared in `unsupportedFilters` and refused before this runs.
 * Chroma refuses `$and`/`$or` of one element, so single children are unwrapped. (chromadb 3.0.0's
 * client refused every `$in` list and every `$and`/`$or` by mistake; 3.0.4 fixed both, with the
 * same server.)
 * @module
 */
import type { Collection } from 'chromadb';
import type { FilterNode } from '../../core/filter/filter-node.js';
import type { ChunkConditions } from '../collection/backend.js';
import { equalsTerm, pathKey, presentTerm } from '../remote/metadata-terms.js';

/** Keys of the fields every chunk record carries. */
export const CHUNK_KEYS = {
  namespace: '_ns',
  id: '_cid',
  documentId: '_doc',
  sourceId: '_src',
  version: '_ver',
  body: '_body',
} as const;

type Clause = Record<string, unknown>;

/** Chroma's `where` type (the client does not export it). */
export type Where = NonNullable<NonNullable<Parameters<Collection['get']>[0]>['where']>;

/** `$and` of clauses, unwrapped when there is one; undefined when there is none. */
function all(clauses: Clause[]): Clause | undefined {
  if (clauses.length === 0) return undefined;
  return clauses.length === 1 ? clauses[0] : { $and: clauses };
}

/** `$or` of clauses, unwrapped when there is one. */
function any(clauses: Clause[]): Clause {
  if (clauses.length === 0) throw new Error('chroma: an empty $or reached the compiler');
  return clauses.length === 1 ? clauses[0]! : { $or: clauses };
}

/** One of `values` at `key`. */
export function oneOf(key: string, values: readonly string[]): Clause {
  return values.length === 1 ? { [key]: { $eq: values[0] } } : { [key]: { $in: [...values] } };
}

function compile(node: FilterNode, negated: boolean): Clause {
  switch (node.kind) {
    case 'and':
    case 'or': {
      const children = node.children.map((child) => compile(child, negated));
      const conjunction = (node.kind === 'and') !== negated;
      if (children.length === 0) throw new Error('chroma: an empty logical node reached the compiler');
      return conjunction ? all(children)! : any(children);
    }
    case 'not':
      return compile(node.child, !negated);
    case 'exists':
      return { [`p_${presentTerm(node.path)}`]: negated ? { $ne: true } : { $eq: true } };
    case 'cmp': {
      if (node.op === 'eq' || node.op === 'in') {
        const values = node.op === 'eq' ? [node.value] : node.value;
        const leaves = values.map((value) => ({
          [`e_${equalsTerm(node.path, value)}`]: negated ? { $ne: true } : { $eq: true },
        }));
        return negated ? all(leaves)! : any(leaves);
      }
      if (typeof node.value !== 'number') {
        throw new Error(`chroma: a string range on ${node.path.join('.')} reached the compiler`);
      }
      const key = pathKey(node.path);
      const bound = node.op === 'gt' || node.op === 'gte' ? `hi_${key}` : `lo_${key}`;
      if (!negated) return { [bound]: { [`$${node.op}`]: node.value } };
      const opposite = { gt: '$lte', gte: '$lt', lt: '$gte', lte: '$gt' }[node.op];
      return { $or: [{ [bound]: { [opposite]: node.value } }, { [`n_${key}`]: { $ne: true } }] };
    }
  }
}

/**
 * The `where` of a request under `conditions`, or `undefined` when there is none (every request
 * already goes to its namespace's own Chroma collection, so the namespace is no condition).
 */
export function chromaWhere(conditions: ChunkConditions): Where | undefined {
  const clauses: Clause[] = [];
  if (conditions.ids !== undefined) clauses.push(oneOf(CHUNK_KEYS.id, conditions.ids));
  if (conditions.documentIds !== undefined)
    clauses.push(oneOf(CHUNK_KEYS.documentId, conditions.documentIds));
  if (conditions.sourceIds !== undefined) clauses.push(oneOf(CHUNK_KEYS.sourceId, conditions.sourceIds));
  if (conditions.otherThanVersion !== undefined) {
    clauses.push({ [CHUNK_KEYS.version]: { $ne: conditions.otherThanVersion } });
  }
  if (conditions.onlyVersion !== undefined) {
    clauses.push({ [CHUNK_KEYS.version]: { $eq: conditions.onlyVersion } });
  }
  if (conditions.filter !== undefined) clauses.push(compile(conditions.filter, false));
  return all(clauses) as Where | undefined;
}

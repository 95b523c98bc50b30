/**
 * Conditions as OpenSearch query DSL (`bool` of `term`, `terms` and `range`). Chunk metadata is
 * kept as flat fields (see `metadata-terms.ts`): the keyword arrays `e` (equality terms) and `p`
 * (presence terms), and per path `n_PATH` (double) and `s_PATH` (keyword) with the numbers and
 * strings held there. OpenSearch matches a term or range on an array field when any value does,
 * and `must_not` is the exact complement; keyword ranges compare UTF-8 bytes, which is code-point
 * order, so the whole filter language compiles.
 * @module
 */
import type { FilterNode } from '../../core/filter/filter-node.js';
import type { ChunkConditions } from '../collection/backend.js';
import { equalsTerm, pathKey, presentTerm } from '../remote/metadata-terms.js';

/** One query DSL clause. */
export type QueryClause = Record<string, unknown>;

/** Fields of a chunk document. */
export const DOCUMENT_FIELDS = {
  namespace: 'namespace',
  id: 'chunk_id',
  documentId: 'document_id',
  sourceId: 'source_id',
  version: 'version',
  text: 'text',
  headings: 'headings',
  document: 'document_identity',
  context: 'context',
  body: 'body',
  vector: 'embedding',
  exact: 'embedding_exact',
  equals: 'e',
  present: 'p',
} as const;

function compile(node: FilterNode): QueryClause {
  switch (node.kind) {
    case 'and':
      return { bool: { filter: node.children.map(compile) } };
    case 'or':
      return { bool: { should: node.children.map(compile), minimum_should_match: 1 } };
    case 'not':
      return { bool: { must_not: [compile(node.child)] } };
    case 'exists':
      return { term: { [DOCUMENT_FIELDS.present]: presentTerm(node.path) } };
    case 'cmp': {
      if (node.op === 'eq') return { term: { [DOCUMENT_FIELDS.equals]: equalsTerm(node.path, node.value) } };
      if (node.op === 'in') {
        return {
          terms: { [DOCUMENT_FIELDS.equals]: node.value.map((value) => equalsTerm(node.path, value)) },
        };
      }
      const field = `${typeof node.value === 'number' ? 'n' : 's'}_${pathKey(node.path)}`;
      return { range: { [field]: { [node.op]: node.value } } };
    }
  }
}

/** The filter clauses of a request in `namespace` under `conditions` (for a `bool.filter`). */
export function openSearchFilter(namespace: string, conditions: ChunkConditions): QueryClause {
  const filter: QueryClause[] = [{ term: { [DOCUMENT_FIELDS.namespace]: namespace } }];
  const mustNot: QueryClause[] = [];
  if (conditions.ids !== undefined) filter.push({ terms: { [DOCUMENT_FIELDS.id]: [...conditions.ids] } });
  if (conditions.documentIds !== undefined) {
    filter.push({ terms: { [DOCUMENT_FIELDS.documentId]: [...conditions.documentIds] } });
  }
  if (conditions.sourceIds !== undefined)
    filter.push({ terms: { [DOCUMENT_FIELDS.sourceId]: [...conditions.sourceIds] } });
  if (conditions.otherThanVersion !== undefined) {
    mustNot.push({ term: { [DOCUMENT_FIELDS.version]: conditions.otherThanVersion } });
  }
  if (conditions.onlyVersion !== undefined)
    filter.push({ term: { [DOCUMENT_FIELDS.version]: conditions.onlyVersion } });
  if (conditions.filter !== undefined) filter.push(compile(conditions.filter));
  return { bool: mustNot.length === 0 ? { filter } : { filter, must_not: mustNot } };
}

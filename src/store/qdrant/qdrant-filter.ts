/**
 * Conditions as Qdrant filters (`must`, `should`, `must_not` of field conditions). Chunk metadata
 * is kept as flat payload fields (see `metadata-terms.ts`): the keyword arrays `e` (equality
 * terms) and `p` (presence terms), and per path a number array `n_PATH`. Qdrant matches a
 * condition on an array when any element does, and `must_not` is the exact complement, which is
 * cairn's semantics; ranges over strings have no Qdrant condition and are declared unsupported.
 * @module
 */
import type { Schemas } from '@qdrant/js-client-rest';
import type { FilterNode } from '../../core/filter/filter-node.js';
import type { ChunkConditions } from '../collection/backend.js';
import { equalsTerm, pathKey, presentTerm } from '../remote/metadata-terms.js';

/** Qdrant's filter type. */
export type QdrantFilter = Schemas['Filter'];
type Condition = Schemas['Condition'];

/** Payload fields of a chunk point. */
export const POINT_FIELDS = {
  namespace: 'namespace',
  id: 'chunk_id',
  documentId: 'document_id',
  sourceId: 'source_id',
  version: 'version',
  text: 'text',
  body: 'body',
  embedding: 'embedding',
  equals: 'e',
  present: 'p',
} as const;

/** The payload field of the numbers held at a path. */
export function numbersField(key: string): string {
  return `n_${key}`;
}

function compile(node: FilterNode): Condition {
  switch (node.kind) {
    case 'and':
      return { must: node.children.map(compile) };
    case 'or':
      return { should: node.children.map(compile) };
    case 'not':
      return { must_not: [compile(node.child)] };
    case 'exists':
      return { key: POINT_FIELDS.present, match: { value: presentTerm(node.path) } };
    case 'cmp':
      if (node.op === 'eq')
        return { key: POINT_FIELDS.equals, match: { value: equalsTerm(node.path, node.value) } };
      if (node.op === 'in') {
        return {
          key: POINT_FIELDS.equals,
          match: { any: node.value.map((value) => equalsTerm(node.path, value)) },
        };
      }
      if (typeof node.value !== 'number') {
        throw new Error(`qdrant: a string range on ${node.path.join('.')} reached the compiler`);
      }
      return { key: numbersField(pathKey(node.path)), range: { [node.op]: node.value } };
  }
}

/** The filter of a request in `namespace` under `conditions`. */
export function qdrantFilter(namespace: string, conditions: ChunkConditions): QdrantFilter {
  const must: Condition[] = [{ key: POINT_FIELDS.namespace, match: { value: namespace } }];
  const mustNot: Condition[] = [];
  if (conditions.ids !== undefined) must.push({ key: POINT_FIELDS.id, match: { any: [...conditions.ids] } });
  if (conditions.documentIds !== undefined) {
    must.push({ key: POINT_FIELDS.documentId, match: { any: [...conditions.documentIds] } });
  }
  if (conditions.sourceIds !== undefined) {
    must.push({ key: POINT_FIELDS.sourceId, match: { any: [...conditions.sourceIds] } });
  }
  if (conditions.otherThanVersion !== undefined) {
    mustNot.push({ key: POINT_FIELDS.version, match: { value: versionValue(conditions.otherThanVersion) } });
  }
  if (conditions.onlyVersion !== undefined) {
    must.push({ key: POINT_FIELDS.version, match: { value: versionValue(conditions.onlyVersion) } });
  }
  if (conditions.filter !== undefined) must.push(compile(conditions.filter));
  return mustNot.length === 0 ? { must } : { must, must_not: mustNot };
}

/** The stored form of a version: never empty (`v` + the version), so keyword matching is plain. */
export function versionValue(version: string): string {
  return `v${version}`;
}

/**
 * Compiles {@link CheckedConditions} into a `WHERE` fragment over the chunk table aliased `c`. The
 * namespace is not among them: row-level security confines every scoped statement to it.
 * @module
 */
import { matchesEverything } from '../../core/filter/filter-node.js';
import type { CheckedConditions } from '../scan-conditions.js';
import { compilePostgresFilter } from './postgres-filter.js';
import type { SqlParams } from './postgres-params.js';
import { isStorableId } from './postgres-sanitize.js';

/**
 * `<documentIds> AND <sourceIds> AND <filter>`, or `TRUE` when there is no condition. Ids that can
 * never be stored (NUL, lone surrogates) are left out of the lists, so they match nothing.
 */
export function compileConditions(conditions: CheckedConditions | undefined, params: SqlParams): string {
  if (conditions === undefined) return 'TRUE';
  const parts: string[] = [];
  if (conditions.documentIds !== undefined) {
    parts.push(`c.document_id = ANY(${params.bind(conditions.documentIds.filter(isStorableId), 'text[]')})`);
  }
  if (conditions.sourceIds !== undefined) {
    parts.push(`c.source_id = ANY(${params.bind(conditions.sourceIds.filter(isStorableId), 'text[]')})`);
  }
  if (!matchesEverything(conditions.filter)) {
    parts.push(compilePostgresFilter(conditions.filter, 'c.metadata', params));
  }
  return parts.length === 0 ? 'TRUE' : parts.join(' AND ');
}

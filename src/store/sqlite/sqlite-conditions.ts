/**
 * Compiles request scope and {@link CheckedConditions} into a `WHERE` clause over the chunk table
 * aliased `c`.
 * @module
 */
import { matchesEverything } from '../../core/filter/filter-node.js';
import type { CheckedConditions } from '../scan-conditions.js';
import { compileSqliteFilter, type SqlFragment } from './sqlite-filter.js';

/** How the namespace condition may be served. */
export type NamespaceAccess = 'index' | 'scan';

/**
 * `c.namespace = ? AND <documentIds> AND <sourceIds> AND <filter>`.
 *
 * @param namespace The resolved namespace.
 * @param conditions Validated conditions, or `undefined` for namespace only.
 * @param access `scan` writes the namespace test as `+c.namespace` so that SQLite reads the table
 *   in order instead of through the namespace index: faster for a whole-collection scan (dense
 *   search, filtered counts), slower only when a collection holds many namespaces. `index` lets
 *   the planner use the `(namespace, …)` indexes (keyset iteration, id lookups).
 */
export function compileConditions(
  namespace: string,
  conditions: CheckedConditions | undefined,
  access: NamespaceAccess,
): SqlFragment {
  const parts = [`${access === 'scan' ? '+' : ''}c.namespace = ?`];
  const params: SqlFragment['params'] = [namespace];
  if (conditions?.documentIds !== undefined) {
    parts.push('c.document_id IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(conditions.documentIds));
  }
  if (conditions?.sourceIds !== undefined) {
    parts.push('c.source_id IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(conditions.sourceIds));
  }
  if (conditions !== undefined && !matchesEverything(conditions.filter)) {
    const filter = compileSqliteFilter(conditions.filter, 'c.metadata');
    parts.push(filter.sql);
    params.push(...filter.params);
  }
  return { sql: parts.join(' AND '), params };
}

/** Whether a scan over these conditions should use the namespace index (see {@link compileConditions}). */
export function scanAccess(conditions: CheckedConditions): NamespaceAccess {
  return conditions.documentIds !== undefined || conditions.sourceIds !== undefined ? 'index' : 'scan';
}

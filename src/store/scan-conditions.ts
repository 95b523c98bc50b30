/**
 * Validation of {@link ScanConditions}, shared by every store.
 * @module
 */

import type { FilterNode } from '../core/filter/filter-node.js';
import { validateFilter } from '../core/filter/validate-filter.js';
import type { ScanConditions } from '../core/ports.js';
import { validateIdList } from './store-validation.js';

/** Scan conditions after validation. */
export interface CheckedConditions {
  /** The normalised metadata filter (match-everything when none was given). */
  filter: FilterNode;
  /** Only these documents, when given. */
  documentIds: string[] | undefined;
  /** Only these sources, when given. */
  sourceIds: string[] | undefined;
  /** True when an empty `documentIds` or `sourceIds` list makes the answer empty. */
  matchesNothing: boolean;
}

/**
 * Validates the filter and id lists of a request.
 * @throws {InvalidFilterError} for a malformed filter.
 * @throws {InvalidArgumentError} when `documentIds` or `sourceIds` is not an array of strings.
 */
export function checkConditions(conditions: ScanConditions): CheckedConditions {
  const filter = validateFilter(conditions.filter);
  const documentIds =
    conditions.documentIds === undefined ? undefined : validateIdList(conditions.documentIds, 'documentIds');
  const sourceIds =
    conditions.sourceIds === undefined ? undefined : validateIdList(conditions.sourceIds, 'sourceIds');
  return {
    filter,
    documentIds,
    sourceIds,
    matchesNothing: documentIds?.length === 0 || sourceIds?.length === 0,
  };
}

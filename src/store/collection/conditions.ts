/**
 * Validation of {@link ScanConditions} and {@link ChunkSelector}s into the {@link ChunkConditions}
 * backends receive.
 * @module
 */
import { InvalidArgumentError } from '../../core/errors.js';
import { isMatchAll, isMatchNone, simplifyFilter } from '../../core/filter/simplify-filter.js';
import { validateFilter } from '../../core/filter/validate-filter.js';
import type { ChunkSelector, ScanConditions } from '../../core/ports.js';
import type { ChunkConditions } from './backend.js';
import { isStorableId, validateIdList } from './validation.js';

/** Scan conditions after validation. */
export interface CheckedConditions {
  /** What the backend is asked to apply. */
  conditions: ChunkConditions;
  /**
   * True when nothing can pass: an empty id list, or a filter that matches no metadata at all
   * (`{ x: { $in: [] } }`). The collection model then answers without asking the backend.
   */
  matchesNothing: boolean;
  /** True when no condition restricts the scan (no list, no filter or one that matches everything). */
  matchesEverything: boolean;
}

/**
 * Validates the filter and id lists of a request. A filter is simplified first (see
 * `simplifyFilter`), so one that matches everything in disguise costs nothing in the scan.
 * @throws {InvalidFilterError} for a malformed filter.
 * @throws {InvalidArgumentError} when `documentIds`, `sourceIds` or `ids` is not an array of strings.
 */
export function checkConditions(request: ScanConditions & { ids?: string[] }): CheckedConditions {
  const filter = simplifyFilter(validateFilter(request.filter));
  const conditions: ChunkConditions = {};
  let matchesNothing = isMatchNone(filter);
  if (!isMatchAll(filter) && !matchesNothing) conditions.filter = filter;
  for (const field of ['documentIds', 'sourceIds', 'ids'] as const) {
    const list = request[field];
    if (list === undefined) continue;
    // Ids that can never be stored (NUL, lone surrogates) match nothing.
    const checked = [...new Set(validateIdList(list, field).filter(isStorableId))];
    if (checked.length === 0) matchesNothing = true;
    conditions[field] = checked;
  }
  const matchesEverything =
    !matchesNothing &&
    conditions.filter === undefined &&
    conditions.documentIds === undefined &&
    conditions.sourceIds === undefined &&
    conditions.ids === undefined;
  return { conditions, matchesNothing, matchesEverything };
}

/**
 * Validates the selector of a delete or replace.
 * @param argument How the selector is named in messages, e.g. `selector`.
 * @throws {InvalidArgumentError} when it is not an object, or it would select every chunk of the
 *   namespace (no condition, or only a filter that matches everything) without `all: true`.
 * @throws {InvalidFilterError} for a malformed filter.
 */
export function checkSelector(selector: ChunkSelector, argument: string): CheckedConditions {
  if (typeof selector !== 'object' || selector === null || Array.isArray(selector)) {
    throw new InvalidArgumentError(
      argument,
      'must be an object such as { ids }, { documentIds }, { sourceIds }, { filter } or { all: true }',
    );
  }
  if (selector.all !== undefined && typeof selector.all !== 'boolean') {
    throw new InvalidArgumentError(`${argument}.all`, 'must be a boolean when present');
  }
  const checked = checkConditions(selector);
  if (checked.matchesEverything && selector.all !== true) {
    const why =
      selector.filter === undefined ? 'names no condition' : 'has a filter that matches every chunk';
    throw new InvalidArgumentError(
      argument,
      `${why}, so it would select every chunk of the namespace; pass all: true to mean that, or name ids, documentIds, sourceIds or a filter`,
    );
  }
  return checked;
}

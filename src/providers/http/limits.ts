/**
 * Checks of the per-request limits adapters take as options (batch sizes, documents per call).
 * @module
 */
import { InvalidArgumentError } from '../../core/errors.js';

/**
 * `value` (or `fallback` when undefined) if it is an integer in 1..`max`.
 * @throws {InvalidArgumentError} naming `argument` otherwise.
 */
export function requestLimit(
  argument: string,
  value: number | undefined,
  fallback: number,
  max: number,
): number {
  const limit = value ?? fallback;
  if (!Number.isInteger(limit) || limit < 1 || limit > max) {
    throw new InvalidArgumentError(argument, `must be 1–${max}, got ${limit}`);
  }
  return limit;
}

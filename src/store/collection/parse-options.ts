/**
 * Validation of a backend's options against its zod schema, with errors that name the option.
 * @module
 */
import { InvalidArgumentError } from '../../core/errors.js';

/** The part of a zod schema this calls (typed structurally, so the core imports no zod). */
export interface OptionsSchema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };
}

/**
 * Parses `options` with `schema`, filling in its defaults.
 * @throws {InvalidArgumentError} naming the first bad option, e.g. `options.busyTimeoutMs`.
 */
export function parseOptions<T>(schema: OptionsSchema<T>, options: unknown): T {
  const parsed = schema.safeParse(options);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new InvalidArgumentError(['options', ...issue.path.map(String)].join('.'), issue.message);
}

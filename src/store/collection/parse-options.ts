/**
 * Validation of a backend's options against its zod schema, with errors that name the option.
 * @module
 */
import { InvalidArgumentError } from '../../core/errors.js';

/** One validation issue as zod reports it (only the fields read here). */
export interface OptionsIssue {
  path: PropertyKey[];
  message: string;
  /** zod's issue code; `invalid_union` issues carry each alternative's issues in `errors`. */
  code?: string;
  errors?: OptionsIssue[][];
}

/** The part of a zod schema this calls (typed structurally, so the core imports no zod). */
export interface OptionsSchema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: OptionsIssue[] } };
}

/**
 * Parses `options` with `schema`, filling in its defaults.
 * @throws {InvalidArgumentError} naming the first bad option, e.g. `options.busyTimeoutMs`; for
 *   an option that takes one of several shapes (`vectorIndex: false | { … }`), the setting inside
 *   the alternative that got furthest, e.g. `options.vectorIndex.lists`.
 */
export function parseOptions<T>(schema: OptionsSchema<T>, options: unknown): T {
  const parsed = schema.safeParse(options);
  if (parsed.success) return parsed.data;
  const issue = innermost(parsed.error.issues[0]!);
  throw new InvalidArgumentError(['options', ...issue.path.map(String)].join('.'), issue.message);
}

/**
 * A union's issue replaced by the first issue of the alternative whose issue lies deepest (the
 * one the value was evidently meant to be), its path joined to the union's; when every
 * alternative fails at the union itself, one issue listing what each expected.
 */
function innermost(issue: OptionsIssue): OptionsIssue {
  if (issue.code !== 'invalid_union' || issue.errors === undefined || issue.errors.length === 0) return issue;
  const firsts = issue.errors.flatMap((errors) => (errors[0] === undefined ? [] : [innermost(errors[0])]));
  if (firsts.length === 0) return issue;
  const deepest = firsts.reduce((best, next) => (next.path.length > best.path.length ? next : best));
  if (deepest.path.length > 0) return { ...deepest, path: [...issue.path, ...deepest.path] };
  return { ...issue, message: firsts.map((first) => first.message).join(', or ') };
}

/**
 * Checks for the names that reach PostgreSQL as SQL text rather than as bound parameters: the
 * application role, the namespace setting and the text-search configuration. Each is validated
 * where the options are parsed and quoted again where it is interpolated.
 * @module
 */
import { InvalidArgumentError } from '../../core/errors.js';

/** Longest identifier PostgreSQL keeps without truncating it (NAMEDATALEN - 1). */
export const MAX_IDENTIFIER_LENGTH = 63;

/** A plain, lower-case SQL identifier: the same quoted or not. */
export const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
/** A custom setting name: two identifiers joined by exactly one dot. */
export const SETTING_NAME = /^[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*$/;

/**
 * Returns `name` when it is a plain, lower-case SQL identifier (`[a-z_][a-z0-9_]*`, at most 63
 * characters), so that it means the same quoted or not.
 * @param name The candidate identifier.
 * @param argument Option name for the error message, e.g. `options.appRole`.
 * @throws {InvalidArgumentError} naming `argument`.
 */
export function safeIdentifier(name: unknown, argument: string): string {
  if (typeof name !== 'string' || !IDENTIFIER.test(name) || name.length > MAX_IDENTIFIER_LENGTH) {
    throw new InvalidArgumentError(
      argument,
      `must be a lower-case SQL identifier ([a-z_][a-z0-9_]*, at most ${MAX_IDENTIFIER_LENGTH} characters), got ${JSON.stringify(name)}`,
    );
  }
  return name;
}

/**
 * Returns `name` when it is a custom run-time setting PostgreSQL accepts: two identifiers joined by
 * exactly one dot (`prefix.name`), each as {@link safeIdentifier} requires. PostgreSQL only
 * accepts unknown settings that carry such a prefix, so a malformed name fails here rather than as
 * a policy that silently matches nothing.
 * @throws {InvalidArgumentError} naming `argument`.
 */
export function safeSettingName(name: unknown, argument: string): string {
  const parts = typeof name === 'string' ? name.split('.') : [];
  if (
    parts.length !== 2 ||
    parts.some((part) => !IDENTIFIER.test(part) || part.length > MAX_IDENTIFIER_LENGTH)
  ) {
    throw new InvalidArgumentError(
      argument,
      `must be a custom setting name "prefix.name" of two lower-case identifiers, got ${JSON.stringify(name)}`,
    );
  }
  return name as string;
}

/** Double-quotes an identifier, doubling embedded quotes. Our names are validated; this is belt and braces. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Single-quotes a string literal, doubling embedded quotes. Only for validated identifiers inside DDL. */
export function quoteLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

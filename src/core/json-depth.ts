/**
 * A depth limit on user-supplied JSON. `JSON.parse` takes any depth, but most of what follows it
 * recurses — `JSON.stringify`, zod, key checks, filter compilation — and a value nested tens of
 * thousands of levels overflows the stack there, an internal error where a 400 was due. Values
 * are walked without recursion, so checking cannot overflow either.
 * @module
 */
import { InvalidArgumentError } from './errors.js';

/**
 * Most levels of nesting in request JSON, metadata and filters: 64. Metadata and filters nest a
 * few levels in practice; V8's recursive `JSON.stringify` overflows only some thousands deep, so
 * 64 leaves both a wide margin.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Where `value` nests deeper than `maxDepth` (the root object or array is level 1).
 * @returns The path of the first object or array past the limit (`a.b[0].c…`, shortened to its
 *   first dozen steps), or `undefined` when it is within.
 */
export function findTooDeep(value: unknown, maxDepth = MAX_JSON_DEPTH): string | undefined {
  const stack: Array<{ value: unknown; depth: number; path: string[] }> = [{ value, depth: 0, path: [] }];
  while (stack.length > 0) {
    const { value: item, depth, path } = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth + 1 > maxDepth) {
      const shown = path.slice(0, 12).join('');
      return `${shown.startsWith('.') ? shown.slice(1) : shown}${path.length > 12 ? '…' : ''}`;
    }
    const step = (key: string) => (path.length < 13 ? [...path, key] : path);
    if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--)
        stack.push({ value: item[i], depth: depth + 1, path: step(`[${i}]`) });
    } else {
      const entries = Object.entries(item);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        stack.push({ value: child, depth: depth + 1, path: step(`.${key}`) });
      }
    }
  }
  return undefined;
}

/**
 * Refuses a value nested deeper than `maxDepth`.
 * @param field The argument named in the error (`metadata`, `body.filter`).
 * @throws {InvalidArgumentError} on `field`, saying how deep is allowed and where it went deeper.
 */
export function checkJsonDepth(value: unknown, field: string, maxDepth = MAX_JSON_DEPTH): void {
  const at = findTooDeep(value, maxDepth);
  if (at === undefined) return;
  throw new InvalidArgumentError(
    field,
    `nests deeper than ${maxDepth} levels${at ? ` (at ${at})` : ''}; flatten it`,
  );
}

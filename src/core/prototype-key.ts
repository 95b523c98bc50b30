/**
 * Finds `__proto__` keys in user-supplied JSON. `JSON.parse` keeps such a key as an own property,
 * but most copies drop it or turn it into the object's prototype (`obj[key] = value`, zod's
 * object and record schemas, `Object.assign`), so a filter or metadata object holding one would
 * silently mean something else than what was sent. `constructor` and `prototype` are ordinary
 * own properties when assigned, so they are left alone.
 * @module
 */
import { InvalidArgumentError } from './errors.js';
import { checkJsonDepth } from './json-depth.js';

/** The key JavaScript treats as the prototype when assigned. */
export const PROTOTYPE_KEY = '__proto__';

/**
 * The path of the first own `__proto__` key in `value`, searching nested objects and arrays.
 * @param value Parsed JSON.
 * @param where The path of `value` itself (`''` for the root).
 * @returns A path such as `a.b[2].__proto__`, or `undefined` when there is none.
 */
export function findPrototypeKey(value: unknown, where = ''): string | undefined {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findPrototypeKey(item, `${where}[${index}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = where === '' ? key : `${where}.${key}`;
    if (key === PROTOTYPE_KEY) return at;
    const found = findPrototypeKey(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Refuses metadata holding a `__proto__` key anywhere (see {@link findPrototypeKey}), or nested
 * deeper than `MAX_JSON_DEPTH` (see `checkJsonDepth`).
 * @param metadata Metadata as the caller sent it; `undefined` passes.
 * @throws {InvalidArgumentError} on `metadata`, naming where the key is, or where it is too deep.
 */
export function checkMetadataKeys(metadata: unknown): void {
  checkJsonDepth(metadata, 'metadata');
  const at = findPrototypeKey(metadata);
  if (at === undefined) return;
  throw new InvalidArgumentError(
    'metadata',
    `the key ${PROTOTYPE_KEY} (at ${at}) is not allowed: JavaScript treats it as the prototype, so it would be lost or change other keys`,
  );
}

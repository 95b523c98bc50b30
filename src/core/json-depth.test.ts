import { describe, expect, it } from 'vitest';
import { checkJsonDepth, findTooDeep } from './json-depth.js';

/** An object nested `depth` levels under key `key`, built without recursion. */
function nested(depth: number, key = 'a'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { [key]: value };
  return value;
}

describe('findTooDeep', () => {
  it('passes values within the limit, scalars included', () => {
    expect(findTooDeep(nested(64))).toBeUndefined();
    expect(findTooDeep('text')).toBeUndefined();
    expect(findTooDeep(null)).toBeUndefined();
    expect(findTooDeep([[1], { a: [2] }], 3)).toBeUndefined();
  });

  it('names where a value goes deeper, through objects and arrays, shortened', () => {
    expect(findTooDeep(nested(65))).toBe(`${Array(12).fill('a').join('.')}…`);
    expect(findTooDeep({ ok: 1, list: [0, { deep: { x: 1 } }] }, 3)).toBe('list[1].deep');
  });

  it('walks 200,000 levels without overflowing the stack', () => {
    expect(findTooDeep(nested(200_000))).toMatch(/^a\.a/);
  });
});

describe('checkJsonDepth', () => {
  it('throws INVALID_ARGUMENT naming the field and the limit', () => {
    expect(() => checkJsonDepth(nested(70), 'metadata')).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/^metadata: nests deeper than 64 levels \(at a\.a/),
      }),
    );
    expect(() => checkJsonDepth(nested(3), 'metadata')).not.toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { checkMetadataKeys, findPrototypeKey } from './prototype-key.js';

describe('findPrototypeKey', () => {
  it('finds an own __proto__ key at any depth, as JSON.parse leaves it, and nothing else', () => {
    expect(findPrototypeKey(JSON.parse('{"a":{"b":[1,{"__proto__":{}}]}}'))).toBe('a.b[1].__proto__');
    expect(findPrototypeKey(JSON.parse('{"__proto__":1}'))).toBe('__proto__');
    expect(findPrototypeKey({ constructor: { prototype: 1 }, a: [null, 'x'] })).toBeUndefined();
    expect(findPrototypeKey(undefined)).toBeUndefined();
  });
});

describe('checkMetadataKeys', () => {
  it('refuses metadata with a __proto__ key, naming metadata and where', () => {
    expect(() => checkMetadataKeys(JSON.parse('{"team":{"__proto__":{"x":1}}}'))).toThrow(
      /^metadata: the key __proto__ \(at team\.__proto__\) is not allowed/,
    );
    expect(() => checkMetadataKeys({ team: 'ops', constructor: 'c' })).not.toThrow();
  });
});

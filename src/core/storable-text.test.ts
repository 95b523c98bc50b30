import { describe, expect, it } from 'vitest';
import { storableJson, storableText } from './storable-text.js';

describe('storableText', () => {
  it('turns NUL into a space so words stay apart, and lone surrogates into U+FFFD', () => {
    expect(storableText('Quarterly\0summary')).toBe('Quarterly summary');
    expect(storableText('a\0b\ud800c')).toBe('a b\uFFFDc');
    const clean = 'nothing to do 😀';
    expect(storableText(clean)).toBe(clean);
  });
});

describe('storableJson', () => {
  it('cleans every string and key, and returns clean values themselves', () => {
    expect(storableJson({ 'k\0': ['v\0', 1, null, { x: 'y\0' }] })).toEqual({
      'k ': ['v ', 1, null, { x: 'y ' }],
    });
    const clean = { a: [1, 'b', { c: null }] };
    expect(storableJson(clean)).toBe(clean);
  });

  it('copies an object whose later key or value needs cleaning, keeping the clean ones before it in order', () => {
    const cleaned = storableJson({ a: 1, b: 'x', 'c\0': 2, d: 'y\ud800' });
    expect(cleaned).toEqual({ a: 1, b: 'x', 'c ': 2, d: 'y\uFFFD' });
    expect(Object.keys(cleaned)).toEqual(['a', 'b', 'c ', 'd']);
    // Two keys that clean to the same key: the later one wins.
    expect(storableJson({ 'k\0': 1, 'k ': 2 })).toEqual({ 'k ': 2 });
  });
});

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
});

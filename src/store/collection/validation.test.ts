import { describe, expect, it } from 'vitest';
import type { StoredChunk } from '../../core/types.js';
import {
  checkMetadata,
  prepareChunks,
  resolveNamespace,
  toEmbedding,
  validateCollectionName,
  validateCreateOptions,
  validateNewCollectionName,
} from './validation.js';

const chunk = (overrides: Partial<StoredChunk> = {}): StoredChunk => ({
  id: 'd:0',
  documentId: 'd',
  sourceId: 'd',
  ordinal: 0,
  text: 't',
  headingPath: [],
  pageStart: 1,
  pageEnd: 1,
  tokenCount: 1,
  metadata: {},
  embedding: [1, 0],
  ...overrides,
});

describe('toEmbedding', () => {
  it('converts to float32 and checks length first', () => {
    expect(toEmbedding([1, 2], 2, 'c', 'v')).toEqual(Float32Array.from([1, 2]));
    expect(() => toEmbedding([1, 2, 3], 2, 'c', 'v')).toThrow(/holds 2-dimensional.*v has 3/);
  });

  it('refuses values cosine cannot handle', () => {
    const cases: Array<[unknown, RegExp]> = [
      [[0, 0], /zero vector/],
      [[Number.NaN, 1], /v\[0\].*finite/],
      [[1, Number.NEGATIVE_INFINITY], /v\[1\].*finite/],
      [[1e39, 1], /v\[0\].*finite float32/],
      [[1e-30, 0], /float32's range/],
      [[2e19, 2e19], /float32's range/],
      [['1', 2], /v\[0\].*not a number/],
      ['12', /array of numbers/],
    ];
    for (const [vector, message] of cases) {
      expect(() => toEmbedding(vector, 2, 'c', 'v')).toThrow(message);
    }
  });
});

describe('prepareChunks', () => {
  it('names the chunk and field at fault', () => {
    const target = { collection: 'c', dimension: 2 };
    expect(() => prepareChunks([chunk(), chunk({ id: '' })], target)).toThrow(/chunks\[1\]\.id/);
    expect(() => prepareChunks([chunk({ headingPath: [1] as never })], target)).toThrow(
      /chunks\[0\]\.headingPath/,
    );
    expect(() => prepareChunks([chunk({ metadata: { when: new Date() } as never })], target)).toThrow(
      /chunks\[0\]\.metadata\.when/,
    );
    expect(() => prepareChunks([chunk(), chunk()], target)).toThrow(/repeats chunks\[0\]/);
    expect(() => prepareChunks([chunk({ id: '\ud800' })], target)).toThrow(/well-formed/);
    expect(() => prepareChunks([chunk()], { collection: 'c', dimension: null })).toThrow(/lexical-only/);
  });
});

describe('names and options', () => {
  it('checks collection names and namespaces', () => {
    expect(validateCollectionName("'; DROP TABLE x; --")).toBe("'; DROP TABLE x; --");
    expect(() => validateCollectionName('a\u0000b')).toThrow(/NUL/);
    expect(() => validateCollectionName('x'.repeat(513))).toThrow(/at most 512/);
    expect(resolveNamespace({})).toBe('default');
    expect(() => resolveNamespace({ namespace: '' })).toThrow(/namespace/);
  });

  it('lets a new collection have only a name that prints as itself and is no path', () => {
    for (const name of [
      'kb',
      'scifact',
      'sec-10-q',
      'default',
      'my_docs.v2',
      'My Docs',
      'Ünïcode 名前',
      "x'; DROP TABLE y; --",
    ]) {
      expect(validateNewCollectionName(name)).toBe(name);
    }
    for (const [name, message] of [
      ['a\u001b[31mb', /control or invisible characters \(U\+001B at offset 1\)/],
      ['a\nb', /U\+000A/],
      ['a\u202eb', /U\+202E/],
      ['a\u2028b', /U\+2028/],
      ['../evil', /path separators/],
      ['a\\b', /path separators/],
      ['..', /only dots/],
      ['.', /only dots/],
      [' kb', /whitespace/],
      ['kb\t', /control/],
      ['', /non-empty/],
    ] as const) {
      expect(() => validateNewCollectionName(name), JSON.stringify(name)).toThrow(message);
      expect(() => validateNewCollectionName(name)).toThrow(/^collection: /);
    }
  });

  it('validates collection definitions', () => {
    expect(validateCreateOptions()).toEqual({
      model: null,
      dimension: null,
      vectorType: 'float32',
      metric: 'cosine',
      metadata: {},
    });
    expect(() => validateCreateOptions({ model: 'm', dimension: 16_001 })).toThrow(/16000/);
    expect(() => checkMetadata({ a: { b: Number.NaN } }, 'metadata')).toThrow(/metadata\.a\.b/);
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 70; i++) deep = { d: deep };
    expect(() => checkMetadata(deep, 'metadata')).toThrow(/nested deeper/);
  });
});

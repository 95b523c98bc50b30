import { describe, expect, it } from 'vitest';
import {
  asciiLower,
  facetsOf,
  pageDocuments,
  resolveDocumentQuery,
  resolveFacetsOptions,
} from './document-query.js';
import type { DocumentRecord } from './types.js';

function record(documentId: string, fields: Partial<DocumentRecord> = {}): DocumentRecord {
  return {
    documentId,
    contentHash: '0'.repeat(64),
    sourceId: documentId,
    sourceName: documentId,
    mediaType: 'text/plain',
    metadata: {},
    chunkCount: 1,
    pageCount: 1,
    parserFingerprint: 'p',
    ingestedAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

describe('resolveDocumentQuery', () => {
  it('applies the defaults and trims the search', () => {
    expect(resolveDocumentQuery()).toEqual({
      q: '',
      metadata: [],
      sort: undefined,
      order: 'asc',
      limit: 50,
      offset: 0,
    });
    expect(resolveDocumentQuery({ q: '  x ', metadata: { a: 1 } })).toMatchObject({
      q: 'x',
      metadata: [['a', 1]],
    });
  });

  it('names the bad argument', () => {
    expect(() => resolveDocumentQuery({ limit: 0 })).toThrow(/^limit: must be an integer from 1 to 1000/);
    expect(() => resolveDocumentQuery({ metadata: { a: Number.NaN } })).toThrow(/metadata\.a/);
    expect(() => resolveFacetsOptions({ maxValues: 101 })).toThrow(/maxValues/);
  });
});

describe('pageDocuments', () => {
  it('folds A-Z only, as SQLite lower() does', () => {
    expect(asciiLower('ÄBC Straße')).toBe('Äbc straße');
    const records = [record('a', { title: 'Éclair' }), record('b', { title: 'éclair' })];
    expect(
      pageDocuments(records, resolveDocumentQuery({ q: 'é' })).documents.map((r) => r.documentId),
    ).toEqual(['b']);
  });

  it('keeps ties in document-id order both ways, and unknown sizes last both ways', () => {
    const records = [
      record('c', { byteSize: 5 }),
      record('a', { byteSize: 5 }),
      record('b'),
      record('d', { byteSize: 1 }),
    ];
    const ids = (order: 'asc' | 'desc') =>
      pageDocuments(records, resolveDocumentQuery({ sort: 'size', order })).documents.map(
        (r) => r.documentId,
      );
    expect(ids('asc')).toEqual(['d', 'a', 'c', 'b']);
    expect(ids('desc')).toEqual(['a', 'c', 'd', 'b']);
  });
});

describe('facetsOf', () => {
  it('counts scalar values only, keeps 1 apart from "1", and orders ties by JSON text', () => {
    const records = [
      record('a', { metadata: { n: 1, tags: ['x'], o: { k: 1 }, z: null } }),
      record('b', { metadata: { n: '1' } }),
      record('c', { metadata: { n: true } }),
    ];
    expect(facetsOf(records, resolveFacetsOptions())).toEqual([
      {
        field: 'n',
        documents: 3,
        values: [
          { value: '1', count: 1 },
          { value: 1, count: 1 },
          { value: true, count: 1 },
        ],
      },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../../core/types.js';
import { DocumentListCache, queryDocuments } from './document-query.js';

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

const records = [
  record('a.txt', {
    title: 'Zebra notes',
    chunkCount: 3,
    pageCount: 2,
    ingestedAt: '2026-01-03T00:00:00.000Z',
  }),
  record('b.pdf', {
    title: 'alpha Report 10',
    chunkCount: 9,
    pageCount: 40,
    ingestedAt: '2026-01-01T00:00:00.000Z',
  }),
  record('c.md', { chunkCount: 3, pageCount: 1, ingestedAt: '2026-01-02T00:00:00.000Z' }),
  record('d.md', {
    title: 'Alpha report 9',
    chunkCount: 1,
    pageCount: 5,
    ingestedAt: '2026-01-04T00:00:00.000Z',
  }),
];
const ids = (page: { documents: DocumentRecord[] }) => page.documents.map((d) => d.documentId);

describe('queryDocuments', () => {
  it('keeps the store order and every record without a query', () => {
    expect(queryDocuments(records)).toEqual({ documents: records, total: 4, offset: 0 });
  });

  it('finds by title, file name or id, ignoring case', () => {
    expect(ids(queryDocuments(records, { q: 'REPORT' }))).toEqual(['b.pdf', 'd.md']);
    expect(ids(queryDocuments(records, { q: '.md' }))).toEqual(['c.md', 'd.md']);
    expect(queryDocuments(records, { q: 'nothing' })).toEqual({ documents: [], total: 0, offset: 0 });
  });

  it('sorts names as people read them (case-insensitive, numbers by value)', () => {
    expect(ids(queryDocuments(records, { sort: 'name' }))).toEqual(['d.md', 'b.pdf', 'c.md', 'a.txt']);
  });

  it('sorts by date, size and chunks, ties in store order, descending as the exact reverse', () => {
    expect(ids(queryDocuments(records, { sort: 'date', order: 'desc' }))).toEqual([
      'd.md',
      'a.txt',
      'c.md',
      'b.pdf',
    ]);
    expect(ids(queryDocuments(records, { sort: 'size' }))).toEqual(['c.md', 'a.txt', 'd.md', 'b.pdf']);
    expect(ids(queryDocuments(records, { sort: 'chunks' }))).toEqual(['d.md', 'a.txt', 'c.md', 'b.pdf']);
    expect(ids(queryDocuments(records, { sort: 'chunks', order: 'desc' }))).toEqual([
      'b.pdf',
      'c.md',
      'a.txt',
      'd.md',
    ]);
  });

  it('pages after sorting, with the total of the matching records', () => {
    const all = ids(queryDocuments(records, { sort: 'name' }));
    const first = queryDocuments(records, { sort: 'name', limit: 3 });
    const second = queryDocuments(records, { sort: 'name', limit: 3, offset: 3 });
    expect([...ids(first), ...ids(second)]).toEqual(all);
    expect(second).toMatchObject({ total: 4, offset: 3 });
    expect(queryDocuments(records, { offset: 10, limit: 5 })).toEqual({
      documents: [],
      total: 4,
      offset: 10,
    });
  });
});

describe('DocumentListCache', () => {
  const a = { namespace: 'a', collection: 'kb' };
  const b = { namespace: 'b', collection: 'kb' };

  it('reads a scope once while fresh, and each namespace apart', async () => {
    const cache = new DocumentListCache(60_000);
    let loads = 0;
    const load = (id: string) => async () => {
      loads++;
      return [record(id)];
    };
    expect(ids({ documents: await cache.get(a, load('one')) })).toEqual(['one']);
    expect(ids({ documents: await cache.get(a, load('two')) })).toEqual(['one']);
    expect(ids({ documents: await cache.get(b, load('three')) })).toEqual(['three']);
    expect(loads).toBe(2);
  });

  it('reads again after an invalidation, after the time to live, and after a failed read', async () => {
    const cache = new DocumentListCache(60_000);
    await cache.get(a, async () => [record('one')]);
    cache.invalidate('a', 'kb');
    expect(ids({ documents: await cache.get(a, async () => [record('two')]) })).toEqual(['two']);
    cache.invalidate('a');
    expect(ids({ documents: await cache.get(a, async () => [record('three')]) })).toEqual(['three']);
    const expired = new DocumentListCache(0);
    await expired.get(a, async () => [record('one')]);
    expect(ids({ documents: await expired.get(a, async () => [record('two')]) })).toEqual(['two']);
    await expect(cache.get(b, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(ids({ documents: await cache.get(b, async () => [record('up')]) })).toEqual(['up']);
  });

  it('keeps at most maxEntries collections', async () => {
    const cache = new DocumentListCache(60_000, 2);
    let loads = 0;
    const load = async () => {
      loads++;
      return [];
    };
    for (const collection of ['x', 'y', 'z']) await cache.get({ namespace: 'a', collection }, load);
    await cache.get({ namespace: 'a', collection: 'x' }, load);
    expect(loads).toBe(4);
  });
});

/**
 * The store contract's cases for document listings and metadata facets
 * ({@link Store.queryDocuments}, {@link Store.documentFacets}): every backend answers them alike,
 * whether in SQL or by paging its full list. Registered inside {@link runStoreContract}.
 * @module
 */
import { beforeEach, describe, expect, it } from 'vitest';
import * as records from '../../test/support/store-records.js';
import { type DocumentQuery, pageDocuments, resolveDocumentQuery } from '../core/document-query.js';
import type { DocumentWrite, Scope, Store } from '../core/ports.js';
import type { StoredChunk } from '../core/types.js';

const C = 'listing';
const S: Scope = { collection: C };

interface FixtureDocument {
  chunks: number;
  document: Partial<DocumentWrite['document']>;
}

/**
 * Titles, names, sizes and metadata chosen so that every sort orders them differently, ties
 * exist (two 100-byte documents, several one-chunk ones), one size is unknown, and metadata
 * values differ in type only (`2020` and `"2020"`).
 */
const FIXTURE: Record<string, FixtureDocument> = {
  a1: {
    chunks: 2,
    document: {
      title: 'Zeta report',
      sourceName: 'files/z.pdf',
      byteSize: 300,
      metadata: { team: 'ops', year: 2020, draft: false },
    },
  },
  b2: {
    chunks: 1,
    document: { sourceName: 'Alpha notes.md', byteSize: 100, metadata: { team: 'ops', year: '2020' } },
  },
  c3: {
    chunks: 3,
    document: {
      title: 'beta Budget',
      sourceName: 'c3.md',
      metadata: { team: 'dev', tags: ['x'], draft: true },
    },
  },
  d4: {
    chunks: 1,
    document: {
      title: 'ALPHA plan',
      sourceName: 'd4.md',
      byteSize: 100,
      metadata: { team: 'ops', year: 2020 },
    },
  },
  e5: { chunks: 2, document: { sourceName: 'budget-2021.csv', byteSize: 5000, metadata: {} } },
  f6: {
    chunks: 1,
    document: { title: 'Ünïcode', sourceName: 'f6.md', byteSize: 0, metadata: { team: 'dev', n: null } },
  },
};

/**
 * Registers the listing cases. `getStore` returns the test's store; `createCollection` creates a
 * collection on it and `makeChunk` a chunk that collection takes.
 */
export function documentListingCases(
  getStore: () => Store,
  createCollection: (name: string) => Promise<unknown>,
  makeChunk: (documentId: string, ordinal: number) => StoredChunk,
) {
  describe('store.queryDocuments and store.documentFacets', () => {
    let store: Store;

    beforeEach(async () => {
      store = getStore();
      await createCollection(C);
      for (const [id, { chunks, document }] of Object.entries(FIXTURE)) {
        const list = Array.from({ length: chunks }, (_, i) => makeChunk(id, i));
        await store.replaceDocument(S, records.documentWrite(id, list, document));
      }
      // Another namespace's records never count.
      await store.replaceDocument(
        { collection: C, namespace: 'other' },
        records.documentWrite('z9', [makeChunk('z9', 0)], {
          title: 'alpha budget',
          metadata: { team: 'ops', year: 2020, secret: 'x' },
        }),
      );
    });

    const idsOf = async (query: DocumentQuery) =>
      (await store.queryDocuments(S, query)).documents.map((record) => record.documentId);

    it('keeps byte sizes, and leaves an unknown size out', async () => {
      expect((await store.getDocument(S, 'a1'))?.byteSize).toBe(300);
      expect((await store.getDocument(S, 'f6'))?.byteSize).toBe(0);
      expect(await store.getDocument(S, 'c3')).not.toHaveProperty('byteSize');
    });

    it('lists in document-id order by default, with the total', async () => {
      const page = await store.queryDocuments(S);
      expect(page.documents.map((record) => record.documentId)).toEqual(['a1', 'b2', 'c3', 'd4', 'e5', 'f6']);
      expect(page).toMatchObject({ total: 6, offset: 0 });
      expect(page.documents).toEqual(await store.listDocuments(S));
      expect(await idsOf({ order: 'desc' })).toEqual(['f6', 'e5', 'd4', 'c3', 'b2', 'a1']);
    });

    it('sorts by name: the title, else the file name, ASCII case folded, code-point order', async () => {
      expect(await idsOf({ sort: 'name' })).toEqual(['b2', 'd4', 'c3', 'e5', 'a1', 'f6']);
      expect(await idsOf({ sort: 'name', order: 'desc' })).toEqual(['f6', 'a1', 'e5', 'c3', 'd4', 'b2']);
    });

    it('sorts by size in bytes, unknown sizes last both ways, ties by document id', async () => {
      expect(await idsOf({ sort: 'size' })).toEqual(['f6', 'b2', 'd4', 'a1', 'e5', 'c3']);
      expect(await idsOf({ sort: 'size', order: 'desc' })).toEqual(['e5', 'a1', 'b2', 'd4', 'f6', 'c3']);
    });

    it('sorts by chunk count and by ingested time, ties by document id', async () => {
      expect(await idsOf({ sort: 'chunks', order: 'desc' })).toEqual(['c3', 'a1', 'e5', 'b2', 'd4', 'f6']);
      const all = await store.listDocuments(S);
      for (const order of ['asc', 'desc'] as const) {
        const expected = pageDocuments(all, resolveDocumentQuery({ sort: 'date', order }));
        expect(await store.queryDocuments(S, { sort: 'date', order })).toEqual(expected);
      }
    });

    it('pages: limit and offset after sorting, total before paging', async () => {
      const page = await store.queryDocuments(S, { sort: 'name', limit: 2, offset: 2 });
      expect(page.documents.map((record) => record.documentId)).toEqual(['c3', 'e5']);
      expect(page).toMatchObject({ total: 6, offset: 2 });
      expect((await store.queryDocuments(S, { limit: 5, offset: 6 })).documents).toEqual([]);
    });

    it('searches title, file name and document id, folding A-Z only', async () => {
      expect(await idsOf({ q: 'BUDGET' })).toEqual(['c3', 'e5']);
      expect(await idsOf({ q: '  alpha ', sort: 'name' })).toEqual(['b2', 'd4']);
      expect(await idsOf({ q: 'files/' })).toEqual(['a1']);
      expect(await idsOf({ q: 'F6' })).toEqual(['f6']);
      expect(await idsOf({ q: 'nïc' })).toEqual(['f6']);
      expect(await idsOf({ q: 'ü' })).toEqual([]);
      expect(await idsOf({ q: '%' })).toEqual([]);
      expect((await store.queryDocuments(S, { q: 'budget', limit: 1 })).total).toBe(2);
    });

    it('filters by metadata equality, type included', async () => {
      expect(await idsOf({ metadata: { team: 'ops' } })).toEqual(['a1', 'b2', 'd4']);
      expect(await idsOf({ metadata: { year: 2020 } })).toEqual(['a1', 'd4']);
      expect(await idsOf({ metadata: { year: '2020' } })).toEqual(['b2']);
      expect(await idsOf({ metadata: { draft: false } })).toEqual(['a1']);
      expect(await idsOf({ metadata: { team: 'ops', year: 2020 }, q: 'zeta' })).toEqual(['a1']);
      expect(await idsOf({ metadata: { secret: 'x' } })).toEqual([]);
    });

    it('agrees with the reference implementation on every sort, order and search', async () => {
      const all = await store.listDocuments(S);
      for (const sort of [undefined, 'name', 'date', 'size', 'chunks'] as const) {
        for (const order of ['asc', 'desc'] as const) {
          for (const q of [undefined, 'a', 'md']) {
            const query: DocumentQuery = {
              order,
              limit: 4,
              offset: 1,
              ...(sort ? { sort } : {}),
              ...(q ? { q } : {}),
            };
            expect(await store.queryDocuments(S, query)).toEqual(
              pageDocuments(all, resolveDocumentQuery(query)),
            );
          }
        }
      }
    });

    it('refuses a bad limit, offset, sort or metadata value', async () => {
      for (const query of [
        { limit: 0 },
        { limit: 1001 },
        { offset: -1 },
        { limit: 1.5 },
        { sort: 'title' },
        { order: 'up' },
        { metadata: { team: { $in: ['ops'] } } },
      ]) {
        await expect(store.queryDocuments(S, query as DocumentQuery)).rejects.toMatchObject({
          code: 'INVALID_ARGUMENT',
        });
      }
    });

    it('gives facets: fields most documents have, each with its commonest scalar values', async () => {
      expect(await store.documentFacets(S)).toEqual([
        {
          field: 'team',
          documents: 5,
          values: [
            { value: 'ops', count: 3 },
            { value: 'dev', count: 2 },
          ],
        },
        {
          field: 'year',
          documents: 3,
          values: [
            { value: 2020, count: 2 },
            { value: '2020', count: 1 },
          ],
        },
        {
          field: 'draft',
          documents: 2,
          values: [
            { value: false, count: 1 },
            { value: true, count: 1 },
          ],
        },
      ]);
    });

    it('bounds facets by fields and values', async () => {
      expect(await store.documentFacets(S, { maxFields: 1, maxValues: 1 })).toEqual([
        { field: 'team', documents: 5, values: [{ value: 'ops', count: 3 }] },
      ]);
      expect(await store.documentFacets({ collection: C, namespace: 'empty' })).toEqual([]);
      await expect(store.documentFacets(S, { maxFields: 0 })).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
      });
    });
  });
}

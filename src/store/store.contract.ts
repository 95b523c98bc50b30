/**
 * The conformance suite every backend runs. It talks to the store through the port only. Call
 * {@link runStoreContract} from the backend's test file with the capabilities the backend
 * declares; cases that depend on a capability run the branch that capability promises (a
 * backend that declares BM25 is held to FTS5's BM25 values, one with float16 vectors to float16's
 * limits), so no case is skipped by name.
 *
 * `makeStore` must return a new, empty store each time (a fresh file, schema or instance); the
 * suite closes it after each test.
 * @module
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as records from '../../test/support/store-records.js';
import type { Filter } from '../core/filter/filter.js';
import { filterOperations } from '../core/filter/filter-operations.js';
import { simplifyFilter } from '../core/filter/simplify-filter.js';
import { validateFilter } from '../core/filter/validate-filter.js';
import type { DocumentWrite, ScanConditions, Scope, Store, StoreCapabilities } from '../core/ports.js';
import type { Hit, Metadata, StoredChunk } from '../core/types.js';
import { bm25Reference, luceneBm25Reference } from './bm25-reference.contract.js';
import { documentListingCases } from './document-listing.contract.js';

const { storedChunk } = records;

const DIM = 8;
const MODEL = 'contract-model';
const C = 'contract';
const S: Scope = { collection: C };

/** Deterministic vector for a seed (a small xorshift generator), never zero. */
function vec(seed: number, dimension = DIM): number[] {
  let state = (seed * 2654435761 + 1) >>> 0 || 1;
  const out: number[] = [];
  for (let i = 0; i < dimension; i++) {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    out.push((state / 0xffffffff) * 2 - 1);
  }
  out[0] = (out[0] ?? 0) + 0.01;
  return out;
}

function axis(index: number, dimension = DIM, sign = 1): number[] {
  return Array.from({ length: dimension }, (_, i) => (i === index ? sign : 0));
}

function f32(values: readonly number[]): number[] {
  return Array.from(Float32Array.from(values));
}

let seedCounter = 0;

function chunk(documentId: string, ordinal: number, overrides: Partial<StoredChunk> = {}): StoredChunk {
  return storedChunk(documentId, ordinal, {
    text: `chunk ${ordinal} of ${documentId}`,
    tokenCount: 5,
    embedding: vec(++seedCounter),
    ...overrides,
  });
}

function documentWrite(
  documentId: string,
  chunks: StoredChunk[],
  overrides: Partial<DocumentWrite['document']> = {},
): DocumentWrite {
  return records.documentWrite(documentId, chunks, {
    contentHash: `hash-of-${documentId}`,
    sourceName: `${documentId}.md`,
    mediaType: 'text/markdown',
    parserFingerprint: 'parser@1',
    ...overrides,
  });
}

function ids(hits: Array<Hit | { id: string }>): string[] {
  return hits.map((hit) => ('chunk' in hit ? hit.chunk.id : hit.id)).sort();
}

async function collect(iterable: AsyncIterable<StoredChunk[]>): Promise<StoredChunk[][]> {
  const batches: StoredChunk[][] = [];
  for await (const batch of iterable) batches.push(batch);
  return batches;
}

/** Metadata of the filter fixture; see the expectations in the `filter operators` block. */
const FILTER_FIXTURE: Record<string, Metadata> = {
  m1: {
    lang: 'en',
    year: 2020,
    tags: ['a', 'b'],
    draft: false,
    author: { name: 'Ann', 'full name': 'Ann Lee' },
    score: 1.5,
    note: null,
  },
  m2: { lang: 'de', year: 2021, tags: ['b'], draft: true, author: { name: 'Bob' }, score: 2 },
  m3: { lang: 'en', year: '2022', tags: 'a', author: 'Cy' },
  m4: {
    year: 2019,
    tags: [1, 'c', true, null],
    'a.b': 'literal-dot',
    a: { b: 'nested' },
    "'; DROP TABLE x; --": 'x',
    'qu"ote': 'q',
    'é ü': 'uni',
    $dollar: 'kept',
  },
  m5: {},
  m6: { lang: 'EN', year: 2020.5, tags: [], flag: 1, 'doc.kind': 'memo' },
};

const ALL = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'];

/** The heading paths of the filter fixture's chunks (the others have none). */
const FILTER_HEADINGS: Record<string, string[]> = {
  m1: ['Guide', 'Usage'],
  m2: ['Guide'],
  m3: ['Reference', 'Usage notes', 'a.b'],
};

const FILTER_CASES: Array<[string, Filter, string[]]> = [
  ['literal equality', { lang: 'en' }, ['m1', 'm3']],
  ['$eq', { lang: { $eq: 'en' } }, ['m1', 'm3']],
  ['$ne includes missing fields', { lang: { $ne: 'en' } }, ['m2', 'm4', 'm5', 'm6']],
  ['number equality is type-aware', { year: 2020 }, ['m1']],
  ['$gt on numbers', { year: { $gt: 2020 } }, ['m2', 'm6']],
  ['$gte on numbers', { year: { $gte: 2020 } }, ['m1', 'm2', 'm6']],
  ['$lt on numbers', { year: { $lt: 2020 } }, ['m4']],
  ['$lte on numbers', { year: { $lte: 2020 } }, ['m1', 'm4']],
  ['$gte on strings compares strings only', { year: { $gte: '2000' } }, ['m3']],
  ['$lt on strings is binary (upper case first)', { lang: { $lt: 'en' } }, ['m2', 'm6']],
  ['range with two operators', { year: { $gt: 2019, $lt: 2021 } }, ['m1', 'm6']],
  ['equality matches any array element', { tags: 'a' }, ['m1', 'm3']],
  ['$in over arrays and scalars', { tags: { $in: ['b', 'c'] } }, ['m1', 'm2', 'm4']],
  ['$in with a number', { tags: { $in: [1] } }, ['m4']],
  ['boolean element in an array', { tags: true }, ['m4']],
  ['null element in an array', { tags: null }, ['m4']],
  ['$nin includes missing fields and empty arrays', { tags: { $nin: ['a'] } }, ['m2', 'm4', 'm5', 'm6']],
  ['empty $in matches nothing', { tags: { $in: [] } }, []],
  ['empty $nin matches everything', { tags: { $nin: [] } }, ALL],
  ['a double negation of nothing matches everything', { $not: { $not: {} } }, ALL],
  ['a field or its complement matches everything', { $or: [{ lang: 'en' }, { lang: { $ne: 'en' } }] }, ALL],
  ['a field and its complement matches nothing', { lang: 'en', $not: { lang: 'en' } }, []],
  ['false', { draft: false }, ['m1']],
  ['true', { draft: true }, ['m2']],
  ['true does not equal 1', { flag: true }, []],
  ['1 does not equal true', { flag: 1 }, ['m6']],
  ['null matches an explicit null only', { note: null }, ['m1']],
  ['$exists true (value null)', { note: { $exists: true } }, ['m1']],
  ['$exists false', { note: { $exists: false } }, ['m2', 'm3', 'm4', 'm5', 'm6']],
  ['$ne null', { note: { $ne: null } }, ['m2', 'm3', 'm4', 'm5', 'm6']],
  ['dotted path', { 'author.name': 'Ann' }, ['m1']],
  ['dotted path $exists skips non-objects', { 'author.name': { $exists: true } }, ['m1', 'm2']],
  ['key with a space', { 'author.full name': 'Ann Lee' }, ['m1']],
  ['dots split paths', { 'a.b': 'nested' }, ['m4']],
  ['an escaped dot is part of the key', { 'a\\.b': 'literal-dot' }, ['m4']],
  ['a dotted key also names the key spelled with the dot', { 'a.b': 'literal-dot' }, ['m4']],
  ['a key with a dot, found by its dotted name', { 'doc.kind': 'memo' }, ['m6']],
  ['$exists of a key with a dot', { 'doc.kind': { $exists: true } }, ['m6']],
  [
    '$ne of a dotted key: neither the nested field nor the dotted key',
    { 'a.b': { $ne: 'nested' } },
    ['m1', 'm2', 'm3', 'm5', 'm6'],
  ],
  ['$nin of a key with a dot', { 'doc.kind': { $nin: ['memo'] } }, ['m1', 'm2', 'm3', 'm4', 'm5']],
  ['SQL in a key is data', { "'; DROP TABLE x; --": 'x' }, ['m4']],
  ['quote in a key', { 'qu"ote': 'q' }, ['m4']],
  ['unicode key', { 'é ü': 'uni' }, ['m4']],
  ['SQL in a value is data', { lang: "en' OR '1'='1" }, []],
  ['$not', { $not: { lang: 'en' } }, ['m2', 'm4', 'm5', 'm6']],
  ['$or', { $or: [{ lang: 'de' }, { year: { $lt: 2020 } }] }, ['m2', 'm4']],
  ['nested $and/$or', { $and: [{ lang: 'en' }, { $or: [{ year: 2020 }, { tags: 'a' }] }] }, ['m1', 'm3']],
  ['implicit AND of keys', { lang: 'en', year: 2020 }, ['m1']],
  [
    '$not of $or inside $and',
    { $and: [{ $not: { $or: [{ lang: 'en' }, { lang: 'de' }] } }, { year: { $exists: true } }] },
    ['m4', 'm6'],
  ],
  ['real numbers', { score: 1.5 }, ['m1']],
  ['integer-valued real', { score: { $gte: 2 } }, ['m2']],
  ['empty filter', {}, ALL],
  ['$headingPath: any heading equal', { $headingPath: 'Usage' }, ['m1']],
  ['$headingPath: an outer heading', { $headingPath: 'Guide' }, ['m1', 'm2']],
  ['$headingPath $in', { $headingPath: { $in: ['Usage', 'Reference'] } }, ['m1', 'm3']],
  [
    '$headingPath $ne includes chunks without headings',
    { $headingPath: { $ne: 'Guide' } },
    ['m3', 'm4', 'm5', 'm6'],
  ],
  ['$headingPath $exists', { $headingPath: { $exists: true } }, ['m1', 'm2', 'm3']],
  ['$headingPath $exists false', { $headingPath: { $exists: false } }, ['m4', 'm5', 'm6']],
  ['$headingPath range on strings', { $headingPath: { $gte: 'Usage' } }, ['m1', 'm3']],
  ['$headingPath is not a metadata path', { $headingPath: 'a.b' }, ['m3']],
  ['$headingPath with metadata', { $headingPath: 'Guide', lang: 'en' }, ['m1']],
  ['$headingPath in $or', { $or: [{ $headingPath: 'Reference' }, { flag: 1 }] }, ['m3', 'm6']],
];

const INVALID_FILTERS: Array<[string, unknown, string]> = [
  ['unknown field operator', { lang: { $regex: 'e.*' } }, 'lang.$regex'],
  ['unknown top-level operator', { $foo: 1 }, '$foo'],
  ['$in not an array', { tags: { $in: 'a' } }, 'tags.$in'],
  ['$and not an array', { $and: { lang: 'en' } }, '$and'],
  ['$and of non-objects', { $and: ['x'] }, '$and[0]'],
  ['empty $or', { $or: [] }, '$or'],
  ['$exists not a boolean', { lang: { $exists: 'yes' } }, 'lang.$exists'],
  ['empty key', { '': 1 }, '""'],
  ['empty path segment', { 'a..b': 1 }, 'a..b'],
  ['array literal', { tags: ['a'] }, 'tags'],
  ['object without operators', { author: { name: 'Ann' } }, 'author.name'],
  ['non-finite number', { year: Number.NaN }, 'year'],
  ['boolean range operand', { year: { $gt: true } }, 'year.$gt'],
  ['$not of a non-object', { $not: 'x' }, '$not'],
  ['$headingPath with an array literal', { $headingPath: ['Usage'] }, '$headingPath'],
  ['$headingPath with an unknown operator', { $headingPath: { $regex: 'U' } }, '$headingPath.$regex'],
];

/** The lexical fixture's chunk texts (`lex:0` … `lex:4`; `lex:4` has the heading path `Zebra facts`). */
const LEXICAL_TEXTS = [
  'The quick brown fox jumps over the lazy dog',
  'A café in Paris serves strong coffee to running visitors',
  'Foxes are quick and clever; quick foxes hunt at dusk',
  'Quick thinking saves the day',
  'Striped animals graze on the savanna',
];

const HOSTILE_NAMES = [
  "'; DROP TABLE x; --",
  '"quoted" name',
  "it's",
  'with space',
  'ünïcödé 名前 🚀',
  'a.b',
  'UPPER',
  'upper',
  'cairn_collections',
  'cairn_documents',
  'sqlite_master',
  'x'.repeat(512),
];

const HOSTILE_QUERIES = [
  '"unbalanced',
  'a OR b',
  'NEAR(a b)',
  '-x',
  '*',
  'content:foo',
  '()',
  '!!!',
  'a AND',
  '^x',
  '{a b}',
];

/**
 * Registers the Store conformance suite with vitest.
 * @param name Backend name shown in the suite title.
 * @param makeStore Returns a new, empty store for each test.
 * @param capabilities What the backend declares; the suite checks that the store reports exactly
 *   these, and holds it to them.
 */
export function runStoreContract(
  name: string,
  makeStore: () => Promise<Store>,
  capabilities: StoreCapabilities,
): void {
  const float16 = capabilities.vectorTypes.includes('float16');
  const lexical = capabilities.lexical !== 'none';
  /** The operations of `filter` this backend declares it cannot evaluate. */
  const unsupported = (filter: Filter) =>
    filterOperations(simplifyFilter(validateFilter(filter)))
      .map(({ operation }) => operation)
      .filter((operation) => capabilities.unsupportedFilters.includes(operation));
  describe(`Store contract: ${name}`, () => {
    let store: Store;
    let closed = false;

    beforeEach(async () => {
      store = await makeStore();
      closed = false;
    });
    afterEach(async () => {
      if (!closed) await store.close();
    });

    const dense = (collection = C, dimension = DIM) =>
      store.createCollection(collection, { model: MODEL, dimension });

    /**
     * Ids of the chunks whose text holds the word `query`: lexical search where the backend has an
     * index, else a scan that reads every chunk's text (for side checks only; ranking is tested
     * in the lexical block).
     */
    async function textIds(request: Scope & ScanConditions & { query: string; topK?: number }) {
      if (lexical) return ids(await store.lexicalSearch({ topK: 10, ...request }));
      const word = request.query.toLowerCase();
      const { query: _query, topK: _topK, ...scan } = request;
      const chunks = (await collect(store.iterChunks({ ...scan, includeEmbeddings: false }))).flat();
      return ids(chunks.filter((item) => item.text.toLowerCase().includes(word)));
    }

    /** Writes one document per fixture entry, one chunk each, id `<key>:0`, text mentioning "common". */
    async function writeFilterFixture(scope: Scope = S): Promise<void> {
      for (const [key, metadata] of Object.entries(FILTER_FIXTURE)) {
        await store.replaceDocument(
          scope,
          documentWrite(key, [
            chunk(key, 0, {
              metadata,
              text: `common words for ${key}`,
              headingPath: FILTER_HEADINGS[key] ?? [],
            }),
          ]),
        );
      }
    }

    describe('store.capabilities', () => {
      it('are what the backend declares', () => {
        expect(store.capabilities).toEqual(capabilities);
        expect(store.specificationVersion).toBe('v2');
      });
    });

    describe('store.listCollections', () => {
      it('returns [] on a fresh store, repeatedly, without creating anything', async () => {
        expect(await store.listCollections()).toEqual([]);
        expect(await store.listCollections()).toEqual([]);
        expect(await store.getCollection(C)).toBeUndefined();
        expect(await store.getStats()).toMatchObject({ collections: 0, documents: 0, chunks: 0 });
      });

      it('lists collections by name with the chunk counts of one namespace only', async () => {
        await dense('b');
        await store.createCollection('a');
        await store.upsertChunks({ collection: 'b' }, [chunk('d', 0), chunk('d', 1)]);
        await store.upsertChunks({ collection: 'b', namespace: 'other' }, [chunk('d', 0)]);
        const counts = async (namespace?: string) =>
          (await store.listCollections(namespace === undefined ? undefined : { namespace })).map((entry) => [
            entry.name,
            entry.count,
          ]);
        expect(await counts()).toEqual([
          ['a', 0],
          ['b', 2],
        ]);
        expect(await counts('other')).toEqual([
          ['a', 0],
          ['b', 1],
        ]);
        expect(await counts('nobody')).toEqual([
          ['a', 0],
          ['b', 0],
        ]);
      });
    });

    describe('store.ensureRegistry', () => {
      it('is idempotent and creates no collection', async () => {
        await store.ensureRegistry();
        await store.ensureRegistry();
        expect(await store.listCollections()).toEqual([]);
      });
    });

    describe('store.createCollection', () => {
      it('creates a dense collection and records its definition', async () => {
        const info = await store.createCollection(C, {
          model: MODEL,
          dimension: DIM,
          metadata: { owner: 'me' },
        });
        expect(info).toMatchObject({
          name: C,
          model: MODEL,
          dimension: DIM,
          vectorType: 'float32',
          metadata: { owner: 'me' },
        });
        expect(info.schemaVersion).toBeGreaterThanOrEqual(1);
        expect(Number.isNaN(Date.parse(info.createdAt))).toBe(false);
        expect(info).not.toHaveProperty('tableName');
        expect(info).not.toHaveProperty('location');
        expect(await store.getCollection(C)).toEqual(info);
      });

      it('returns the existing collection when model and dimension agree', async () => {
        const first = await dense();
        const second = await store.createCollection(C, {
          model: MODEL,
          dimension: DIM,
          metadata: { other: 1 },
        });
        expect(second).toEqual(first);
      });

      it('refuses another dimension or model, naming both', async () => {
        await dense();
        const otherDimension = store.createCollection(C, { model: MODEL, dimension: DIM + 1 });
        await expect(otherDimension).rejects.toMatchObject({ code: 'COLLECTION_CONFLICT' });
        await expect(store.createCollection(C, { model: MODEL, dimension: DIM + 1 })).rejects.toThrow(
          new RegExp(`${DIM}.*${DIM + 1}`, 's'),
        );
        await expect(store.createCollection(C, { model: 'other-model', dimension: DIM })).rejects.toThrow(
          /contract-model[\s\S]*other-model/,
        );
        await expect(store.createCollection(C)).rejects.toMatchObject({ code: 'COLLECTION_CONFLICT' });
      });

      it('creates a lexical-only collection', async () => {
        const info = await store.createCollection(C);
        expect(info).toMatchObject({ model: null, dimension: null });
        expect(await store.createCollection(C, { model: null, dimension: null })).toEqual(info);
        await expect(dense()).rejects.toMatchObject({ code: 'COLLECTION_CONFLICT' });
      });

      it('refuses malformed names and options', async () => {
        const bad: Array<[string, Parameters<Store['createCollection']>[1]]> = [
          ['', {}],
          ['x'.repeat(513), {}],
          ['ok', { model: MODEL, dimension: 0 }],
          ['ok', { model: MODEL, dimension: -3 }],
          ['ok', { model: MODEL, dimension: 1.5 }],
          ['ok', { model: MODEL }],
          ['ok', { dimension: DIM }],
          ['ok', { model: '', dimension: DIM }],
        ];
        for (const [collection, options] of bad) {
          await expect(store.createCollection(collection, options)).rejects.toMatchObject({
            code: 'INVALID_ARGUMENT',
          });
        }
        expect(await store.listCollections()).toEqual([]);
      });

      it(`${float16 ? 'keeps' : 'refuses'} float16 collections`, async () => {
        const created = store.createCollection(C, { model: MODEL, dimension: DIM, vectorType: 'float16' });
        if (float16) {
          expect(await created).toMatchObject({ vectorType: 'float16' });
        } else {
          await expect(created).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
        }
      });

      if (float16) {
        it('refuses vectors float16 cannot represent, at write and at query, and never scores NaN', async () => {
          const half = { collection: 'half' };
          await store.createCollection('half', { model: MODEL, dimension: DIM, vectorType: 'float16' });
          const tiny = new Array(DIM).fill(1e-8);
          const huge = axis(0).map((value) => value * 1e5);
          for (const embedding of [tiny, huge]) {
            await expect(store.upsertChunks(half, [chunk('h', 0, { embedding })])).rejects.toMatchObject({
              code: 'INVALID_ARGUMENT',
            });
            await expect(store.denseSearch({ ...half, vector: embedding, topK: 1 })).rejects.toMatchObject({
              code: 'INVALID_ARGUMENT',
            });
          }
          expect(await store.countChunks(half)).toBe(0);
          await store.upsertChunks(half, [chunk('h', 1, { embedding: axis(1).map((v) => v * 1e-3) })]);
          const [hit] = await store.denseSearch({ ...half, vector: axis(1), topK: 1, minSimilarity: 0.5 });
          expect(hit?.score).toBeCloseTo(1, 3);
        });
      }

      it('keeps hostile names as data, each in its own table', async () => {
        for (const [index, collection] of HOSTILE_NAMES.entries()) {
          await store.createCollection(collection, { model: MODEL, dimension: DIM });
          await store.replaceDocument(
            { collection },
            documentWrite('doc', [chunk('doc', 0, { text: `marker${index} text` })]),
          );
        }
        const listed = await store.listCollections();
        expect(listed.map((entry) => entry.name).sort()).toEqual([...HOSTILE_NAMES].sort());
        for (const [index, collection] of HOSTILE_NAMES.entries()) {
          const entry = listed.find((item) => item.name === collection)!;
          expect(entry.count).toBe(1);
          expect(await textIds({ collection, query: `marker${index}`, topK: 5 })).toEqual(['doc:0']);
          expect(await store.listDocuments({ collection })).toHaveLength(1);
        }
        for (const collection of HOSTILE_NAMES) expect(await store.dropCollection(collection)).toBe(true);
        expect(await store.listCollections()).toEqual([]);
      });
    });

    describe('store.dropCollection', () => {
      it('drops chunks, documents and the registry entry', async () => {
        await dense();
        await store.replaceDocument(S, documentWrite('d', [chunk('d', 0)]));
        expect(await store.dropCollection(C)).toBe(true);
        expect(await store.dropCollection(C)).toBe(false);
        expect(await store.getCollection(C)).toBeUndefined();
        await expect(store.countChunks(S)).rejects.toMatchObject({ code: 'COLLECTION_NOT_FOUND' });
        await dense(C, DIM + 2);
        expect(await store.countChunks(S)).toBe(0);
        expect(await store.listDocuments(S)).toEqual([]);
      });
    });

    describe('store.getStats', () => {
      it('counts collections, documents and chunks', async () => {
        await dense('one');
        await dense('two');
        await store.replaceDocument(
          { collection: 'one' },
          documentWrite('a', [chunk('a', 0), chunk('a', 1)]),
        );
        await store.replaceDocument(
          { collection: 'two', namespace: 'n' },
          documentWrite('b', [chunk('b', 0)]),
        );
        expect(await store.getStats()).toMatchObject({ collections: 2, documents: 1, chunks: 2 });
        expect(await store.getStats({ namespace: 'n' })).toMatchObject({
          collections: 2,
          documents: 1,
          chunks: 1,
        });
        expect(await store.getStats({ namespace: 'empty' })).toMatchObject({
          collections: 2,
          documents: 0,
          chunks: 0,
        });
      });
    });

    describe('collection scope', () => {
      it('refuses calls on a missing collection', async () => {
        await expect(store.countChunks(S)).rejects.toMatchObject({ code: 'COLLECTION_NOT_FOUND' });
        await expect(store.replaceDocument(S, documentWrite('d', [chunk('d', 0)]))).rejects.toMatchObject({
          code: 'COLLECTION_NOT_FOUND',
        });
        await expect(store.denseSearch({ ...S, vector: vec(1), topK: 1 })).rejects.toMatchObject({
          code: 'COLLECTION_NOT_FOUND',
        });
        await expect(store.lexicalSearch({ ...S, query: 'x', topK: 1 })).rejects.toMatchObject({
          code: lexical ? 'COLLECTION_NOT_FOUND' : 'INVALID_ARGUMENT',
        });
      });

      it('refuses an empty namespace', async () => {
        await dense();
        await expect(store.countChunks({ ...S, namespace: '' })).rejects.toMatchObject({
          code: 'INVALID_ARGUMENT',
        });
      });
    });

    describe('store.replaceDocument', () => {
      it('writes the document record and its chunks', async () => {
        await dense();
        const write = documentWrite('d', [chunk('d', 0), chunk('d', 1)], {
          title: 'A title',
          metadata: { k: 'v' },
        });
        const record = await store.replaceDocument(S, write);
        expect(record).toMatchObject({ ...write.document, chunkCount: 2 });
        expect(Number.isNaN(Date.parse(record.ingestedAt))).toBe(false);
        expect(await store.getDocument(S, 'd')).toEqual(record);
        expect(await store.listDocuments(S)).toEqual([record]);
        expect(await store.countChunks(S)).toBe(2);
      });

      it("keeps a record's name terms as given, and leaves them out when none are given", async () => {
        await dense();
        await store.replaceDocument(S, documentWrite('n', [chunk('n', 0)], { nameTerms: ['acm', 'rocket'] }));
        await store.replaceDocument(S, documentWrite('m', [chunk('m', 0)]));
        expect((await store.getDocument(S, 'n'))?.nameTerms).toEqual(['acm', 'rocket']);
        expect(await store.getDocument(S, 'm')).not.toHaveProperty('nameTerms');
        await store.replaceDocument(
          S,
          documentWrite('n', [chunk('n', 0)], { nameTerms: [], contentHash: 'v2' }),
        );
        expect((await store.listDocuments(S)).map((d) => [d.documentId, d.nameTerms])).toEqual([
          ['m', undefined],
          ['n', []],
        ]);
        await expect(
          store.replaceDocument(
            S,
            documentWrite('x', [chunk('x', 0)], { nameTerms: [1] as unknown as string[] }),
          ),
        ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
      });

      it('replaces every old chunk, in the index too', async () => {
        await dense();
        await store.replaceDocument(
          S,
          documentWrite(
            'd',
            [0, 1, 2].map((i) => chunk('d', i, { text: `oldword number ${i}` })),
          ),
        );
        const record = await store.replaceDocument(
          S,
          documentWrite('d', [chunk('d', 0, { text: 'newword only' })], { contentHash: 'v2' }),
        );
        expect(record.chunkCount).toBe(1);
        expect(await store.countChunks(S)).toBe(1);
        expect(await textIds({ ...S, query: 'oldword' })).toEqual([]);
        expect(await textIds({ ...S, query: 'newword' })).toEqual(['d:0']);
        expect(ids(await store.denseSearch({ ...S, vector: vec(1), topK: 10 }))).toEqual(['d:0']);
        expect((await store.getDocument(S, 'd'))?.contentHash).toBe('v2');
      });

      it('accepts Float32Array embeddings and returns them as numbers', async () => {
        await dense();
        const embedding = Float32Array.from(vec(7));
        await store.replaceDocument(S, documentWrite('d', [chunk('d', 0, { embedding })]));
        expect((await store.getEmbeddings(S, ['d:0'])).get('d:0')).toEqual(Array.from(embedding));
      });

      /** Writes a version, then a second whose third chunk `spoil` breaks; the first must survive whole. */
      const keepsOldVersion = async (spoil: (chunk: StoredChunk) => StoredChunk, code: string) => {
        await dense();
        const old = [0, 1, 2].map((i) => chunk('d', i, { text: `version one ${i}` }));
        const before = await store.replaceDocument(S, documentWrite('d', old));
        const next = [0, 1, 2, 3].map((i) => chunk('d', i, { text: `version two ${i}` }));
        next[2] = spoil(next[2]!);
        await expect(
          store.replaceDocument(S, documentWrite('d', next, { contentHash: 'v2' })),
        ).rejects.toMatchObject({ code });
        expect(await store.getDocument(S, 'd')).toEqual(before);
        expect((await store.getChunks(S, ['d:0', 'd:1', 'd:2', 'd:3'])).map((c) => c.text)).toEqual([
          'version one 0',
          'version one 1',
          'version one 2',
        ]);
        expect(await textIds({ ...S, query: 'two' })).toEqual([]);
      };

      it('refuses a wrong dimension mid-batch and keeps the old version', async () => {
        await keepsOldVersion((bad) => ({ ...bad, embedding: vec(3, DIM + 1) }), 'DIMENSION_MISMATCH');
        await expect(store.upsertChunks(S, [chunk('d', 9, { embedding: vec(3, DIM + 1) })])).rejects.toThrow(
          `collection "${C}" holds ${DIM}-dimensional embeddings`,
        );
      });

      it('refuses NaN mid-batch and keeps the old version', async () => {
        const embedding = vec(3);
        embedding[4] = Number.NaN;
        await keepsOldVersion((bad) => ({ ...bad, embedding }), 'INVALID_ARGUMENT');
      });

      it('refuses infinite and zero embeddings', async () => {
        const infinite = vec(3);
        infinite[0] = Number.POSITIVE_INFINITY;
        await keepsOldVersion((bad) => ({ ...bad, embedding: infinite }), 'INVALID_ARGUMENT');
        await expect(
          store.replaceDocument(
            S,
            documentWrite('z', [chunk('z', 0, { embedding: new Array(DIM).fill(0) })]),
          ),
        ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
      });

      it('refuses a chunk without an embedding in a dense collection', async () => {
        await keepsOldVersion(({ embedding: _, ...bare }) => bare, 'INVALID_ARGUMENT');
      });

      it('refuses chunks of another document, duplicate ids and ids owned elsewhere', async () => {
        await dense();
        await store.replaceDocument(S, documentWrite('other', [chunk('other', 0)]));
        const cases: DocumentWrite[] = [
          documentWrite('d', [chunk('d', 0), chunk('e', 1)]),
          documentWrite('d', [chunk('d', 0), chunk('d', 0)]),
          documentWrite('d', [chunk('d', 0), chunk('d', 1, { sourceId: 'elsewhere' })]),
          documentWrite('d', [chunk('d', 0), { ...chunk('d', 1), id: 'other:0' }]),
          documentWrite('d', [chunk('d', 0, { ordinal: -1 })]),
        ];
        for (const write of cases) {
          await expect(store.replaceDocument(S, write)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
        }
        expect(ids(await store.getChunks(S, ['other:0', 'd:0']))).toEqual(['other:0']);
        expect((await store.listDocuments(S)).map((doc) => doc.documentId)).toEqual(['other']);
      });

      it('stores no embeddings in a lexical-only collection and refuses any', async () => {
        await store.createCollection(C);
        const { embedding: _, ...bare } = chunk('d', 0, { text: 'lexical only text' });
        await store.replaceDocument(S, documentWrite('d', [bare]));
        expect(await textIds({ ...S, query: 'lexical', topK: 3 })).toEqual(['d:0']);
        expect((await store.getEmbeddings(S, ['d:0'])).size).toBe(0);
        await expect(store.replaceDocument(S, documentWrite('e', [chunk('e', 0)]))).rejects.toMatchObject({
          code: 'DIMENSION_MISMATCH',
        });
        await expect(store.denseSearch({ ...S, vector: vec(1), topK: 1 })).rejects.toMatchObject({
          code: 'INVALID_ARGUMENT',
        });
      });
    });

    describe.runIf(capabilities.replace !== 'none')(
      `replaces seen by concurrent readers (${capabilities.replace})`,
      () => {
        /** Version `v` of document `r`: `3 + (v % 3)` chunks whose texts name the version. */
        const version = (v: number) =>
          documentWrite(
            'r',
            Array.from({ length: 3 + (v % 3) }, (_, i) => chunk('r', i, { text: `version${v} part ${i}` })),
            { contentHash: `v${v}` },
          );
        /** The versions a read saw, and whether it saw every chunk of the one version it saw. */
        const seen = (texts: string[]) => {
          const versions = [...new Set(texts.map((text) => Number(/version(\d+)/.exec(text)![1])))];
          return { versions, whole: versions.length === 1 && texts.length === 3 + (versions[0]! % 3) };
        };

        it('never shows zero chunks or a mix of two versions', async () => {
          await dense();
          await store.replaceDocument(S, version(0));
          let writing = true;
          const writer = (async () => {
            try {
              for (let v = 1; v <= 12; v++) await store.replaceDocument(S, version(v));
            } finally {
              writing = false;
            }
          })();
          const reads: Array<ReturnType<typeof seen>> = [];
          const candidates = Array.from({ length: 6 }, (_, i) => `r:${i}`);
          while (writing) {
            const scanned = (
              await collect(store.iterChunks({ ...S, documentIds: ['r'], batchSize: 10 }))
            ).flat();
            reads.push(seen(scanned.map((item) => item.text)));
            const hits = await store.denseSearch({ ...S, vector: vec(3), topK: 20, documentIds: ['r'] });
            reads.push(seen(hits.map((hit) => hit.chunk.text)));
            const fetched = await store.getChunks(S, candidates);
            const texts = fetched.map((item) => item.text);
            const byId = seen(texts);
            // Ids beyond a shorter version's length may be absent; the rest must be one version, whole.
            reads.push({ versions: byId.versions, whole: byId.versions.length === 1 && byId.whole });
          }
          await writer;
          expect(reads.length).toBeGreaterThan(0);
          for (const read of reads) {
            expect(read.versions).toHaveLength(1);
            expect(read.whole).toBe(true);
          }
          const last = seen((await collect(store.iterChunks(S))).flat().map((item) => item.text));
          expect(last).toEqual({ versions: [12], whole: true });
          expect((await store.getDocument(S, 'r'))?.chunkCount).toBe(3);
          expect(await store.countChunks(S)).toBe(3);
        });

        it('leaves the current version whole when a replace fails part-way', async () => {
          await dense();
          await store.replaceDocument(S, version(1));
          const broken = version(2);
          broken.chunks[3] = { ...broken.chunks[3]!, embedding: vec(1, DIM + 1) };
          await expect(store.replaceDocument(S, broken)).rejects.toMatchObject({
            code: 'DIMENSION_MISMATCH',
          });
          const texts = (await collect(store.iterChunks(S))).flat().map((item) => item.text);
          expect(seen(texts)).toEqual({ versions: [1], whole: true });
          expect(await store.countChunks(S)).toBe(4);
          await store.replaceDocument(S, version(3));
          expect(seen((await collect(store.iterChunks(S))).flat().map((item) => item.text))).toEqual({
            versions: [3],
            whole: true,
          });
        });
      },
    );

    describe('store.deleteChunks by document id', () => {
      it('deletes the record and its chunks only, and says how many', async () => {
        await dense();
        await store.replaceDocument(S, documentWrite('a', [chunk('a', 0), chunk('a', 1)]));
        await store.replaceDocument(S, documentWrite('b', [chunk('b', 0)]));
        expect(await store.deleteChunks(S, { documentIds: ['a'] })).toEqual({ chunks: 2, documents: 1 });
        expect(await store.deleteChunks(S, { documentIds: ['a'] })).toEqual({ chunks: 0, documents: 0 });
        expect(await store.getDocument(S, 'a')).toBeUndefined();
        expect(await store.countChunks(S)).toBe(1);
        expect(await store.getDocument(S, 'b')).toBeDefined();
      });

      it('deletes a record that holds no chunk', async () => {
        await dense();
        await store.replaceDocument(S, documentWrite('empty', []));
        expect((await store.getDocument(S, 'empty'))?.chunkCount).toBe(0);
        expect(await store.deleteChunks(S, { documentIds: ['empty'] })).toEqual({ chunks: 0, documents: 1 });
        expect(await store.listDocuments(S)).toEqual([]);
      });
    });

    describe('store.upsertChunks', () => {
      it('inserts and overwrites by id without a document record', async () => {
        await dense();
        await store.upsertChunks(S, [chunk('d', 0, { text: 'alpha' }), chunk('d', 1, { text: 'beta' })]);
        await store.upsertChunks(S, [chunk('d', 0, { text: 'gamma', metadata: { v: 2 } })]);
        expect(await store.countChunks(S)).toBe(2);
        expect(await store.getChunks(S, ['d:0'])).toMatchObject([{ text: 'gamma', metadata: { v: 2 } }]);
        expect(await textIds({ ...S, query: 'alpha', topK: 5 })).toEqual([]);
        expect(await textIds({ ...S, query: 'gamma', topK: 5 })).toEqual(['d:0']);
        expect(await store.listDocuments(S)).toEqual([]);
        const [hit] = await store.denseSearch({ ...S, vector: vec(1), topK: 1, documentIds: ['d'] });
        expect(hit?.sourceName).toBeUndefined();
      });

      it('writes nothing when one chunk is invalid', async () => {
        await dense();
        const batch = [chunk('d', 0), { ...chunk('d', 1), embedding: vec(1, DIM - 1) }, chunk('d', 2)];
        await expect(store.upsertChunks(S, batch)).rejects.toMatchObject({ code: 'DIMENSION_MISMATCH' });
        expect(await store.countChunks(S)).toBe(0);
      });
    });

    describe('store.replaceChunks', () => {
      it('replaces by source id and reports the number deleted', async () => {
        await dense();
        await store.upsertChunks(S, [
          chunk('a', 0, { sourceId: 's' }),
          chunk('a', 1, { sourceId: 's' }),
          chunk('b', 0),
        ]);
        const deleted = await store.replaceChunks(S, { sourceIds: ['s'] }, [
          chunk('a', 5, { sourceId: 's' }),
        ]);
        expect(deleted).toEqual({ chunks: 2, documents: 0 });
        expect(ids(await store.getChunks(S, ['a:0', 'a:1', 'a:5', 'b:0']))).toEqual(['a:5', 'b:0']);
      });

      it('replaces by metadata match', async () => {
        await dense();
        await store.upsertChunks(S, [
          chunk('p', 0, { metadata: { page: 'p1' } }),
          chunk('p', 1, { metadata: { page: 'p1' } }),
          chunk('p', 2, { metadata: { page: 'p2' } }),
        ]);
        expect(
          await store.replaceChunks(S, { filter: { page: 'p1' } }, [
            chunk('p', 9, { metadata: { page: 'p1' } }),
          ]),
        ).toEqual({ chunks: 2, documents: 0 });
        expect(await store.countChunks({ ...S, filter: { page: 'p1' } })).toBe(1);
        expect(await store.countChunks(S)).toBe(2);
      });

      it('keeps every old row when a new chunk is invalid', async () => {
        await dense();
        await store.upsertChunks(
          S,
          [0, 1, 2].map((i) => chunk('a', i, { sourceId: 's' })),
        );
        const bad = vec(2);
        bad[1] = Number.NaN;
        const batch = [chunk('a', 7, { sourceId: 's' }), chunk('a', 8, { sourceId: 's', embedding: bad })];
        await expect(store.replaceChunks(S, { sourceIds: ['s'] }, batch)).rejects.toMatchObject({
          code: 'INVALID_ARGUMENT',
        });
        expect(ids(await store.getChunks(S, ['a:0', 'a:1', 'a:2', 'a:7']))).toEqual(['a:0', 'a:1', 'a:2']);
      });

      it('needs a selector, and refuses one that selects everything without all: true', async () => {
        await dense();
        await store.upsertChunks(S, [chunk('a', 0)]);
        await expect(store.replaceChunks(S, {}, [])).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
        await expect(store.replaceChunks(S, { filter: {} }, [])).rejects.toMatchObject({
          code: 'INVALID_ARGUMENT',
        });
        await expect(store.replaceChunks(S, { filter: { $bad: 1 } as Filter }, [])).rejects.toMatchObject({
          code: 'INVALID_FILTER',
        });
        expect(await store.countChunks(S)).toBe(1);
        expect(await store.replaceChunks(S, { all: true }, [chunk('b', 0)])).toEqual({
          chunks: 1,
          documents: 0,
        });
        expect(ids(await store.getChunks(S, ['a:0', 'b:0']))).toEqual(['b:0']);
      });

      it('selects the chunks that meet every condition', async () => {
        await dense();
        await store.upsertChunks(S, [
          chunk('a', 0, { sourceId: 's', metadata: { v: 1 } }),
          chunk('a', 1, { sourceId: 's', metadata: { v: 2 } }),
          chunk('b', 0, { sourceId: 't', metadata: { v: 1 } }),
        ]);
        expect(await store.replaceChunks(S, { sourceIds: ['s'], filter: { v: 1 } }, [])).toEqual({
          chunks: 1,
          documents: 0,
        });
        expect(ids(await store.getChunks(S, ['a:0', 'a:1', 'b:0']))).toEqual(['a:1', 'b:0']);
      });
    });

    describe('store.deleteChunks', () => {
      it('deletes nothing for an empty list', async () => {
        await dense();
        await store.upsertChunks(S, [chunk('a', 0), chunk('a', 1)]);
        expect(await store.deleteChunks(S, { ids: [] })).toEqual({ chunks: 0, documents: 0 });
        expect(await store.countChunks(S)).toBe(2);
      });

      it('deletes by id and counts only what existed', async () => {
        await dense();
        await store.upsertChunks(S, [chunk('a', 0), chunk('a', 1)]);
        expect(await store.deleteChunks(S, { ids: ['a:0', 'missing', 'bad\u0000id'] })).toEqual({
          chunks: 1,
          documents: 0,
        });
        expect(ids(await store.getChunks(S, ['a:0', 'a:1']))).toEqual(['a:1']);
      });

      it('deletes by source id, with the source’s document records', async () => {
        await dense();
        await store.replaceDocument(S, documentWrite('a', [chunk('a', 0, { sourceId: 's1' })]));
        await store.replaceDocument(
          S,
          documentWrite('b', [chunk('b', 0, { sourceId: 's1' }), chunk('b', 1, { sourceId: 's1' })]),
        );
        await store.replaceDocument(S, documentWrite('c', [chunk('c', 0, { sourceId: 's2' })]));
        expect(await store.deleteChunks(S, { sourceIds: ['s1'] })).toEqual({ chunks: 3, documents: 2 });
        expect((await store.listDocuments(S)).map((doc) => doc.documentId)).toEqual(['c']);
        expect(await store.countChunks(S)).toBe(1);
        expect(await store.deleteChunks(S, { sourceIds: ['s1'] })).toEqual({ chunks: 0, documents: 0 });
      });

      it('deletes by metadata, recounting and removing emptied records', async () => {
        await dense();
        await writeFilterFixture();
        expect(await store.deleteChunks(S, { filter: { lang: 'en' } })).toEqual({ chunks: 2, documents: 2 });
        expect(await store.countChunks(S)).toBe(4);
        expect(await store.countChunks({ ...S, filter: { lang: 'en' } })).toBe(0);
        expect(await store.listDocuments(S)).toHaveLength(4);
      });

      it('refuses a selector that selects everything unless all: true, and a malformed filter', async () => {
        await dense();
        await writeFilterFixture();
        const everything: Array<Parameters<Store['deleteChunks']>[1]> = [
          {},
          { filter: {} },
          { filter: { x: { $nin: [] } } },
          { filter: { $not: { $not: {} } } },
          { filter: { $or: [{ lang: 'en' }, { $not: { lang: 'en' } }] } },
          { all: false },
        ];
        for (const selector of everything) {
          await expect(store.deleteChunks(S, selector)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
        }
        await expect(
          store.deleteChunks(S, { filter: { lang: { $regex: 'x' } } as Filter }),
        ).rejects.toMatchObject({
          code: 'INVALID_FILTER',
        });
        expect(await store.countChunks(S)).toBe(6);
        expect(await store.deleteChunks(S, { filter: { tags: { $in: [] } } })).toEqual({
          chunks: 0,
          documents: 0,
        });
        expect(await store.deleteChunks(S, { all: true })).toEqual({ chunks: 6, documents: 6 });
        expect(await store.countChunks(S)).toBe(0);
        expect(await store.listDocuments(S)).toEqual([]);
      });
    });

    describe('store.purgeNamespace', () => {
      it('deletes one namespace in every collection and nothing else', async () => {
        await dense('one');
        await dense('two');
        for (const namespace of ['gone', 'kept']) {
          await store.replaceDocument({ collection: 'one', namespace }, documentWrite('a', [chunk('a', 0)]));
          await store.upsertChunks({ collection: 'two', namespace }, [chunk('b', 0), chunk('b', 1)]);
        }
        expect(await store.purgeNamespace('gone')).toEqual({ chunks: 3, documents: 1 });
        expect(await store.countChunks({ collection: 'one', namespace: 'gone' })).toBe(0);
        expect(await store.countChunks({ collection: 'two', namespace: 'gone' })).toBe(0);
        expect(await store.countChunks({ collection: 'two', namespace: 'kept' })).toBe(2);
        expect(await store.listDocuments({ collection: 'one', namespace: 'kept' })).toHaveLength(1);
        expect(await store.purgeNamespace('gone')).toEqual({ chunks: 0, documents: 0 });
        await expect(store.purgeNamespace('')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
      });
    });

    documentListingCases(
      () => store,
      (collection) => dense(collection),
      (documentId, ordinal) => chunk(documentId, ordinal),
    );

    describe('document records', () => {
      it('follow chunk-level deletes: recounted, removed once empty', async () => {
        await dense();
        await store.replaceDocument(S, documentWrite('d', [chunk('d', 0), chunk('d', 1), chunk('d', 2)]));
        expect(await store.deleteChunks(S, { ids: ['d:0'] })).toEqual({ chunks: 1, documents: 0 });
        expect((await store.getDocument(S, 'd'))?.chunkCount).toBe(2);
        expect(await store.deleteChunks(S, { ids: ['d:1', 'd:2'] })).toEqual({ chunks: 2, documents: 1 });
        expect(await store.getDocument(S, 'd')).toBeUndefined();
      });

      it('survive replaceChunks that puts chunks back', async () => {
        await dense();
        await store.replaceDocument(S, documentWrite('d', [chunk('d', 0), chunk('d', 1)]));
        await store.replaceChunks(S, { sourceIds: ['d'] }, [chunk('d', 0)]);
        expect((await store.getDocument(S, 'd'))?.chunkCount).toBe(1);
      });
    });

    describe('store.iterChunks', () => {
      it('yields every chunk in id order, in batches, with embeddings', async () => {
        await dense();
        const order = [7, 2, 9, 0, 4, 1, 8, 3, 6, 5];
        const written = order.map((i) => chunk('d', i, { id: `c${i}` }));
        await store.upsertChunks(S, written);
        const batches = await collect(store.iterChunks({ ...S, batchSize: 3 }));
        expect(batches.map((batch) => batch.length)).toEqual([3, 3, 3, 1]);
        const all = batches.flat();
        expect(all.map((item) => item.id)).toEqual(order.map((i) => `c${i}`).sort());
        for (const item of all) {
          const original = written.find((candidate) => candidate.id === item.id)!;
          expect(item.embedding).toEqual(f32(original.embedding as number[]));
          expect(item.text).toBe(original.text);
          expect(item.sourceId).toBe(original.sourceId);
          // Every store stamps the entries it yields (kavalai's iter_entries).
          expect(Number.isNaN(Date.parse(item.createdAt!))).toBe(false);
          expect(Date.parse(item.updatedAt!)).toBeGreaterThanOrEqual(Date.parse(item.createdAt!));
        }
      });

      it('leaves embeddings out on request and applies conditions', async () => {
        await dense();
        await writeFilterFixture();
        const plain = (await collect(store.iterChunks({ ...S, includeEmbeddings: false }))).flat();
        expect(plain).toHaveLength(6);
        expect(plain.every((item) => item.embedding === undefined)).toBe(true);
        const filtered = (
          await collect(store.iterChunks({ ...S, filter: { lang: 'en' }, batchSize: 1 }))
        ).flat();
        expect(ids(filtered)).toEqual(['m1:0', 'm3:0']);
        expect(ids((await collect(store.iterChunks({ ...S, documentIds: ['m2', 'm5'] }))).flat())).toEqual([
          'm2:0',
          'm5:0',
        ]);
        expect(ids((await collect(store.iterChunks({ ...S, sourceIds: ['m4'] }))).flat())).toEqual(['m4:0']);
        expect(await collect(store.iterChunks({ ...S, sourceIds: [] }))).toEqual([]);
      });
    });

    describe('store.getEmbeddings', () => {
      it('maps ids to float32-rounded embeddings; unknown ids are absent', async () => {
        await dense();
        const written = [chunk('d', 0), chunk('d', 1)];
        await store.upsertChunks(S, written);
        const found = await store.getEmbeddings(S, ['d:1', 'nope']);
        expect([...found.keys()]).toEqual(['d:1']);
        expect(found.get('d:1')).toEqual(f32(written[1]!.embedding as number[]));
        expect((await store.getEmbeddings(S, [])).size).toBe(0);
      });
    });

    describe('store.getChunks', () => {
      it('returns chunks in the order asked, round-tripping every field', async () => {
        await dense();
        const rich = chunk('d', 3, {
          text: 'Rich “text” with ünïcode and 🚀',
          headingPath: ['Top', 'Sub "quoted"', 'Line\nbreak'],
          pageStart: 2,
          pageEnd: 4,
          tokenCount: 42,
          indivisible: true,
          metadata: {
            nested: { list: [1, 'two', null, { deep: true }] },
            'key.with.dots': 1,
            $dollar: 'x',
            '': 'empty',
          },
        });
        await store.upsertChunks(S, [chunk('d', 0), rich]);
        const [first, second] = await store.getChunks(S, ['d:3', 'missing', 'd:0']);
        const { embedding: _, embeddingText: __, ...expected } = rich;
        expect(first).toEqual(expected);
        expect(second?.id).toBe('d:0');
      });
    });

    describe('store.countChunks', () => {
      it('counts with every kind of condition', async () => {
        await dense();
        await writeFilterFixture();
        expect(await store.countChunks(S)).toBe(6);
        expect(await store.countChunks({ ...S, filter: { year: { $gte: 2020 } } })).toBe(3);
        expect(await store.countChunks({ ...S, documentIds: ['m1', 'm2', 'zz'] })).toBe(2);
        expect(await store.countChunks({ ...S, sourceIds: ['m1'], filter: { lang: 'de' } })).toBe(0);
        expect(await store.countChunks({ ...S, documentIds: [] })).toBe(0);
      });
    });

    describe('filter operators', () => {
      beforeEach(async () => {
        await dense();
        await writeFilterFixture();
      });

      for (const [title, filter, expected] of FILTER_CASES) {
        const refused = unsupported(filter);
        if (refused.length > 0) {
          it(`refuses ${title}, naming ${refused[0]} and the backend: ${JSON.stringify(filter)}`, async () => {
            const scan = { ...S, filter };
            const error = { code: 'INVALID_FILTER', operation: refused[0], backend: store.backend };
            await expect(store.countChunks(scan)).rejects.toMatchObject(error);
            await expect(store.countChunks(scan)).rejects.toThrow(store.backend);
            await expect(collect(store.iterChunks(scan))).rejects.toMatchObject(error);
            await expect(store.denseSearch({ ...scan, vector: vec(99), topK: 10 })).rejects.toMatchObject(
              error,
            );
            await expect(store.deleteChunks(S, { filter })).rejects.toMatchObject(error);
            expect(await store.countChunks(S)).toBe(ALL.length);
          });
          continue;
        }
        it(`${title}: ${JSON.stringify(filter)}`, async () => {
          const scan = { ...S, filter };
          expect(await store.countChunks(scan)).toBe(expected.length);
          expect(ids((await collect(store.iterChunks(scan))).flat())).toEqual(
            expected.map((key) => `${key}:0`),
          );
          expect(ids(await store.denseSearch({ ...scan, vector: vec(99), topK: 10 }))).toEqual(
            expected.map((key) => `${key}:0`),
          );
          expect(await textIds({ ...scan, query: 'common', topK: 10 })).toEqual(
            expected.map((key) => `${key}:0`),
          );
        });
      }

      for (const [title, filter, path] of INVALID_FILTERS) {
        it(`refuses ${title}, naming ${path}`, async () => {
          const scan = { ...S, filter: filter as Filter };
          await expect(store.countChunks(scan)).rejects.toMatchObject({ code: 'INVALID_FILTER', path });
          await expect(store.denseSearch({ ...scan, vector: vec(1), topK: 1 })).rejects.toMatchObject({
            code: 'INVALID_FILTER',
          });
          await expect(store.lexicalSearch({ ...scan, query: 'common', topK: 1 })).rejects.toMatchObject({
            code: 'INVALID_FILTER',
          });
        });
      }
    });

    describe('store.denseSearch', () => {
      it('ranks by cosine similarity and reports it as the score', async () => {
        await dense();
        const diagonal = axis(0).map((value, i) => (i === 1 ? 1 : value));
        await store.upsertChunks(S, [
          chunk('d', 0, { embedding: axis(0) }),
          chunk('d', 1, { embedding: diagonal }),
          chunk('d', 2, { embedding: axis(1) }),
          chunk('d', 3, { embedding: axis(0, DIM, -1) }),
        ]);
        const hits = await store.denseSearch({ ...S, vector: axis(0).map((v) => v * 3), topK: 10 });
        expect(hits.map((hit) => hit.chunk.id)).toEqual(['d:0', 'd:1', 'd:2', 'd:3']);
        const expected = [1, Math.SQRT1_2, 0, -1];
        hits.forEach((hit, i) => {
          expect(hit.score).toBeCloseTo(expected[i]!, 5);
          expect(hit.scores.dense).toBe(hit.score);
          expect(hit.score).toBeGreaterThanOrEqual(-1);
          expect(hit.score).toBeLessThanOrEqual(1);
        });
        const above = await store.denseSearch({
          ...S,
          vector: Float32Array.from(axis(0)),
          topK: 10,
          minSimilarity: 0.5,
        });
        expect(above.map((hit) => hit.chunk.id)).toEqual(['d:0', 'd:1']);
        expect(await store.denseSearch({ ...S, vector: axis(0), topK: 2 })).toHaveLength(2);
      });

      it('breaks ties by chunk id, whatever order the chunks were written in', async () => {
        // One passage in three documents, written c, a (ordinal 1 before 0), b; then a again.
        const passage = (id: string, ordinal: number) =>
          chunk(id, ordinal, { text: 'kestrel nesting survey', embedding: axis(2), sourceId: id });
        const write = (id: string, ordinals: number[]) =>
          store.replaceDocument(
            S,
            documentWrite(
              id,
              ordinals.map((ordinal) => passage(id, ordinal)),
              { sourceName: 'same.md' },
            ),
          );
        await dense();
        await write('tie-c', [0]);
        await write('tie-a', [1, 0]);
        await write('tie-b', [0]);
        await write('tie-a', [1, 0]);
        const expected = ['tie-a:0', 'tie-a:1', 'tie-b:0', 'tie-c:0'];
        const vectors = await store.denseSearch({ ...S, vector: axis(2), topK: 10 });
        expect(new Set(vectors.map((hit) => hit.score)).size).toBe(1);
        expect(vectors.map((hit) => hit.chunk.id)).toEqual(expected);
        const nearest = await store.denseSearch({ ...S, vector: axis(2), topK: 2 });
        expect(nearest.map((hit) => hit.chunk.id)).toEqual(expected.slice(0, 2));
        if (lexical) {
          const words = await store.lexicalSearch({ ...S, query: 'kestrel', topK: 10 });
          expect(new Set(words.map((hit) => hit.score)).size).toBe(1);
          expect(words.map((hit) => hit.chunk.id)).toEqual(expected);
          const cut = await store.lexicalSearch({ ...S, query: 'kestrel', topK: 2 });
          expect(cut.map((hit) => hit.chunk.id)).toEqual(expected.slice(0, 2));
        }
      });

      it('filters during the scan: topK filtered hits come back when they exist', async () => {
        await dense();
        const chunks = Array.from({ length: 1000 }, (_, i) =>
          chunk(`doc${Math.floor(i / 10)}`, i % 10, {
            metadata: { bucket: i % 100 },
            sourceId: `src${i % 50}`,
            text: `shared text ${i}`,
          }),
        );
        await store.upsertChunks(S, chunks);
        const query = chunks[5]!.embedding as number[];
        const hits = await store.denseSearch({ ...S, vector: query, topK: 10, filter: { bucket: 0 } });
        expect(hits).toHaveLength(10);
        expect(hits.every((hit) => hit.chunk.metadata.bucket === 0)).toBe(true);
        if (lexical) {
          const words = await store.lexicalSearch({ ...S, query: 'shared', topK: 10, filter: { bucket: 0 } });
          expect(words).toHaveLength(10);
        }
        const bySource = await store.denseSearch({ ...S, vector: query, topK: 10, sourceIds: ['src7'] });
        expect(bySource).toHaveLength(10);
        expect(bySource.every((hit) => hit.chunk.sourceId === 'src7')).toBe(true);
        const byDocument = await store.denseSearch({
          ...S,
          vector: query,
          topK: 100,
          documentIds: ['doc3', 'doc4'],
        });
        expect(byDocument).toHaveLength(20);
      });

      it('keeps the best hit per source and still returns topK', async () => {
        await dense();
        const chunks = Array.from({ length: 24 }, (_, i) => chunk(`doc${i}`, 0, { sourceId: `s${i % 6}` }));
        await store.upsertChunks(S, chunks);
        const query = vec(12345);
        const all = await store.denseSearch({ ...S, vector: query, topK: 24 });
        const firstPerSource = all.filter(
          (hit, index) => all.findIndex((other) => other.chunk.sourceId === hit.chunk.sourceId) === index,
        );
        const best = await store.denseSearch({ ...S, vector: query, topK: 4, keepBest: true });
        expect(best.map((hit) => hit.chunk.id)).toEqual(
          firstPerSource.slice(0, 4).map((hit) => hit.chunk.id),
        );
        expect(await store.denseSearch({ ...S, vector: query, topK: 10, keepBest: true })).toHaveLength(6);
      });

      it('returns nothing for empty sourceIds or documentIds', async () => {
        await dense();
        await store.upsertChunks(S, [chunk('d', 0)]);
        expect(await store.denseSearch({ ...S, vector: vec(1), topK: 5, sourceIds: [] })).toEqual([]);
        expect(await store.denseSearch({ ...S, vector: vec(1), topK: 5, documentIds: [] })).toEqual([]);
      });

      it('names the source document', async () => {
        await dense();
        await store.replaceDocument(S, documentWrite('d', [chunk('d', 0)], { sourceName: 'folder/d.md' }));
        const [hit] = await store.denseSearch({ ...S, vector: vec(1), topK: 1 });
        expect(hit?.sourceName).toBe('folder/d.md');
        expect(hit?.chunk).toMatchObject({ id: 'd:0', documentId: 'd', sourceId: 'd' });
      });

      it('refuses bad query vectors and topK', async () => {
        await dense();
        await store.upsertChunks(S, [chunk('d', 0)]);
        const nan = vec(1);
        nan[2] = Number.NaN;
        const refusals: Array<[Parameters<Store['denseSearch']>[0], string]> = [
          [{ ...S, vector: vec(1, DIM + 1), topK: 1 }, 'DIMENSION_MISMATCH'],
          [{ ...S, vector: vec(1, DIM - 1), topK: 1 }, 'DIMENSION_MISMATCH'],
          [{ ...S, vector: new Array(DIM).fill(0), topK: 1 }, 'INVALID_ARGUMENT'],
          [{ ...S, vector: nan, topK: 1 }, 'INVALID_ARGUMENT'],
          [{ ...S, vector: vec(1), topK: 0 }, 'INVALID_ARGUMENT'],
          [{ ...S, vector: vec(1), topK: 2.5 }, 'INVALID_ARGUMENT'],
        ];
        for (const [request, code] of refusals) {
          await expect(store.denseSearch(request)).rejects.toMatchObject({ code });
        }
      });
    });

    if (!lexical) {
      describe('store.lexicalSearch without a lexical index', () => {
        it('refuses, pointing to dense search', async () => {
          await dense();
          await expect(store.lexicalSearch({ ...S, query: 'quick', topK: 5 })).rejects.toMatchObject({
            code: 'INVALID_ARGUMENT',
          });
          await expect(store.lexicalSearch({ ...S, query: 'quick', topK: 5 })).rejects.toThrow(/dense/);
        });
      });
    }

    if (lexical)
      describe('store.lexicalSearch', () => {
        beforeEach(async () => {
          await dense();
          const texts = LEXICAL_TEXTS;
          await store.replaceDocument(
            S,
            documentWrite(
              'lex',
              texts.map((text, i) =>
                chunk('lex', i, { text, headingPath: i === 4 ? ['Zebra facts'] : [], sourceId: 'lex' }),
              ),
              { sourceName: 'lex.md' },
            ),
          );
        });

        it('ranks chunks matching more terms higher, with positive scores, best first', async () => {
          const hits = await store.lexicalSearch({ ...S, query: 'quick fox', topK: 10 });
          expect(ids(hits.slice(0, 2))).toEqual(['lex:0', 'lex:2']);
          expect(hits.map((hit) => hit.chunk.id)).toContain('lex:3');
          expect(hits.map((hit) => hit.chunk.id).indexOf('lex:3')).toBe(2);
          for (const hit of hits) {
            expect(hit.scores.lexical).toBe(hit.score);
            expect(hit.score).toBeGreaterThan(0);
            expect(hit.sourceName).toBe('lex.md');
          }
          expect([...hits].sort((a, b) => b.score - a.score)).toEqual(hits);
        });

        // Each BM25 variant a backend may declare, with the independent scorer it is held to.
        const bm25References = {
          bm25: {
            title:
              'scores with Okapi BM25 (k1 1.2, b 0.75; headings 2, document 1, context 0.5), as FTS5 computes it',
            reference: bm25Reference,
            digits: 6,
          },
          lucene_bm25: {
            title:
              "scores with Lucene's BM25 (k1 1.2, b 0.75, per field; headings 2, document 1, context 0.5)",
            reference: luceneBm25Reference,
            digits: 4,
          },
        } as const;
        const bm25 =
          capabilities.lexical === 'bm25' || capabilities.lexical === 'lucene_bm25'
            ? bm25References[capabilities.lexical]
            : undefined;
        if (bm25 !== undefined) {
          it(bm25.title, async () => {
            const corpus = [0, 1, 2, 3, 4].map((i) => ({
              id: `lex:${i}`,
              text: LEXICAL_TEXTS[i]!,
              headings: i === 4 ? ['Zebra facts'] : [],
              document: 'lex.md',
              context: '',
            }));
            await store.upsertChunks(S, [chunk('ctx', 0, { text: 'plain words', context: 'coffee fox' })]);
            corpus.push({
              id: 'ctx:0',
              text: 'plain words',
              headings: [],
              document: '',
              context: 'coffee fox',
            });
            for (const query of [
              'quick fox',
              'strong coffee',
              'zebra',
              'the quick dog',
              'lex md',
              'coffee',
            ]) {
              const hits = await store.lexicalSearch({ ...S, query, topK: 10 });
              const expected = bm25.reference(corpus, query, { headings: 2, document: 1, context: 0.5 });
              expect(hits.map((hit) => hit.chunk.id)).toEqual(expected.map((entry) => entry.id));
              hits.forEach((hit, i) => {
                expect(hit.score).toBeCloseTo(expected[i]!.score, bm25.digits);
              });
            }
          });
        }

        it('folds diacritics, stems words and searches heading paths', async () => {
          expect(ids(await store.lexicalSearch({ ...S, query: 'cafe', topK: 5 }))).toEqual(['lex:1']);
          expect(ids(await store.lexicalSearch({ ...S, query: 'run', topK: 5 }))).toEqual(['lex:1']);
          expect(ids(await store.lexicalSearch({ ...S, query: 'zebra', topK: 5 }))).toEqual(['lex:4']);
        });

        it('never reads the query as syntax', async () => {
          for (const query of HOSTILE_QUERIES) {
            const hits = await store.lexicalSearch({ ...S, query, topK: 5 });
            expect(Array.isArray(hits)).toBe(true);
          }
          expect(ids(await store.lexicalSearch({ ...S, query: '"quick', topK: 10 }))).toEqual([
            'lex:0',
            'lex:2',
            'lex:3',
          ]);
          expect(ids(await store.lexicalSearch({ ...S, query: 'NEAR(dusk)', topK: 10 }))).toEqual(['lex:2']);
          expect(ids(await store.lexicalSearch({ ...S, query: 'content:savanna', topK: 10 }))).toEqual([
            'lex:4',
          ]);
        });

        it('returns [] for text without words', async () => {
          for (const query of ['', '   ', '!!!', '()', '*', '"', '-', '--', '…', ':']) {
            expect(await store.lexicalSearch({ ...S, query, topK: 5 })).toEqual([]);
          }
        });

        it('applies conditions and keepBest inside the query', async () => {
          await store.upsertChunks(S, [
            chunk('x', 0, { text: 'quick note one', sourceId: 'sx', metadata: { kind: 'note' } }),
            chunk('x', 1, { text: 'quick quick note two', sourceId: 'sx', metadata: { kind: 'note' } }),
          ]);
          expect(
            ids(await store.lexicalSearch({ ...S, query: 'quick', topK: 10, filter: { kind: 'note' } })),
          ).toEqual(['x:0', 'x:1']);
          expect(
            ids(await store.lexicalSearch({ ...S, query: 'quick', topK: 10, sourceIds: ['sx'] })),
          ).toEqual(['x:0', 'x:1']);
          expect(
            ids(await store.lexicalSearch({ ...S, query: 'quick', topK: 10, documentIds: ['x'] })),
          ).toEqual(['x:0', 'x:1']);
          expect(await store.lexicalSearch({ ...S, query: 'quick', topK: 10, sourceIds: [] })).toEqual([]);
          const best = await store.lexicalSearch({ ...S, query: 'quick', topK: 10, keepBest: true });
          expect(best.map((hit) => hit.chunk.sourceId).sort()).toEqual(['lex', 'sx']);
          const all = await store.lexicalSearch({ ...S, query: 'quick', topK: 10 });
          expect(best[0]?.chunk.id).toBe(all[0]?.chunk.id);
          expect(await store.lexicalSearch({ ...S, query: 'quick', topK: 1, keepBest: true })).toHaveLength(
            1,
          );
        });

        it('refuses a bad topK', async () => {
          await expect(store.lexicalSearch({ ...S, query: 'quick', topK: 0 })).rejects.toMatchObject({
            code: 'INVALID_ARGUMENT',
          });
        });
      });

    describe('namespaces', () => {
      const A: Scope = { collection: C, namespace: 'tenant-a' };
      const B: Scope = { collection: C, namespace: 'tenant-b' };

      beforeEach(async () => {
        await dense();
        for (const [scope, word] of [
          [A, 'apple'],
          [B, 'banana'],
        ] as const) {
          await store.replaceDocument(
            scope,
            documentWrite(
              'd',
              [0, 1].map((i) => chunk('d', i, { text: `${word} ${i}`, metadata: { word } })),
            ),
          );
        }
      });

      it('isolates reads', async () => {
        expect(await store.countChunks(A)).toBe(2);
        expect((await store.getChunks(A, ['d:0', 'd:1'])).map((c) => c.text)).toEqual(['apple 0', 'apple 1']);
        expect(await textIds({ ...A, query: 'banana', topK: 5 })).toEqual([]);
        expect(await store.countChunks({ ...A, filter: { word: 'banana' } })).toBe(0);
        const nearest = await store.denseSearch({ ...A, vector: vec(5), topK: 10 });
        expect(nearest.map((hit) => hit.chunk.text).sort()).toEqual(['apple 0', 'apple 1']);
        const iterated = (await collect(store.iterChunks(B))).flat();
        expect(iterated.map((c) => c.text)).toEqual(['banana 0', 'banana 1']);
        expect((await store.getDocument(A, 'd'))?.chunkCount).toBe(2);
        expect(await store.listDocuments({ collection: C })).toEqual([]);
        expect(await store.countChunks({ collection: C, namespace: 'default' })).toBe(0);
      });

      it('isolates deletes', async () => {
        expect(await store.deleteChunks(A, { ids: ['d:0'] })).toEqual({ chunks: 1, documents: 0 });
        expect(await store.deleteChunks(A, { filter: { word: 'banana' } })).toEqual({
          chunks: 0,
          documents: 0,
        });
        expect(await store.deleteChunks(A, { sourceIds: ['d'] })).toEqual({ chunks: 1, documents: 1 });
        expect(await store.deleteChunks(A, { documentIds: ['d'] })).toEqual({ chunks: 0, documents: 0 });
        expect(await store.countChunks(B)).toBe(2);
        expect(await store.getDocument(B, 'd')).toBeDefined();
        expect((await store.getEmbeddings(B, ['d:0', 'd:1'])).size).toBe(2);
      });

      it('isolates counts and statistics', async () => {
        expect((await store.listCollections({ namespace: 'tenant-a' }))[0]?.count).toBe(2);
        await store.upsertChunks(B, [chunk('e', 0, { text: 'banana apple' })]);
        expect((await store.listCollections({ namespace: 'tenant-a' }))[0]?.count).toBe(2);
        expect((await store.listCollections({ namespace: 'tenant-b' }))[0]?.count).toBe(3);
        expect(await store.getStats({ namespace: 'tenant-a' })).toMatchObject({ documents: 1, chunks: 2 });
      });

      if (lexical && capabilities.lexicalStatistics === 'namespace') {
        it("keeps one namespace's lexical scores independent of another's writes", async () => {
          const before = await store.lexicalSearch({ ...A, query: 'apple', topK: 5 });
          await store.upsertChunks(
            B,
            Array.from({ length: 20 }, (_, i) => chunk('more', i, { text: `apple pie ${i}` })),
          );
          const after = await store.lexicalSearch({ ...A, query: 'apple', topK: 5 });
          expect(after.map((hit) => [hit.chunk.id, hit.score])).toEqual(
            before.map((hit) => [hit.chunk.id, hit.score]),
          );
        });
      }

      it('defaults to the namespace "default"', async () => {
        await store.upsertChunks(S, [chunk('z', 0)]);
        expect(await store.countChunks({ collection: C, namespace: 'default' })).toBe(1);
      });
    });

    describe('stored text', () => {
      it('turns NUL characters into spaces on every backend and refuses ids with NUL', async () => {
        await dense();
        const raw = chunk('d', 0, {
          text: 'Quarterly\u0000summary',
          headingPath: ['Head\u0000ing'],
          metadata: { 'k\u0000ey': 'va\u0000lue' },
        });
        const record = await store.replaceDocument(S, {
          ...documentWrite('d', [raw], { sourceName: 'fo\u0000lder/d.md', title: 'T\u0000itle' }),
        });
        expect(record).toMatchObject({ sourceName: 'fo lder/d.md', title: 'T itle' });
        const [stored] = await store.getChunks(S, ['d:0']);
        expect(stored).toMatchObject({
          text: 'Quarterly summary',
          headingPath: ['Head ing'],
          metadata: { 'k ey': 'va lue' },
        });
        expect(await textIds({ ...S, query: 'summary', topK: 1 })).toEqual(['d:0']);
        expect(await store.countChunks({ ...S, filter: { 'k\u0000ey': 'va\u0000lue' } })).toBe(1);
        await expect(store.upsertChunks(S, [chunk('bad\u0000id', 0)])).rejects.toMatchObject({
          code: 'INVALID_ARGUMENT',
        });
        expect(await store.getChunks(S, ['bad\u0000id:0'])).toEqual([]);
        expect(await store.getDocument(S, 'bad\u0000id')).toBeUndefined();
      });
    });

    describe('store.ping', () => {
      it('is true while open and false once closed', async () => {
        expect(await store.ping()).toBe(true);
        await store.close();
        closed = true;
        expect(await store.ping()).toBe(false);
      });
    });

    describe('store.close', () => {
      it('makes every later call fail with STORE_CLOSED', async () => {
        await dense();
        await store.close();
        closed = true;
        await expect(store.listCollections()).rejects.toMatchObject({ code: 'STORE_CLOSED' });
        await expect(store.countChunks(S)).rejects.toMatchObject({ code: 'STORE_CLOSED' });
        await expect(dense('other')).rejects.toMatchObject({ code: 'STORE_CLOSED' });
        await expect(collect(store.iterChunks(S))).rejects.toMatchObject({ code: 'STORE_CLOSED' });
        await store.close();
      });

      it('waits for calls in flight', async () => {
        await dense();
        const writes = Array.from({ length: 5 }, (_, i) =>
          store.replaceDocument(S, documentWrite(`w${i}`, [chunk(`w${i}`, 0), chunk(`w${i}`, 1)])),
        );
        await store.close();
        closed = true;
        const settled = await Promise.allSettled(writes);
        expect(settled.map((outcome) => outcome.status)).toEqual(new Array(5).fill('fulfilled'));
      });
    });
  });
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyze,
  type OpenSearchDouble,
  startOpenSearchDouble,
} from '../../../test/support/opensearch-double.js';
import { runStoreContract } from '../store.contract.js';
import { OPENSEARCH_CAPABILITIES } from './opensearch-backend.js';
import { parseOpenSearchUrl } from './opensearch-options.js';
import { openOpenSearchStore } from './opensearch-store.js';

let double: OpenSearchDouble;
let prefixes = 0;

beforeAll(async () => {
  double = await startOpenSearchDouble();
});
afterAll(async () => {
  await double.close();
});

runStoreContract(
  'opensearch (REST double)',
  () => openOpenSearchStore({ node: double.url, prefix: `t${++prefixes}`, retries: 1 }),
  OPENSEARCH_CAPABILITIES,
);

const real = process.env.CAIRN_TEST_OPENSEARCH_URL;
if (real !== undefined && real !== '') {
  runStoreContract(
    'opensearch (real cluster at CAIRN_TEST_OPENSEARCH_URL)',
    () =>
      openOpenSearchStore({
        node: real,
        prefix: `cairn-test-${process.pid}-${++prefixes}`,
        refresh: true,
        username: process.env.OPENSEARCH_USERNAME,
        password: process.env.OPENSEARCH_PASSWORD,
      }),
    OPENSEARCH_CAPABILITIES,
  );
}

describe('opensearch indexes', () => {
  it('map a knn_vector, BM25 text fields and keywords, and route every chunk request by namespace', async () => {
    const store = await openOpenSearchStore({ node: double.url, prefix: 'layout' });
    await store.createCollection('docs', { model: 'm', dimension: 3 });
    const location = [...double.indexes.keys()].find((name) => name.startsWith('layout-docs-'))!;
    const { properties } = double.indexes.get(location)!.mappings;
    expect(properties.embedding).toMatchObject({
      type: 'knn_vector',
      dimension: 3,
      method: { space_type: 'cosinesimil' },
    });
    expect(properties.text).toEqual({ type: 'text', analyzer: 'cairn_text' });
    expect(properties.namespace).toEqual({ type: 'keyword' });
    const before = double.routings.length;
    const scope = { collection: 'docs', namespace: 'tenant-x' };
    await store.upsertChunks(scope, [
      {
        id: 'a:0',
        documentId: 'a',
        sourceId: 'a',
        ordinal: 0,
        text: 'routed words',
        headingPath: [],
        pageStart: 1,
        pageEnd: 1,
        tokenCount: 2,
        metadata: {},
        embedding: [1, 0, 0],
      },
    ]);
    await store.lexicalSearch({ ...scope, query: 'routed', topK: 3 });
    await store.denseSearch({ ...scope, vector: [1, 0, 0], topK: 3 });
    await store.countChunks(scope);
    const chunkRequests = double.routings.slice(before).filter((entry) => entry.index === location);
    expect(chunkRequests.length).toBeGreaterThan(3);
    expect(chunkRequests.every((entry) => entry.routing === 'tenant-x')).toBe(true);
    await store.close();
  });
});

describe('the double’s analyzer', () => {
  it('lower-cases, folds diacritics and stems as the cairn_text analyzer declares', () => {
    expect(analyze('Running CAFÉ foxes')).toEqual(['run', 'cafe', 'fox']);
  });
});

describe('parseOpenSearchUrl', () => {
  it('reads host, port, TLS and credentials', () => {
    expect(
      parseOpenSearchUrl('opensearch://search:9201', { OPENSEARCH_USERNAME: 'u', OPENSEARCH_PASSWORD: 'p' }),
    ).toEqual({
      node: 'http://search:9201',
      username: 'u',
      password: 'p',
    });
    expect(parseOpenSearchUrl('opensearch+https://search', {})).toEqual({ node: 'https://search:9200' });
    expect(() => parseOpenSearchUrl('opensearch:search')).toThrow(/opensearch:\/\/HOST:PORT/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QdrantDouble, startQdrantDouble } from '../../../test/support/qdrant-double.js';
import { runStoreContract } from '../store.contract.js';
import { QDRANT_CAPABILITIES } from './qdrant-backend.js';
import { parseQdrantUrl } from './qdrant-options.js';
import { openQdrantStore } from './qdrant-store.js';

let double: QdrantDouble;
let prefixes = 0;

beforeAll(async () => {
  double = await startQdrantDouble();
});
afterAll(async () => {
  await double.close();
});

runStoreContract(
  'qdrant (REST double)',
  () => openQdrantStore({ url: double.url, prefix: `t${++prefixes}`, retries: 1 }),
  QDRANT_CAPABILITIES,
);

const real = process.env.CAIRN_TEST_QDRANT_URL;
if (real !== undefined && real !== '') {
  runStoreContract(
    'qdrant (real server at CAIRN_TEST_QDRANT_URL)',
    () =>
      openQdrantStore({
        url: real,
        prefix: `cairn-test-${process.pid}-${++prefixes}`,
        apiKey: process.env.QDRANT_API_KEY,
      }),
    QDRANT_CAPABILITIES,
  );
}

describe('qdrant collections', () => {
  it('index the namespace as a tenant and the filtered fields as keywords', async () => {
    const store = await openQdrantStore({ url: double.url, prefix: 'layout' });
    await store.createCollection('docs', { model: 'm', dimension: 3 });
    const location = [...double.collections.keys()].find((name) => name.startsWith('layout-docs-'))!;
    const collection = double.collections.get(location)!;
    expect(collection.vectors).toEqual({ dense: { size: 3, distance: 'Cosine' } });
    expect(collection.indexes.get('namespace')).toEqual({ type: 'keyword', is_tenant: true });
    for (const field of ['chunk_id', 'document_id', 'source_id', 'version', 'e', 'p']) {
      expect(collection.indexes.get(field)).toBe('keyword');
    }
    await store.close();
  });

  it('retry a transient failure and name engine, operation and status when they give up', async () => {
    const store = await openQdrantStore({ url: double.url, prefix: 'retry', retries: 2 });
    double.failNext = 2;
    await store.createCollection('docs', { model: 'm', dimension: 3 });
    double.failNext = 5;
    const failed = store.countChunks({ collection: 'docs' });
    await expect(failed).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      provider: 'qdrant',
      statusCode: 503,
    });
    double.failNext = 5;
    await expect(store.countChunks({ collection: 'docs' })).rejects.toThrow(/qdrant \(HTTP 503\): .* failed/);
    double.failNext = 0;
    await store.close();
  });
});

describe('parseQdrantUrl', () => {
  it('reads host, port, TLS and the API key', () => {
    expect(parseQdrantUrl('qdrant://db:7000', { QDRANT_API_KEY: 'k' })).toEqual({
      url: 'http://db:7000',
      apiKey: 'k',
    });
    expect(parseQdrantUrl('qdrant+https://cloud.example', {})).toEqual({ url: 'https://cloud.example:6333' });
    expect(() => parseQdrantUrl('qdrant:/x')).toThrow(/qdrant:\/\/HOST:PORT/);
  });
});

import { it } from 'vitest';
import { createMemoryStore } from './memory-store.js';

it('bench', async () => {
  const store = createMemoryStore();
  const dim = 384;
  await store.createCollection('c', { model: 'm', dimension: dim });
  let seed = 3;
  const rnd = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647; };
  const vocab = Array.from({ length: 5000 }, (_, i) => `word${i.toString(36)}ing`);
  const N = 50000;
  let t = performance.now();
  for (let d = 0; d < N / 10; d++) {
    const chunks = Array.from({ length: 10 }, (_, i) => ({
      id: `doc${d}:${i}`, documentId: `doc${d}`, sourceId: `doc${d}`, ordinal: i,
      text: Array.from({ length: 150 }, () => vocab[Math.floor(rnd() ** 2 * vocab.length)]).join(' '),
      headingPath: ['Heading'], pageStart: 1, pageEnd: 1, tokenCount: 150, metadata: { bucket: d % 10 },
      embedding: Float32Array.from({ length: dim }, () => rnd() - 0.5),
    }));
    await store.replaceDocument({ collection: 'c' }, { document: { documentId: `doc${d}`, contentHash: 'h', sourceId: `doc${d}`, sourceName: 'x', mediaType: 't', metadata: {}, pageCount: 1, parserFingerprint: 'p' }, chunks });
  }
  (globalThis as any).gc?.();
  console.log('ingest ms', (performance.now() - t).toFixed(0), 'heap MB', (process.memoryUsage().heapUsed / 1e6).toFixed(0));
  const q = Array.from({ length: dim }, () => rnd() - 0.5);
  t = performance.now();
  for (let i = 0; i < 10; i++) await store.denseSearch({ collection: 'c', vector: q, topK: 10 });
  console.log('dense ms/query', ((performance.now() - t) / 10).toFixed(1));
  t = performance.now();
  for (let i = 0; i < 10; i++) await store.denseSearch({ collection: 'c', vector: q, topK: 10, filter: { bucket: 3 } });
  console.log('dense filtered ms/query', ((performance.now() - t) / 10).toFixed(1));
  t = performance.now();
  for (let i = 0; i < 10; i++) await store.lexicalSearch({ collection: 'c', query: `${vocab[3]} ${vocab[100]} ${vocab[4000]}`, topK: 10 });
  console.log('lexical ms/query', ((performance.now() - t) / 10).toFixed(1));
  t = performance.now();
  for (let i = 0; i < 10; i++) await store.lexicalSearch({ collection: 'c', query: `${vocab[4000]} ${vocab[4500]}`, topK: 10 });
  console.log('lexical rare ms/query', ((performance.now() - t) / 10).toFixed(1));
}, 300000);

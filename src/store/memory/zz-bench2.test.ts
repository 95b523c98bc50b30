import { it } from 'vitest';
import { termVector } from './memory-bm25.js';
import { Bm25Index } from './memory-bm25.js';

it('bench2', () => {
  let seed = 3;
  const rnd = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647; };
  const vocab = Array.from({ length: 5000 }, (_, i) => `word${i.toString(36)}ing`);
  let t = performance.now();
  const texts = Array.from({ length: 50000 }, () => Array.from({ length: 150 }, () => vocab[Math.floor(rnd() ** 2 * vocab.length)]).join(' '));
  const vecs = Array.from({ length: 50000 }, () => Float32Array.from({ length: 384 }, () => rnd() - 0.5));
  console.log('gen', (performance.now() - t).toFixed(0));
  t = performance.now();
  const tv = texts.map((x) => termVector(x, ['Heading']));
  console.log('termVector', (performance.now() - t).toFixed(0));
  t = performance.now();
  const idx = new Bm25Index();
  tv.forEach((v, i) => { idx.set(`c${i}`, v); });
  console.log('index', (performance.now() - t).toFixed(0));
  t = performance.now();
  let s = 0;
  const q = vecs[0]!;
  for (let r = 0; r < 10; r++) for (const v of vecs) { let d = 0; for (let i = 0; i < 384; i++) d += q[i]! * v[i]!; s += d; }
  console.log('dot x10', (performance.now() - t).toFixed(0), s > 0);
});

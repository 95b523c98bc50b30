// The unit vectors of the dense benchmarks (dense-at-scale.mjs, dense-service-check.mjs), seeded
// so that every run and every system sees the same ones:
// - `clustered`: 64 tight Gaussian clusters (sigma 0.08 per dimension), where every true
//   neighbour lies in the query's own cluster (as bench/filtered-search.mjs);
// - `realistic`: vectors that behave more like text embeddings (see realisticSampler).

/** A seeded generator of uniform and Gaussian draws. */
function seeded(seed) {
  const random = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  const gaussian = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
  return { random, gaussian };
}

function normaliseInPlace(out, offset, dim) {
  let norm = 0;
  for (let j = 0; j < dim; j++) norm += out[offset + j] ** 2;
  norm = Math.sqrt(norm);
  for (let j = 0; j < dim; j++) out[offset + j] /= norm;
}

/** 64 tight Gaussian clusters (sigma 0.08 per dimension): every true neighbour is in the query's own cluster. */
function clusteredSampler(dim) {
  const { random, gaussian } = seeded(42);
  const centres = Array.from({ length: 64 }, () => {
    const v = Float64Array.from({ length: dim }, gaussian);
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  });
  return (out, offset) => {
    const centre = centres[Math.floor(random() * centres.length)];
    for (let j = 0; j < dim; j++) out[offset + j] = centre[j] + 0.08 * gaussian();
    normaliseInPlace(out, offset, dim);
  };
}

/**
 * Vectors that behave more like text embeddings: a decaying spectrum (dimension j scaled by
 * 1 / sqrt(1 + j / 8), so a few directions carry most of the variance), 2,000 clusters nested in
 * 40 topics, cluster sizes drawn by Zipf's law (weight 1 / rank^0.9), spreads that vary fourfold
 * between clusters and are wide enough that neighbours cross cluster borders, and a random
 * rotation (12 Householder reflections) so the spectrum is not aligned with the axes.
 */
function realisticSampler(dim) {
  const { random, gaussian } = seeded(7);
  const scale = Float64Array.from({ length: dim }, (_, j) => 1 / Math.sqrt(1 + j / 8));
  const draw = (sigma, around) =>
    Float64Array.from({ length: dim }, (_, j) => (around ? around[j] : 0) + sigma * scale[j] * gaussian());
  const topics = Array.from({ length: 40 }, () => draw(1));
  const clusters = Array.from({ length: 2000 }, () => ({
    centre: draw(0.55, topics[Math.floor(random() * topics.length)]),
    spread: 0.2 + 0.6 * random(),
  }));
  const weights = clusters.map((_, r) => 1 / (r + 1) ** 0.9);
  const cumulative = [];
  let total = 0;
  for (const w of weights) {
    total += w;
    cumulative.push(total);
  }
  const pick = () => {
    const target = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    return clusters[lo];
  };
  const reflections = Array.from({ length: 12 }, () => {
    const v = Float64Array.from({ length: dim }, gaussian);
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  });
  return (out, offset) => {
    const { centre, spread } = pick();
    const x = Float64Array.from({ length: dim }, (_, j) => centre[j] + spread * scale[j] * gaussian());
    for (const v of reflections) {
      let dot = 0;
      for (let j = 0; j < dim; j++) dot += v[j] * x[j];
      for (let j = 0; j < dim; j++) x[j] -= 2 * dot * v[j];
    }
    for (let j = 0; j < dim; j++) out[offset + j] = x[j];
    normaliseInPlace(out, offset, dim);
  };
}

/** Descriptions of the distributions, for results files. */
export const DISTRIBUTIONS = {
  clustered:
    'clustered unit vectors: 64 Gaussian centres, sigma 0.08 per dimension (bench/filtered-search.mjs)',
  realistic:
    'realistic unit vectors: decaying spectrum (1/sqrt(1 + j/8)), 2,000 Zipf-sized clusters of varying spread in 40 topics, randomly rotated (realisticSampler)',
};

/**
 * `count` vectors, then `queries` query vectors drawn from the same distribution, back to back.
 * @param {{ distribution: 'clustered' | 'realistic', dimension: number, count: number, queries: number }} options
 * @returns {{ vectors: Float32Array, queries: Float32Array }}
 */
export function generateVectors({ distribution, dimension, count, queries: queryCount }) {
  if (!(distribution in DISTRIBUTIONS)) {
    throw new Error(`the distribution is clustered or realistic, not ${distribution}`);
  }
  const one = distribution === 'realistic' ? realisticSampler(dimension) : clusteredSampler(dimension);
  const vectors = new Float32Array(count * dimension);
  for (let i = 0; i < count; i++) one(vectors, i * dimension);
  const queries = new Float32Array(queryCount * dimension);
  for (let q = 0; q < queryCount; q++) one(queries, q * dimension);
  return { vectors, queries };
}

/**
 * The plain brute-force loop: exact top-`topK` by dot product over `n` vectors of `dimension`
 * packed in `vectors` (a Float32Array), passing only indexes `pass(i)` accepts; one core. The
 * ground truth of the dense benches and the baseline their latency is compared with.
 * @returns Indexes of the best vectors, best first.
 */
export function loopTopK(vectors, n, dimension, query, pass, topK) {
  const best = [];
  let floor = -Infinity;
  for (let i = 0; i < n; i++) {
    if (!pass(i)) continue;
    const offset = i * dimension;
    let dot = 0;
    for (let j = 0; j < dimension; j++) dot += vectors[offset + j] * query[j];
    if (best.length === topK && dot <= floor) continue;
    best.push([dot, i]);
    best.sort((a, b) => b[0] - a[0]);
    if (best.length > topK) best.pop();
    floor = best[best.length - 1][0];
  }
  return best.map((entry) => entry[1]);
}

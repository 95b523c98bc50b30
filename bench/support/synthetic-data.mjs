// Synthetic data for the store benchmarks: clustered unit vectors (64 Gaussian centres, sigma
// 0.08 per dimension, from a seeded linear congruential generator, so every run and every script
// draws the same vectors) and sentences of Zipf-distributed pronounceable words.

/**
 * @param {number} dimension Vector length.
 * @param {{ seed?: number }} [options] Seed of the generator; default 42.
 */
export function syntheticData(dimension, { seed = 42 } = {}) {
  let state = seed;
  function random() {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  }
  function gaussian() {
    return Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
  }
  function normalise(v) {
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  }
  const centres = Array.from({ length: 64 }, () => normalise(Array.from({ length: dimension }, gaussian)));
  /** A unit vector near one of the centres, as a plain array. */
  function clustered() {
    const centre = centres[Math.floor(random() * centres.length)];
    return normalise(centre.map((x) => x + 0.08 * gaussian()));
  }

  // A vocabulary of 5000 pronounceable words; word r is drawn with probability ∝ 1 / r.
  const syllables = [
    'ka',
    'lo',
    'mi',
    'ne',
    'ru',
    'sa',
    'ti',
    'vo',
    'ze',
    'po',
    'qu',
    'da',
    'fe',
    'gi',
    'ho',
    'ju',
  ];
  const vocabulary = Array.from({ length: 5000 }, (_, i) => {
    let word = '';
    for (let x = i + 17; x > 0; x = Math.floor(x / syllables.length)) word += syllables[x % syllables.length];
    return `${word}n`;
  });
  // Sampled by binary search over the cumulative weights (fast enough for millions of words).
  const cumulative = [];
  vocabulary.reduce((sum, _, r) => {
    cumulative.push(sum + 1 / (r + 1));
    return sum + 1 / (r + 1);
  }, 0);
  function word() {
    const target = random() * cumulative[cumulative.length - 1];
    let [low, high] = [0, cumulative.length - 1];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return vocabulary[low];
  }
  /** `words` words drawn by rank. */
  const sentence = (words) => Array.from({ length: words }, word).join(' ');
  return { random, gaussian, normalise, clustered, sentence };
}

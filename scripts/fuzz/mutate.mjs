// Seeded mutations of file bytes for the fuzz harness: bit flips, byte overwrites, truncations,
// deletions, duplicated ranges and splices from another file. Deterministic for a seed.

/** mulberry32: a small, fast, seeded PRNG giving floats in [0, 1). */
export function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [0, n). */
const pick = (random, n) => Math.floor(random() * n);

/** Bytes that break parsers more often than random ones do. */
const INTERESTING = [
  0x00, 0xff, 0x7f, 0x80, 0x20, 0x0a, 0x0d, 0x3c, 0x3e, 0x25, 0x2f, 0x5c, 0x22, 0x30, 0x39,
];

/** A range [start, end) of `length`, biased towards short ones. */
function range(random, length) {
  const start = pick(random, Math.max(1, length));
  const size = Math.min(length - start, 1 + pick(random, random() < 0.7 ? 64 : Math.max(1, length >> 2)));
  return [start, start + size];
}

/** The mutations, by name: each takes the bytes, a PRNG and another file for splices. */
export const MUTATIONS = {
  'bit-flips': (bytes, random) => {
    const out = Uint8Array.from(bytes);
    const flips = 1 + pick(random, 32);
    for (let i = 0; i < flips && out.length > 0; i++) out[pick(random, out.length)] ^= 1 << pick(random, 8);
    return out;
  },
  'byte-overwrite': (bytes, random) => {
    const out = Uint8Array.from(bytes);
    const writes = 1 + pick(random, 16);
    for (let i = 0; i < writes && out.length > 0; i++) {
      out[pick(random, out.length)] =
        random() < 0.6 ? INTERESTING[pick(random, INTERESTING.length)] : pick(random, 256);
    }
    return out;
  },
  truncate: (bytes, random) => bytes.slice(0, pick(random, bytes.length + 1)),
  'delete-range': (bytes, random) => {
    const [start, end] = range(random, bytes.length);
    return concat(bytes.subarray(0, start), bytes.subarray(end));
  },
  'duplicate-range': (bytes, random) => {
    const [start, end] = range(random, bytes.length);
    const at = pick(random, bytes.length + 1);
    const copies = random() < 0.1 ? 1 + pick(random, 200) : 1;
    const piece = bytes.subarray(start, end);
    return concat(bytes.subarray(0, at), ...Array.from({ length: copies }, () => piece), bytes.subarray(at));
  },
  splice: (bytes, random, other) => {
    const [start, end] = range(random, other.length);
    const at = pick(random, bytes.length + 1);
    const cut = random() < 0.5 ? at : Math.min(bytes.length, at + (end - start));
    return concat(bytes.subarray(0, at), other.subarray(start, end), bytes.subarray(cut));
  },
};

function concat(...parts) {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * One fuzzed file from `seeds`: a seed (its name gives the extension, sometimes swapped for
 * another seed's to test routing) with one to three mutations applied. Returns the bytes, the
 * file name and what was done.
 */
export function fuzzedFile(seeds, random, index) {
  const seed = seeds[pick(random, seeds.length)];
  let bytes = seed.bytes;
  const applied = [];
  const count = 1 + pick(random, 3);
  const names = Object.keys(MUTATIONS);
  for (let i = 0; i < count; i++) {
    const name = names[pick(random, names.length)];
    const other = seeds[pick(random, seeds.length)].bytes;
    bytes = MUTATIONS[name](bytes, random, other);
    applied.push(name);
  }
  const extension = random() < 0.08 ? seeds[pick(random, seeds.length)].extension : seed.extension;
  return {
    name: `f${String(index).padStart(5, '0')}-${seed.name}.${extension}`,
    bytes,
    seed: seed.name,
    format: seed.format,
    mutations: applied,
  };
}

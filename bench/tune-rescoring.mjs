#!/usr/bin/env node
// Lexical re-scoring methods beyond BM25, measured on SciFact (issue 22, ask 4). The first pass is
// cairn's own lexical search (SQLite FTS5 BM25, default field weights, 100 hits per query ranked
// per source document, as `cairn eval`); each method re-scores those 100 candidates, with term
// statistics (document frequency, average length) counted over the corpus the way the index
// analyses it (Unicode words, lower-cased, Porter stems). Methods:
// - proximity: BM25TP as in Büttcher, Clarke & Lushman, "Term Proximity Scoring for Ad-Hoc
//   Retrieval on Very Large Text Collections", SIGIR 2006 (after Rasolofo & Savoy, ECIR 2003);
// - sdm: the sequential dependence model's ordered (#1) and unordered (#uw8) bigram features
//   (Metzler & Croft, "A Markov Random Field Model for Term Dependencies", SIGIR 2005), each
//   scored with BM25's saturation and added to BM25;
// - rm3: RM3 (Lavrenko & Croft, SIGIR 2001; Abdul-Jaleel et al., TREC 2004) re-ranking the
//   candidates with the expanded query, expansion terms filtered by document frequency;
// - bm25+: the lower-bounded term frequency of Lv & Zhai, "Lower-Bounding Term Frequency
//   Normalization", CIKM 2011 (δ per matched query term);
// - exact: a bonus for query words matched in their exact (unstemmed) form;
// - drop: query words left out of the score (stop words, numbers, common terms).
// Settings are chosen on SciFact TRAIN only: its queries split deterministically in two, a tune
// part (SHA-256 of the query id with an even first byte) on which settings are ranked and a
// measure part on which they are only reported. `--split test --only NAME,...` measures named
// settings on the test split (run once, at the end, for the setting chosen on train).
// Run after `npm run build`. Usage: nice node bench/tune-rescoring.mjs [--dir ../shared/data/scifact]
//   [--split train|test] [--only bm25,...] [--out bench/results/tune-rescoring.json]
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { stemmer } from 'stemmer';
import { evaluate, loadBeir, ndcgAt, quantile, recallAt } from '../dist/exports/eval.js';
import { createEngine, openStore } from '../dist/index.js';
import { isStopWord } from '../dist/retrieve/terms.js';
import { writeResult } from './support/write-result.mjs';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: '../shared/data/scifact' },
    split: { type: 'string', default: 'train' },
    only: { type: 'string' },
    out: { type: 'string' },
  },
});
const dataset = await loadBeir(values.dir, values.split);
const engine = await createEngine({
  store: await openStore(path.join(mkdtempSync(path.join(tmpdir(), 'cairn-rescore-')), 'eval.db')),
});
await evaluate(
  engine,
  { ...dataset, queries: [] },
  { collection: 'scifact', split: values.split, modes: [] },
);

// Term statistics as the FTS5 index counts them ('porter unicode61'): words, lower-cased, stemmed.
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
const stem = (word) => (/^[a-z]+$/.test(word) ? stemmer(word) : word);
const words = (text) => text.toLowerCase().match(WORD) ?? [];
const stems = (text) => words(text).map(stem);
const df = new Map();
let totalLength = 0;
for (const doc of dataset.corpus) {
  const tokens = stems(`${doc.title} ${doc.text}`);
  totalLength += tokens.length;
  for (const s of new Set(tokens)) df.set(s, (df.get(s) ?? 0) + 1);
}
const N = dataset.corpus.length;
const avgdl = totalLength / N;
const share = (s) => (df.get(s) ?? 0) / N;
// FTS5's idf, floored at 1e-6 as FTS5 floors it.
const idf = (s) => Math.max(1e-6, Math.log((N - (df.get(s) ?? 0) + 0.5) / ((df.get(s) ?? 0) + 0.5)));
const K1 = 1.2;
const B = 0.75;
const saturation = (tf, length) => (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / avgdl));
const count = (tokens, term) => tokens.reduce((n, t) => n + (t === term ? 1 : 0), 0);
const contentStems = (text) => [...new Set(stems(text).filter((s) => !isStopWord(s)))];

// First pass: cairn's lexical search, the candidates every method re-scores.
const firstPass = [];
const latencies = [];
for (const query of dataset.queries) {
  const start = performance.now();
  const { hits } = await engine.search(query.text, {
    collection: 'scifact',
    mode: 'lexical',
    topK: 100,
    keepBest: true,
    reranker: false,
  });
  latencies.push(performance.now() - start);
  firstPass.push({
    query,
    hits: hits.map((h) => ({
      id: h.chunk.sourceId,
      score: h.scores.lexical,
      tokens: stems(h.chunk.text),
      text: h.chunk.text,
    })),
  });
}
await engine.close();

/** BM25TP's proximity accumulators over adjacent occurrences of distinct query terms. */
function proximity(queryStems, tokens, window) {
  const wanted = new Set(queryStems);
  const occurrences = [];
  for (const [i, t] of tokens.entries()) if (wanted.has(t)) occurrences.push([t, i]);
  const acc = new Map();
  for (let j = 1; j < occurrences.length; j++) {
    const [a, pa] = occurrences[j - 1];
    const [b, pb] = occurrences[j];
    const d = pb - pa;
    if (a === b || d > window) continue;
    acc.set(a, (acc.get(a) ?? 0) + idf(b) / (d * d));
    acc.set(b, (acc.get(b) ?? 0) + idf(a) / (d * d));
  }
  let score = 0;
  for (const [t, a] of acc) score += Math.min(1, idf(t)) * saturation(a, tokens.length);
  return score;
}

/** SDM's ordered and unordered bigram features of adjacent query terms, BM25-saturated. */
function dependence(queryText, tokens, window) {
  const q = stems(queryText).filter((s) => !isStopWord(s));
  const positions = new Map();
  for (const [i, t] of tokens.entries()) positions.set(t, [...(positions.get(t) ?? []), i]);
  let ordered = 0;
  let unordered = 0;
  for (let i = 1; i < q.length; i++) {
    const pa = positions.get(q[i - 1]);
    const pb = positions.get(q[i]);
    if (q[i] === q[i - 1] || !pa || !pb) continue;
    const weight = Math.min(idf(q[i - 1]), idf(q[i]));
    const next = new Set(pb);
    const tfo = pa.filter((x) => next.has(x + 1)).length;
    const tfu = pa.filter((x) => pb.some((y) => Math.abs(y - x) < window)).length;
    if (tfo) ordered += weight * saturation(tfo, tokens.length);
    if (tfu) unordered += weight * saturation(tfu, tokens.length);
  }
  return { ordered, unordered };
}

/** RM3 over the candidates: RM1 from the best `docs`, top `terms` of share ≤ `maxShare`, interpolated. */
function rm3(entry, { docs, terms, alpha, maxShare }) {
  const weights = new Map();
  for (const hit of entry.hits.slice(0, docs)) {
    const kept = hit.tokens.filter((t) => t.length >= 2 && !isStopWord(t) && !/^\d+$/.test(t));
    const counts = new Map();
    for (const t of kept) counts.set(t, (counts.get(t) ?? 0) + 1);
    for (const [t, n] of counts) weights.set(t, (weights.get(t) ?? 0) + (n / kept.length) * hit.score);
  }
  const model = [...weights]
    .filter(([t]) => (df.get(t) ?? 0) >= 2 && share(t) <= maxShare)
    .sort((a, b) => b[1] - a[1])
    .slice(0, terms);
  const sum = model.reduce((s, [, w]) => s + w, 0) || 1;
  const queryWords = Math.max(1, contentStems(entry.query.text).length);
  return entry.hits.map((hit) => {
    let expansion = 0;
    for (const [t, w] of model) {
      const tf = count(hit.tokens, t);
      if (tf) expansion += (w / sum) * idf(t) * saturation(tf, hit.tokens.length);
    }
    return (alpha * hit.score) / queryWords + (1 - alpha) * expansion;
  });
}

/** Score of the query words `leave` picks, to take out of a candidate's BM25 (body only). */
function dropped(entry, hit, leave) {
  let score = 0;
  for (const word of new Set(words(entry.query.text))) {
    if (!leave(word)) continue;
    const tf = count(hit.tokens, stem(word));
    if (tf) score += idf(stem(word)) * saturation(tf, hit.tokens.length);
  }
  return score;
}

// Each setting maps a first-pass entry to one new score per candidate.
const settings = [{ name: 'bm25', method: 'bm25', rescore: (e) => e.hits.map((h) => h.score) }];
for (const window of [5, 10, 20])
  for (const weight of [0.25, 0.5, 1])
    settings.push({
      name: `proximity w${window} x${weight}`,
      method: 'proximity',
      rescore: (e) => {
        const q = contentStems(e.query.text);
        return e.hits.map((h) => h.score + weight * proximity(q, h.tokens, window));
      },
    });
for (const [lo, lu] of [
  [0.1, 0],
  [0.2, 0],
  [0, 0.1],
  [0, 0.2],
  [0.05, 0.05],
  [0.1, 0.1],
])
  settings.push({
    name: `sdm o${lo} u${lu}`,
    method: 'sdm',
    rescore: (e) =>
      e.hits.map((h) => {
        const { ordered, unordered } = dependence(e.query.text, h.tokens, 8);
        return h.score + lo * ordered + lu * unordered;
      }),
  });
for (const [docs, terms] of [
  [5, 10],
  [10, 10],
  [10, 20],
])
  for (const alpha of [0.5, 0.8, 0.9])
    for (const maxShare of [1, 0.1])
      settings.push({
        name: `rm3 d${docs} t${terms} a${alpha} df≤${maxShare}`,
        method: 'rm3',
        rescore: (e) => rm3(e, { docs, terms, alpha, maxShare }),
      });
for (const delta of [0.25, 0.5, 1])
  settings.push({
    name: `bm25+ δ${delta}`,
    method: 'bm25+',
    rescore: (e) => {
      const q = [...new Set(stems(e.query.text))];
      return e.hits.map(
        (h) => h.score + delta * q.reduce((s, t) => s + (h.tokens.includes(t) ? idf(t) : 0), 0),
      );
    },
  });
for (const weight of [0.1, 0.2, 0.3])
  settings.push({
    name: `exact x${weight}`,
    method: 'exact',
    rescore: (e) => {
      const q = [...new Set(words(e.query.text))].filter((w) => !isStopWord(w));
      return e.hits.map((h) => {
        const tokens = words(h.text);
        let bonus = 0;
        for (const w of q) {
          const tf = count(tokens, w);
          if (tf) bonus += idf(stem(w)) * saturation(tf, tokens.length);
        }
        return h.score + weight * bonus;
      });
    },
  });
for (const [label, leave] of [
  ['stop words', (w) => isStopWord(w)],
  ['numbers', (w) => /^\d+$/.test(w)],
  ['share > 0.1', (w) => share(stem(w)) > 0.1],
])
  settings.push({
    name: `drop ${label}`,
    method: 'drop',
    rescore: (e) => e.hits.map((h) => h.score - dropped(e, h, leave)),
  });

const part = (id) => (createHash('sha256').update(id).digest()[0] % 2 === 0 ? 'tune' : 'measure');
function measure(setting, entries) {
  let ndcg = 0;
  let recall = 0;
  const costs = [];
  for (const entry of entries) {
    const start = performance.now();
    const scores = setting.rescore(entry);
    costs.push(performance.now() - start);
    const ranking = entry.hits
      .map((h, i) => ({ id: h.id, score: scores[i], i }))
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .map((h) => h.id);
    const judgments = dataset.qrels.get(entry.query.id);
    ndcg += ndcgAt(10, ranking, judgments);
    recall += recallAt(100, ranking, judgments);
  }
  const n = Math.max(1, entries.length);
  return {
    queries: entries.length,
    ndcgAt10: +(ndcg / n).toFixed(4),
    recallAt100: +(recall / n).toFixed(4),
    rescoreMsP50: +quantile(costs, 0.5).toFixed(3),
  };
}

const only = values.only?.split(',');
const chosen = only ? settings.filter((s) => only.includes(s.name)) : settings;
const rows = [];
if (values.split === 'train') {
  const tune = firstPass.filter((e) => part(e.query.id) === 'tune');
  const held = firstPass.filter((e) => part(e.query.id) === 'measure');
  for (const setting of chosen) {
    const row = {
      name: setting.name,
      method: setting.method,
      tune: measure(setting, tune),
      measure: measure(setting, held),
    };
    rows.push(row);
    console.error(`${row.name.padEnd(32)} tune ${row.tune.ndcgAt10}  measure ${row.measure.ndcgAt10}`);
  }
} else {
  for (const setting of chosen) {
    const row = { name: setting.name, method: setting.method, [values.split]: measure(setting, firstPass) };
    rows.push(row);
    console.error(`${row.name.padEnd(32)} ${values.split} ${row[values.split].ndcgAt10}`);
  }
}
const key = values.split === 'train' ? 'tune' : values.split;
const best = rows.reduce((a, b) => (b[key].ndcgAt10 > a[key].ndcgAt10 ? b : a));
const results = {
  date: new Date().toISOString(),
  node: process.version,
  dataset: dataset.name,
  split: values.split,
  parts:
    values.split === 'train'
      ? {
          rule: 'sha256(query id)[0] even: tune; odd: measure',
          tune: rows[0]?.tune.queries,
          measure: rows[0]?.measure.queries,
        }
      : undefined,
  firstPass: {
    candidates: 100,
    latencyMs: { p50: +quantile(latencies, 0.5).toFixed(2), p95: +quantile(latencies, 0.95).toFixed(2) },
  },
  termStatistics: { documents: N, averageLength: +avgdl.toFixed(2), k1: K1, b: B },
  settings: rows,
  [values.split === 'train' ? 'bestOnTune' : 'best']: best.name,
};
writeResult(
  values.out ?? `bench/results/tune-rescoring${values.split === 'train' ? '' : `-${values.split}`}.json`,
  results,
);

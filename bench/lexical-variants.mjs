#!/usr/bin/env node
// Exploration of lexical variants beyond cairn's BM25 on SciFact train (issue 22, ask 4): an
// in-memory BM25 over the corpus, fields as `cairn eval` indexes them (title as a heading of
// weight 2, text of weight 1, length counting every token once), with cairn's tokenisation
// (dist/store/memory/memory-tokenizer.js, the SQLite store's `porter unicode61` reproduced).
// Variants: k1 and b; query terms that stem alike counted once; compound tokens of biomedical
// text ("IL-6", "CD4+", "5-HT", "β-catenin") also indexed joined; Greek letters spelled out.
// Settings are ranked on the tune part (sha256(query id)[0] even) and only reported on the
// measure part, with per-query wins and losses and a two-sided sign test. Run after a build.
// Usage: nice node bench/lexical-variants.mjs [--dir ../shared/data/scifact]
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadBeir, ndcgAt } from '../dist/exports/eval.js';
import { indexTerm } from '../dist/store/memory/memory-tokenizer.js';
import { writeResult } from './support/write-result.mjs';

const { values } = parseArgs({ options: { dir: { type: 'string', default: '../shared/data/scifact' } } });
const dataset = await loadBeir(values.dir, 'train');
const part = (id) => (createHash('sha256').update(id).digest()[0] % 2 === 0 ? 'tune' : 'measure');

const TOKEN = /[\p{L}\p{N}\p{Co}][\p{L}\p{N}\p{M}\p{Co}]*/gu;
const GREEK = {
  α: 'alpha',
  β: 'beta',
  γ: 'gamma',
  δ: 'delta',
  ε: 'epsilon',
  κ: 'kappa',
  λ: 'lambda',
  μ: 'mu',
  σ: 'sigma',
  τ: 'tau',
  ω: 'omega',
};
/** Tokens with their offsets, as the index cuts them. */
function spans(text) {
  const out = [];
  for (const m of text.matchAll(TOKEN)) out.push({ token: m[0], start: m.index, end: m.index + m[0].length });
  return out;
}
function analyze(text, variant) {
  let source = text;
  if (variant.greek) source = source.replace(/[αβγδεκλμστω]/g, (c) => `${GREEK[c]}`);
  const parts = spans(source);
  const terms = parts.map((p) => indexTerm(p.token));
  if (variant.compounds) {
    // Runs of tokens joined by one hyphen, slash or nothing but a '+': also the joined term.
    let i = 0;
    while (i < parts.length) {
      let j = i;
      while (j + 1 < parts.length && /^[-‐–]$/.test(source.slice(parts[j].end, parts[j + 1].start))) j++;
      if (j > i && j - i < 4) {
        const joined = parts
          .slice(i, j + 1)
          .map((p) => p.token)
          .join('');
        if (/\d/.test(joined) || parts.slice(i, j + 1).some((p) => p.token.length <= 2))
          terms.push(indexTerm(joined));
      }
      i = j + 1;
    }
  }
  return terms;
}

function buildIndex(variant) {
  const postings = new Map();
  const lengths = [];
  const sentences = [];
  const tokens = [];
  dataset.corpus.forEach((doc, d) => {
    sentences.push(
      [doc.title, ...doc.text.split(/(?<=[.!?])\s+(?=[A-Z0-9(])/)].map((s) => new Set(analyze(s, variant))),
    );
    tokens.push([...analyze(doc.title, variant), ...analyze(doc.text, variant)]);
    const fields = [
      [analyze(doc.title, variant), 2],
      [analyze(doc.text, variant), 1],
    ];
    let length = 0;
    const tf = new Map();
    for (const [terms, weight] of fields) {
      length += terms.length;
      for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + weight);
    }
    lengths.push(length);
    for (const [t, f] of tf) {
      let list = postings.get(t);
      if (!list) {
        list = [];
        postings.set(t, list);
      }
      list.push(d, f);
    }
  });
  const avg = lengths.reduce((a, b) => a + b, 0) / lengths.length;
  return { postings, lengths, avg, n: lengths.length, sentences, tokens };
}

function queryTermsOf(text, variant) {
  const seen = new Set();
  const out = [];
  const surfaces = new Set();
  for (const m of text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu)) {
    const key = m[0].toLowerCase();
    if (surfaces.has(key)) continue;
    surfaces.add(key);
    const t = analyze(m[0], { greek: variant.greek })[0];
    if (variant.dedup && seen.has(t)) continue;
    seen.add(t);
    out.push(t);
  }
  if (variant.compounds) {
    const all = analyze(text, variant);
    const plain = analyze(text, { greek: variant.greek });
    for (const t of all.slice(plain.length)) if (!out.includes(t)) out.push(t);
  }
  return out;
}

function rank(index, terms, { k1, b, idfPower = 1, coord = 0, lucene = false, rescore }) {
  const scores = new Float64Array(index.n);
  const matched = coord ? [] : undefined;
  const touched = new Set();
  for (const t of terms) {
    const list = index.postings.get(t);
    if (!list) continue;
    const df = list.length / 2;
    const idf =
      (lucene
        ? Math.log(1 + (index.n - df + 0.5) / (df + 0.5))
        : Math.max(1e-6, Math.log((index.n - df + 0.5) / (df + 0.5)))) ** idfPower;
    for (let i = 0; i < list.length; i += 2) {
      const d = list[i];
      const f = list[i + 1];
      scores[d] += (idf * f * (k1 + 1)) / (f + k1 * (1 - b + (b * index.lengths[d]) / index.avg));
      touched.add(d);
      if (coord) matched[d] = (matched[d] ?? 0) + 1;
    }
  }
  if (coord) for (const d of touched) scores[d] *= (matched[d] / terms.length) ** coord;
  const top = [...touched].sort((x, y) => scores[y] - scores[x] || x - y).slice(0, 100);
  if (!rescore) return top.map((d) => dataset.corpus[d].id);
  const idfOf = new Map();
  for (const t of terms) {
    const list = index.postings.get(t);
    if (!list) continue;
    const df = list.length / 2;
    idfOf.set(t, Math.max(1e-6, Math.log((index.n - df + 0.5) / (df + 0.5))));
  }
  const rescored = top.map((d) => ({
    d,
    score: scores[d] + rescore.weight * evidence(index, d, idfOf, rescore),
  }));
  return rescored.sort((x, y) => y.score - x.score || x.d - y.d).map(({ d }) => dataset.corpus[d].id);
}

/** Passage-level evidence: the best sentence's (or window's) idf-weighted query-term coverage. */
function evidence(index, d, idfOf, { unit, window = 0 }) {
  const units = unit === 'sentence' ? index.sentences[d] : windows(index.tokens[d], window);
  let best = 0;
  for (const terms of units) {
    let sum = 0;
    for (const [t, idf] of idfOf) if (terms.has(t)) sum += idf;
    if (sum > best) best = sum;
  }
  return best;
}
function windows(tokens, size) {
  const out = [];
  for (let i = 0; i < Math.max(1, tokens.length - size + 1); i += Math.max(1, size >> 1))
    out.push(new Set(tokens.slice(i, i + size)));
  return out;
}

const indexes = new Map();
function perQuery(variant, params) {
  const key = JSON.stringify({ greek: variant.greek, compounds: variant.compounds });
  if (!indexes.has(key)) indexes.set(key, buildIndex(variant));
  const index = indexes.get(key);
  return dataset.queries.map((q) => ({
    id: q.id,
    part: part(q.id),
    ndcg: ndcgAt(10, rank(index, queryTermsOf(q.text, variant), params), dataset.qrels.get(q.id)),
  }));
}
const mean = (rows, p) => {
  const r = rows.filter((x) => x.part === p);
  return +(r.reduce((s, x) => s + x.ndcg, 0) / r.length).toFixed(4);
};
/** Two-sided exact sign test over the queries whose nDCG@10 changed. */
function signTest(base, other, p) {
  let wins = 0;
  let losses = 0;
  base.forEach((row, i) => {
    if (row.part !== p) return;
    const d = other[i].ndcg - row.ndcg;
    if (d > 1e-9) wins++;
    else if (d < -1e-9) losses++;
  });
  const n = wins + losses;
  const k = Math.min(wins, losses);
  let tail = 0;
  let c = 1;
  for (let i = 0; i <= n; i++) {
    if (i <= k) tail += c;
    c = (c * (n - i)) / (i + 1);
  }
  return { wins, losses, p: +Math.min(1, (2 * tail) / 2 ** n).toFixed(4) };
}

const base = { k1: 1.2, b: 0.75 };
const plain = {};
const baseline = perQuery(plain, base);
const parts = { tune: baseline.filter((r) => r.part === 'tune').length, measure: 0 };
parts.measure = baseline.length - parts.tune;
console.error('baseline', mean(baseline, 'tune'), mean(baseline, 'measure'));
const rows = [];
const report = (name, variant, params) => {
  const r = perQuery(variant, params);
  const row = {
    name,
    tune: mean(r, 'tune'),
    measure: mean(r, 'measure'),
    tuneSign: signTest(baseline, r, 'tune'),
    measureSign: signTest(baseline, r, 'measure'),
  };
  rows.push(row);
  console.error(JSON.stringify(row));
};
const only = process.env.ONLY ?? 'all';
if (only === 'all' || only === 'grid')
  for (const k1 of [0.6, 0.9, 1.2, 1.6, 2.0])
    for (const b of [0.4, 0.6, 0.75, 0.9, 1.0]) report(`k1=${k1} b=${b}`, plain, { k1, b });
if (only === 'all' || only === 'tokens') {
  report('dedup stems', { dedup: true }, base);
  report('greek', { greek: true }, base);
  report('compounds', { compounds: true }, base);
  report('greek+compounds', { greek: true, compounds: true }, base);
}
if (only === 'all' || only === 'weights') {
  for (const idfPower of [1.25, 1.5, 2]) report(`idf^${idfPower}`, plain, { ...base, idfPower });
  report('lucene idf ln(1 + (N - n + 0.5) / (n + 0.5))', plain, { ...base, lucene: true });
  for (const coord of [0.5, 1, 2]) report(`coord^${coord}`, plain, { ...base, coord });
}
if (only === 'all' || only === 'passages') {
  for (const weight of [0.1, 0.25, 0.5, 1])
    report(`best sentence x${weight}`, plain, { ...base, rescore: { unit: 'sentence', weight } });
  for (const window of [8, 16, 32])
    for (const weight of [0.25, 0.5])
      report(`best window ${window} x${weight}`, plain, {
        ...base,
        rescore: { unit: 'window', window, weight },
      });
}

const best = rows.reduce((a, c) => (c.tune > a.tune ? c : a), { tune: -1 });
writeResult('bench/results/lexical-variants.json', {
  date: new Date().toISOString(),
  node: process.version,
  dataset: dataset.name,
  split: 'train',
  parts: { rule: 'sha256(query id)[0] even: tune; odd: measure', ...parts },
  index: 'in-memory BM25 over whole abstracts: title weight 2, text weight 1, cairn tokenisation',
  baseline: {
    name: 'k1=1.2 b=0.75 (FTS5)',
    tune: mean(baseline, 'tune'),
    measure: mean(baseline, 'measure'),
  },
  signTest: 'two-sided exact sign test over the queries whose nDCG@10 changed against the baseline',
  settings: rows,
  bestOnTune: best.name,
});

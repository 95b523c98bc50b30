#!/usr/bin/env node
// Embedding requests when ingesting many small documents through a remote (OpenAI-compatible)
// embedder: a local fake provider (hashed bag-of-words vectors, as test/support's) counts the
// requests, the texts and the tokens it is sent, and answers the first request of every 20 with a
// 429 and `Retry-After: 0` (a rate limiter's reply) to show the retries riding along. `ingestPaths`
// ingests N one-chunk Markdown notes into a SQLite file. Run after `npm run build`.
// Writes bench/results/embed-batching.json.
//
//   node bench/embed-batching.mjs [--docs 10000] [--dimension 64]
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createEngine, openStore } from '../dist/index.js';
import { OpenAIEmbedder } from '../dist/providers/openai/index.js';

const { values } = parseArgs({
  options: { docs: { type: 'string', default: '10000' }, dimension: { type: 'string', default: '64' } },
});
const docs = Number(values.docs);
const dimension = Number(values.dimension);

function hashEmbedding(text) {
  const vector = new Array(dimension).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const digest = createHash('md5').update(word).digest();
    vector[digest.readUInt32LE(0) % dimension] += digest[4] & 1 ? 1 : -1;
  }
  const norm = Math.hypot(...vector) || 1;
  return vector.map((x) => x / norm);
}

const seen = { requests: 0, rateLimited: 0, texts: 0, tokens: 0, largestBatch: 0 };
const server = createServer((request, response) => {
  const parts = [];
  request.on('data', (part) => parts.push(part));
  request.on('end', () => {
    const body = JSON.parse(Buffer.concat(parts).toString('utf8'));
    seen.requests++;
    if (seen.requests % 20 === 1) {
      seen.rateLimited++;
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' });
      response.end(JSON.stringify({ error: { message: 'rate limited' } }));
      return;
    }
    const input = body.input;
    // Tokens as the provider counts them: here, words.
    const tokens = input.reduce((n, text) => n + (text.match(/\S+/g)?.length ?? 0), 0);
    seen.texts += input.length;
    seen.tokens += tokens;
    seen.largestBatch = Math.max(seen.largestBatch, input.length);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        object: 'list',
        data: input.map((text, index) => ({ object: 'embedding', index, embedding: hashEmbedding(text) })),
        model: body.model,
        usage: { prompt_tokens: tokens, total_tokens: tokens },
      }),
    );
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseURL = `http://127.0.0.1:${server.address().port}/v1`;

const work = mkdtempSync(path.join(tmpdir(), 'cairn-embed-batching-'));
const notes = path.join(work, 'notes');
mkdirSync(notes);
for (let i = 0; i < docs; i++) {
  writeFileSync(
    path.join(notes, `note-${i}.md`),
    `# Field note ${i}\n\nA marmot was seen near cairn ${i % 97} on ridge ${i % 13}, feeding on clover.\n`,
  );
}
const engine = await createEngine({
  store: await openStore(path.join(work, 'bench.db')),
  embedder: new OpenAIEmbedder({ model: 'hash', dimension, baseURL, minBackoffMs: 10 }),
});
const cpu = process.cpuUsage();
const began = performance.now();
const report = await engine.ingestPaths([notes]);
const seconds = (performance.now() - began) / 1000;
const used = process.cpuUsage(cpu);
await engine.close();
await new Promise((resolve) => server.close(resolve));
rmSync(work, { recursive: true, force: true });

const chunks = report.totals.chunks;
const successful = seen.requests - seen.rateLimited;
const results = {
  date: new Date().toISOString(),
  node: process.version,
  loadAverage1m: Number(loadavg()[0].toFixed(2)),
  documents: docs,
  ingested: report.totals.ingested,
  failed: report.totals.failed,
  chunks,
  requests: seen.requests,
  rateLimitedRequests: seen.rateLimited,
  successfulRequests: successful,
  chunksPerSuccessfulRequest: Number((seen.texts / successful).toFixed(1)),
  largestBatch: seen.largestBatch,
  texts: seen.texts,
  tokens: seen.tokens,
  seconds: Number(seconds.toFixed(1)),
  cpuSeconds: Number(((used.user + used.system) / 1e6).toFixed(1)),
  documentsPerSecond: Number((docs / seconds).toFixed(0)),
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/embed-batching.json', `${JSON.stringify(results, null, 2)}\n`);
console.log(results);

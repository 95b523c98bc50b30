import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toneMp3, toneWav } from './support/audio.js';
import { startCohereServer } from './support/cohere-server.js';
import { tempDir } from './support/corpus.js';
import { ensureBuilt } from './support/ensure-built.js';
import type { JsonApiServer } from './support/json-api-server.js';
import { runCairn } from './support/run-cli.js';
import { writeTinyCrossEncoder, writeTinyEmbeddingModel } from './support/tiny-models.js';
import { writeTinyWhisperModel } from './support/tiny-whisper.js';
import { startVoyageServer } from './support/voyage-server.js';

describe('cairn CLI with Cohere and Voyage models, reranking and fusion options', () => {
  let cohere: JsonApiServer & { baseURL: string };
  let voyage: JsonApiServer & { baseURL: string };
  let env: Record<string, string>;
  let docs: string;

  const cairn = (args: string[], extra: Record<string, string> = {}) => runCairn(args, { ...env, ...extra });

  beforeAll(async () => {
    ensureBuilt();
    cohere = await startCohereServer({ apiKey: 'co-key', dimension: 384 });
    voyage = await startVoyageServer({ apiKey: 'vo-key', dimension: 512 });
    env = {
      CAIRN_EMBEDDER: '',
      CAIRN_CHAT_MODEL: '',
      CAIRN_RERANKER: '',
      CAIRN_EMBEDDING_DIMENSION: '',
      COHERE_BASE_URL: cohere.baseURL,
      COHERE_API_KEY: 'co-key',
      VOYAGE_BASE_URL: voyage.baseURL,
      VOYAGE_API_KEY: 'vo-key',
    };
    docs = tempDir();
    const files: Record<string, string> = {
      'otters.md': '# Otters\n\nSea otters float on kelp and hold hands while sleeping.',
      'beavers.md': '# Beavers\n\nBeavers build a dam across the river; otters swim past the dam.',
      'marmots.md': '# Marmots\n\nMarmots hibernate in burrows under granite boulders.',
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(docs, name), text);
  });
  afterAll(async () => {
    await cohere?.close();
    await voyage?.close();
  });

  it('searches lexically and reranks with --rerank cohere:MODEL, keeping the BM25 score', async () => {
    const db = path.join(tempDir(), 'c.db');
    expect((await cairn(['ingest', docs, '--db', db])).code).toBe(0);
    const before = cohere.requests.length;
    const { code, stdout, stderr } = await cairn([
      'search',
      'otters dam river',
      '--db',
      db,
      '--json',
      '-k',
      '1',
      '--rerank',
      'cohere:rerank-v3.5',
      '--rerank-candidates',
      '5',
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const parsed = JSON.parse(stdout);
    expect(parsed).toMatchObject({ mode: 'lexical', reranker: 'rerank-v3.5' });
    expect(parsed.hits).toHaveLength(1);
    expect(parsed.hits[0].chunk.documentId).toBe('beavers.md');
    expect(parsed.hits[0].scores.rerank).toBe(1);
    expect(parsed.hits[0].scores.lexical).toBeGreaterThan(0);
    const request = cohere.requests.slice(before).find((r) => r.path === '/v2/rerank')!;
    expect(request.headers.authorization).toBe('Bearer co-key');
    expect(request.body).toMatchObject({ model: 'rerank-v3.5', query: 'otters dam river' });
    expect((request.body.documents as string[]).length).toBeGreaterThan(1);
  });

  it('embeds with --embedder cohere:embed-english-light-v3.0 and answers with voyage reranking', async () => {
    const db = path.join(tempDir(), 'e.db');
    const embedder = ['--embedder', 'cohere:embed-english-light-v3.0'];
    const ingest = await cairn(['ingest', docs, '--db', db, ...embedder]);
    expect(ingest.code).toBe(0);
    const collections = JSON.parse((await cairn(['collections', '--db', db, '--json'])).stdout);
    expect(collections[0]).toMatchObject({ model: 'embed-english-light-v3.0', dimension: 384 });
    const embeds = cohere.requests.filter((r) => r.path === '/v2/embed');
    expect(embeds.some((r) => r.body.input_type === 'search_document')).toBe(true);
    const search = await cairn(['search', 'kelp', '--db', db, '--json', ...embedder, '--rrf-weights', '1,2']);
    expect(search.code).toBe(0);
    expect(JSON.parse(search.stdout).mode).toBe('hybrid');
    expect(cohere.requests.at(-1)!.body).toMatchObject({ input_type: 'search_query', texts: ['kelp'] });
    const before = voyage.requests.length;
    const ask = await cairn([
      'ask',
      'Where do otters swim past a dam?',
      '--db',
      db,
      '--json',
      ...embedder,
      '--rerank',
      'voyage:rerank-2-lite',
    ]);
    expect(ask.code).toBe(0);
    expect(JSON.parse(ask.stdout).sources[0].hit.chunk.documentId).toBe('beavers.md');
    expect(voyage.requests.slice(before).map((r) => [r.path, r.body.model])).toEqual([
      ['/v1/rerank', 'rerank-2-lite'],
    ]);
  });

  it('evaluates every setting in one table: each mode alone and reranked, with timings', async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'qrels'));
    const corpus = [
      { _id: 'd1', title: 'Marmots', text: 'Marmots hibernate in burrows through the winter.' },
      { _id: 'd2', title: 'Pikas', text: 'Pikas gather hay piles for the winter.' },
      { _id: 'd3', title: 'Quokkas', text: 'Quokkas live on Rottnest Island.' },
    ];
    writeFileSync(path.join(dir, 'corpus.jsonl'), corpus.map((d) => JSON.stringify(d)).join('\n'));
    writeFileSync(
      path.join(dir, 'queries.jsonl'),
      [
        JSON.stringify({ _id: 'q1', text: 'marmots burrows' }),
        JSON.stringify({ _id: 'q2', text: 'hay piles' }),
      ].join('\n'),
    );
    writeFileSync(path.join(dir, 'qrels', 'test.tsv'), 'query-id\tcorpus-id\tscore\nq1\td1\t1\nq2\td2\t1\n');
    const args = ['eval', dir, '--db', path.join(dir, 'eval.db'), '--embedder', 'voyage:voyage-3-lite'];
    const fusion = ['--rerank', 'voyage', '--rrf-k', '10', '--rrf-weights', '0.5,1'];
    const json = await cairn([...args, ...fusion, '--json']);
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout);
    expect(report.fusion).toEqual({ k: 10, weights: [0.5, 1] });
    expect(
      report.results.map((r: { mode: string; reranker?: string }) => [r.mode, r.reranker ?? null]),
    ).toEqual([
      ['lexical', null],
      ['lexical', 'rerank-2'],
      ['dense', null],
      ['dense', 'rerank-2'],
      ['hybrid', null],
      ['hybrid', 'rerank-2'],
    ]);
    for (const r of report.results) {
      expect(r.querySeconds).toBeGreaterThanOrEqual(0);
      expect(r.latencyMs.p95).toBeGreaterThanOrEqual(r.latencyMs.p50);
    }
    expect(report.results[1].ndcgAt10).toBe(1);
    expect(report.ingestSeconds).toBeGreaterThan(0);
    const table = await cairn([...args, ...fusion]);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/RRF k=10, weights dense 0\.5, lexical 1/);
    expect(table.stdout).toMatch(/^hybrid\+rerank +1\.0000/m);
    expect(table.stdout).toMatch(/^rerank: rerank-2$/m);
  });

  it('exits 2 naming the option for bad fusion weights, k and an unknown reranker', async () => {
    const db = path.join(tempDir(), 'bad.db');
    const weights = await cairn(['search', 'x', '--db', db, '--rrf-weights', '1']);
    expect(weights.code).toBe(2);
    expect(weights.stderr).toMatch(/--rrf-weights must be two numbers/);
    const negative = await cairn(['search', 'x', '--db', db, '--rrf-weights', '-1,1']);
    expect(negative.code).toBe(2);
    const k = await cairn(['eval', 'nowhere', '--db', db, '--rrf-k', 'abc']);
    expect(k.code).toBe(2);
    expect(k.stderr).toMatch(/--rrf-k must be a number/);
    const rerank = await cairn(['search', 'x', '--db', db, '--rerank', 'acme:best']);
    expect(rerank.code).toBe(2);
    expect(rerank.stderr).toMatch(/unknown reranker "acme:best"; supported: cohere/);
    const embedder = await cairn(['search', 'x', '--db', db, '--embedder', 'voyage:voyage-9']);
    expect(embedder.code).toBe(2);
    expect(embedder.stderr).toMatch(/dimension of voyage-9 is unknown; pass --embedding-dimension/);
  });

  it('doctor says which embedder and reranker are active, and why', async () => {
    const db = path.join(tempDir(), 'doc.db');
    const offline = JSON.parse((await cairn(['doctor', '--db', db, '--json'])).stdout);
    expect(offline.embedder.none).toMatch(/lexical \(BM25\) only.*offline default/);
    expect(offline.reranker.none).toMatch(/no reranker configured \(--rerank \/ CAIRN_RERANKER\)/);
    const configured = JSON.parse(
      (
        await cairn(['doctor', '--db', db, '--json', '--rerank', 'cohere'], {
          CAIRN_EMBEDDER: 'voyage:voyage-3',
        })
      ).stdout,
    );
    expect(configured.embedder).toMatchObject({
      provider: 'voyage',
      model: 'voyage-3',
      dimension: 1024,
      why: 'set by CAIRN_EMBEDDER=voyage:voyage-3',
      reached: true,
    });
    // Doctor now also reaches each remote model: the reranker answered the local Cohere server.
    expect(configured.reranker).toEqual({
      model: 'rerank-v3.5',
      why: 'set by --rerank',
      reached: true,
      milliseconds: expect.any(Number),
    });
    const text = await cairn(['doctor', '--db', db], { CAIRN_RERANKER: 'voyage:rerank-2' });
    expect(text.stdout).toMatch(
      /^reranker: model=rerank-2, why=set by CAIRN_RERANKER=voyage:rerank-2, reached in \d+ ms$/m,
    );
  });

  it('embeds and reranks with local ONNX models from --models-dir, and names a missing model', async () => {
    const models = tempDir();
    writeTinyEmbeddingModel(models, { modelId: 'Xenova/e5-small-v2', dimension: 8 });
    writeTinyCrossEncoder(models, { modelId: 'Xenova/ms-marco-MiniLM-L-6-v2' });
    const db = path.join(tempDir(), 'local.db');
    const local = [
      '--db',
      db,
      '--embedder',
      'local:e5-small-v2',
      '--embedding-dimension',
      '8',
      '--models-dir',
      models,
    ];
    expect((await cairn(['ingest', docs, ...local])).code).toBe(0);
    const collections = JSON.parse((await cairn(['collections', '--db', db, '--json'])).stdout);
    expect(collections[0]).toMatchObject({ model: 'Xenova/e5-small-v2', dimension: 8 });
    const search = await cairn(['search', 'where do otters sleep', ...local, '--json', '--rerank', 'local']);
    expect(search.stderr).toBe('');
    const parsed = JSON.parse(search.stdout);
    expect(parsed).toMatchObject({ mode: 'hybrid', reranker: 'Xenova/ms-marco-MiniLM-L-6-v2' });
    expect(parsed.hits[0].chunk.documentId).toBe('otters.md');
    expect(parsed.hits[0].scores).toMatchObject({ dense: expect.any(Number), rerank: expect.any(Number) });
    const doctor = JSON.parse((await cairn(['doctor', ...local, '--json', '--rerank', 'local'])).stdout);
    expect(doctor.embedder).toMatchObject({
      provider: 'transformers',
      weights: `models folder ${models} (no downloads)`,
    });
    expect(doctor.reranker).toMatchObject({ model: 'Xenova/ms-marco-MiniLM-L-6-v2', why: 'set by --rerank' });
    const missing = await cairn(['search', 'otters', '--db', db, '--rerank', 'local:acme/reranker'], {
      CAIRN_MODELS_DIR: models,
    });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/local model acme\/reranker is not in the models folder/);
    expect(missing.stderr).toMatch(/https:\/\/huggingface\.co\/acme\/reranker/);
  });

  it('transcribes recordings with --transcriber local, cites them by time, and keeps going past a broken one', async () => {
    const models = tempDir();
    writeTinyWhisperModel(models, { modelId: 'onnx-community/whisper-base' });
    const recordings = tempDir();
    writeFileSync(path.join(recordings, 'field-notes.wav'), toneWav([{ frequency: 400, seconds: 3 }]));
    writeFileSync(
      path.join(recordings, 'dive-log.mp3'),
      toneMp3([{ frequency: 4000, seconds: 9 }], { sampleRate: 44_100 }),
    );
    writeFileSync(path.join(recordings, 'broken.wav'), new TextEncoder().encode('RIFF\x10\0\0\0WAVEjunk'));
    const db = path.join(tempDir(), 'audio.db');
    const audio = ['--db', db, '--transcriber', 'local', '--models-dir', models];
    const ingest = await cairn(['ingest', recordings, ...audio, '--json']);
    expect(ingest.code).toBe(1);
    const report = JSON.parse(ingest.stdout);
    expect(report.totals).toMatchObject({ ingested: 2, failed: 1 });
    const broken = report.items.find((i: { documentId: string }) => i.documentId === 'broken.wav');
    expect(broken).toMatchObject({
      status: 'failed',
      reason: expect.stringMatching(/no wav audio could be decoded/),
    });

    const search = JSON.parse((await cairn(['search', 'otters kelp', '--db', db, '--json'])).stdout);
    expect(search.hits[0].chunk).toMatchObject({
      documentId: 'dive-log.mp3',
      text: '[0:06] otters float on kelp',
    });
    const answer = await cairn(['ask', 'Where do marmots hibernate?', '--db', db]);
    expect(answer.stdout).toMatch(/burrows/);
    expect(answer.stdout).toMatch(/\[1\] field-notes\.wav/);

    const doctor = JSON.parse((await cairn(['doctor', ...audio, '--json'])).stdout);
    expect(doctor.transcriber).toMatchObject({
      provider: 'transformers',
      model: 'onnx-community/whisper-base',
      why: 'set by --transcriber',
      weights: `models folder ${models} (no downloads)`,
    });
    const without = await cairn(['ingest', recordings, '--db', path.join(tempDir(), 'none.db'), '--json']);
    expect(JSON.parse(without.stdout).totals).toMatchObject({ skipped: 3 });

    // A model missing from the models folder stops the batch before its first file, and doctor says why.
    writeFileSync(path.join(recordings, 'a-notes.md'), '# Notes\n\nMarmots again.');
    const missingDb = path.join(tempDir(), 'missing.db');
    const missing = ['--db', missingDb, '--transcriber', 'local:acme/whisper', '--models-dir', models];
    const refused = await cairn(['ingest', recordings, ...missing]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/local model acme\/whisper is not in the models folder/);
    expect(existsSync(missingDb)).toBe(false);
    const diagnosis = JSON.parse((await cairn(['doctor', ...missing, '--json'])).stdout);
    expect(diagnosis.transcriber.error).toMatch(/missing config\.json, generation_config\.json/);
  });
});

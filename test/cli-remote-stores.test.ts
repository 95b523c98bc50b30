/**
 * The CLI on scale-out stores: `cairn ingest` and `cairn search` with `--db qdrant://…` and
 * `--db opensearch://…` (the in-repository REST doubles), embedding with an OpenAI-compatible
 * server double. Qdrant has no lexical index, so hybrid search runs dense-only and says so.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from './support/ensure-built.js';
import { type FakeServer, startOpenAICompatibleServer } from './support/openai-compatible-server.js';
import { type OpenSearchDouble, startOpenSearchDouble } from './support/opensearch-double.js';
import { type QdrantDouble, startQdrantDouble } from './support/qdrant-double.js';
import { runCairn } from './support/run-cli.js';

let models: FakeServer;
let qdrant: QdrantDouble;
let opensearch: OpenSearchDouble;
const docs = mkdtempSync(path.join(tmpdir(), 'cairn-remote-cli-'));

beforeAll(async () => {
  ensureBuilt();
  models = await startOpenAICompatibleServer({ dimension: 64 });
  qdrant = await startQdrantDouble();
  opensearch = await startOpenSearchDouble();
  writeFileSync(
    path.join(docs, 'keys.md'),
    '# Key rotation\n\nRotate signing keys every ninety days with the vault tool.\n',
  );
  writeFileSync(
    path.join(docs, 'oncall.md'),
    '# On call\n\nThe on-call engineer answers pages within fifteen minutes.\n',
  );
});
afterAll(async () => {
  await Promise.all([models.close(), qdrant.close(), opensearch.close()]);
  rmSync(docs, { recursive: true, force: true });
});

const embedder = ['--embedder', 'openai:text-embedding-3-small', '--embedding-dimension', '64'];
const env = () => ({ OPENAI_BASE_URL: models.baseURL, OPENAI_API_KEY: 'test-key' });

describe('cairn on scale-out stores', () => {
  it('ingests into Qdrant and searches dense-only, saying so once', async () => {
    const db = `qdrant://127.0.0.1:${qdrant.port}`;
    const ingest = await runCairn(['ingest', docs, '--db', db, ...embedder, '--json'], env());
    expect(ingest.stderr).toBe('');
    expect(JSON.parse(ingest.stdout).totals).toMatchObject({ ingested: 2, failed: 0 });
    const search = await runCairn(
      ['search', 'rotate signing keys', '--db', db, ...embedder, '--json'],
      env(),
    );
    expect(search.code).toBe(0);
    expect(JSON.parse(search.stdout).hits[0].chunk.documentId).toBe('keys.md');
    const plain = await runCairn(['search', 'rotate signing keys', '--db', db, ...embedder], env());
    expect(plain.stderr.match(/no lexical index: hybrid search runs dense-only/g)).toHaveLength(1);
    expect(plain.stdout).toContain('keys.md');
    const again = await runCairn(['ingest', docs, '--db', db, ...embedder, '--json'], env());
    expect(JSON.parse(again.stdout).totals).toMatchObject({ unchanged: 2 });
  });

  it('ingests into OpenSearch and fuses BM25 with dense search', async () => {
    const db = `opensearch://127.0.0.1:${opensearch.port}`;
    const ingest = await runCairn(['ingest', docs, '--db', db, ...embedder, '--json'], env());
    expect(JSON.parse(ingest.stdout).totals).toMatchObject({ ingested: 2, failed: 0 });
    const search = JSON.parse(
      (await runCairn(['search', 'on-call pages', '--db', db, ...embedder, '--json'], env())).stdout,
    );
    expect(search.hits[0].chunk.documentId).toBe('oncall.md');
    expect(search.hits[0].scores.lexical).toBeGreaterThan(0);
    expect(search.hits[0].scores.fused).toBeGreaterThan(0);
  });
});

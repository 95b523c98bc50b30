/**
 * `cairn migrate` end to end: SQLite → Chroma (a real `chroma run`) → SQLite, through the built
 * CLI, with embeddings bit-identical (float32) and searches returning the same hits.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../src/core/ports.js';
import { openStore } from '../src/engine/store-schemes.js';
import { openSqliteStore } from '../src/store/sqlite/sqlite-store.js';
import { type ChromaServer, startChroma } from './support/chroma-server.js';
import { ensureBuilt } from './support/ensure-built.js';
import { runCairn } from './support/run-cli.js';
import { documentWrite, storedChunk } from './support/store-records.js';

const DIM = 32;
const root = mkdtempSync(join(tmpdir(), 'cairn-migrate-e2e-'));
// The real server: the round trip is skipped (with the reason) only where it cannot start.
const started = await startChroma();
const server: ChromaServer | undefined = 'reason' in started ? undefined : started;
const skipReason = 'reason' in started ? started.reason : '';

beforeAll(() => {
  ensureBuilt();
});
afterAll(async () => {
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** The deterministic test embedder: a seeded xorshift vector per text. */
function embed(text: string): number[] {
  let state = 2166136261;
  for (const char of text) state = Math.imul(state ^ char.codePointAt(0)!, 16777619) >>> 0;
  return Array.from({ length: DIM }, () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return (state / 0xffffffff) * 2 - 1 + 1e-3;
  });
}

async function everyEmbedding(store: Store, namespace?: string) {
  const scope = { collection: 'handbook', namespace };
  const ids: string[] = [];
  for await (const batch of store.iterChunks({ ...scope, includeEmbeddings: false }))
    ids.push(...batch.map((c) => c.id));
  return [...(await store.getEmbeddings(scope, ids))].sort(([a], [b]) => (a < b ? -1 : 1));
}

async function searches(store: Store) {
  const results = [];
  for (const query of ['safety procedures', 'quarterly revenue', 'on-call rotation']) {
    const hits = await store.denseSearch({ collection: 'handbook', vector: embed(query), topK: 5 });
    results.push(hits.map((hit) => [hit.chunk.id, hit.chunk.text, hit.score.toFixed(5)]));
  }
  return results;
}

describe('cairn migrate', () => {
  it.skipIf(server === undefined)(
    `moves a collection SQLite → Chroma → SQLite without re-embedding, bit for bit${skipReason ? ` (skipped: ${skipReason})` : ''}`,
    async () => {
      const first = join(root, 'first.db');
      const back = join(root, 'back.db');
      const source = await openSqliteStore({ path: first });
      await source.createCollection('handbook', { model: 'test-embedder', dimension: DIM });
      for (let d = 0; d < 12; d++) {
        const texts = Array.from(
          { length: 4 },
          (_, i) =>
            `document ${d} section ${i}: ${['safety procedures', 'quarterly revenue', 'on-call rotation'][(d + i) % 3]}`,
        );
        await source.replaceDocument(
          { collection: 'handbook', namespace: d % 4 === 0 ? 'team-b' : undefined },
          documentWrite(
            `doc-${d}`,
            texts.map((text, i) =>
              storedChunk(`doc-${d}`, i, { text, embedding: embed(text), metadata: { d } }),
            ),
            { contentHash: `hash-${d}` },
          ),
        );
      }
      const expected = {
        embeddings: await everyEmbedding(source),
        team: await everyEmbedding(source, 'team-b'),
        hits: await searches(source),
      };
      await source.close();

      const chroma = `chroma://${server!.host}:${server!.port}`;
      const out = await runCairn([
        'migrate',
        '--from',
        `sqlite:${first}`,
        '--to',
        chroma,
        '--namespace',
        'default',
        '--namespace',
        'team-b',
        '--json',
      ]);
      expect(out.stderr).toContain('handbook (team-b): 3/3 documents');
      expect(out.code).toBe(0);
      expect(JSON.parse(out.stdout)).toMatchObject([
        { namespace: 'default', documents: 9, copied: 9, chunks: 36 },
        { namespace: 'team-b', documents: 3, copied: 3, chunks: 12 },
      ]);
      const rerun = await runCairn(['migrate', '--from', `sqlite:${first}`, '--to', chroma]);
      expect(rerun.code).toBe(0);
      expect(rerun.stdout).toContain('migrated 0 documents (9 already there)');

      const inChroma = await openStore(chroma);
      expect(inChroma.capabilities.lexical).toBe('none');
      expect(await everyEmbedding(inChroma)).toEqual(expected.embeddings);
      expect(await searches(inChroma)).toEqual(expected.hits);
      await inChroma.close();

      const home = await runCairn([
        'migrate',
        '--from',
        chroma,
        '--to',
        `sqlite:${back}`,
        '--collection',
        'handbook',
        '--namespace',
        'default',
        '--namespace',
        'team-b',
      ]);
      expect(home.code).toBe(0);
      const returned = await openSqliteStore({ path: back });
      expect(await everyEmbedding(returned)).toEqual(expected.embeddings);
      expect(await everyEmbedding(returned, 'team-b')).toEqual(expected.team);
      expect(await searches(returned)).toEqual(expected.hits);
      expect(await returned.getCollection('handbook')).toMatchObject({
        model: 'test-embedder',
        dimension: DIM,
      });
      await returned.close();
    },
    120_000,
  );

  it('names a malformed store URL', async () => {
    const out = await runCairn(['migrate', '--from', 'chroma://', '--to', 'memory:']);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/chroma:\/\/HOST:PORT/);
  });
});

/** `ingestPaths` options that watch mode is built on: `root` and `signal`. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Parser } from '../src/core/ports.js';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

describe('ingestPaths', () => {
  let dir: string;
  let engine: Engine;

  beforeAll(async () => {
    dir = tempDir();
    mkdirSync(path.join(dir, 'guides'));
    for (let i = 0; i < 5; i++)
      writeFileSync(path.join(dir, 'guides', `g${i}.md`), `# Guide ${i}\n\nbeavers ${i}`);
    writeFileSync(path.join(dir, 'top.md'), '# Top\n\notters');
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'cairn.db')) });
  });
  afterAll(() => engine.close());

  it('root: files given inside it get ids relative to it', async () => {
    const report = await engine.ingestPaths([path.join(dir, 'guides', 'g1.md'), path.join(dir, 'top.md')], {
      root: dir,
    });
    expect(report.items.map((i) => [i.documentId, i.status])).toEqual([
      ['guides/g1.md', 'ingested'],
      ['top.md', 'ingested'],
    ]);
  });

  it('root with prune is refused before anything is read', async () => {
    await expect(
      engine.ingestPaths([path.join(dir, 'top.md')], { root: dir, prune: true }),
    ).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      argument: 'prune',
    });
  });

  it('signal: stops between files, reports what was done, and prunes nothing', async () => {
    const controller = new AbortController();
    const report = await engine.ingestPaths([dir], {
      force: true,
      prune: true,
      signal: controller.signal,
      onProgress: ({ done }) => {
        if (done === 2) controller.abort();
      },
    });
    expect(report.stopped).toBe(true);
    expect(report.items.map((i) => i.documentId)).toEqual(['guides/g0.md', 'guides/g1.md']);
    expect(report.pruned).toEqual([]);
    const untouched = await engine.ingestPaths([dir], { signal: AbortSignal.abort() });
    expect(untouched).toMatchObject({ stopped: true, items: [] });
  });

  it('parses one file while another is being ingested', async () => {
    // The first two parses each wait until the other has started (or 20 s, so a one-at-a-time
    // ingest fails instead of hanging): only overlapping parses see two at once.
    let calls = 0;
    let running = 0;
    let most = 0;
    const started: Array<() => void> = [];
    const overlapping: Parser = {
      specificationVersion: 'v1',
      fingerprint: 'overlapping/v1',
      mediaTypes: ['text/markdown'],
      parse: async (source) => {
        running++;
        most = Math.max(most, running);
        for (const wake of started.splice(0)) wake();
        if (calls++ < 2 && running < 2) {
          await new Promise<void>((resolve) => {
            started.push(resolve);
            setTimeout(resolve, 20_000).unref();
          });
        }
        running--;
        return {
          mediaType: 'text/markdown',
          pages: [{ pageNumber: 1, markdown: new TextDecoder().decode(source.bytes) }],
        };
      },
    };
    const own = await createEngine({
      store: await openStore(path.join(tempDir(), 'overlap.db')),
      parse: { parsers: { markdown: overlapping } },
      parseLimits: { isolate: false },
    });
    // The collection exists, so the files need not go one by one until the first creates it.
    await own.ensureCollection('default');
    const report = await own.ingestPaths([path.join(dir, 'guides')]);
    expect(report.items.map((i) => i.status)).toEqual(Array(5).fill('ingested'));
    expect(most).toBeGreaterThanOrEqual(2);
    await own.close();
  });
});

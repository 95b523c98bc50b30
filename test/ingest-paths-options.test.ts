/** `ingestPaths` options that watch mode is built on: `root` and `signal`. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});

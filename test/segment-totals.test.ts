import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chunk } from '../src/core/types.js';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

// A quarterly report printed by Chromium whose segment table gives a segment's revenue as an
// unlabelled subtotal under its products (stop 58): test/fixtures/segment-totals/make-files.mjs.
describe('a segment subtotal printed without a label (SQLite file, PDF)', { timeout: 120_000 }, () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'segments.db')) });
    await engine.ingestPaths([path.resolve('test/fixtures/segment-totals')], { include: ['*.pdf'] });
  }, 120_000);
  afterAll(() => engine.close());

  it('labels the subtotal row with its group, and leaves the lead-ins and labelled rows as printed', async () => {
    const chunks: Chunk[] = [];
    for await (const batch of engine.store.iterChunks({ collection: 'default' })) chunks.push(...batch);
    const text = chunks.map((c) => c.text).join('\n');
    expect(text).toContain('| Total Consumer Products | 1,480 | 1,395 | 4,200 | 4,002 |');
    expect(text).toContain('| Consumer Products |  |  |  |  |');
    expect(text).toContain('| Net revenue: |  |  |  |  |');
    expect(text).toContain('| Enterprise Systems | 1,126 | 1,040 | 3,318 | 3,011 |');
    expect(text).toContain('| Consumer Products | $214 | $187 | $598 | $561 |');
    expect(text).not.toMatch(/\|\s+\| 1,480 \|/);
  });

  it("answers the segment's revenue with the subtotal", async () => {
    const answer = await engine.ask(
      "What was Tamsin Devices' Consumer Products revenue in the third quarter of 2026?",
    );
    expect(answer.notFound).toBe(false);
    expect(answer.text).toContain('| Total Consumer Products | 1,480 |');
  });
});

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

// A school's term dates for two school years, each published in the March before it (stop 54):
// dated by the day it was published, each is about the year its title splits.
describe('a year the titles split (SQLite file)', { timeout: 120_000 }, () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'split.db')) });
    await engine.ingestPaths([path.resolve('test/fixtures/round52')], { include: ['pinecrest-*.md'] });
  }, 120_000);
  afterAll(() => engine.close());

  it('answers a question naming the split year from the document whose title names it', async () => {
    // The 2025–26 dates were published in 2025 and the 2026–27 ones in 2026: read by their dates,
    // "2025–26" (fiscal 2026) named the second.
    const first = await engine.ask(
      "How many INSET days are there in Pinecrest Academy's 2025–26 school year?",
    );
    expect(first.sources[0]?.hit.chunk.documentId).toBe('pinecrest-academy-term-dates-2025-26.md');
    expect(first.text).toMatch(/^(?:Dated [\d-]+: )?There are five INSET days this year/);
    const second = await engine.ask('On how many days do Pinecrest pupils attend school in 2026–27?');
    expect(second.sources[0]?.hit.chunk.documentId).toBe('pinecrest-academy-term-dates-2026-27.md');
    expect(second.text).toContain('189 days');
  });

  it('reads a calendar year by the dates, not the split-year label', async () => {
    const answer = await engine.ask('When does the autumn term start at Pinecrest Academy in 2026?');
    expect(answer.sources[0]?.hit.chunk.documentId).toBe('pinecrest-academy-term-dates-2026-27.md');
    expect(answer.text).toMatch(/^(?:Dated [\d-]+: )?Term starts Thursday 3 September 2026/);
  });
});

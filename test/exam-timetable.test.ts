import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

// round70 (stop 58, held out): an exam timetable printed by Chromium, every row of which writes
// "Paper", and a sentence naming three of its subjects below it.
describe('the row of a timetable a question names (SQLite file, PDF)', { timeout: 120_000 }, () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'exams.db')) });
    await engine.ingestPaths([path.resolve('test/fixtures/round70')], { include: ['*.pdf'] });
  }, 120_000);
  afterAll(() => engine.close());

  it('quotes the asked exam’s row, whose length is a compound quantity', async () => {
    // The first three rows were quoted and the Chemistry row (its length "2 hours 15 minutes" read
    // as no figure, so the row scored half) left out.
    const answer = await engine.ask('When is the Hazelmere Chemistry Paper 3 exam?');
    expect(answer.text).toContain(
      '| Tuesday 16 June 2026 | 09:00 | Chemistry Paper 3 | 2 hours 15 minutes | Main Hall |',
    );
  });
});

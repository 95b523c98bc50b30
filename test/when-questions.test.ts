import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

// A question asking when is answered by a passage that writes a date (stop 53): a leisure
// centre's two price lists, a library's opening hours, a rail timetable change notice.
describe('questions asking when (SQLite file)', { timeout: 120_000 }, () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'when.db')) });
    await engine.ingestPaths([path.resolve('test/fixtures/round50')], { include: ['**/*.md'] });
  }, 120_000);
  afterAll(() => engine.close());

  it('leads with the line that dates the version asked about', async () => {
    // The line holds only the words that name the price list and its date: for a question asking
    // what, it states nothing asked; asked when, it is the answer.
    const answer = await engine.ask("When did Harbourside Leisure's 2025 prices take effect?");
    expect(answer.notFound).toBe(false);
    expect(answer.text).toMatch(/^Dated 2025-04-01: Prices from 1 April 2025 until further notice\. \[1\]/);
  });

  it('leads with the sentence that dates the event asked about', async () => {
    const answer = await engine.ask('When did Copperfield Library start opening on Sundays?');
    expect(answer.text).toMatch(/^The library has opened on Sundays since 6 January 2025/);
  });
});

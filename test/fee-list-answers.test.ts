/**
 * Offline answers on a dental practice's fee lists for two years, printed by a browser (round138,
 * held out, after its only run; stop 76): a question naming the older year is answered by the
 * sentence stating what it asks, not by a table row that writes only the year (in its header) and
 * other words.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

const ROUND = path.resolve('test/fixtures/round138');

// Ingest and one offline answer over SQLite: generous limits for a busy machine, no timing asserted.
describe('offline answers on fee lists of two years (engine, SQLite)', { timeout: 300_000 }, () => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'fees.db')) });
    await engine.ingestPaths([ROUND], { include: ['gavelock-*.pdf'] });
  }, 300_000);

  afterAll(async () => {
    await engine?.close();
  });

  it('leads with the guarantee, not a care plan row under "Monthly fee 2026"', async () => {
    const answer = await engine.ask('How long were fillings guaranteed at Gavelock Dental in 2026?');
    expect(answer.notFound).toBe(false);
    expect(answer.text).toMatch(/^Fillings are guaranteed for 1 year/);
    expect(answer.sources[0]?.hit.chunk.documentId).toBe('gavelock-dental-fees-2026.pdf');
  });
});

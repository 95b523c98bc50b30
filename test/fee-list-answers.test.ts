/**
 * Offline answers to questions asking how long (stop 76): on a dental practice's fee lists for two
 * years, printed by a browser (round138, held out, after its only run), a question naming the older
 * year is answered by the sentence stating what it asks, not by a care plan row with a span that
 * writes only the year (in its header) and the practice's name (in its heading); on a country
 * park's trails (round74), the span of the trail the question names leads, its name being what is
 * asked.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

const ROUND = path.resolve('test/fixtures/round138');
const TRAILS = path.resolve('test/fixtures/round74');

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

describe('offline answers on a country park’s trails (engine, SQLite)', { timeout: 300_000 }, () => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'trails.db')) });
    await engine.ingestPaths([TRAILS], { include: ['coldwater-*.md'] });
  }, 300_000);

  afterAll(async () => {
    await engine?.close();
  });

  it('leads with the span of the trail the question names', async () => {
    const answer = await engine.ask('How long does the Millpond Path at Coldwater take to walk?');
    expect(answer.text).toMatch(/^The Millpond Path is 1\.6 km and takes around 30 minutes\./);
  });
});

// A medicine's patient leaflet (PDF), a school's term dates for two years, a bakery's recipes and a
// cricket club's season results (CSV), as a user ingests them from disk (stop 64's blind set,
// test/fixtures/round80): a noun's irregular plural, a measure asked by its noun, a preposition,
// a count, a list item's quantity, a CSV record and a split year are read as their documents
// write them.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine/engine.js';
import { openEngine } from '../src/engine/open-engine.js';
import { tempDir } from './support/corpus.js';

/** An answer's first quote: its text before the first citation marker. */
const firstQuote = (text: string) => text.split(/\[\d+\]/)[0] ?? '';

describe('leaflets, term dates, recipes and results (offline answers)', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await openEngine({ store: path.join(tempDir(), 'cairn.db'), env: {}, cache: false });
    const report = await engine.ingestPaths([path.resolve('test/fixtures/round80')], {
      include: ['*.pdf', '*.md', '*.csv'],
    });
    expect(report.totals).toMatchObject({ ingested: 5, failed: 0 });
  });
  afterAll(() => engine?.close());

  it('reads "a child" in "Children aged 7 to 11" (a plural the stemmer keeps apart)', async () => {
    const answer = await engine.ask('What dose of Dexolin is right for a child aged 9?');
    expect(answer.notFound).toBe(false);
    expect(answer.text).toContain('| Children aged 7 to 11 | 1 tablet | every 6 hours | 3 tablets |');
  });

  it('answers a measure asked by its noun ("temperature") with the figure in its unit', async () => {
    const answer = await engine.ask('At what temperature should Dexolin be stored?');
    expect(answer.notFound).toBe(false);
    expect(firstQuote(answer.text)).toContain('Store below 25°C');
  });

  it('reads no preposition as a topic the results must write ("against")', async () => {
    const answer = await engine.ask(
      "What was the result of Ashbourne Cricket Club's match against Eastwick on 13 June 2026?",
    );
    expect(answer.notFound).toBe(false);
    expect(firstQuote(answer.text)).toContain('Won by 45 runs');
  });

  it('quotes a CSV record whole when one of its fields holds the question', async () => {
    const answer = await engine.ask('Which Ashbourne Cricket Club match was abandoned?');
    const quote = firstQuote(answer.text);
    expect(quote).toContain('Opponent: Thornhill CC');
    expect(quote).toContain('Result: Abandoned (rain)');
  });

  it('leads a count with the passage counting what is asked, not a measure or another count', async () => {
    const answer = await engine.ask('How many Dexolin tablets can an adult take in 24 hours?');
    const quote = firstQuote(answer.text);
    expect(quote).toContain('| 6 tablets |');
    expect(quote).not.toContain('packs of 16');
    expect(quote).not.toContain('200 mg');
  });

  it('leads "how much" of an ingredient with the list item stating its quantity', async () => {
    const answer = await engine.ask('How much buttermilk goes into the soda bread?');
    expect(firstQuote(answer.text)).toContain('400 ml buttermilk');
  });

  it('says "not found" when the object a yes-or-no question names is not the one the documents name', async () => {
    const answer = await engine.ask('Does Harlow Park School close for the coronation bank holiday?');
    expect(answer.notFound).toBe(true);
    expect(answer.text).toContain('"coronation"');
  });

  it('labels quotes of a split year with the span its title writes, not a made-up end', async () => {
    const answer = await engine.ask(
      "When does the summer term end according to Harlow Park School's latest term dates?",
    );
    expect(answer.text.startsWith('Year 2026–27: ')).toBe(true);
    expect(answer.text).toContain('Tuesday 20 July 2027');
    expect(answer.text).not.toContain('Year ended');
  });
});

describe('a service schedule (offline answers)', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await openEngine({ store: path.join(tempDir(), 'cairn.db'), env: {}, cache: false });
    const report = await engine.ingestPaths([
      path.resolve('test/fixtures/round81/velora-city-service-schedule.pdf'),
    ]);
    expect(report.totals).toMatchObject({ ingested: 1, failed: 0 });
  });
  afterAll(() => engine?.close());

  it('answers "how often" with the row whose interval cell states it ("Every 10,000 miles or 12 months")', async () => {
    const answer = await engine.ask('How often does the Velora City need an oil change?');
    expect(firstQuote(answer.text)).toContain(
      '| Engine oil and oil filter | Every 10,000 miles or 12 months |',
    );
  });
});

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

// A hardware shop's catalogue as a CSV file (stop 56): each record is written as its field lines,
// "Description: Garden hose 15 m", "Price (inc VAT): £16.75", a table's row written down.
describe('a CSV record quoted whole (SQLite file)', { timeout: 120_000 }, () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'records.db')) });
    await engine.ingestPaths([path.resolve('test/fixtures/round64')], { include: ['*.csv'] });
  }, 120_000);
  afterAll(() => engine.close());

  it('answers a question naming one field with the record that gives the asked one', async () => {
    // The description line alone was quoted: it held the question's words, the price none.
    const price = await engine.ask('How much is the 15 m garden hose at Harlow Hardware?');
    expect(price.text).toMatch(
      /^Product code: HH-2015; Description: Garden hose 15 m; .*Price \(inc VAT\): £16\.75/,
    );
    const stock = await engine.ask('Is the GU10 LED bulb in stock at Harlow Hardware?');
    expect(stock.text).toMatch(/^Product code: HH-4002; Description: LED bulb GU10[^[]*In stock: No \[1\]/);
  });
});

// Three rent receipts as text files, each a record of field lines (round15): the question's time
// cue picks the first receipt, whose record scores below a later receipt's.
describe('a record of the version a time cue picks (SQLite file)', { timeout: 120_000 }, () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'receipts.db')) });
    await engine.ingestPaths([path.resolve('test/fixtures/round15/receipts')]);
  }, 120_000);
  afterAll(() => engine.close());

  it('quotes the picked receipt’s record though another receipt’s scores higher', async () => {
    // The quoting stopped at the first window under the other documents' floor, before the picked
    // receipt's record, whose own floor is lower: only the May receipt was quoted.
    const answer = await engine.ask('When was the rent on the first receipt paid?');
    expect(answer.sources[0]?.hit.chunk.documentId).toBe('receipt-1043.txt');
    expect(answer.text).toMatch(/^[^[]*Paid by standing order on 2024-03-01[^[]*\[1\]/);
  });
});

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

// A datasheet printed by Chromium from HTML (stop 56): a specifications table whose header cells
// wrap to one, two and three lines and whose "AD-18 Pro" label wraps around its row's figures, all
// centred vertically, as browsers print HTML tables; paragraphs of two and three lines.
describe('a PDF table printed from HTML, its cells wrapped and centred (SQLite file, PDF)', {
  timeout: 120_000,
}, () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'printed.db')) });
    await engine.ingestPaths([path.resolve('test/fixtures/round61')], { include: ['aurelo-*.pdf'] });
  }, 120_000);
  afterAll(() => engine.close());

  it('keeps each column’s header whole and a wrapped label in its row', async () => {
    // The table's half-pitch lines set the page's usual spacing: paragraphs broke at every line,
    // the header spread its words over other columns, and "Pro" became a row of its own.
    const { hits } = await engine.search('maximum torque of the Aurelo AD-18 Pro', { topK: 3 });
    const table = hits.find((hit) => hit.chunk.text.includes('| --- |'))?.chunk.text ?? '';
    expect(table).toContain(
      '| Model | Voltage | Maximum torque | Battery | Chuck | Weight with battery | Hammer mode |',
    );
    expect(table).toContain('| AD-18 Pro | 18 V | 65 Nm | 5.0 Ah | 13 mm | 1.9 kg | Yes |');
    expect(table).not.toMatch(/^\| Pro \|/m);
  });

  it('quotes a sentence that runs over two lines of a paragraph whole', async () => {
    const answer = await engine.ask(
      'How long does the Aurelo AC-30 charger take to charge a 5.0 Ah battery?',
    );
    expect(answer.text).toContain('a 5.0 Ah battery in 80 minutes');
  });
});

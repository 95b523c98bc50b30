import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

// A security advisory in two revisions, the second replacing the first, and a community orchard's
// annual report (stop 54).
describe('revisions, reasons and sums asked (SQLite file)', { timeout: 120_000 }, () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'revisions.db')) });
    await engine.ingestPaths([path.resolve('test/fixtures/round52')], {
      include: ['veltro-*.md', 'harrow-*.md'],
    });
  }, 120_000);
  afterAll(() => engine.close());

  it('cites the newest revision for a passage both revisions hold, asked without a time', async () => {
    const answer = await engine.ask('Who is credited with reporting the Veltro HX authentication flaw?');
    expect(answer.sources[0]?.hit.chunk.documentId).toBe('veltro-vsa-2025-014-revision-2.md');
    // Asked in the present of the version in force (stop 55), every quote is revision 2's.
    expect(answer.text).toMatch(/^(?:Dated 2025-07-15: )?Veltro thanks Ana Ribeiro/);
    expect(answer.sources.map((s) => s.hit.chunk.documentId)).not.toContain(
      'veltro-vsa-2025-014-revision-1.md',
    );
    // Asked in the past without an auxiliary ("reported", stop 56), as with "did": no version is in
    // force for it, and the newest copy still leads.
    const past = await engine.ask('Who reported the Veltro HX authentication flaw?');
    expect(past.sources[0]?.hit.chunk.documentId).toBe('veltro-vsa-2025-014-revision-2.md');
    expect(past.text).toMatch(/^(?:Dated 2025-07-15: )?Veltro thanks Ana Ribeiro/);
    // Asked of the first revision, the first revision's copy.
    const asked = 'Who reported the flaw, according to revision 1 of the Veltro advisory?';
    const first = await engine.ask(asked);
    expect(first.sources[0]?.hit.chunk.documentId).toBe('veltro-vsa-2025-014-revision-1.md');
    const { hits, scoring } = await engine.search(asked, { topK: 6 });
    expect(hits[0]?.chunk.documentId).toBe('veltro-vsa-2025-014-revision-1.md');
    expect(hits[0]?.chunk.text).toContain('Veltro thanks Ana Ribeiro');
    expect(scoring.newestCopies).toBeUndefined();
    // The search says how many hits traded places. Asked in the past ("did"), the question is not
    // one of the version in force (stop 55), and the copies alone trade places, newest first.
    const unnamed = await engine.search('Who did Veltro thank for reporting the HX authentication flaw?', {
      topK: 6,
    });
    expect(unnamed.scoring.newestCopies).toBeGreaterThanOrEqual(2);
    expect(unnamed.hits[0]?.chunk.documentId).toBe('veltro-vsa-2025-014-revision-2.md');
  });

  it('says "not found" of what neither revision writes, asked with "has"', async () => {
    const answer = await engine.ask('Has the Veltro authentication bypass been exploited in the wild?');
    expect(answer.notFound).toBe(true);
  });

  it('leads a question asking why with the sentence telling the cause', async () => {
    const answer = await engine.ask('Why did the plum crop fail at Harrow Vale Community Orchard in 2025?');
    expect(answer.notFound).toBe(false);
    expect(answer.text).toMatch(/^(?:Dated [\d-]+: )?The plum crop failed after a late frost/);
  });

  it('reads kilograms in a table of "kg" and says "not found" of a sum spent on what the report never lists', async () => {
    const apples = await engine.ask(
      'How many kilograms of apples did Harrow Vale Community Orchard harvest in 2025?',
    );
    expect(apples.notFound).toBe(false);
    expect(apples.text).toContain('| Apples | 410 kg | 655 kg |');
    const insurance = await engine.ask('What did Harrow Vale Community Orchard spend on insurance in 2025?');
    expect(insurance.notFound).toBe(true);
    const press = await engine.ask('What did Harrow Vale Community Orchard spend on the new fruit press?');
    expect(press.notFound).toBe(false);
    expect(press.text).toContain('£1,150');
  });
});

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

// Two companies' quarterly reports on Form 10-Q (stop 57), printed by Chromium: one filed under
// accession numbers, its company named only inside; cover pages whose text every filing repeats
// but for the period, the date and the shares outstanding.
describe('quarterly reports on Form 10-Q: a cover page’s own figures, a name no filing writes (SQLite file, PDF)', {
  timeout: 180_000,
}, () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'filings.db')) });
    await engine.ingestPaths([path.resolve('test/fixtures/round66')], { include: ['*.pdf'] });
  }, 180_000);
  afterAll(() => engine.close());

  it('answers a count the cover page states, though the rest of the cover is in every filing', async () => {
    // The cover chunk was boilerplate to the stated-evidence check (other filings hold 80% of its
    // text), so "47,538,104 shares … outstanding" was judged copied: "not found".
    const answer = await engine.ask(
      'How many shares of common stock did Pellworth Instruments have outstanding according to its most recent quarterly report?',
    );
    expect(answer.notFound).toBe(false);
    expect(answer.text).toMatch(
      /^(?:[^:\n]*: )?As of October 28, 2026, the registrant had 47,538,104 shares/,
    );
    expect(answer.sources[0]?.hit.chunk.documentId).toBe('0001873412-26-000023.pdf');
  });

  it('says "not found" of a name no filing writes, however many other words the question shares', async () => {
    // One absent word of seven was read as a paraphrase: the revenue table answered.
    const china = await engine.ask(
      "What were Pellworth Instruments' revenues from China in its latest quarterly report?",
    );
    expect(china.notFound).toBe(true);
    expect(china.text).toContain('"china"');
    const revenue = await engine.ask(
      "What were Pellworth Instruments' revenues in its latest quarterly report?",
    );
    expect(revenue.notFound).toBe(false);
  });

  it('does not lead with the sentence that only names the company the question names', async () => {
    // "Brackenridge Water Company provides regulated water …" held the question's name words and
    // opened the answer ahead of the count.
    const answer = await engine.ask(
      'How many customer connections did Brackenridge Water serve at June 30, 2026?',
    );
    expect(answer.text).toMatch(/^(?:[^:\n]*: )?We served 212,905 customer connections at June 30, 2026\./);
    expect(answer.text.split('\n')[0]).not.toContain('provides regulated water');
  });
});

// A season brochure printed by Chromium (stop 57): a table whose programme and soloist cells wrap
// to two and three lines, centred, each row padded.
describe('a PDF table whose rows are padded and whose cells wrap (SQLite file, PDF)', {
  timeout: 120_000,
}, () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'season.db')) });
    await engine.ingestPaths([path.resolve('test/fixtures/round67')], { include: ['*.pdf'] });
  }, 120_000);
  afterAll(() => engine.close());

  it('keeps the header whole and each row apart', async () => {
    // The first row's programme, on top of its centred date, joined the header; a row whose
    // soloist's first line sits above its date was read as the row above continued.
    const { hits } = await engine.search('Harrowgate Symphony concerts Mahler Mozart conductor', { topK: 3 });
    const table = hits.find((hit) => hit.chunk.text.includes('| Date |'))?.chunk.text ?? '';
    expect(table).toContain('| Date | Programme | Conductor | Soloist |');
    expect(table).toContain(
      '| Saturday 26 September 2026 | Sibelius: Finlandia; Grieg: Piano Concerto in A minor; Dvořák: Symphony No. 8 | Eleanor Whitcombe | Daniel Osei, piano |',
    );
    expect(table).toContain(
      '| Saturday 13 February 2027 | Mahler: Symphony No. 5 | Eleanor Whitcombe | none |',
    );
    expect(table).toContain(
      '| Saturday 17 April 2027 | Mozart: Clarinet Concerto; Beethoven: Symphony No. 7 | Sofia Marchetti | Rhys Cadwallader, clarinet |',
    );
  });
});

// A drug maker's 10-Q filings under accession numbers and an airline's baggage allowances (stop
// 57's held-out set, round68): a cover that names the count after "The number of …", a price asked
// for "each extra kilogram", a pet no page mentions.
describe('counts told after "the number of", words of more, three-letter nouns (SQLite file, PDF)', {
  timeout: 180_000,
}, () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'held-out.db')) });
    await engine.ingestPaths([path.resolve('test/fixtures/round68')], { include: ['*.pdf'] });
  }, 180_000);
  afterAll(() => engine.close());

  it('answers a count whose sentence names what is counted after "the number of"', async () => {
    // The count stood eight words after "stock": "not found".
    const answer = await engine.ask(
      'How many shares of common stock did Quillfield Pharmaceuticals have outstanding as of May 1, 2026?',
    );
    expect(answer.notFound).toBe(false);
    expect(answer.text).toContain('112,403,221');
  });

  it('reads "extra" as no topic and a three-letter noun as one', async () => {
    // "extra" was absent (the page writes "each kilogram over the allowance"): "not found".
    const extra = await engine.ask(
      'How much does Skylark Air charge for each extra kilogram at the airport?',
    );
    expect(extra.notFound).toBe(false);
    expect(extra.text).toContain('£12');
    // "pet" and "cat" were no topic words (three letters): the allowances answered.
    const pet = await engine.ask('Can I take a pet cat in the cabin on Skylark Air?');
    expect(pet.notFound).toBe(true);
    expect((await engine.ask('Can I take a pushchair for an infant on Skylark Air?')).notFound).toBe(false);
  });
});

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

// round71 (stop 59, blind): a pets policy as a Word file whose versions are dated in a revision
// history table with bold header cells, a 163-row trade price list as Markdown, and a ferry
// terminal's parking charges (PDF printed by Chromium) with the charges in force and the ones they
// replaced under dated headings.
describe('revision histories, sizes, dated sections and counts in words (SQLite file, Word, Markdown, PDF)', {
  timeout: 180_000,
}, () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'round71.db')) });
    await engine.ingestPaths([path.resolve('test/fixtures/round71')], {
      include: ['*.docx', '*.md', '*.pdf'],
    });
  }, 180_000);
  afterAll(() => engine.close());

  it('dates the policy by its revision history and answers from its newest and named rows', async () => {
    const [policy] = (await engine.listDocuments()).filter(
      (d) => d.documentId === 'ashgrove-pets-policy.docx',
    );
    expect(policy?.metadata?.date).toBe('2026-01-31');
    // The rows hold none of the question's words: sentences about dogs and nuisance were quoted.
    const last = await engine.ask("When was Ashgrove's pets policy last revised?");
    expect(last.text.split('\n\n')[0]).toContain(
      '| 3.1 | January 2026 | Fish tank limit raised from 40 to 60 litres. |',
    );
    const latest = await engine.ask("What changed in the latest version of Ashgrove's pets policy?");
    expect(latest.text.split('\n\n')[0]).toContain('Fish tank limit raised from 40 to 60 litres.');
    const named = await engine.ask('What changed in version 2.0 of the Ashgrove pets policy?');
    expect(named.text.split('\n\n')[0]).toContain('| 2.0 | June 2022 |');
  });

  it('leads with the sentence granting a count written in words', async () => {
    // "Tenants may keep up to two cats" was read as a supposition (a modal, no digit) and followed
    // a sentence on permission replies.
    const answer = await engine.ask('How many cats can an Ashgrove tenant keep without asking permission?');
    expect(answer.text).toMatch(/^Tenants may keep up to two cats or one dog/);
  });

  it('says "not found" for a size the price list does not carry', async () => {
    const screws = await engine.ask('What does Fenwick charge for a box of 120 mm wood screws?');
    expect(screws.notFound).toBe(true);
    expect(screws.text).toContain('"120 mm"');
    const stocked = await engine.ask('What does Fenwick charge for a box of 50 mm galvanised wood screws?');
    expect(stocked.notFound).toBe(false);
    expect(stocked.text).toContain('£7.36');
  });

  it('leads with the dated section before a date the question names', async () => {
    const before = await engine.ask(
      'What did 7 days in the Lindqvist long stay car park cost before April 2026?',
    );
    expect(before.text).toMatch(/^Charges until 31 March 2026: /);
    expect(before.text.indexOf('£55.00')).toBeLessThan(before.text.indexOf('£62.00'));
  });
});

// round72 (stop 59, held out): membership terms (HTML) with a document history, a tube and tyre
// price list printed by Chromium whose widest label leaves only the cells' padding before its price,
// and a support policy (Markdown) with a release table.
describe('release tables, a table row with a narrow gap, a size by value (SQLite file, HTML, PDF, Markdown)', {
  timeout: 180_000,
}, () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'round72.db')) });
    await engine.ingestPaths([path.resolve('test/fixtures/round72')], {
      include: ['*.pdf', '*.md', 'brackwater-membership-terms.html'],
    });
  }, 180_000);
  afterAll(() => engine.close());

  it('reads the price list row whose label nearly touches its price as a row of the table', async () => {
    // The row was a paragraph, and the table's last rows a second table headed by a tyre.
    const answer = await engine.ask('What does Kelso Cycles charge for a 27.5 x 2.2 inch inner tube?');
    expect(answer.text).toContain('| Inner tube 27.5 x 2.2 inch, Schrader valve | £7.99 |');
    expect(answer.text).not.toContain('| Tyre 700 x 28 mm, puncture resistant | £29.99 |\n| --- |');
  });

  it('says "not found" for a tube size the list does not carry, though a price writes its number', async () => {
    const answer = await engine.ask('What does Kelso Cycles charge for a 29 inch inner tube?');
    expect(answer.notFound).toBe(true);
    expect(answer.text).toContain('"29 inch"');
  });

  it('answers from the release table by recency and by a version number on its own', async () => {
    const latest = await engine.ask('What changed in the most recent Tidepool release?');
    expect(latest.text.split('\n\n')[0]).toContain('| 4.2 | 2026-02-23 |');
    const named = await engine.ask('When was Tidepool 4.1 released?');
    expect(named.text.split('\n\n')[0]).toContain('| 4.1 | 2025-08-18 |');
    const terms = await engine.ask("When were Brackwater's membership terms last updated?");
    expect(terms.text.split('\n\n')[0]).toContain('| 3 | 6 April 2026 |');
  });
});

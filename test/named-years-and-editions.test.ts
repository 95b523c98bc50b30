import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

// PDFs printed by Chromium from HTML (stop 55): a water company's quality reports for 2024 and
// 2025, each published in the March after its year; a board game's second and third editions,
// printed on one day, so their files' creation dates do not tell which is newer.
describe('years titles name and editions printed on one day (SQLite file, PDFs)', {
  timeout: 120_000,
}, () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'named.db')) });
    await engine.ingestPaths([path.resolve('test/fixtures/round55')], {
      include: ['brackenford-*.pdf', 'saltmarsh-*.pdf'],
    });
  }, 120_000);
  afterAll(() => engine.close());

  it('answers a question of a year from the report whose title names it, not the one published in it', async () => {
    // The 2024 report was published on 18 March 2025: read by its date alone, "in 2025" named it.
    const later = await engine.ask('How much did Brackenford Water spend on its network in 2025?');
    expect(later.sources[0]?.hit.chunk.documentId).toBe('brackenford-water-quality-report-2025.pdf');
    expect(later.text).toMatch(/^(?:Dated [\d-]+: )?We spent £21\.7 million on the water network in 2025/);
    const earlier = await engine.ask('How much did Brackenford Water spend on its network in 2024?');
    expect(earlier.sources[0]?.hit.chunk.documentId).toBe('brackenford-water-quality-report-2024.pdf');
    expect(earlier.text).toContain('£18.3 million');
  });

  it('orders two editions printed on one day by the numbers their names carry', async () => {
    const answer = await engine.ask('How many players can play the current edition of Saltmarsh Traders?');
    expect(answer.sources[0]?.hit.chunk.documentId).toBe('saltmarsh-traders-rulebook-3e.pdf');
    expect(answer.text).toContain('2 to 5 players');
    const older = await engine.ask('How many players can play the second edition of Saltmarsh Traders?');
    expect(older.sources[0]?.hit.chunk.documentId).toBe('saltmarsh-traders-rulebook-2e.pdf');
  });

  it('reads a verb the question asks in its base form in its irregular past', async () => {
    // "Nitrate rose after a wet spring …": "rise" and "levels" were absent words, so "not found".
    const answer = await engine.ask("Why did nitrate levels in Brackenford's water rise in 2025?");
    expect(answer.notFound).toBe(false);
    expect(answer.text).toContain('wet spring');
  });
});

// Word files (round56): a safety data sheet in two revisions, each dated by its "Date of revision".
describe('the version in force, for a question in the present (SQLite file, Word files)', {
  timeout: 120_000,
}, () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'in-force.db')) });
    await engine.ingestPaths([path.resolve('test/fixtures/round56')], { include: ['kestrel-*.docx'] });
  }, 120_000);
  afterAll(() => engine.close());

  it('answers from the newest revision when the question names no time', async () => {
    // Both revisions' property tables score alike: the index's order decided, and revision 3 led.
    const answer = await engine.ask('What is the flash point of Kestrel Citrus Degreaser?');
    expect(answer.sources[0]?.hit.chunk.documentId).toBe('kestrel-citrus-degreaser-sds-rev4.docx');
    expect(answer.text).toContain('68 °C');
    expect(answer.sources[0]?.hit.boosts?.map((b) => b.kind)).toContain('recency');
    const search = await engine.search('What is the flash point of Kestrel Citrus Degreaser?');
    expect(search.hits[0]?.chunk.documentId).toBe('kestrel-citrus-degreaser-sds-rev4.docx');
  });

  it('keeps the revision a question names, and a question asked of the past', async () => {
    const named = await engine.ask(
      'What flash point did revision 3 of the Kestrel Citrus Degreaser sheet give?',
    );
    expect(named.sources[0]?.hit.chunk.documentId).toBe('kestrel-citrus-degreaser-sds-rev3.docx');
    expect(named.text).toContain('61 °C');
    const past = await engine.search('What was the flash point of Kestrel Citrus Degreaser?');
    expect(past.hits.flatMap((hit) => hit.boosts ?? []).some((b) => b.reason.startsWith('in force'))).toBe(
      false,
    );
  });
});

// PDFs (round57): a hospital's leaflet in two issues, each dated by its issue line.
describe('the version in force of a leaflet (SQLite file, PDFs)', { timeout: 120_000 }, () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'leaflets.db')) });
    await engine.ingestPaths([path.resolve('test/fixtures/round57')], { include: ['westmere-*.pdf'] });
  }, 120_000);
  afterAll(() => engine.close());

  it('reads "before" in a question of the present as no time of a version', async () => {
    // "before the scan" placed the question in the past, and issue 3 led.
    const search = await engine.search(
      'How long should I fast before an MRI scan at Westmere General Hospital?',
    );
    expect(search.hits[0]?.chunk.documentId).toBe('westmere-mri-leaflet-issue-4.pdf');
    const answer = await engine.ask('How early should I arrive for my MRI scan at Westmere?');
    expect(answer.sources[0]?.hit.chunk.documentId).toBe('westmere-mri-leaflet-issue-4.pdf');
    expect(answer.text).toContain('15 minutes');
  });
});

// Word files (round59): an installation guide for releases 3.1 and 3.2.
describe('a release the question names by its number (SQLite file, Word files)', { timeout: 120_000 }, () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'releases.db')) });
    await engine.ingestPaths([path.resolve('test/fixtures/round59')], { include: ['larkspur-*.docx'] });
  }, 120_000);
  afterAll(() => engine.close());

  it('asks of the release a dotted number names, else of the release in force', async () => {
    // "3.1" named no version by a label word: the release in force (3.2) led.
    const named = await engine.ask('Which PostgreSQL version does Larkspur Server 3.1 require?');
    expect(named.sources[0]?.hit.chunk.documentId).toBe('larkspur-server-installation-guide-3.1.docx');
    expect(named.text).toMatch(/^(?:Dated [\d-]+: )?Larkspur Server needs 4 GB of RAM/);
    const current = await engine.ask('How much RAM does Larkspur Server need?');
    expect(current.sources[0]?.hit.chunk.documentId).toBe('larkspur-server-installation-guide-3.2.docx');
    expect(current.text).toContain('8 GB');
  });

  it('reads "version 2.8", which no release is, as no version of the series', async () => {
    // "version" was an absent word (the guide writes "Upgrades from 3.0 or later"), and "version
    // 2.8" kept the question from the release in force.
    const answer = await engine.ask('Can I upgrade Larkspur Server from version 2.8 directly?');
    expect(answer.notFound).toBe(false);
    expect(answer.sources[0]?.hit.chunk.documentId).toBe('larkspur-server-installation-guide-3.2.docx');
    expect(answer.text).toMatch(/^Upgrades from 3\.0 or later are supported/);
  });
});

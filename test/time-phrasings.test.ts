import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

/** A members' guide in three editions dated "Edition of March 2022." and firmware release notes. */
const GUIDES = path.resolve('test/fixtures/dated-guides');
/** Policies, release notes, manuals in several dated versions; quarterly reports in tables. */
const VERSIONED = path.resolve('test/fixtures/versioned');
const QUARTERLY = path.resolve('test/fixtures/quarterly-tables');

// Time phrasings of questions never seen before (issue 22): each reading, through a real ingest
// and a lexical search over a SQLite file, picks the version the words ask for.
describe('time phrasings pick the version they ask for (SQLite file)', { timeout: 120_000 }, () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'phrasings.db')) });
    await engine.ingestPaths([GUIDES, VERSIONED, QUARTERLY], { include: ['**/*.md'] });
  }, 120_000);
  afterAll(() => engine.close());

  const first = async (question: string) =>
    (await engine.search(question, { mode: 'lexical', topK: 5 })).hits[0]?.chunk.documentId;

  it('dates an edition from "Edition of March 2022." and counts "the edition before last" from it', async () => {
    const dates = Object.fromEntries(
      (await engine.listDocuments())
        .filter((d) => d.documentId.includes('library-guide'))
        .map((d) => [path.basename(d.documentId), d.metadata.date]),
    );
    expect(dates).toEqual({
      'fernhill-library-guide-2022.md': '2022-03-31',
      'fernhill-library-guide-2023.md': '2023-04-30',
      'fernhill-library-guide-2024.md': '2024-05-31',
    });
    expect(
      await first(
        'Under the Fernhill guide edition before last, how many times could items be renewed online?',
      ),
    ).toMatch(/fernhill-library-guide-2023\.md$/);
  });

  it('takes the policy in force during a half-year no version is dated in, and a half from its quarter', async () => {
    expect(
      await first('How long were backups kept under the data retention policy in the first half of 2023?'),
    ).toMatch(/data-retention-policy-2021\.md$/);
    expect(await first('What operating expenses did Kestrel Valley Water report for H1 2023?')).toMatch(
      /kestrel-valley-water-report-2023-q2\.md$/,
    );
  });

  it('reads a misspelt "latest" and a date of publication', async () => {
    expect(await first('in the lastest travel policy, what is the daily meal allowance at home?')).toMatch(
      /travel-policy-2024\.md$/,
    );
    expect(
      await first(
        'How often did dashboards refresh according to the Orbit release notes published in the autumn of 2023?',
      ),
    ).toMatch(/orbit-release-notes-2\.0\.md$/);
  });

  // Phrasings of sec-blind4 (issue 22): a superlative or a participle asking for the newest, an
  // adverb before "before", a count of reports back, "the first of its reports".
  it('reads "freshest", "most current" and "just reported" as the newest version', async () => {
    expect(
      await first('What operating expenses did Kestrel Valley Water show in its freshest report?'),
    ).toMatch(/kestrel-valley-water-report-2023-q3\.md$/);
    expect(
      await first('In the quarter Kestrel Valley Water just reported, what were operating expenses?'),
    ).toMatch(/kestrel-valley-water-report-2023-q3\.md$/);
    expect(
      await first('Under the most current travel policy, what is the daily meal allowance at home?'),
    ).toMatch(/travel-policy-2024\.md$/);
  });

  it('reads "immediately preceding its newest", "two reports back" and "the first of its reports"', async () => {
    expect(
      await first(
        'What operating expenses did Kestrel Valley Water report immediately preceding its newest report?',
      ),
    ).toMatch(/kestrel-valley-water-report-2023-q2\.md$/);
    expect(
      await first('What were Kestrel Valley Water operating expenses two reports back from its latest?'),
    ).toMatch(/kestrel-valley-water-report-2023-q1\.md$/);
    expect(
      await first('What operating expenses did Kestrel Valley Water show in the first of its reports here?'),
    ).toMatch(/kestrel-valley-water-report-2023-q1\.md$/);
  });

  // sec-blind9 (issue 22): a position counted from a named period, not from the newest.
  it('counts a report after or before the one of a named period', async () => {
    expect(
      await first(
        'What operating expenses did Kestrel Valley Water show in the report immediately after the one for Q1 2023?',
      ),
    ).toMatch(/kestrel-valley-water-report-2023-q2\.md$/);
    expect(
      await first(
        'What operating expenses did Kestrel Valley Water show in the report before its Q3 2023 one?',
      ),
    ).toMatch(/kestrel-valley-water-report-2023-q2\.md$/);
    expect(
      await first(
        'What operating expenses did Kestrel Valley Water show in its report two quarters after Q1 2023?',
      ),
    ).toMatch(/kestrel-valley-water-report-2023-q3\.md$/);
    // A period alone, and words before it that name no document, still ask for that period.
    expect(await first('What operating expenses did Kestrel Valley Water show for Q1 2023?')).toMatch(
      /kestrel-valley-water-report-2023-q1\.md$/,
    );
  });
});

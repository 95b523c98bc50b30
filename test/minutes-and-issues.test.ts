import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

/** A parish council's minutes of four meetings, dated only in their text ("held on 14 March 2024"). */
const MINUTES = path.resolve('test/fixtures/minutes');
/** A residents' newsletter in four issues, each dated by an "Issue 13 · May 2024" line. */
const NEWSLETTERS = path.resolve('test/fixtures/newsletters');
/** A hospice's annual reports for the years ended 31 March 2022, 2023 and 2024. */
const SPLIT_YEARS = path.resolve('test/fixtures/split-years');
/** A council's weekly roadworks bulletins, each dated by a "Week ending 5 April 2024" line. */
const BULLETINS = path.resolve('test/fixtures/bulletins');
/** Sprint reviews numbered 41 to 44 (no dates); a club's annual reports titled "annual report 2022–23". */
const NUMBERED = path.resolve('test/fixtures/numbered');

// Series whose documents say when they are from only in their text, asked about in the words of
// their kind (stop 40): each reading, through a real ingest and a lexical search over a SQLite
// file, ranks the document the words ask for first.
describe('minutes, newsletter issues and split years (SQLite file)', { timeout: 120_000 }, () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'minutes.db')) });
    await engine.ingestPaths([MINUTES, NEWSLETTERS, SPLIT_YEARS, BULLETINS, NUMBERED], {
      include: ['**/*.md'],
    });
  }, 120_000);
  afterAll(() => engine.close());

  const first = async (question: string) =>
    path.basename(
      (await engine.search(question, { mode: 'lexical', topK: 5 })).hits[0]?.chunk.documentId ?? '',
    );

  it('dates minutes by the day the meeting was held and issues by their issue line', async () => {
    const dates = Object.fromEntries(
      (await engine.listDocuments()).map((d) => [path.basename(d.documentId), d.metadata.date]),
    );
    expect(dates).toMatchObject({
      'oakridge-council-minutes-1.md': '2024-03-14',
      'oakridge-council-minutes-2.md': '2024-06-12',
      'oakridge-council-minutes-3.md': '2024-09-11',
      'oakridge-council-minutes-4.md': '2024-12-10',
      'harbourside-newsletter-a.md': '2024-02-29',
      'harbourside-newsletter-d.md': '2024-11-30',
      'greywell-hospice-annual-report-b.md': '2023-03-31',
      'kelby-roadworks-bulletin-1.md': '2024-04-05',
      'kelby-roadworks-bulletin-4.md': '2024-04-26',
    });
  });

  it('ranks the meeting asked for first: previous, a month without its year, the first of a year', async () => {
    expect(
      await first('Which youth club grant did the Oakridge council approve at its previous meeting?'),
    ).toBe('oakridge-council-minutes-3.md');
    expect(await first('What did the Oakridge council decide on the playground at its June meeting?')).toBe(
      'oakridge-council-minutes-2.md',
    );
    expect(
      await first('How many members of the public came to the first Oakridge council meeting of 2024?'),
    ).toBe('oakridge-council-minutes-1.md');
  });

  it('ranks the issue asked for over another issue with more of the question’s words', async () => {
    // The first issue says "Membership of the residents' association costs £10"; the one asked for
    // says only "Membership rises to £12".
    expect(
      await first(
        "How much did residents' association membership cost according to the Harbourside issue before last?",
      ),
    ).toBe('harbourside-newsletter-c.md');
    expect(await first('Which Harbourside events did the newsletter of summer 2024 announce?')).toBe(
      'harbourside-newsletter-c.md',
    );
  });

  it('takes a split year as the year ended in its second year', async () => {
    expect(await first("What were Greywell Hospice's shop takings in 2022-23?")).toBe(
      'greywell-hospice-annual-report-b.md',
    );
    expect(await first('How many volunteers did Greywell Hospice have in FY 2023/24?')).toBe(
      'greywell-hospice-annual-report-c.md',
    );
  });

  it('ranks the weekly bulletin of the day, the week offset and the first of a month asked for', async () => {
    expect(
      await first('How complete was Station Road in the Kelby bulletin for the week ending 12 April 2024?'),
    ).toBe('kelby-roadworks-bulletin-2.md');
    expect(
      await first(
        'How many noise complaints did the Kelby bulletin three weeks before the latest one count?',
      ),
    ).toBe('kelby-roadworks-bulletin-1.md');
    expect(
      await first('Which bus route was diverted in the last Kelby roadworks bulletin of April 2024?'),
    ).toBe('kelby-roadworks-bulletin-4.md');
  });

  it('orders undated numbered reviews by their numbers, and names a season by the year it ends in', async () => {
    expect(await first("What was the velocity in the platform team's latest sprint review?")).toBe(
      'platform-sprint-review-44.md',
    );
    expect(await first('How many tickets did the platform team close in its previous sprint review?')).toBe(
      'platform-sprint-review-43.md',
    );
    // Stop 41: a sprint, like a quarter, is the span a review covers; "before last" counts it back.
    expect(await first('What did the platform team deliver in the sprint before last?')).toBe(
      'platform-sprint-review-43.md',
    );
    expect(await first('How many juniors did Riverside Rowing Club have in 2022/23?')).toBe(
      'riverside-rowing-club-annual-report-b.md',
    );
    expect(
      await first('How much did Riverside subscriptions bring in according to the latest annual report?'),
    ).toBe('riverside-rowing-club-annual-report-c.md');
  });
});

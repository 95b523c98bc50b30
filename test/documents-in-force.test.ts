import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Hit } from '../src/core/types.js';
import { tempDir } from './support/corpus.js';
import { ensureBuilt } from './support/ensure-built.js';
import { runCairn as cairn } from './support/run-cli.js';

/** A privacy notice and a price list in versions effective from stated dates, and a single-version returns policy. */
const IN_FORCE = path.resolve('test/fixtures/in-force');
/** Quarterly statements named by calendar month whose text states a fiscal year ending September 30, and a calendar-year series. */
const FISCAL_YEAR_END = path.resolve('test/fixtures/fiscal-year-end');
/** Quarterly reports named by fiscal quarter whose fiscal year begins on July 1. */
const FISCAL = path.resolve('test/fixtures/fiscal');

interface SearchJson {
  hits: Hit[];
}

/** A CLI session over one freshly ingested folder (real SQLite file, lexical search). */
function collection(folder: string) {
  const db = path.join(tempDir(), `${path.basename(folder)}.db`);
  return {
    async ingest() {
      const result = await cairn(['ingest', folder, '--db', db]);
      expect(result.code, result.stderr).toBe(0);
    },
    async search(query: string): Promise<Hit[]> {
      const result = await cairn(['search', query, '--db', db, '--mode', 'lexical', '--json']);
      expect(result.code, result.stderr).toBe(0);
      return (JSON.parse(result.stdout) as SearchJson).hits;
    },
  };
}
const first = (hits: Hit[]) => hits[0]?.chunk.documentId;

// Each test runs the CLI a few times: generous limits for a busy machine, no timing asserted.
describe('the version in force at a date (cairn CLI over test/fixtures/in-force)', {
  timeout: 300_000,
}, () => {
  const versions = collection(IN_FORCE);
  beforeAll(async () => {
    ensureBuilt();
    await versions.ingest();
  }, 300_000);

  it('prefers the newest version dated on or before the date, not the nearest one after it, and says why', async () => {
    // The April 2024 list is two weeks after March 15, 2024; the July 2023 list was in force then.
    const hits = await versions.search(
      'What did standard delivery cost under the wholesale price list as of March 15, 2024?',
    );
    expect(first(hits)).toBe('prices/price-list-2023-07.md');
    expect(hits[0]!.boosts).toContainEqual(
      expect.objectContaining({ kind: 'period', reason: expect.stringContaining('on or before 2024-03-15') }),
    );
    expect(
      first(
        await versions.search(
          "Under the privacy notice in force on September 1, 2022, after how many months without a login was an inactive account's data deleted?",
        ),
      ),
    ).toBe('privacy/privacy-notice-2021-05.md');
  });

  it('reads "before" a revision as the version it replaced', async () => {
    expect(
      first(await versions.search('What did single origin beans cost before the July 2023 price revision?')),
    ).toBe('prices/price-list-2023-01.md');
  });

  it('never lets a date push out the one document that holds the answer', async () => {
    // The returns policy took effect in November 2023, after the date asked; it alone answers.
    expect(
      first(
        await versions.search('As of March 2023, within how many days could unopened goods be returned?'),
      ),
    ).toBe('prices/returns-policy.md');
  });
});

describe('fiscal quarters in the fiscal year a document states (cairn CLI)', { timeout: 300_000 }, () => {
  const statements = collection(FISCAL_YEAR_END);
  const reports = collection(FISCAL);
  beforeAll(async () => {
    ensureBuilt();
    await statements.ingest();
    await reports.ingest();
  }, 300_000);

  it('stores the fiscal year end the text states and reads a fiscal quarter in it', async () => {
    const hits = await statements.search(
      'How many member farms did the Northgate Dairy Cooperative have at the end of the first quarter of fiscal 2023?',
    );
    // Fiscal 2023 began on October 1, 2022: its first quarter ended on December 31, 2022.
    expect(first(hits)).toBe('northgate-statement-2022-12.md');
    expect(hits[0]!.chunk.metadata).toMatchObject({ period: { kind: 'quarter', fiscalYearEnd: '09-30' } });
    // A quarter not called fiscal is the calendar's.
    expect(
      first(await statements.search('How many apple trees did Eastfield Orchard plant in Q1 2023?')),
    ).toBe('eastfield-orchard-notes-2023-03.md');
  });

  it('prefers only the asked quarter of a fiscal year the reports state, not every report of that year', async () => {
    const hits = await reports.search(
      'What grants did the Harbor Trust receive in the second quarter of fiscal 2022?',
    );
    expect(first(hits)).toBe('harbor-trust-report-2022-q2.md');
    const boosted = hits.filter((hit) => hit.boosts?.some((b) => b.kind === 'period'));
    expect(new Set(boosted.map((hit) => hit.chunk.documentId))).toEqual(
      new Set(['harbor-trust-report-2022-q2.md']),
    );
  });
});

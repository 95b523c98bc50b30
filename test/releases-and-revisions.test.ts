import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

/**
 * An energy supplier's bills (PDFs named by invoice number), a café's inspection reports (Word
 * files downloaded under one name: "… (1).docx", "… (2).docx", in no order of date), a company's
 * press releases (HTML pages dated only by their dateline) and a sensor's datasheet in three
 * revisions (`XR40_datasheet_revB.md` …, dated only by a revision history table).
 * `make-files.mjs` wrote the PDFs and Word files.
 */
const ROUND10 = path.resolve('test/fixtures/round10');

/**
 * An engine over a real SQLite file holding the `include` files of `folder` ingested (all `files`
 * of them stored; closed after the suite), and the document id of a lexical search's best hit.
 */
function ingested(folder: string, include: string[], files: number) {
  const suite = { engine: undefined as unknown as Engine };
  beforeAll(async () => {
    suite.engine = await createEngine({ store: await openStore(path.join(tempDir(), 'kinds.db')) });
    const report = await suite.engine.ingestPaths([folder], { include });
    expect(report.totals).toMatchObject({ ingested: files, failed: 0 });
  }, 120_000);
  afterAll(() => suite.engine.close());
  const first = async (question: string) =>
    (await suite.engine.search(question, { mode: 'lexical', topK: 5 })).hits[0]?.chunk.documentId ?? '';
  return { suite, first };
}

// Stop 42: documents dated by a dateline or a revision history, named by a glued revision
// (`revB`) or a hyphenated code ("XR-40"), and counted by nouns their names use ("inspection").
describe('releases, revisions, bills and inspections (SQLite file)', { timeout: 120_000 }, () => {
  const { suite, first: firstId } = ingested(ROUND10, ['**/*.pdf', '**/*.docx', '**/*.html', '**/*.md'], 12);
  const first = async (question: string) => path.basename(await firstId(question));

  it('dates a press release by its dateline and a datasheet by the newest revision of its history', async () => {
    const dates = Object.fromEntries(
      (await suite.engine.listDocuments()).map((d) => [path.basename(d.documentId), d.metadata?.date]),
    );
    // "effective 1 January 2024" in the text is the appointment's date, not the release's.
    expect(dates['kestrel-new-chief-executive.html']).toBe('2023-11-14');
    expect(dates['kestrel-riverside-site.html']).toBe('2024-03-05');
    expect(dates['kestrel-picker-milestone.html']).toBe('2024-06-18');
    // The history's first row (Rev. A, 2022-03-01) dated all three before.
    expect(dates['XR40_datasheet_revB.md']).toBe('2022-10-14');
    expect(dates['XR40_datasheet_revC.md']).toBe('2023-06-02');
    expect(dates['XR40_datasheet_revD.md']).toBe('2024-01-22');
  });

  it('reads the current revision and a named one of a datasheet named by a glued revision', async () => {
    expect(await first('What I2C address does the current XR-40 datasheet give?')).toBe(
      'XR40_datasheet_revD.md',
    );
    expect(await first('What storage temperature did rev. C of the XR40 datasheet list?')).toBe(
      'XR40_datasheet_revC.md',
    );
    expect(await first('Which package does the XR-40 datasheet revision D list?')).toBe(
      'XR40_datasheet_revD.md',
    );
  });

  it("counts a series by a noun of its names, whatever the download's number says", async () => {
    // "(2)" is the newest inspection, the plain name the one before it.
    expect(await first('What rating did the Harbour Cafe inspection before last give?')).toBe(
      'Inspection report - The Harbour Cafe.docx',
    );
    expect(await first('Which officer carried out the last inspection of the Harbour Cafe?')).toBe(
      'Inspection report - The Harbour Cafe (2).docx',
    );
    expect(await first('What VAT did the previous invoice charge?')).toBe('invoice-51877.pdf');
    expect(await first('When is the payment for the first bill collected?')).toBe('invoice-48213.pdf');
  });

  it("answers with the field the question names, and a report's problems need not be called so", async () => {
    const rating = await suite.engine.ask(
      'What food hygiene rating did The Harbour Café get in its last inspection?',
      {
        mode: 'lexical',
      },
    );
    expect(rating.notFound).toBe(false);
    expect(rating.text.split(/\[\d+\]/)[0]).toContain('5 (Very good)');
    const findings = await suite.engine.ask(
      'Which problems did the inspector find at the first Harbour Cafe inspection?',
      {
        mode: 'lexical',
      },
    );
    expect(findings.notFound).toBe(false);
    expect(findings.sources[0]?.hit.chunk.documentId).toContain('Harbour Cafe (1)');
  });
});

/**
 * An API's docs versioned by folder (`v1/`, `v2/`, `v3/`, no dates), a bus route's timetables
 * named by season and dated by "Valid from …", a services agreement and its amendments, and a
 * building society's statements as PDFs named by a document number (`make-statements.mjs`).
 */
const ROUND11 = path.resolve('test/fixtures/round11');

// Stop 42: versions ordered and named by their folder, a season in a name says when, a timetable
// dated by "Valid from", "the statement before last".
describe('versions by folder, timetables by season, statements (SQLite file)', { timeout: 120_000 }, () => {
  const { suite, first } = ingested(ROUND11, ['**/*.pdf', '**/*.md'], 14);

  it('orders and names the versions of an API by their folders', async () => {
    expect(await first('What error code does an expired token return in the newest API version?')).toBe(
      'api-docs/v3/authentication.md',
    );
    expect(await first('What rate limit did the API version before the current one set?')).toBe(
      'api-docs/v2/rate-limits.md',
    );
    expect(await first('Which header carried the key in API version 1?')).toBe(
      'api-docs/v1/authentication.md',
    );
  });

  it('dates a timetable by "Valid from" and reads its season as a time, not a name', async () => {
    const dates = Object.fromEntries(
      (await suite.engine.listDocuments()).map((d) => [d.documentId, d.metadata?.date]),
    );
    expect(dates['timetables/timetable-winter-2023.md']).toBe('2023-10-29');
    expect(dates['timetables/timetable-summer-2024.md']).toBe('2024-06-02');
    expect(await first('How often do Sunday buses run on the current Route 4 timetable?')).toBe(
      'timetables/timetable-summer-2024.md',
    );
  });

  it('counts an agreement and its amendments by their dates, the agreement dated by "made on"', async () => {
    expect(await first('How much notice did the original agreement require to end it?')).toBe(
      'contract/master-services-agreement.md',
    );
    expect(await first('What monthly fee did the first amendment set?')).toBe('contract/amendment-1.md');
  });

  it('counts a statement back from the newest, and a light verb asks for nothing unwritten', async () => {
    expect(await first('What was the opening balance on the statement before last?')).toBe(
      'statements/estatement_9012.pdf',
    );
    const answer = await suite.engine.ask('How much money went out of the account?');
    expect(answer.notFound).toBe(false);
  });
});

/**
 * A company's business review decks (PowerPoint, named by month), a football club's match reports
 * (HTML, each named by its opponent and dated by a meta line), a patient's blood test reports
 * (plain text, "Sample collected: …") and motor insurance schedules (Word). `make-files.mjs`
 * wrote the decks and schedules.
 */
const ROUND12 = path.resolve('test/fixtures/round12');

// Stop 42: a meta line's date field, a record's collection date, any noun counted back from the
// newest, a possessive naming the series.
describe('match reports, blood tests, decks and schedules (SQLite file)', { timeout: 120_000 }, () => {
  const { suite, first } = ingested(ROUND12, ['**/*.pptx', '**/*.html', '**/*.txt', '**/*.docx'], 12);

  it("dates a match report by its meta line's date and a blood test by when the sample was collected", async () => {
    const dates = Object.fromEntries(
      (await suite.engine.listDocuments()).map((d) => [d.documentId, d.metadata?.date]),
    );
    expect(dates['matches/harbour-town-v-st-ives.html']).toBe('2024-08-24');
    expect(dates['matches/harbour-town-v-camborne.html']).toBe('2024-09-03');
    expect(dates['health/blood-test-b.txt']).toBe('2023-10-02');
  });

  it('counts back from the newest by any noun, the series named by a possessive', async () => {
    expect(await first('Who was named man of the match in the match before Harbour Town’s latest one?')).toBe(
      'matches/harbour-town-v-st-ives.html',
    );
    expect(await first('What LDL cholesterol did the blood test before last show?')).toBe(
      'health/blood-test-b.txt',
    );
    expect(await first('What was the HbA1c in the newest blood test?')).toBe('health/blood-test-c.txt');
    expect(await first('Which doctor requested the first blood test?')).toBe('health/blood-test-a.txt');
  });
});

/**
 * A car's service records ("Service date: 12/06/2023", amounts in pounds), a household's emails
 * (an Outlook "Sent:" header, each file named by its subject) and a grant's progress reports (PDFs
 * stating a reporting period; `make-reports.mjs`).
 */
const ROUND13 = path.resolve('test/fixtures/round13');

// Stop 42: a service date read day first, an Outlook "Sent:" header, a reporting period's end, a
// noun with no words of its own describing the files its folder names.
describe('service records, forwarded emails, progress reports (SQLite file)', { timeout: 120_000 }, () => {
  const { suite, first } = ingested(ROUND13, ['**/*.pdf', '**/*.md', '**/*.txt'], 9);

  it('dates each record as it writes its dates', async () => {
    const documents = Object.fromEntries(
      (await suite.engine.listDocuments()).map((d) => [d.documentId, d.metadata]),
    );
    expect(documents['service/service-record-1.md']?.date).toBe('2023-06-12');
    expect(documents['service/service-record-3.md']?.date).toBe('2024-05-03');
    expect(documents['emails/fw-roof-quote.txt']?.date).toBe('2024-03-05');
    expect(documents['grant/GR-2291-report-2.pdf']).toMatchObject({
      date: '2023-03-31',
      period: { kind: 'year' },
    });
  });

  it('answers a question asking what something cost, or how much was spent, with the sum (stop 43)', async () => {
    const cost = await suite.engine.ask('What did the service before last cost?');
    expect(cost.notFound).toBe(false);
    expect(cost.text).toMatch(/^(?:Dated 2023-11-14: )?Invoice total: £168\.50/);
    const spent = await suite.engine.ask(
      'How much was spent in the period of the progress report before the latest one?',
    );
    expect(spent.notFound).toBe(false);
    expect(spent.text).toContain('£121,750');
  });

  it('counts the emails of a folder by the noun alone, and a report by the year it covers', async () => {
    expect(await first('Who sent the oldest email about the roof quote?')).toBe('emails/fw-roof-quote.txt');
    expect(await first('What staff did the progress report for the year to March 2023 list?')).toBe(
      'grant/GR-2291-report-2.pdf',
    );
    expect(await first('What was the mileage at the service in May 2024?')).toBe(
      'service/service-record-3.md',
    );
  });
});

/**
 * A medicine's package leaflets ("last revised in 03/2021"), an incident's status updates of one
 * day named by their status, tax code notices for tax years April to April.
 */
const ROUND14 = path.resolve('test/fixtures/round14');

// Stop 42: a month written "03/2021", one day's documents ordered by their times, a tax year.
describe('leaflets, status updates, tax notices (SQLite file)', { timeout: 120_000 }, () => {
  const { suite, first } = ingested(ROUND14, ['**/*.md', '**/*.txt'], 9);

  it("orders one day's status updates by their times, and a leaflet by its revision month", async () => {
    expect(await first('How many payments were failing in the newest update on the checkout errors?')).toBe(
      'status/checkout-errors-resolved.md',
    );
    expect(
      await first('What did the update on the checkout errors before the latest one say was the cause?'),
    ).toBe('status/checkout-errors-identified.md');
    expect(await first('What dose did the latest amlodipine leaflet give older patients?')).toBe(
      'leaflets/amlodipine-leaflet-c.md',
    );
  });

  it('reads a tax year written "2023 to 2024" and dates a notice by its tax year', async () => {
    expect(await first('What Personal Allowance applied in the 2023 to 2024 tax year?')).toBe(
      'tax/notice-of-coding-2023.txt',
    );
    const answer = await suite.engine.ask(
      'What share of card payments were failing in the first update on the checkout errors?',
    );
    expect(answer.notFound).toBe(false);
    expect(answer.sources[0]?.hit.chunk.documentId).toBe('status/checkout-errors-investigating.md');
  });
});

/**
 * Stop 43's fixture: firmware notes named by version only, MOT certificates named by test number,
 * a canteen's weekly menus named `menu-wk8` … `menu-wk10` ("w/c 4 March 2024"), appliance manuals.
 */
const ROUND16 = path.resolve('test/fixtures/round16');

// Stop 43: a week dated by the day it begins, a number joined to "wk" in a series' names, a sum of
// money asked for, a word's other form, a question embedded after "say".
describe('menus, MOT certificates, manuals (SQLite file)', { timeout: 120_000 }, () => {
  const { suite, first } = ingested(ROUND16, ['**/*.md', '**/*.html', '**/*.pdf'], 13);

  it('dates a weekly menu by its "w/c" day and reads menu-wk8 … menu-wk10 as one series', async () => {
    const dates = Object.fromEntries(
      (await suite.engine.listDocuments()).map((d) => [d.documentId, d.metadata?.date]),
    );
    expect(dates['menus/menu-wk09.html']).toBe('2024-02-26');
    expect(await first('What is the vegetarian option on Wednesday in the latest canteen menu?')).toBe(
      'menus/menu-wk10.html',
    );
    expect(await first('What was the Friday main in the canteen menu before the latest one?')).toBe(
      'menus/menu-wk09.html',
    );
  });

  it('answers "not found" when a price is asked of documents that state none', async () => {
    for (const question of [
      'How much did the latest MOT test cost?',
      'Does the latest canteen menu give the price of the Friday main?',
    ]) {
      const answer = await suite.engine.ask(question);
      expect(answer.notFound, question).toBe(true);
      expect(answer.text).toContain('does not state a price or sum of money');
      expect(answer.sources.length).toBeGreaterThan(0);
    }
  });

  it('reads a word written in another form, and a topic asked after "say how"', async () => {
    const expiry = await suite.engine.ask('When does the current MOT expire?');
    expect(expiry.notFound).toBe(false);
    expect(expiry.text).toMatch(/^Expiry date: 14 May 2025/);
    const weight = await suite.engine.ask('Does the BL800 manual say how much the light weighs?');
    expect(weight.notFound).toBe(true);
    const charge = await suite.engine.ask('Does the BL800 manual say how long the light takes to charge?');
    expect(charge.notFound).toBe(false);
    expect(charge.text).toContain('4 hours');
  });
});

/** Stop 43's second fixture: clinic letters dated day first, a game's rules by edition, price lists. */
const ROUND17 = path.resolve('test/fixtures/round17');

// Stop 43: a clinic's date label, day first read from the dates a letter writes, an edition
// numbered by an ordinal, a price asked of a thing no document names.
describe('clinic letters, editions, price lists (SQLite file)', { timeout: 120_000 }, () => {
  const { suite, first } = ingested(ROUND17, ['**/*.md', '**/*.txt'], 8);

  it('dates each clinic letter by its clinic, read day first', async () => {
    const dates = Object.fromEntries(
      (await suite.engine.listDocuments()).map((d) => [d.documentId, d.metadata?.date]),
    );
    expect(dates['letters/clinic-letter-ref-40117.txt']).toBe('2023-02-06');
    expect(dates['letters/clinic-letter-ref-39822.txt']).toBe('2023-06-05');
    expect(dates['letters/clinic-letter-ref-41560.txt']).toBe('2023-12-04');
    expect(await first('What blood pressure did the first clinic letter record?')).toBe(
      'letters/clinic-letter-ref-40117.txt',
    );
    const plan = await suite.engine.ask('What did the clinic letter before the latest one plan?');
    expect(plan.text).toMatch(/^Dated 2023-06-05: Plan: review in six months/);
  });

  it('orders editions numbered "first", "2nd", "third" and reads "the second edition"', async () => {
    expect(
      await first('How many cards does each player draw in the latest edition of the Harbour Lights rules?'),
    ).toBe('rules/harbour-lights-rules-third-edition.md');
    const second = await suite.engine.ask('What does the second edition of Harbour Lights allow on a turn?');
    expect(second.notFound).toBe(false);
    expect(second.sources[0]?.hit.chunk.documentId).toBe('rules/harbour-lights-rules-2nd-edition.md');
  });

  it('says not found for the price of a thing no document names', async () => {
    const parking = await suite.engine.ask('What does parking cost at Fairfield Leisure Centre?');
    expect(parking.notFound).toBe(true);
    expect(parking.text).toContain('"parking"');
    const pass = await suite.engine.ask(
      'How much did a day pass cost under the previous Fairfield price list?',
    );
    expect(pass.notFound).toBe(false);
    expect(pass.text).toContain('£8.50');
  });
});

/** Stop 43's fourth fixture: deeds dated in words, policies dated on their last page, notes by path. */
const ROUND19 = path.resolve('test/fixtures/round19');

// Stop 43: a legal date in words, a sign-off closing the last page, a year folder and a day and
// month in a file name.
describe('deeds, policies, planning notes (SQLite file)', { timeout: 120_000 }, () => {
  const { suite, first } = ingested(ROUND19, ['**/*.md', '**/*.pdf'], 9);

  it('dates deeds by their words, policies by their sign-off and notes by their path', async () => {
    const documents = Object.fromEntries(
      (await suite.engine.listDocuments()).map((d) => [d.documentId, d.metadata]),
    );
    expect(documents['deeds/deed-of-variation-lease-flat-3.md']?.date).toBe('2024-03-14');
    expect(documents['deeds/lease-flat-3.md']?.date).toBe('2021-06-01');
    expect(documents['policies/remote-working-policy-v3.pdf']).toMatchObject({
      date: '2023-09-18',
      dateFrom: 'text',
    });
    expect(documents['notes/2024/9 Jan - planning.md']).toMatchObject({
      date: '2024-01-09',
      dateFrom: 'name',
    });
  });

  it('finds the version a dated question asks for', async () => {
    expect(await first('What annual rent did the Flat 3 deed made in March 2024 set?')).toBe(
      'deeds/deed-of-variation-lease-flat-3.md',
    );
    expect(
      await first(
        'How many days a week from home did the remote working policy approved in September 2023 allow?',
      ),
    ).toBe('policies/remote-working-policy-v3.pdf');
    expect(await first('What did the planning meeting before the latest one decide about stall fees?')).toBe(
      'notes/2024/9 Jan - planning.md',
    );
  });
});

/** Stop 43's fifth fixture: names with a number that says which document (a form, a year group, a flat). */
const ROUND20 = path.resolve('test/fixtures/round20');

// Stop 43: a recurring number divides a series and names its documents; a noun and its number
// counted back; a check-in date.
describe('tax forms, timetables, inventories (SQLite file)', { timeout: 120_000 }, () => {
  const { first } = ingested(ROUND20, ['**/*.md'], 10);

  it('reads the series a number in the names says, and the version a question counts', async () => {
    expect(await first('What filing status was used on the Form 1040 before the latest one?')).toBe(
      'forms/Form 1040 (2022).md',
    );
    expect(await first('Who was the form tutor on the previous Year 7 timetable?')).toBe(
      'timetables/year-7-timetable-2023.md',
    );
    expect(await first('What is period 3 on Friday in the latest Year 8 timetable?')).toBe(
      'timetables/year-8-timetable-2024.md',
    );
    expect(await first('How many fobs were handed over with the keys at the earliest Flat 3 check-in?')).toBe(
      'inventories/flat-3-inventory-2022.md',
    );
  });
});

/** Stop 43's sixth fixture: a proposal's drafts and final, weekly slides, agendas and minutes. */
const ROUND21 = path.resolve('test/fixtures/round21');

// Stop 43: undated drafts before a final, "before the final one", "does it include …".
describe('drafts and a final, slides, agendas (SQLite file)', { timeout: 120_000 }, () => {
  const { suite, first } = ingested(ROUND21, ['**/*.md'], 10);

  it('reads the final as the latest of undated drafts and answers the one before it', async () => {
    expect(await first('How big is the room in the latest garden room proposal?')).toBe(
      'proposals/garden-room-proposal-final.md',
    );
    const before = await suite.engine.ask(
      'What roof did the garden room proposal before the final one specify?',
    );
    expect(before.sources[0]?.hit.chunk.documentId).toBe('proposals/garden-room-proposal-draft-2.md');
    expect(before.text).toContain('EPDM rubber roof');
  });

  it("leads with the size, not a sentence holding none of the question's words under the title (stop 66)", async () => {
    const answer = await suite.engine.ask('How big is the room in the latest garden room proposal?');
    expect(answer.text.split(/\[\d+\]/)[0]).toContain('3.5 m by 4.0 m');
  });

  it('says not found when the named document does not include what is asked', async () => {
    const answer = await suite.engine.ask(
      'Does the final garden room proposal include electrics or lighting?',
    );
    expect(answer.notFound).toBe(true);
    expect(answer.text).toContain('does not state electrics or lighting');
  });
});

/** Stop 43's seventh fixture: papers, service change notices, weather warnings, judgments. */
const ROUND22 = path.resolve('test/fixtures/round22');

// Stop 43: "Published online …", "From Sunday …,", "Issued at 06:00 on …", "handed down"; a
// number that names ("route 7") is no count; "What did the paper find?" asks for its findings.
describe('papers, notices, warnings, judgments (SQLite file)', { timeout: 120_000 }, () => {
  const { suite, first } = ingested(ROUND22, ['**/*.md'], 11);

  it('dates each by when it was published, issued, handed down or takes effect', async () => {
    const dates = Object.fromEntries(
      (await suite.engine.listDocuments()).map((d) => [d.documentId, d.metadata?.date]),
    );
    expect(dates['articles/soil-carbon-tillage.md']).toBe('2023-01-04');
    expect(dates['notices/route-7-change-a.md']).toBe('2024-09-01');
    expect(dates['warnings/wind-warning-3.md']).toBe('2024-03-10');
    expect(dates['judgments/appeal-ref-2024-0077.md']).toBe('2024-04-26');
  });

  it('finds the version asked for and answers what a paper found', async () => {
    expect(await first('What did the route 7 change before the latest one alter?')).toBe(
      'notices/route-7-change-a.md',
    );
    const found = await suite.engine.ask('What did the soil carbon paper published in January 2023 find?');
    expect(found.notFound).toBe(false);
    expect(found.sources[0]?.hit.chunk.documentId).toBe('articles/soil-carbon-tillage.md');
    expect(found.text).toContain('0.05 percentage points');
  });
});

/** Stop 43's eighth fixture: talks "Delivered on …", weekly reports by ISO week, KPI packs by quarter. */
const ROUND23 = path.resolve('test/fixtures/round23');

describe('talks, weekly reports, KPI packs (SQLite file)', { timeout: 120_000 }, () => {
  const { first } = ingested(ROUND23, ['**/*.md'], 9);

  it('orders reports named by ISO week and by a glued quarter', async () => {
    expect(await first('How many orders were late according to the latest weekly operations report?')).toBe(
      'weekly/ops-report-2024-W02.md',
    );
    expect(await first('What was staff turnover in the Q4 2023 KPI pack?')).toBe('kpi/kpi-pack-2023Q4.md');
    expect(await first('What was the net promoter score in the latest KPI pack?')).toBe(
      'kpi/kpi-pack-2024Q2.md',
    );
    expect(await first('What did the talk delivered in February 2024 say about beadlet anemones?')).toBe(
      'talks/rockpools.md',
    );
  });
});

/** Stop 43's ninth fixture: committee minutes dated by folder and name, receipts "Date: 3/5/24", postmortems. */
const ROUND24 = path.resolve('test/fixtures/round24');

describe('committee minutes, receipts, postmortems (SQLite file)', { timeout: 120_000 }, () => {
  const { first } = ingested(ROUND24, ['**/*.md', '**/*.txt'], 9);

  it('reads a receipt dated with a two-digit year', async () => {
    expect(await first('What was the total on the most recent Harbour Hardware receipt?')).toBe(
      'receipts/receipt-c.txt',
    );
    expect(await first('How much was the deck stain on the receipt before the latest one?')).toBe(
      'receipts/receipt-a.txt',
    );
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  callerMetadata,
  datedMetadata,
  findDocumentDate,
  isRevisionHeader,
  isRevisionHeading,
  metadataDate,
  parseWrittenDate,
  pathDate,
  shownDate,
} from './document-date.js';
import { PdfParser } from './parsers/pdf-parser.js';

describe('parseWrittenDate', () => {
  it('reads the usual written forms', () => {
    expect(parseWrittenDate('July 1, 2023')).toEqual({ iso: '2023-07-01', precision: 'day' });
    expect(parseWrittenDate('1 July 2023')).toEqual({ iso: '2023-07-01', precision: 'day' });
    expect(parseWrittenDate('Sept. 30, 2022')).toEqual({ iso: '2022-09-30', precision: 'day' });
    expect(parseWrittenDate('2024-03-01')).toEqual({ iso: '2024-03-01', precision: 'day' });
    expect(parseWrittenDate('10/24/2022')).toEqual({ iso: '2022-10-24', precision: 'day' });
    expect(parseWrittenDate('24/10/2022')).toEqual({ iso: '2022-10-24', precision: 'day' });
    expect(parseWrittenDate('Oct-16-2023')).toEqual({ iso: '2023-10-16', precision: 'day' });
    expect(parseWrittenDate('February 2024')).toEqual({ iso: '2024-02-29', precision: 'month' });
  });

  it('refuses impossible days and other words', () => {
    expect(parseWrittenDate('February 30, 2023')).toBeUndefined();
    expect(parseWrittenDate('Phase 2, 2023')).toBeUndefined();
    expect(parseWrittenDate('2023-13-01')).toBeUndefined();
  });
});

describe('findDocumentDate', () => {
  it('prefers the period a report covers over other dates on its cover', () => {
    const cover = [
      '# QUARTERLY REPORT\n\nFiled on 08/04/2023\n\n### For the quarterly period ended July 1, 2023 or\n\n# Example Corp.',
    ];
    expect(findDocumentDate(cover)).toMatchObject({
      date: '2023-07-01',
      period: { kind: 'quarter', end: '2023-07-01' },
      from: 'text',
    });
  });

  it('reads a fiscal year end, six months and nine months', () => {
    expect(findDocumentDate(['Annual report for the fiscal year ended June 30, 2022'])?.period.kind).toBe(
      'year',
    );
    expect(findDocumentDate(['Results for the six months ended 30 June 2023'])?.period).toMatchObject({
      kind: 'half',
      end: '2023-06-30',
    });
    expect(findDocumentDate(['Nine Months Ended September 30, 2023'])?.period.kind).toBe('nine-months');
  });

  it('reads a stated date when no period is named: effective, last updated, released, as of', () => {
    expect(findDocumentDate(['# Travel policy\n\nEffective date: March 1, 2024\n\nScope…'])?.date).toBe(
      '2024-03-01',
    );
    expect(findDocumentDate(['Last updated 2023-11-15'])?.date).toBe('2023-11-15');
    expect(findDocumentDate(['## Version 2.4\n\nReleased: 5 June 2023'])?.date).toBe('2023-06-05');
    expect(findDocumentDate(['Balances as of December 31, 2022'])?.date).toBe('2022-12-31');
  });

  it('falls back on a dated title, then on metadata dates, and says so', () => {
    expect(findDocumentDate(['Intro text'], { title: 'Release notes — March 2024' })).toMatchObject({
      date: '2024-03-31',
      period: { kind: 'month' },
    });
    expect(findDocumentDate(['No date here'], { title: 'Annual Report 2022' })?.period).toMatchObject({
      kind: 'year',
      end: '2022-12-31',
    });
    expect(findDocumentDate(['No date here'], { metadataDates: ['D:20230412093000Z'] })).toMatchObject({
      date: '2023-04-12',
      from: 'metadata',
    });
    expect(findDocumentDate(['No date here'], { title: 'Protocol NCT01234567' })).toBeUndefined();
  });

  it('records the fiscal label the text gives the period most often', () => {
    const text =
      'For the quarterly period ended July 1, 2023. Results of the third quarter of fiscal 2023 … ' +
      'in the third quarter of fiscal 2023 compared with the third quarter of fiscal 2022.';
    expect(findDocumentDate([text])?.period).toMatchObject({ fiscalYear: 2023, fiscalQuarter: 3 });
  });

  it('records the day the fiscal year ends, stated or implied by the fiscal label', () => {
    const stated = (text: string) => findDocumentDate([text])?.period.fiscalYearEnd;
    expect(stated('For the quarter ended December 31, 2022. The fiscal year ends on September 30.')).toBe(
      '09-30',
    );
    expect(stated('For the quarter ended March 31, 2023; our fiscal year begins on July 1.')).toBe('06-30');
    expect(stated('For the quarter ended June 30, 2023. Our financial year starts 1 April.')).toBe('03-31');
    expect(
      stated('For the quarter ended June 30, 2023. The fiscal year runs from October 1 to September 30.'),
    ).toBe('09-30');
    expect(stated('Annual report for the fiscal year ended June 30, 2022')).toBe('06-30');
    // The quarter ended December 31, 2021 is the second: the year ends six months later, on June 30.
    expect(stated('For the quarter ended December 31, 2021 (second quarter of fiscal 2022).')).toBe('06-30');
    // A 52/53-week third quarter ending July 1 closes the June quarter: the year ends in September.
    expect(stated('For the quarterly period ended July 1, 2023, the third quarter of fiscal 2023.')).toBe(
      '09-30',
    );
    expect(stated('For the quarter ended December 31, 2022.')).toBeUndefined();
    expect(stated('Effective date: March 1, 2024. The fiscal year ends on the 31st of March.')).toBe('03-31');
  });

  it('reads only the first pages', () => {
    expect(findDocumentDate(['cover', 'contents', 'for the quarter ended March 31, 2020'])).toBeUndefined();
  });

  it('reads an edition date: "Edition of March 2022."', () => {
    expect(
      findDocumentDate(["# Contoso Members' Guide\n\nEdition of March 2022.\n\n## Borrowing"]),
    ).toMatchObject({
      date: '2022-03-31',
      period: { kind: 'day' },
    });
  });

  it('reads a fiscal calendar stated past the first pages, in the forms of 52/53-week years', () => {
    const report = (later: string) =>
      findDocumentDate(['For the quarterly period ended April 1, 2023', 'Index', 'Notes', later])?.period;
    expect(
      report('We have a 52- or 53-week fiscal year that ends on the last Saturday in December.'),
    ).toMatchObject({ fiscalYearEnd: '12-31' });
    expect(
      report(
        "The Company's fiscal year is the 52- or 53-week period that ends on the last Saturday of September.",
      ),
    ).toMatchObject({ fiscalYearEnd: '09-30' });
    expect(
      report('We operate on a 52- or 53-week year, ending on the last Sunday in January.'),
    ).toMatchObject({
      fiscalYearEnd: '01-31',
    });
    expect(report('Refer to our annual report for the fiscal year ended January 29, 2023.')).toMatchObject({
      fiscalYearEnd: '01-29',
    });
    // The first pages still win: a label there implies the year's end.
    expect(
      findDocumentDate([
        'For the quarter ended December 31, 2021 (second quarter of fiscal 2022).',
        'Index',
        'Our fiscal year ends on the last Saturday in September.',
      ])?.period,
    ).toMatchObject({ fiscalYear: 2022, fiscalQuarter: 2, fiscalYearEnd: '06-30' });
  });

  it("reads a report's fiscal quarter from its comparison with the same quarter a year before, past the first pages", () => {
    const period = findDocumentDate([
      'For the quarterly period ended September 30, 2022',
      'Index',
      'Highlights from the first quarter of fiscal year 2023 compared with the first quarter of fiscal year 2022 included:',
      'Shares repurchased during the first quarters of fiscal years 2023 and 2022. We expect it to close in the third quarter of fiscal year 2023.',
    ])?.period;
    expect(period).toMatchObject({ fiscalYear: 2023, fiscalQuarter: 1, fiscalYearEnd: '06-30' });
    // A mention of another quarter, compared with nothing, labels nothing.
    expect(
      findDocumentDate([
        'For the quarterly period ended September 30, 2022',
        'Index',
        'in the third quarter of fiscal year 2023',
      ])?.period.fiscalQuarter,
    ).toBeUndefined();
  });
});

describe('datedMetadata', () => {
  it("adds the date without overriding a caller's own, and callerMetadata takes it back off", () => {
    const found = findDocumentDate(['as of June 30, 2023'])!;
    const dated = datedMetadata({ team: 'ops' }, found);
    expect(dated).toEqual({
      team: 'ops',
      date: '2023-06-30',
      period: { kind: 'day', end: '2023-06-30' },
      dateFrom: 'text',
    });
    expect(callerMetadata(dated)).toEqual({ team: 'ops' });
    expect(datedMetadata({ date: '2020-01-01' }, found)).toEqual({ date: '2020-01-01' });
    expect(callerMetadata({ date: '2020-01-01' })).toEqual({ date: '2020-01-01' });
  });

  it('keeps the fiscal year end in the stored period', () => {
    const found = findDocumentDate([
      'For the quarter ended December 31, 2022. The fiscal year ends on September 30.',
    ]);
    expect(datedMetadata({}, found)).toMatchObject({
      date: '2022-12-31',
      period: { kind: 'quarter', end: '2022-12-31', fiscalYearEnd: '09-30' },
    });
  });

  it('reads PDF and ISO metadata dates', () => {
    expect(metadataDate('D:20221024')).toBe('2022-10-24');
    expect(metadataDate('2022-10-24T10:00:00Z')).toBe('2022-10-24');
    expect(metadataDate('yesterday')).toBeUndefined();
  });
});

describe('findDocumentDate, metadata dates', () => {
  it('takes a metadata date only when the dates the text states do not contradict it', () => {
    const meta = { metadataDates: ['D:20190830135800Z'] };
    expect(
      findDocumentDate(['Summary\nOn December 8, 2007, the airplane landed hard.'], meta),
    ).toBeUndefined();
    expect(findDocumentDate(['Summary\nFounded in March 2001; see the map.'], meta)).toBeUndefined();
    expect(findDocumentDate(['Summary\nResults for November 2018 and December 2018.'], meta)).toMatchObject({
      date: '2019-08-30',
      from: 'metadata',
    });
    expect(findDocumentDate(['No date stated at all'], meta)?.from).toBe('metadata');
  });

  it('reads a labelled date field and a cover line holding only a date, as text', () => {
    expect(
      findDocumentDate(['Location: Tallahassee, FL\nDate & Time: 12/08/2007, 1730 EST\nAircraft: X'], {
        metadataDates: ['D:20190830135800Z'],
      }),
    ).toMatchObject({ date: '2007-12-08', from: 'text', period: { kind: 'day' } });
    expect(findDocumentDate(['| Report date: 5 June 2023 |'])?.date).toBe('2023-06-05');
    expect(findDocumentDate(['A study of bite\n\nDental Faculty\n16 August 2021 | Code'])).toMatchObject({
      date: '2021-08-16',
      from: 'text',
    });
    expect(findDocumentDate(['Update the release date: see below'])).toBeUndefined();
  });
});

describe('findDocumentDate: the record of a meeting (stop 40)', () => {
  it('reads the meeting a constitution or policy was adopted or amended at (stop 62)', () => {
    expect(
      findDocumentDate([
        '# Lakeside Rowing Club: Constitution\n\nAdopted at the General Meeting of 12 March 2019.',
      ]),
    ).toMatchObject({ date: '2019-03-12', period: { kind: 'day' }, from: 'text' });
    expect(
      findDocumentDate(['# Constitution\n\nAs amended at the Annual General Meeting of 3 April 2025.']),
    ).toMatchObject({ date: '2025-04-03' });
    expect(
      findDocumentDate(['# Expenses policy\n\nApproved by the Board of Trustees on 4 May 2024.']),
    ).toMatchObject({ date: '2024-05-04' });
  });

  it('reads the day a meeting was held, with or without its weekday', () => {
    expect(
      findDocumentDate([
        '# Oakridge Parish Council\n\nMinutes of the meeting held on 14 March 2024 at the Village Hall.',
      ]),
    ).toMatchObject({ date: '2024-03-14', period: { kind: 'day' }, from: 'text' });
    expect(
      findDocumentDate(['Minutes of the meeting of the council held on Wednesday 12 June 2024 at the hall.']),
    ).toMatchObject({ date: '2024-06-12' });
    expect(
      findDocumentDate(['The board approved on Tue., March 5, 2024 the following budget.']),
    ).toMatchObject({
      date: '2024-03-05',
    });
  });

  it('reads a date field labelled with the occasion or the document, not one it only mentions', () => {
    expect(
      findDocumentDate([
        '# Oakridge Parish Council\n\nMeeting date: 11 September 2024\n\nMinutes of the meeting.',
      ]),
    ).toMatchObject({ date: '2024-09-11', from: 'text' });
    expect(findDocumentDate(['Date of hearing: Thursday, 3 October 2024'])).toMatchObject({
      date: '2024-10-03',
    });
    // A due date or an expiry date is not the document's.
    expect(findDocumentDate(['# Invoice 4471\n\nDue date: 1 May 2024'])?.date).toBeUndefined();
    expect(findDocumentDate(['# Parking permit\n\nExpiry date: 30 June 2026'])?.date).toBeUndefined();
  });
});

describe('findDocumentDate: an issue of a periodical (stop 40)', () => {
  it('reads the date of an issue line, the number before or after it', () => {
    for (const [line, date] of [
      ['Issue 12 · February 2024', '2024-02-29'],
      ['Vol. 3, No. 2, May 2024', '2024-05-31'],
      ['No. 13 — 14 May 2024', '2024-05-14'],
      ['May 2024 — Issue 13', '2024-05-31'],
    ] as const) {
      expect(
        findDocumentDate([
          `# Harbourside Residents' Newsletter\n\n${line}\n\n## Ferry\n\nThe fare is £2.40.`,
        ]),
        line,
      ).toMatchObject({
        date,
        from: 'text',
        evidence: line,
      });
    }
  });

  it('reads no date from a line that holds more than an issue number and a date', () => {
    expect(
      findDocumentDate([
        "# Harbourside Residents' Newsletter\n\nIssue 12 was delayed until February 2024 by the printers.",
      ]),
    ).toBeUndefined();
  });
});

describe('findDocumentDate: a weekly report (stop 40)', () => {
  it('dates a weekly report by the day its week ends', () => {
    expect(
      findDocumentDate([
        '# Kelby roadworks bulletin\n\nWeek ending 5 April 2024\n\n## Station Road\n\nWork continues.',
      ]),
    ).toMatchObject({ date: '2024-04-05', period: { kind: 'day' }, from: 'text' });
    expect(findDocumentDate(['Status report for the week ended Friday, March 8, 2024.'])).toMatchObject({
      date: '2024-03-08',
    });
  });
});

describe('findDocumentDate: a week named by the day it begins (stop 43)', () => {
  it('dates a weekly menu or plan by its "w/c" or "week commencing" day', () => {
    expect(
      findDocumentDate([
        '# Staff canteen lunch menu: week 9\n\nw/c 26 February 2024\n\nSoup of the week: Tomato.',
      ]),
    ).toMatchObject({ date: '2024-02-26', period: { kind: 'day' }, from: 'text' });
    expect(findDocumentDate(['Rota for the week commencing Monday 4 March 2024'])).toMatchObject({
      date: '2024-03-04',
    });
    expect(findDocumentDate(['Week beginning: 11/03/2024\n\nTotal: £12.00'])).toMatchObject({
      date: '2024-03-11',
    });
    expect(findDocumentDate(['Delivery plan, w/b March 18, 2024'])).toMatchObject({ date: '2024-03-18' });
  });
});

describe('findDocumentDate: a split year in the title (stop 40)', () => {
  it('names the document by the year its split year ends in, labelled as a fiscal year', () => {
    expect(
      findDocumentDate(['# Riverside Rowing Club annual report 2022–23\n\n## Membership\n\n236 members.']),
    ).toMatchObject({
      date: '2023-12-31',
      // The 31 December stands in for an end the title does not state: the span says what it does.
      period: { kind: 'year', fiscalYear: 2023, span: '2022–23' },
      from: 'text',
    });
    expect(findDocumentDate(['x'], { title: 'Season 2021/22 review' })).toMatchObject({
      period: { fiscalYear: 2022, span: '2021–22' },
    });
    // Two years that do not follow each other are a span, not a split year.
    expect(findDocumentDate(['# Strategy 2019-2021\n\nOur plan.'])?.period.fiscalYear).toBeUndefined();
  });

  it('labels a document dated by its text with the year its title block splits (stop 54)', () => {
    // Published in March 2025, about the school year 2025–26: dated by the day, labelled 2026.
    const page =
      '# Pinecrest Academy\n\n## Term and holiday dates 2025–26\n\nPublished 14 March 2025 by the academy office.';
    expect(findDocumentDate([page])).toMatchObject({
      date: '2025-03-14',
      period: { kind: 'day', fiscalYear: 2026 },
    });
    // A year ended that the title splits too keeps its date, and gains the label.
    expect(findDocumentDate(['# Annual report 2023/24\n\nFor the year ended 31 March 2024.'])).toMatchObject({
      date: '2024-03-31',
      period: { fiscalYear: 2024 },
    });
    expect(
      findDocumentDate(['# Term dates\n\nPublished 14 March 2025. Strategy 2019-2021.'])?.period.fiscalYear,
    ).toBeUndefined();
  });

  it('closes a split year on the last day of the span of dates its first page states (stop 78)', () => {
    // Not 31 December 2027, which dated it after the next summary, "Effective 1 April 2027".
    const page =
      '# Pet insurance: policy summary 2026/27\n\nThis summary applies to policies that start or renew between 1 April 2026 and 31 March 2027.';
    expect(findDocumentDate([page])).toMatchObject({
      date: '2027-03-31',
      period: { kind: 'year', fiscalYear: 2027, span: '2026–27' },
    });
    // A span of other years says nothing of the split year's close.
    expect(
      findDocumentDate(['# Club handbook 2026/27\n\nThe old rules ran from 1 May 2019 to 30 April 2020.'])
        ?.date,
    ).toBe('2027-12-31');
  });
});

describe('findDocumentDate: the year a title names (stop 55)', () => {
  it('labels a document published the year after or before the year its title names', () => {
    const page =
      '# Brackenford Water\n\n## Drinking water quality report 2024\n\nPublished 18 March 2025. This report covers the calendar year.';
    expect(findDocumentDate([page])).toMatchObject({
      date: '2025-03-18',
      period: { kind: 'day', namedYear: 2024 },
    });
    expect(
      findDocumentDate(['Published 14 November 2025.'], { title: 'Ellerby Council budget 2026' })?.period
        .namedYear,
    ).toBe(2026);
  });

  it('leaves the label out where the title names its own year, a year further off, or no date dates it', () => {
    // The year it was published in: its date says as much.
    expect(
      findDocumentDate(['# Small grants 2026\n\nPublished 5 January 2026.'])?.period.namedYear,
    ).toBeUndefined();
    // A subject, not the period covered.
    expect(
      findDocumentDate(['# Review of the 2019 floods\n\nPublished 2 May 2024.'])?.period.namedYear,
    ).toBeUndefined();
    // Dated by the year alone (no day to differ from it), or by a file's creation date.
    expect(findDocumentDate(['# Annual report 2024\n\nOur year.'])).toMatchObject({
      date: '2024-12-31',
      period: { kind: 'year' },
    });
    expect(findDocumentDate(['# Annual report 2024\n\nOur year.'])?.period.namedYear).toBeUndefined();
    expect(
      findDocumentDate(['Our year.'], { title: 'Notes', metadataDates: ['D:20250318120000Z'] })?.period
        .namedYear,
    ).toBeUndefined();
  });

  it('reads a controlled document\'s "Date of revision" (stop 55)', () => {
    expect(
      findDocumentDate([
        '# Safety data sheet\n\nRevision 4. Date of revision: 20 January 2026. Supersedes revision 3 of 12 June 2023.',
      ]),
    ).toMatchObject({ date: '2026-01-20', from: 'text' });
    expect(findDocumentDate(['Issue date: 3 May 2024\n\nText.'])).toMatchObject({ date: '2024-05-03' });
    expect(findDocumentDate(['Product sheet. Date of issue 3 May 2024.'])).toMatchObject({
      date: '2024-05-03',
    });
  });

  it('keeps the label in the stored period', () => {
    const found = findDocumentDate(['# Quality report 2024\n\nPublished 18 March 2025.']);
    expect(datedMetadata({}, found)).toMatchObject({ period: { namedYear: 2024 } });
  });
});

describe('shownDate', () => {
  it("shows a date read from the text or the caller's own, never one from file metadata", () => {
    expect(shownDate({ date: '2023-07-01', dateFrom: 'text' })).toBe('2023-07-01');
    expect(shownDate({ date: '2024-01-01' })).toBe('2024-01-01');
    expect(shownDate({ date: '2019-08-30', dateFrom: 'metadata' })).toBeUndefined();
    expect(shownDate({ date: 'soon' })).toBeUndefined();
    expect(shownDate(undefined)).toBeUndefined();
  });
});

const PDFS = fileURLToPath(new URL('../../../shared/data/pdfs/', import.meta.url));

describe.skipIf(!existsSync(PDFS))('findDocumentDate on the shared PDFs (../shared/data/pdfs)', () => {
  async function dateOf(file: string) {
    const parsed = await new PdfParser({ ocr: false, timeoutMs: 60_000 }).parse({
      name: file,
      bytes: new Uint8Array(readFileSync(`${PDFS}${file}`)),
    });
    return findDocumentDate(
      parsed.pages.map((page) => page.markdown),
      { ...(parsed.title ? { title: parsed.title } : {}), metadataDates: parsed.metadataDates ?? [] },
    );
  }

  it('dates accident reports by the date they state, not by the PDF creation date (2019)', async () => {
    expect(await dateOf('ntsb/20071229X02007.pdf')).toMatchObject({ date: '2007-12-08', from: 'text' });
    expect(await dateOf('ntsb/20080102X00002.pdf')).toMatchObject({ date: '2007-12-17', from: 'text' });
  }, 60_000);

  it("dates a protocol by its cover page's date line, not its file's", async () => {
    expect(await dateOf('nih/NCT06147739_Prot_SAP_000.pdf')).toMatchObject({
      date: '2021-08-16',
      from: 'text',
    });
  }, 60_000);
});

describe("findDocumentDate: the date a file's own fields give it (stop 41)", () => {
  it('dates a post by its published date over the dates its text mentions, and shows it', () => {
    const found = findDocumentDate(['# Firmware 2.1 is out\n\nThe update was released on March 3, 2024.'], {
      publishedDate: '2024-05-10',
      metadataDates: ['D:20240601000000Z'],
    });
    expect(found).toMatchObject({ date: '2024-05-10', from: 'fields', period: { kind: 'day' } });
    expect(shownDate(datedMetadata({}, found))).toBe('2024-05-10');
  });

  it('keeps the period a report says it covers over its published date', () => {
    expect(
      findDocumentDate(['For the quarterly period ended July 1, 2023'], { publishedDate: '2023-08-04' }),
    ).toMatchObject({ date: '2023-07-01', from: 'text', period: { kind: 'quarter' } });
  });
});

describe('findDocumentDate: a title block, British period phrases, a quarter in words (stop 52)', () => {
  it('reads the date the headings a document opens with state, under its title', () => {
    const spring =
      '# Millbrook Allotment Society\n\n## Newsletter: Spring 2025 (March 2025)\n\nEleven plots are vacant.';
    expect(findDocumentDate([spring])).toMatchObject({ date: '2025-05-31', period: { kind: 'season' } });
    expect(
      findDocumentDate(['# Eastgate Community Transport\n\n## Annual report 2024\n\nWe run nine minibuses.']),
    ).toMatchObject({ date: '2024-12-31', period: { kind: 'year' } });
    // A heading after the first paragraph is a section's, not the title block's.
    expect(
      findDocumentDate(['# Garden club\n\nWe meet on Tuesdays.\n\n## Plans for 2026\n\nA new shed.']),
    ).toBeUndefined();
  });

  it('keeps the title block’s date over a line of its text opening with "From" a later date', () => {
    const autumn =
      '# Millbrook Allotment Society\n\n## Newsletter: Autumn 2025 (September 2025)\n\n### Rent\n\nFrom 1 April 2026 rent for a full plot rises to £52 a year.';
    expect(findDocumentDate([autumn])).toMatchObject({ date: '2025-11-30', period: { kind: 'season' } });
  });

  it('reads "the year to", "six months to" as the period a report covers', () => {
    expect(
      findDocumentDate(["# Riverside Swimming Club\n\n## Treasurer's report for the year to 31 March 2025"]),
    ).toMatchObject({ date: '2025-03-31', period: { kind: 'year' } });
    expect(
      findDocumentDate(['# Brightwell Instruments plc\n\n## Half-year report: six months to 30 June 2025']),
    ).toMatchObject({ date: '2025-06-30', period: { kind: 'half' } });
  });

  it('reads a calendar quarter in words or as Q and a number in a heading', () => {
    expect(
      findDocumentDate([
        '# Eastfield Bus Depot\n\n## Safety bulletin: second quarter 2025 (April to June)\n\nText.',
      ]),
    ).toMatchObject({ date: '2025-06-30', period: { kind: 'quarter' } });
    expect(findDocumentDate(['# Q3 2023 board pack\n\nText.'])).toMatchObject({
      date: '2023-09-30',
      period: { kind: 'quarter' },
    });
  });
});

describe('findDocumentDate: a season and its year (stop 41)', () => {
  it("dates a termly or seasonal publication by its season's last day", () => {
    expect(
      findDocumentDate(['# Oakfield newsletter\n\nSpring Term 2024\n\nChess club moves.']),
    ).toMatchObject({
      date: '2024-05-31',
      period: { kind: 'season' },
    });
    expect(findDocumentDate(['# Oakfield newsletter\n\nAutumn Term 2023\n\nWelcome back.'])?.date).toBe(
      '2023-11-30',
    );
    expect(findDocumentDate(['# Garden catalogue — Summer 2024 edition\n\nSeeds.'])?.date).toBe('2024-08-31');
    // Winter 2024 runs from December 2023 to February 2024, as a question's "winter 2024" does.
    expect(findDocumentDate(['# Bulletin\n\nWinter 2024\n\nIce.'])?.date).toBe('2024-02-29');
    // A season in running text dates nothing.
    expect(
      findDocumentDate(['# Notes\n\nWe plan to plant in spring 2024 if the weather allows.']),
    ).toBeUndefined();
  });
});

describe("findDocumentDate: a news release's dateline (stop 42)", () => {
  it('dates a release by its dateline over a date its text announces', () => {
    const release =
      'FOR IMMEDIATE RELEASE\n\n# Kestrel names a chief executive\n\n**CAMBRIDGE, England, 14 November 2023** – Kestrel today named Dana Whitlow chief executive, effective 1 January 2024.';
    expect(findDocumentDate([release])).toMatchObject({ date: '2023-11-14', from: 'text' });
  });

  it("reads the wire services' forms and a dateline with no place", () => {
    expect(
      findDocumentDate([
        '# Title\n\nSAN FRANCISCO, March 5, 2024 /PRNewswire/ -- Acme opened a plant in 2025.',
      ])?.date,
    ).toBe('2024-03-05');
    expect(
      findDocumentDate(['# Title\n\nNEW YORK--(BUSINESS WIRE)--June 18, 2024--Acme said revenue rose.'])
        ?.date,
    ).toBe('2024-06-18');
    expect(findDocumentDate(['# Title\n\nST. LOUIS (AP) — May 2, 2024 — Flooding closed roads.'])?.date).toBe(
      '2024-05-02',
    );
    expect(findDocumentDate(['# Title\n\nJune 18, 2024 — Acme said revenue rose.'])?.date).toBe('2024-06-18');
  });

  it('reads no dateline from a sentence that opens with a date word in lower case', () => {
    // "Revised" is no place in capitals: the stated date is read as before.
    expect(
      findDocumentDate(['# Title\n\nWe expect March 5, 2024 – or so – to be late. Published on 2 May 2024.'])
        ?.date,
    ).toBe('2024-05-02');
    expect(findDocumentDate(['# Title\n\nRevised March 5, 2024 – minor fixes.'])?.date).toBe('2024-03-05');
    expect(findDocumentDate(['# Title\n\nSomething happened, March 5, 2024 - then more.'])).toBeUndefined();
  });
});

describe('findDocumentDate: a revision history (stop 42)', () => {
  const sheet = (rows: string) =>
    `# XR-40 sensor\n\nDatasheet · DS-0412 · Rev. C\n\n## Features\n\n- Sleep current 0.8 µA\n\n## Revision history\n\n| Revision | Date | Changes |\n| --- | --- | --- |\n${rows}\n\n## Contact\n\nSee 2019-01-01 for nothing.`;

  it('dates a document by the newest revision of its history, on any page', () => {
    const rows =
      '| A | 2022-03-01 | Initial release. |\n| C | 2023-06-02 | New silicon. |\n| B | 2022-10-14 | Fixes. |';
    expect(findDocumentDate([sheet(rows)])).toMatchObject({ date: '2023-06-02', from: 'text' });
    // On the last of several pages, as a datasheet keeps it.
    expect(findDocumentDate(['# XR-40\n\nFeatures.', 'Ratings.', 'Packages.', sheet(rows)])?.date).toBe(
      '2023-06-02',
    );
  });

  it('reads a revision table with no heading, and dates written in words', () => {
    const page =
      '# Procedure\n\nSteps.\n\n| Version | Description | Date |\n| --- | --- | --- |\n| 1.0 | First issue | 3 March 2021 |\n| 2.0 | Rewritten | 14 February 2024 |';
    expect(findDocumentDate([page])?.date).toBe('2024-02-14');
  });

  it('reads a revision table whose header cells are bold, as a Word table is converted (stop 59)', () => {
    const page =
      '# Procedure\n\nSteps.\n\n| **Version** | **Date** | **Change** |\n| --- | --- | --- |\n| 1.0 | March 2019 | First issue. |\n| 3.1 | January 2026 | Limit raised. |';
    expect(findDocumentDate([page])?.date).toBe('2026-01-31');
    expect(isRevisionHeader('| **Version** | **Date** | **Change** |')).toBe(true);
    expect(isRevisionHeader('| **Item** | **Date** | **Fee** |')).toBe(false);
    expect(isRevisionHeading('**Document history**')).toBe(true);
  });

  it('keeps a stated date over the revision history, and a table of other dates is none', () => {
    const rows = '| A | 2022-03-01 | Initial release. |\n| B | 2022-10-14 | Fixes. |';
    expect(findDocumentDate([`Last updated 2023-01-05\n\n${sheet(rows)}`])?.date).toBe('2023-01-05');
    const schedule =
      '# Plan\n\n| Task | Date |\n| --- | --- |\n| Survey | 2024-04-01 |\n| Build | 2024-09-01 |';
    expect(findDocumentDate([schedule])?.date).toBe('2024-04-01');
  });
});

describe('findDocumentDate: a timetable valid from a date (stop 42)', () => {
  it('dates a timetable by "Valid from" and "in force from"', () => {
    expect(
      findDocumentDate(['# Route 4\n\nValid from 2 June 2024\n\nBuses run every 15 minutes.'])?.date,
    ).toBe('2024-06-02');
    expect(findDocumentDate(['# Fees\n\nIn force from 1 April 2024.'])?.date).toBe('2024-04-01');
    expect(
      findDocumentDate([
        '# Master Services Agreement\n\nThis Agreement is made on 1 February 2022 between A and B.',
      ])?.date,
    ).toBe('2022-02-01');
  });
});

describe('findDocumentDate: a meta line of fields, a record of a sample (stop 42)', () => {
  it('dates a page by the date field of its meta line, a weekday before it', () => {
    expect(
      findDocumentDate([
        '# Match report: Harbour Town 2–1 Millford Rovers\n\nCounty League · Saturday 17 August 2024 · The Quayside Ground · Attendance 412\n\nHarbour Town opened the season with a win.',
      ])?.date,
    ).toBe('2024-08-17');
    expect(findDocumentDate(['# Post\n\nBy Jane Doe • 14 March 2024 • 5 min read\n\nText.'])?.date).toBe(
      '2024-03-14',
    );
    // A field that holds more than a date dates nothing.
    expect(
      findDocumentDate(['# Post\n\nBy Jane Doe · updated in spring 2024 · 5 min read\n\nText.']),
    ).toBeUndefined();
  });

  it('dates a laboratory report by when its sample was collected, not a birth date', () => {
    expect(
      findDocumentDate([
        'Riverside Medical Practice\nLaboratory report\n\nPatient: Alex Morgan    Date of birth: 12/04/1979\nSample collected: 14 March 2023\n\nTotal cholesterol: 6.1 mmol/L',
      ])?.date,
    ).toBe('2023-03-14');
    expect(findDocumentDate(['Radiology\n\nExamined on: 2 May 2024\n\nNo fracture.'])?.date).toBe(
      '2024-05-02',
    );
  });
});

describe('findDocumentDate: a reporting period, an email sent (stop 42)', () => {
  it("dates a progress report by its reporting period's end, its kind by its length", () => {
    expect(
      findDocumentDate([
        'Grant GR-2291\nAnnual progress report 2\nReporting period: 1 April 2022 to 31 March 2023',
      ]),
    ).toMatchObject({ date: '2023-03-31', period: { kind: 'year' } });
    expect(findDocumentDate(['Reporting period: 1 July 2024 – 30 September 2024'])?.period.kind).toBe(
      'quarter',
    );
    // A bill's period is left to the day it was issued.
    expect(
      findDocumentDate(['Your bill\nBilling period: 1 January 2024 to 31 January 2024'], {
        metadataDates: ['D:20240209063000Z'],
      })?.date,
    ).toBe('2024-02-09');
  });

  it('dates an email by its Outlook "Sent:" header', () => {
    expect(
      findDocumentDate([
        'From: Jo\nSent: Tuesday, March 5, 2024 9:14 AM\nTo: Pat\nSubject: FW: Roof repair quote',
      ])?.date,
    ).toBe('2024-03-05');
  });
});

describe('findDocumentDate: dates written day first (stop 42)', () => {
  it('reads a slash date day first where the document writes pounds or euros, or a day over 12', () => {
    const record = (date: string, amount: string) =>
      `# Vehicle service record\n\nGarage: Penwith Motors\nService date: ${date}\nMileage: 45,210\n\nInvoice total: ${amount}`;
    expect(findDocumentDate([record('12/06/2023', '£412.80')])?.date).toBe('2023-06-12');
    expect(findDocumentDate([record('03/05/2024', '€986.15')])?.date).toBe('2024-05-03');
    // Dollars: month first, as before.
    expect(findDocumentDate([record('12/06/2023', '$412.80')])?.date).toBe('2023-12-06');
    // A day over 12 elsewhere on the page says the document writes the day first.
    expect(findDocumentDate(['Date: 03/05/2024\n\nNext visit: 14/11/2024'])?.date).toBe('2024-05-03');
    // The reading is the call's own: a later call reads month first again.
    expect(parseWrittenDate('03/05/2024')?.iso).toBe('2024-03-05');
  });
});

describe('findDocumentDate: a clinic letter, a price list (stop 43)', () => {
  const letter = (clinic: string, dictated: string, typed: string) =>
    `Riverside Hospital, Cardiology Outpatients\n\nClinic date: ${clinic}\nDictated: ${dictated}\nTyped: ${typed}\n\nDear Dr Hollis,`;

  it('dates a letter by its clinic, its dates read day first when only the first number varies', () => {
    expect(findDocumentDate([letter('06/02/2023', '07/02/2023', '10/02/2023')])?.date).toBe('2023-02-06');
    expect(findDocumentDate([letter('04/12/2023', '05/12/2023', '08/12/2023')])?.date).toBe('2023-12-04');
    // Only the second number varies: month first, as a US letter writes them.
    expect(findDocumentDate([letter('02/06/2023', '02/07/2023', '02/10/2023')])?.date).toBe('2023-02-06');
    // Dollars say month first whatever the dates do.
    expect(findDocumentDate([`${letter('06/02/2023', '07/02/2023', '10/02/2023')}\nFee: $40`])?.date).toBe(
      '2023-06-02',
    );
    // One date alone says nothing: month first.
    expect(findDocumentDate(['Clinic date: 06/02/2023'])?.date).toBe('2023-06-02');
    expect(findDocumentDate(['Dictated: 07/02/2023'])?.date).toBe('2023-07-02');
    // The day a copy was printed is no document's date.
    expect(findDocumentDate(['# Account summary\n\nPrint date: 02/06/2024\n\nBalance: 40'])).toBeUndefined();
    // A two-digit year after a date's label: a till receipt's "Date: 3/5/24" (dollars: month first).
    expect(
      findDocumentDate(['HARBOUR HARDWARE\n\nDate: 3/5/24\nReceipt no: 88231\n\nTOTAL: $43.49'])?.date,
    ).toBe('2024-03-05');
    expect(findDocumentDate(['Date: 18/11/23\n\nTotal: £12.00'])?.date).toBe('2023-11-18');
    // Not without a label: "1/2/24" in running text is no date.
    expect(findDocumentDate(['# Recipe\n\nUse 1/2/24 of the flour.'])).toBeUndefined();
    // A hyphenated event label: an inventory's check-in.
    expect(findDocumentDate(['Check-in date: 1 June 2022\n\nNext inspection date: 1 June 2023'])?.date).toBe(
      '2022-06-01',
    );
  });

  it('dates a price list by the day its prices apply from', () => {
    expect(
      findDocumentDate(['# Membership prices\n\nPrices from 1 April 2023.\n\n| Swim | £24.50 |']),
    ).toMatchObject({ date: '2023-04-01' });
    expect(findDocumentDate(['Fares valid from 2 June 2024'])?.date).toBe('2024-06-02');
  });
});

describe('findDocumentDate: dates in words, a sign-off on the last page, a path (stop 43)', () => {
  it("reads a legal instrument's date written as a day of a month, in figures or in words", () => {
    expect(
      findDocumentDate([
        '# Deed of variation\n\nTHIS DEED is made the fourteenth day of March two thousand and twenty-four',
      ]),
    ).toMatchObject({ date: '2024-03-14', from: 'text' });
    expect(findDocumentDate(['THIS LEASE is dated the 1st day of June 2021'])?.date).toBe('2021-06-01');
    expect(findDocumentDate(['This licence is made on the 2nd day of October 2022.'])?.date).toBe(
      '2022-10-02',
    );
    expect(findDocumentDate(['Dated the thirty-first day of December nineteen ninety-nine.'])?.date).toBe(
      '1999-12-31',
    );
    // No such day: left as written, and read by its month only (not "second day of May").
    expect(findDocumentDate(['Dated the thirty-second day of May 2024.'])?.date).toBe('2024-05-31');
    expect(findDocumentDate(['Dated the twenty-first day of May two thousand and nine'])?.date).toBe(
      '2009-05-21',
    );
  });

  it('dates a document by the sign-off closing its last page when its first pages state no date', () => {
    const pages = [
      '# Remote working policy\n\nStaff may work from home.',
      'Scope.',
      'Managers.',
      'Questions go to the Head of People.\n\nThis policy was approved by the Board of Trustees on 12 March 2022.',
    ];
    expect(findDocumentDate(pages, { metadataDates: ['2024-09-02T08:00:00Z'] })).toMatchObject({
      date: '2022-03-12',
      from: 'text',
    });
    // A date on the first pages comes first.
    expect(findDocumentDate(['Last updated: 1 May 2024', ...pages.slice(1)])?.date).toBe('2024-05-01');
  });

  it('dates a document by its path when its text states no date, before a file date', () => {
    expect(pathDate('notes/2024/20 Feb - planning.md')).toEqual({ iso: '2024-02-20', precision: 'day' });
    expect(pathDate('notes/2023/Nov 14 planning.md')).toEqual({ iso: '2023-11-14', precision: 'day' });
    expect(pathDate('standups/2024-03-05 standup.md')?.iso).toBe('2024-03-05');
    expect(pathDate('notes/2024/march-review.md')).toEqual({ iso: '2024-03-31', precision: 'month' });
    expect(pathDate('notes/planning.md')).toBeUndefined();
    // An ISO week's Monday (week 1 of 2024 begins on 1 January; week 52 of 2023 on 25 December).
    expect(pathDate('weekly/ops-report-2024-W01.md')).toEqual({ iso: '2024-01-01', precision: 'day' });
    expect(pathDate('weekly/ops-report-2023-W52.md')?.iso).toBe('2023-12-25');
    expect(pathDate('weekly/ops-report-2023-W54.md')).toBeUndefined();
    // A quarter glued to its year: the quarter's last day.
    expect(pathDate('kpi/kpi-pack-2023Q4.md')).toEqual({ iso: '2023-12-31', precision: 'month' });
    expect(pathDate('kpi/kpi-pack-Q2-2024.md')?.iso).toBe('2024-06-30');
    expect(pathDate('notes/20 Feb - planning.md')).toBeUndefined();
    expect(
      findDocumentDate(['# Planning meeting, 9 January\n\nAttendees: Ola'], {
        path: 'notes/2024/9 Jan - planning.md',
        metadataDates: ['2024-09-02T08:00:00Z'],
      }),
    ).toMatchObject({ date: '2024-01-09', from: 'name' });
    // The text's own date comes first.
    expect(
      findDocumentDate(['Meeting date: 10 January 2024'], { path: 'notes/2024/9 Jan - planning.md' })?.date,
    ).toBe('2024-01-10');
  });
});

describe('findDocumentDate: a paper, a warning, a judgment, a notice (stop 43)', () => {
  it('reads when a paper was published, a warning issued, a judgment handed down, a change made', () => {
    expect(
      findDocumentDate([
        '# Cover crops\n\nReceived 3 March 2021; Accepted 5 June 2021; Published online 20 June 2021',
      ]),
    ).toMatchObject({ date: '2021-06-20' });
    expect(
      findDocumentDate(['# Yellow warning: wind\n\nIssued at 06:00 on Tuesday 5 March 2024'])?.date,
    ).toBe('2024-03-05');
    expect(
      findDocumentDate([
        '# Smith v Jones\n\nHearing dates: 14-15 November 2023\nJudgment handed down: 19 December 2023',
      ]),
    ).toMatchObject({ date: '2023-12-19' });
    expect(
      findDocumentDate([
        '# Service change: route 7\n\nFrom Sunday 1 September 2024, route 7 buses will run every 12 minutes.',
      ]),
    ).toMatchObject({ date: '2024-09-01' });
    expect(
      findDocumentDate(['# Seabirds of the bay\n\nDelivered on Thursday 7 March 2024 at the Institute.'])
        ?.date,
    ).toBe('2024-03-07');
    // "from" inside a sentence dates nothing.
    expect(findDocumentDate(['# Notes\n\nData were collected from 1 March 2024 onwards.'])).toBeUndefined();
  });
});

describe('findDocumentDate: a leaflet revised "03/2021", a time of day, a tax year (stop 42)', () => {
  it('reads a month written as two digits and a year, after "last revised in"', () => {
    expect(
      findDocumentDate(['# Package leaflet\n\nText.\n\nThis leaflet was last revised in 03/2021.']),
    ).toMatchObject({
      date: '2021-03-31',
    });
    expect(parseWrittenDate('11/2022')).toEqual({ iso: '2022-11-30', precision: 'month' });
    // No month 13, and a day/month/year date is read whole.
    expect(parseWrittenDate('13/2022')).toBeUndefined();
    expect(parseWrittenDate('03/05/2024')?.precision).toBe('day');
  });

  it('keeps the time of day a meta line states with its date', () => {
    const found = findDocumentDate([
      '# Checkout errors\n\n**Resolved** · 3 June 2024, 11:40 UTC\n\nAll fixed.',
    ]);
    expect(found).toMatchObject({ date: '2024-06-03', period: { time: '11:40' } });
    expect(datedMetadata({}, found)).toMatchObject({ period: { time: '11:40' } });
    expect(findDocumentDate(['# Notice\n\nMarch 5, 2024 at 4:47 PM\n\nText.'])?.period.time).toBe('16:47');
  });

  it("dates a tax notice by its tax year's end", () => {
    expect(
      findDocumentDate([
        'Your tax code notice\nTax year 6 April 2023 to 5 April 2024\n\nYour tax code is 1185L.',
      ]),
    ).toMatchObject({ date: '2024-04-05', period: { kind: 'year' } });
  });
});

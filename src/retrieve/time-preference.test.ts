import { describe, expect, it } from 'vitest';
import { DocumentIdentityIndex } from './document-identity.js';
import {
  documentPhrase,
  documentPhraseTerms,
  fiscalPeriod,
  focusBesidePhrase,
  isDocumentNoun,
  mentionsOrder,
  namesTime,
  namingWords,
  preferredDocuments,
  presentPhrases,
  timeCue,
  withDocumentNouns,
} from './time-preference.js';

describe('timeCue', () => {
  it('reads the quarter a question names, in its usual spellings', () => {
    for (const question of [
      'revenue in Q3 2023',
      "Acme's 2023 Q3 10-Q",
      'the third quarter of 2023',
      'the third quarter of fiscal 2023',
      'Q3 FY2023 margins',
      "Q3'23 margins",
    ]) {
      expect(timeCue(question).period, question).toMatchObject({ year: 2023, quarter: 3 });
    }
  });

  it('reads a month, a fiscal year and a year after in/for', () => {
    expect(timeCue('cash as of June 30, 2023').period).toMatchObject({ year: 2023, month: 6 });
    expect(timeCue('what changed in fiscal 2022?').period).toMatchObject({ year: 2022 });
    expect(timeCue('FY22 revenue').period).toMatchObject({ year: 2022 });
    expect(timeCue('headcount for the year 2021').period).toMatchObject({ year: 2021 });
    expect(timeCue('What are the 2021 goals?').period).toBeUndefined();
  });

  // timeCue skips its period and date patterns for a question without two digits in a row
  // (every form they read holds them); the shortest forms, with two-digit years, still read.
  it('reads the shortest period forms, and no period or date in a question without two digits', () => {
    expect(timeCue("Q3 '23 revenue").period).toMatchObject({ year: 2023, quarter: 3 });
    expect(timeCue("3Q '23 revenue").period).toMatchObject({ year: 2023, quarter: 3 });
    expect(timeCue('capex in fy23').period).toMatchObject({ year: 2023, fiscal: true });
    expect(timeCue('the policy before 3/4/2024').at).toMatchObject({ relation: 'before' });
    for (const question of [
      'revenue in Q3 of the year',
      'the policy before March',
      'fiscal 3 results',
      'in 2 0 2 3',
    ]) {
      const cue = timeCue(question);
      expect(cue.period, question).toBeUndefined();
      expect(cue.at, question).toBeUndefined();
    }
    expect(timeCue('the latest policy')).toMatchObject({ recency: true, recencyText: 'latest' });
    expect(timeCue('the previous version of the handbook')).toMatchObject({ previous: true });
  });

  it('reads recency cues, but not "current" as in current assets', () => {
    for (const question of [
      'What does the latest 10-Q say about debt?',
      'In the most recent quarter, how did margins change?',
      'What is the current version of the travel policy?',
      'How did revenue change last quarter?',
      'the newest release notes',
      'How many days after a trip must claims be submitted under the current travel policy?',
      'What does the current employee handbook say about leave?',
      // A price or a timetable, which a newer list replaces (stop 69).
      'What is the current adult swim price at Northgate Lido?',
      'What are the current fees for a full day?',
      'What is the current rate of interest on the easy access account?',
      'What are the current opening hours of the library?',
    ]) {
      expect(timeCue(question).recency, question).toBe(true);
    }
    expect(timeCue('What were total current assets?').recency).toBe(false);
    expect(timeCue('What is the current portion of long-term debt?').recency).toBe(false);
    expect(timeCue('How are current liabilities reported in the balance sheet?').recency).toBe(false);
    expect(timeCue('What is the current ratio?').recency).toBe(false);
    expect(timeCue('What are current income tax rates based on?').recency).toBe(false);
    expect(timeCue('How did revenue grow?').recency).toBe(false);
  });

  it('reads a quarter of a fiscal year named with whose it is ("of its fiscal 2023"; stop 51)', () => {
    for (const [question, quarter, year] of [
      ['What were total net sales in the first quarter of its fiscal 2023?', 1, 2023],
      ['What was revenue in Q1 of its fiscal 2024?', 1, 2024],
      ['What was revenue in the third quarter of their financial year 2024?', 3, 2024],
      ['What was revenue in the third quarter of fiscal 2024?', 3, 2024],
      ['What was revenue in the second quarter of the fiscal year 2023?', 2, 2023],
    ] as const) {
      expect(timeCue(question).period, question).toMatchObject({ quarter, year, fiscal: true });
    }
  });

  it('reads words of the present, "to date" and "so far" as recency cues', () => {
    for (const [question, text] of [
      ['How many shares does the company currently have outstanding?', 'currently'],
      ['How much cash does the company hold now?', 'now'],
      ['How long is the waiting list right now?', 'right now'],
      ['How many members does the club have at present?', 'at present'],
      ['Who chairs the board at the moment?', 'at the moment'],
      ['What does a day pass cost today?', 'today'],
      ['How much has the project spent to date?', 'to date'],
      ['How much track has the contractor laid so far?', 'so far'],
      ['What is the budget as things stand?', 'as things stand'],
      ['What did the company recently report about its debt?', 'recently'],
      ['What was revenue in the quarter that just ended?', 'just ended'],
    ] as const) {
      expect(timeCue(question), question).toMatchObject({ recency: true, recencyText: text });
    }
    for (const question of [
      'Now that the merger closed, what did revenue do?',
      'So far as the lease is concerned, who pays for repairs?',
      'Which suppliers are known to the auditor?',
      'How much snow fell in January?',
      'Until recently, who led the company?',
    ]) {
      expect(timeCue(question).recency, question).toBe(false);
    }
    // A longer cue that starts with "currently" is read whole.
    expect(timeCue('Which rules are currently in force?')).toMatchObject({
      recencyText: 'currently in force',
    });
    // Another cue says which documents; "now" only when.
    expect(
      timeCue('What is the waiting list now, according to the newest Elm Street garden blog post?')
        .recencyText,
    ).toMatch(/^newest/);
    expect(presentPhrases('How much has it spent so far, and what does it hold now?')).toEqual([
      'so far',
      'now',
    ]);
  });

  it('reads no recency when a period is named', () => {
    expect(timeCue('latest figures for Q2 2023')).toMatchObject({ recency: false, period: { quarter: 2 } });
  });
});

const filing = (name: string, date: string, extra: Record<string, number> = {}) => ({
  documentId: name,
  title: name.split(' ')[2]!.replace('.pdf', ''),
  metadata: { date, period: { kind: 'quarter', end: date, ...extra } },
});
const index = new DocumentIdentityIndex([
  filing('2022 Q3 ACME.pdf', '2022-06-25'),
  filing('2023 Q1 ACME.pdf', '2022-12-31'),
  filing('2023 Q2 ACME.pdf', '2023-04-01'),
  filing('2023 Q3 ACME.pdf', '2023-07-01'),
  filing('2022 Q3 BOLT.pdf', '2022-09-30'),
  filing('2023 Q3 BOLT.pdf', '2023-09-30'),
  { documentId: 'handbook.md', metadata: { date: '2024-01-01' } },
]);
const acme = ['2022 Q3 ACME.pdf', '2023 Q1 ACME.pdf', '2023 Q2 ACME.pdf', '2023 Q3 ACME.pdf'];

describe('preferredDocuments', () => {
  it('prefers the newest of the series a recency question names', () => {
    const preferred = preferredDocuments({
      cue: timeCue('the latest report'),
      index,
      named: acme,
      ranked: [],
    });
    expect(preferred).toEqual([expect.objectContaining({ documentId: '2023 Q3 ACME.pdf', kind: 'recency' })]);
    expect(preferred[0]!.reason).toContain('2023-07-01');
  });

  it("takes the best hit's series when the question names none, and no series of one", () => {
    const cue = timeCue('the most recent quarter');
    expect(
      preferredDocuments({ cue, index, named: [], ranked: ['2022 Q3 BOLT.pdf', '2023 Q1 ACME.pdf'] }).map(
        (p) => p.documentId,
      ),
    ).toEqual(['2023 Q3 BOLT.pdf']);
    expect(preferredDocuments({ cue, index, named: [], ranked: ['handbook.md'] })).toEqual([]);
  });

  it('prefers the documents labelled with the asked period over those whose date falls in it', () => {
    // Fiscal Q1 2023 ended on December 31, 2022: the label decides, not the calendar.
    const q1 = preferredDocuments({ cue: timeCue('Q1 2023 revenue'), index, named: acme, ranked: [] });
    expect(q1.map((p) => p.documentId)).toEqual(['2023 Q1 ACME.pdf']);
    expect(q1[0]!.kind).toBe('period');
  });

  it('falls back on dates when no document is labelled, and on every document when none is named', () => {
    const dated = new DocumentIdentityIndex([
      { documentId: 'policy-a.md', title: 'Policy', metadata: { date: '2023-06-30' } },
      { documentId: 'policy-b.md', title: 'Policy', metadata: { date: '2023-09-30' } },
    ]);
    const preferred = preferredDocuments({
      cue: timeCue('as of June 2023'),
      index: dated,
      named: [],
      ranked: [],
    });
    expect(preferred.map((p) => p.documentId)).toEqual(['policy-a.md']);
    expect(preferred[0]!.reason).toContain('2023-06-30');
  });

  it('prefers nothing when every document matches the period or none does', () => {
    expect(preferredDocuments({ cue: timeCue('fiscal 2031'), index, named: [], ranked: [] })).toEqual([]);
    expect(preferredDocuments({ cue: timeCue('how are you'), index, named: acme, ranked: [] })).toEqual([]);
  });
});

describe('namesTime', () => {
  it('is true for a period, the newest, the previous version and a date a version is asked at', () => {
    for (const question of [
      'Contoso revenue in Q2 2023',
      'the latest Contoso report',
      'the previous version of the travel policy',
      'the price list as of March 15, 2024',
      'prices before the July 2023 revision',
    ]) {
      expect(namesTime(timeCue(question)), question).toBe(true);
    }
    expect(namesTime(timeCue('What is the dividend policy?'))).toBe(false);
  });
});

describe('namingWords', () => {
  it('leaves out the date a period cue states, whose year is no label', () => {
    const question = 'What revenue did Contoso report for the quarter ended December 31, 2022?';
    const words = namingWords(question, timeCue(question));
    expect(words).toContain('Contoso');
    expect(words).not.toMatch(/2022|December/);
  });

  it('keeps quarter and year labels, and questions without a period', () => {
    for (const question of ["Contoso's Q1 2023 revenue", 'Contoso revenue in 2022', 'Contoso revenue']) {
      expect(namingWords(question, timeCue(question))).toBe(question);
    }
  });

  it('leaves out a fiscal period and a date a version is asked at, whose years are no calendar labels', () => {
    for (const question of [
      'Contoso members in the first quarter of fiscal 2023',
      'Contoso revenue in Q2 FY2023',
      'the Contoso price list as of March 15, 2024',
      'Contoso prices before the July 2023 revision',
      // The oldest or newest of each series that year: a title carrying the year names nothing.
      'the allotment rent Contoso Parish Council set at its first meeting of 2024',
      'the last 10-Q of 2022 Contoso filed',
    ]) {
      const words = namingWords(question, timeCue(question));
      expect(words, question).toContain('Contoso');
      expect(words, question).not.toMatch(/20\d\d/);
    }
  });
});

describe('timeCue: dates a version is asked at', () => {
  it('reads "as of", "on", "in force on" and "effective in" as the version in force at a day or a month', () => {
    expect(timeCue('the price list as of March 15, 2024').at).toMatchObject({
      relation: 'in-force',
      start: '2024-03-15',
      end: '2024-03-15',
    });
    expect(timeCue('the fee on 10 January 2023').at).toMatchObject({
      relation: 'in-force',
      end: '2023-01-10',
    });
    expect(timeCue('the policy in force on January 15, 2023').at).toMatchObject({ end: '2023-01-15' });
    expect(timeCue('the notice effective in January 2024').at).toMatchObject({
      relation: 'in-force',
      start: '2024-01-01',
      end: '2024-01-31',
    });
    expect(timeCue('As of June 2023, how long were accounts kept?').at).toMatchObject({ end: '2023-06-30' });
  });

  it('reads "before", "prior to", "after" and "following" a date', () => {
    const before = timeCue('What did beans cost before the July 2023 price revision?');
    expect(before.at).toMatchObject({ relation: 'before', start: '2023-07-01' });
    // "July 2023" is the date the version was replaced, not the period asked for.
    expect(before.period).toBeUndefined();
    expect(timeCue('the price list that applied prior to April 2024').at).toMatchObject({
      relation: 'before',
    });
    expect(timeCue('prices after the April 2024 change').at).toMatchObject({
      relation: 'after',
      start: '2024-04-01',
    });
    expect(timeCue('following March 1, 2024').at).toMatchObject({ relation: 'after', start: '2024-03-01' });
  });

  it('reads no date where none is written', () => {
    expect(timeCue('What depends on Apple?').at).toBeUndefined();
    expect(timeCue('the effective tax rate in 2023').at).toBeUndefined();
    expect(timeCue('before the flight over the mountains').at).toBeUndefined();
  });

  it('reads "the previous version" and "the release before the latest one", not "the previous quarter"', () => {
    for (const question of [
      'How long was data kept under the previous version of the privacy notice?',
      'What did the previous employee handbook say about holidays?',
      'What was the upload limit in the release before the latest one?',
    ]) {
      expect(timeCue(question), question).toMatchObject({ previous: true, recency: false });
    }
    for (const question of [
      'How did revenue change from the previous quarter?',
      'compared with the prior year',
      'patients with previous orthodontic treatment',
    ]) {
      expect(timeCue(question).previous, question).toBeUndefined();
    }
  });

  // sec-blind4 and sec-blind6 (issue 22): positions in other words.
  it('reads positions through a relative clause, "of its …", a count back and "least recent"', () => {
    const position = (question: string) => {
      const cue = timeCue(question);
      return cue.position ? [cue.position.from, cue.position.steps] : cue.recency ? 'newest' : undefined;
    };
    expect(position("What was the net income in the 10-Q that came before Contoso's most recent?")).toEqual([
      'newest',
      1,
    ]);
    expect(position('the filing that preceded its latest one')).toEqual(['newest', 1]);
    expect(position('the 10-Q it released before its newest one')).toEqual(['newest', 1]);
    expect(position('the report immediately preceding its newest report')).toEqual(['newest', 1]);
    expect(position('the filing which came two before its latest')).toEqual(['newest', 2]);
    expect(position('two reports back from its newest')).toEqual(['newest', 2]);
    expect(position('the third-newest of its filings')).toEqual(['newest', 2]);
    expect(position('the first of its 10-Qs in this set')).toEqual(['oldest', 0]);
    expect(position('the least recent of its filings')).toEqual(['oldest', 0]);
    expect(position('its least recent 10-Q here')).toEqual(['oldest', 0]);
    expect(position('the last of its 10-Qs in this collection')).toBe('newest');
    expect(position('the final 10-Q among its filings')).toBe('newest');
    expect(position('in its freshest report')).toBe('newest');
    expect(position('the quarter Contoso just reported')).toBe('newest');
    expect(position('its most current balance sheet')).toBe('newest');
    expect(position('its current 10-Q')).toBe('newest');
    expect(position('In the 10-Q Contoso issued last, what were net sales?')).toBe('newest');
    expect(position('the notice published last March')).toBeUndefined();
    // Not positions: an accident's final report, current assets, a least-cost plan.
    expect(position('What did the NTSB final report say about the engine?')).toBeUndefined();
    expect(position('What were total current assets?')).toBeUndefined();
    expect(position('the least recently used cache entries')).toBeUndefined();
  });

  it('reads a position counted from a named period, only after a document noun', () => {
    expect(timeCue('the 10-Q immediately after the one for Q3 2022').periodStep).toMatchObject({ steps: 1 });
    expect(timeCue('the filing right before its September 2023 quarter report').periodStep).toMatchObject({
      steps: -1,
    });
    expect(
      timeCue('the 10-Q preceding the one for the quarter ended April 1, 2023').periodStep,
    ).toMatchObject({
      steps: -1,
    });
    expect(timeCue('its 10-Q two quarters after Q3 2022').periodStep).toMatchObject({ steps: 0, months: 6 });
    expect(timeCue('What was revenue before Q3 2022?').periodStep).toBeUndefined();
    // "before" orders two events of a clause of its own ("permission was withdrawn"): the period
    // names the policy asked for, not a step from it.
    const events =
      "How many written warnings came before permission was withdrawn under Fernbrook's January 2024 pets policy?";
    expect(timeCue(events).periodStep).toBeUndefined();
    expect(timeCue(events).period).toMatchObject({ year: 2024, month: 1 });
    const counted = 'What was net income in the 10-Q after the one for Q3 2022?';
    expect(namingWords(counted, timeCue(counted))).not.toContain('Q3 2022');
    expect(
      namingWords('What was net income in Q3 2022?', timeCue('What was net income in Q3 2022?')),
    ).toContain('Q3 2022');
    expect(timeCue('What was revenue in the quarter ended September 30, 2022?').periodStep).toBeUndefined();
    // The words between name another thing than a version (stop 77, round144): the period names
    // the policy asked for.
    const cooling =
      'If I cancelled my Quillstead home policy after the cooling-off period in 2026, how much would they have kept back?';
    expect(timeCue(cooling).periodStep).toBeUndefined();
    expect(timeCue(cooling).period).toMatchObject({ year: 2026 });
    expect(timeCue('the policy after the one for 2026').periodStep).toMatchObject({ steps: 1 });
  });

  it('marks a fiscal period', () => {
    expect(timeCue('the second quarter of fiscal 2022').period).toMatchObject({ quarter: 2, fiscal: true });
    expect(timeCue('Q2 FY2023').period).toMatchObject({ year: 2023, quarter: 2, fiscal: true });
    expect(timeCue('fiscal 2022').period).toMatchObject({ year: 2022, fiscal: true });
    expect(timeCue('Q2 2023').period?.fiscal).toBeUndefined();
  });
});

/** A version in force from its date (a policy's effective date), as the ingest stores it. */
const version = (name: string, date: string) => ({
  documentId: name,
  title: 'Privacy Notice',
  metadata: { date, period: { kind: 'day', end: date } },
});
const notices = new DocumentIdentityIndex([
  version('notice-2021-05.md', '2021-05-25'),
  version('notice-2022-10.md', '2022-10-01'),
  version('notice-2024-02.md', '2024-02-01'),
  { documentId: 'returns.md', title: 'Returns', metadata: { date: '2023-11-01', period: { kind: 'day' } } },
]);
const allNotices = ['notice-2021-05.md', 'notice-2022-10.md', 'notice-2024-02.md'];
const preferredAt = (question: string) =>
  preferredDocuments({ cue: timeCue(question), index: notices, named: allNotices, ranked: [] }).map(
    (p) => p.documentId,
  );

describe('preferredDocuments: the version in force at a date', () => {
  it('prefers the newest version dated on or before the date, not the nearest one after it', () => {
    // October 1, 2022 is a month after September 1, 2022; the 2021 version was in force then.
    expect(preferredAt('the notice in force on September 1, 2022')).toEqual(['notice-2021-05.md']);
    expect(preferredAt('the notice on October 1, 2022')).toEqual(['notice-2022-10.md']);
    expect(preferredAt('the notice as of June 2023')).toEqual(['notice-2022-10.md']);
    expect(preferredAt('the notice effective in January 2024')).toEqual(['notice-2022-10.md']);
    expect(preferredAt('the notice as of March 1, 2025')).toEqual(['notice-2024-02.md']);
    const [why] = preferredDocuments({
      cue: timeCue('the notice as of June 2023'),
      index: notices,
      named: allNotices,
      ranked: [],
    });
    expect(why).toMatchObject({ kind: 'period' });
    expect(why!.reason).toContain('on or before 2023-06-30');
  });

  it('prefers none when every version took effect after the date', () => {
    expect(preferredAt('the notice as of January 2020')).toEqual([]);
  });

  it('reads before, after and the previous version from the dates of the series', () => {
    expect(preferredAt('the notice before the October 2022 revision')).toEqual(['notice-2021-05.md']);
    expect(preferredAt('the notice prior to February 1, 2024')).toEqual(['notice-2022-10.md']);
    expect(preferredAt('the notice after the October 2022 revision')).toEqual(['notice-2022-10.md']);
    expect(preferredAt('the previous version of the notice')).toEqual(['notice-2022-10.md']);
    expect(preferredAt('the latest notice')).toEqual(['notice-2024-02.md']);
  });

  it('takes each series in force when the question names none; a document of no series only when dated in the period stated', () => {
    const at = (question: string) =>
      preferredDocuments({ cue: timeCue(question), index: notices, named: [], ranked: [] })
        .map((p) => p.documentId)
        .sort();
    // The returns policy (November 1, 2023) is no version of anything: not preferred for a later date.
    expect(at('as of December 1, 2023')).toEqual(['notice-2022-10.md']);
    expect(at('on November 1, 2023')).toEqual(['notice-2022-10.md', 'returns.md']);
  });

  it('matches reports by the period they cover, as before', () => {
    // A balance sheet "as of" a quarter's end is in the report of that quarter, not the newest before it.
    const preferred = preferredDocuments({
      cue: timeCue('cash as of December 31, 2022'),
      index,
      named: acme,
      ranked: [],
    });
    expect(preferred.map((p) => p.documentId)).toEqual(['2023 Q1 ACME.pdf']);
  });
});

describe('fiscalPeriod', () => {
  it('names a fiscal year by the calendar year it ends in and counts quarters from its start', () => {
    expect(fiscalPeriod('2022-12-31', '09-30')).toEqual({ year: 2023, quarter: 1 });
    expect(fiscalPeriod('2023-06-30', '09-30')).toEqual({ year: 2023, quarter: 3 });
    expect(fiscalPeriod('2022-09-30', '09-30')).toEqual({ year: 2022, quarter: 4 });
    expect(fiscalPeriod('2021-12-31', '06-30')).toEqual({ year: 2022, quarter: 2 });
    expect(fiscalPeriod('2022-06-30', '06-30')).toEqual({ year: 2022, quarter: 4 });
    expect(fiscalPeriod('2023-03-31', '12-31')).toEqual({ year: 2023, quarter: 1 });
  });

  it('reads a 52/53-week quarter ending a few days into a month as the month before', () => {
    expect(fiscalPeriod('2022-10-01', '09-30')).toEqual({ year: 2022, quarter: 4 });
    expect(fiscalPeriod('2023-07-01', '09-30')).toEqual({ year: 2023, quarter: 3 });
  });
});

describe('preferredDocuments: fiscal periods', () => {
  /** Quarterly statements named by calendar month, whose text states the fiscal year's end. */
  const statement = (month: string, fiscalYearEnd?: string) => ({
    documentId: `statement-${month.slice(0, 7)}.md`,
    title: 'Quarterly Statement',
    metadata: {
      date: month,
      period: { kind: 'quarter', end: month, ...(fiscalYearEnd ? { fiscalYearEnd } : {}) },
    },
  });
  const statements = new DocumentIdentityIndex([
    statement('2022-09-30', '09-30'),
    statement('2022-12-31', '09-30'),
    statement('2023-03-31'),
    statement('2023-06-30', '09-30'),
  ]);
  const named = statements.documentIds();
  const pick = (question: string) =>
    preferredDocuments({ cue: timeCue(question), index: statements, named, ranked: [] }).map(
      (p) => p.documentId,
    );

  it('reads a fiscal quarter in the fiscal year the documents state, not the calendar', () => {
    expect(pick('the first quarter of fiscal 2023')).toEqual(['statement-2022-12.md']);
    expect(pick('the fourth quarter of fiscal 2022')).toEqual(['statement-2022-09.md']);
    // The March statement states no year end: its series does.
    expect(pick('Q2 FY2023')).toEqual(['statement-2023-03.md']);
    expect(pick('fiscal 2022')).toEqual(['statement-2022-09.md']);
  });

  it('reads a quarter not called fiscal in the calendar', () => {
    expect(pick('Q1 2023')).toEqual(['statement-2023-03.md']);
  });

  it('labels a document with its stated fiscal year for a year question only, not for another quarter of it', () => {
    const report = (id: string, end: string, fiscalQuarter: number) => ({
      documentId: id,
      title: 'Trust Report',
      metadata: { date: end, period: { kind: 'quarter', end, fiscalYear: 2022, fiscalQuarter } },
    });
    const reports = new DocumentIdentityIndex([
      report('trust-report-winter.md', '2021-12-31', 2),
      report('trust-report-summer.md', '2022-06-30', 4),
    ]);
    const ids = reports.documentIds();
    const prefer = (question: string) =>
      preferredDocuments({ cue: timeCue(question), index: reports, named: ids, ranked: [] }).map(
        (p) => p.documentId,
      );
    expect(prefer('the second quarter of fiscal 2022')).toEqual(['trust-report-winter.md']);
    expect(prefer('fiscal 2022')).toEqual([]);
  });
});

describe('timeCue and preferredDocuments: a position in the series, an offset, a point of a year', () => {
  const prefer = (question: string, named: readonly string[] = acme) =>
    preferredDocuments({ cue: timeCue(question), index, named, ranked: [] }).map((p) => p.documentId);

  it('reads the version before the newest in more forms: a report, a possessive, a rank', () => {
    for (const question of [
      "In the report before Acme's latest one, what were net sales?",
      "What did Acme's previous quarterly report say about margins?",
      'the second-to-last Acme report',
      'the second most recent Acme filing',
      'the penultimate report',
      'the 10-Q before its most recent one',
    ]) {
      expect(timeCue(question), question).toMatchObject({ previous: true, recency: false });
      expect(prefer(question), question).toEqual(['2023 Q2 ACME.pdf']);
    }
    expect(timeCue('two reports before the latest one').position).toMatchObject({ from: 'newest', steps: 2 });
    expect(prefer('two reports before the latest one')).toEqual(['2023 Q1 ACME.pdf']);
    expect(prefer('the third most recent report')).toEqual(['2023 Q1 ACME.pdf']);
  });

  it('reads the oldest version', () => {
    for (const question of [
      "What did Acme's earliest quarterly report say?",
      'the oldest Acme filing',
      'the first report of the series',
      'the original version of the policy',
    ]) {
      expect(timeCue(question).position, question).toMatchObject({ from: 'oldest', steps: 0 });
    }
    expect(prefer("Acme's earliest report")).toEqual(['2022 Q3 ACME.pdf']);
  });

  it('reads an offset from the newest and takes the version dated nearest to it, or none', () => {
    expect(timeCue('the quarter a year before its most recent one').position).toMatchObject({
      from: 'newest',
      months: 12,
    });
    // A year before July 1, 2023: the quarter ended June 25, 2022, six days off.
    expect(prefer('sales in the quarter a year before its most recent one')).toEqual(['2022 Q3 ACME.pdf']);
    // Two quarters before July 1, 2023 is January 1, 2023: the quarter ended December 31, 2022.
    expect(prefer('two quarters before its latest report')).toEqual(['2023 Q1 ACME.pdf']);
    // Without a count: one of the unit.
    expect(prefer('revenue in the quarter before the latest one')).toEqual(['2023 Q2 ACME.pdf']);
    expect(prefer('the year before its most recent report')).toEqual(['2022 Q3 ACME.pdf']);
    // Three years before: no version is near, so none is preferred rather than a wrong one.
    expect(prefer('three years before the latest report')).toEqual([]);
  });

  it('reads "the end of 2022" and "mid-2023" as dates, with the report of that month', () => {
    expect(timeCue('cash at the end of 2022')).toMatchObject({
      period: { year: 2022, month: 12 },
      at: { relation: 'in-force', end: '2022-12-31' },
    });
    expect(timeCue('As of mid-2023, how much inventory?').at).toMatchObject({ end: '2023-06-30' });
    expect(timeCue('year-end 2021 balances').at).toMatchObject({ end: '2021-12-31' });
    expect(timeCue('the quarter ended on the last day of 2022').at).toMatchObject({ end: '2022-12-31' });
    expect(timeCue('cash at the close of 2022').at).toMatchObject({ end: '2022-12-31' });
    expect(prefer('spending in the quarter ended on the final day of 2022')).toEqual(['2023 Q1 ACME.pdf']);
    expect(prefer('cash at the end of 2022')).toEqual(['2023 Q1 ACME.pdf']);
    // The quarter ended July 1, 2023 is the June quarter of a 52/53-week year.
    expect(prefer('inventory as of mid-2023')).toEqual(['2023 Q3 ACME.pdf']);
    expect(preferredAt('the notice at the end of 2022')).toEqual(['notice-2022-10.md']);
    expect(preferredAt('the notice in mid-2022')).toEqual(['notice-2021-05.md']);
  });

  it('reads none of them in words that count no version or name a deadline', () => {
    for (const question of [
      'What is the second-to-last step of the installation procedure?',
      'What must be done prior to the restructuring plan?',
      'What is the earliest date an employee may retire?',
      'How did revenue change from the previous quarter?',
      'How were prior period financial statements restated?',
      'the first quarter results',
      'a year before the merger',
    ]) {
      const cue = timeCue(question);
      expect(cue.position, question).toBeUndefined();
      expect(cue.previous, question).toBeUndefined();
    }
    expect(timeCue('Staff must finish the course by the end of 2024.').at).toBeUndefined();
  });
});

describe('timeCue: more ways to name a period (unseen phrasings)', () => {
  it('reads halves, short fiscal quarters, hyphenated quarters and quarters of "its 2024 fiscal year"', () => {
    expect(timeCue('free cash flow in H1 2024').period).toMatchObject({ year: 2024, quarter: 2, half: 1 });
    expect(timeCue('books lent in 2022 H2').period).toMatchObject({ year: 2022, quarter: 4, half: 2 });
    expect(timeCue('bookings in the first half of fiscal 2024').period).toMatchObject({
      year: 2024,
      quarter: 2,
      half: 1,
      fiscal: true,
    });
    expect(timeCue("What was Contoso's margin in FY24 Q3?").period).toMatchObject({
      year: 2024,
      quarter: 3,
      fiscal: true,
    });
    expect(timeCue('headcount in Q3 of its 2022 fiscal year').period).toMatchObject({
      year: 2022,
      quarter: 3,
      fiscal: true,
    });
    expect(timeCue('the second-quarter of 2023 report').period).toMatchObject({ year: 2023, quarter: 2 });
  });

  it('reads a calendar period, a quarter named by its month, a date in numbers and a season', () => {
    expect(timeCue('widget sales in calendar Q4 2022').period).toMatchObject({
      year: 2022,
      quarter: 4,
      calendar: true,
    });
    expect(timeCue('the September-quarter results of 2021').period).toMatchObject({ year: 2021, month: 9 });
    expect(timeCue('grants in the December quarter of 2021').period).toMatchObject({ year: 2021, month: 12 });
    expect(timeCue('Contoso backlog QE 6/30/21').period).toMatchObject({ year: 2021, month: 6 });
    expect(timeCue('the report for the quarter that ended in autumn 2021').period).toMatchObject({
      range: { start: '2021-09-01', end: '2021-11-30' },
    });
    expect(timeCue('visitors during the winter of 2023').period).toMatchObject({
      range: { start: '2022-12-01', end: '2023-02-28' },
    });
    expect(timeCue('the filing from late 2022').period).toMatchObject({
      range: { start: '2022-09-01', end: '2022-12-31' },
    });
    expect(timeCue('the report of early 2023').period).toMatchObject({
      range: { start: '2023-01-01', end: '2023-04-30' },
    });
    // "fall" needs a preposition or "the": "revenue fall 2023" is no season.
    expect(timeCue('did revenue fall 2023').period?.range).toBeUndefined();
    expect(timeCue('What did the manual say about seals in its 2021 revision?').period).toMatchObject({
      year: 2021,
    });
  });

  it('reads a year relative to the newest, and the first or last document of a year', () => {
    expect(timeCue("cash on hand in this year's first-quarter report")).toMatchObject({
      recency: false,
      period: { quarter: 1, yearsBack: 0 },
    });
    expect(timeCue("the backlog in last year's fourth quarter").period).toMatchObject({
      quarter: 4,
      yearsBack: 1,
    });
    expect(timeCue('revenue in Q3 of last year').period).toMatchObject({ quarter: 3, yearsBack: 1 });
    // A written year wins: the question asks for Q3 2023 and compares it with the year before.
    expect(timeCue("How did Q3 2023 revenue compare with last year's third quarter?").period).toEqual({
      year: 2023,
      quarter: 3,
      text: 'Q3 2023',
    });
    expect(timeCue('What did last year say?').period).toBeUndefined();
    expect(timeCue('its first quarterly report of 2021').period).toMatchObject({ year: 2021, pick: 'first' });
    expect(timeCue('the last 10-Q of 2022').period).toMatchObject({ year: 2022, pick: 'last' });
  });

  it('reads when a document was issued, apart from the period it covers', () => {
    expect(timeCue("Contoso's 10-Q filed in August 2023")).toMatchObject({
      at: { relation: 'issued', start: '2023-08-01', end: '2023-08-31' },
    });
    expect(timeCue("Contoso's 10-Q filed in August 2023").period).toBeUndefined();
    expect(timeCue('the release notes published in the autumn of 2023').at).toMatchObject({
      relation: 'issued',
      start: '2023-09-01',
      end: '2023-11-30',
    });
    expect(
      namingWords("Contoso's 10-Q filed in January 2023", timeCue("Contoso's 10-Q filed in January 2023")),
    ).not.toContain('2023');
    // Only a document is issued: lawsuits, shares and products are what a document tells of.
    for (const question of [
      'Which lawsuits filed in 2022 did Contoso disclose?',
      'How many shares were issued in 2023?',
      'Which products released in spring 2023 sold best?',
    ]) {
      expect(timeCue(question).at?.relation, question).not.toBe('issued');
    }
  });

  it('reads "the filing before last", "the last-but-one edition" and a misspelt "latest"', () => {
    expect(timeCue('the headcount in the filing before last')).toMatchObject({
      previous: true,
      recency: false,
    });
    expect(timeCue('the last-but-one edition of the guide')).toMatchObject({ previous: true });
    expect(timeCue("contoso's lastest 10q revenue?")).toMatchObject({
      recency: true,
      recencyText: 'lastest',
    });
  });

  it('reads any misspelling of "latest", "newest", "recent" by one letter added, left out or swapped, not a substituted letter', () => {
    for (const [question, text] of [
      ['the latset figures in the travel policy', 'latset'],
      ["Contoso's newset release notes", 'newset'],
      ['the most recnet handbook', 'recnet'],
      ['the latst edition of the guide', 'latst'],
      ['the newst price list', 'newst'],
      ['the reccent quarterly report', 'reccent'],
    ] as const)
      expect(timeCue(question), question).toMatchObject({ recency: true, recencyText: text });
    for (const question of [
      'which latent defects does the manual list?',
      'was it a decent quarter for the ferry operator?',
      'do members resent the late fee in the guide?',
      'what is the lattes price on the cafe list?',
    ])
      expect(timeCue(question).recency, question).toBe(false);
  });
});

describe('preferredDocuments: unseen phrasings', () => {
  /** Reports named by the calendar quarter they were filed in, whose fiscal year ends June 30. */
  const report = (
    name: string,
    end: string,
    fiscal: Record<string, string | number> = { fiscalYearEnd: '06-30' },
  ) => ({
    documentId: name,
    title: 'Contoso',
    metadata: { date: end, period: { kind: 'quarter', end, ...fiscal } },
  });
  const reports = new DocumentIdentityIndex([
    report('2022 Q3 CONTOSO.pdf', '2022-09-30'),
    report('2023 Q1 CONTOSO.pdf', '2022-12-31'),
    report('2023 Q2 CONTOSO.pdf', '2023-03-31'),
    report('2023 Q3 CONTOSO.pdf', '2023-09-30'),
  ]);
  const all = reports.documentIds();
  const prefer = (question: string) =>
    preferredDocuments({ cue: timeCue(question), index: reports, named: all, ranked: [] }).map(
      (p) => p.documentId,
    );

  it("reads a fiscal quarter in the document's fiscal calendar over its name's quarter label", () => {
    // FY23 Q2 ends December 31, 2022 with a year ending June 30; the file named 2023 Q2 is of March.
    expect(prefer('revenue in FY23 Q2')).toEqual(['2023 Q1 CONTOSO.pdf']);
    expect(prefer('revenue in Q1 of its 2024 fiscal year')).toEqual(['2023 Q3 CONTOSO.pdf']);
    expect(prefer('revenue in the first half of fiscal 2023')).toEqual(['2023 Q1 CONTOSO.pdf']);
  });

  it('reads a calendar quarter, a season and a numeric date from dates', () => {
    expect(prefer('revenue in calendar Q4 2022')).toEqual(['2023 Q1 CONTOSO.pdf']);
    expect(prefer('the quarter that ended in spring 2023')).toEqual(['2023 Q2 CONTOSO.pdf']);
    expect(prefer('net sales QE 9/30/22')).toEqual(['2022 Q3 CONTOSO.pdf']);
    expect(prefer('the report from early 2023')).toEqual(['2023 Q2 CONTOSO.pdf']);
  });

  it('takes the report whose period ended shortly before the month or season it was filed in', () => {
    expect(prefer('the 10-Q filed in January 2023')).toEqual(['2023 Q1 CONTOSO.pdf']);
    expect(prefer('the 10-Q filed in the autumn of 2023')).toEqual(['2023 Q3 CONTOSO.pdf']);
    expect(prefer('the 10-Q filed in August 2023')).toEqual([]);
  });

  it("resolves this year's and last year's quarters against the newest document, and the first report of a year", () => {
    expect(prefer("this year's second-quarter filing")).toEqual(['2023 Q2 CONTOSO.pdf']);
    expect(prefer("last year's third quarter")).toEqual(['2022 Q3 CONTOSO.pdf']);
    // Labels win over dates: the files named for 2023 are of 2023, the first of them by date.
    expect(prefer('its first quarterly report of 2023')).toEqual(['2023 Q1 CONTOSO.pdf']);
    expect(prefer('its last quarterly report of 2023')).toEqual(['2023 Q3 CONTOSO.pdf']);
    expect(prefer('its last quarterly report of 2022')).toEqual(['2022 Q3 CONTOSO.pdf']);
    expect(prefer('the filing before last')).toEqual(['2023 Q2 CONTOSO.pdf']);
  });

  it('takes the version in force during a period none is dated in, and the version issued in a season', () => {
    expect(preferredAt('the notice in the first half of 2023')).toEqual(['notice-2022-10.md']);
    expect(preferredAt('the notice in 2022')).toEqual(['notice-2022-10.md']);
    expect(preferredAt('the notice published in the winter of 2024')).toEqual(['notice-2024-02.md']);
  });
});

describe('timeCue and preferredDocuments: minutes, split years and compact periods (stop 40)', () => {
  it('reads compact quarter and half forms: 3Q23, Q2-2023, Q1/2023, 1H23, 2H 2023, H1-2024', () => {
    expect(timeCue('revenue in 3Q23').period).toMatchObject({ year: 2023, quarter: 3 });
    expect(timeCue('capital spending in Q2-2023').period).toMatchObject({ year: 2023, quarter: 2 });
    expect(timeCue('accounts in Q1/2023').period).toMatchObject({ year: 2023, quarter: 1 });
    expect(timeCue('boardings in Q4-22').period).toMatchObject({ year: 2022, quarter: 4 });
    expect(timeCue('books lent in 1H23').period).toMatchObject({ year: 2023, half: 1, quarter: 2 });
    expect(timeCue('books lent in 2H 2023').period).toMatchObject({ year: 2023, half: 2, quarter: 4 });
    expect(timeCue('books lent in H1-2024').period).toMatchObject({ year: 2024, half: 1 });
    // Not a quarter: a count of hours, a model number.
    expect(timeCue('the 2H2O process').period).toBeUndefined();
    expect(timeCue('a 3Q device').period).toBeUndefined();
  });

  it('reads a split fiscal year as the year it ends in, and two full years only with a fiscal word', () => {
    for (const question of [
      'income in 2022/23',
      'volunteers in FY2022/23',
      'patients in the 2022-23 financial year',
      'shops in fiscal 2022–23',
      'income for FY 2022/23',
      'the 2022-2023 fiscal year',
    ]) {
      expect(timeCue(question).period, question).toMatchObject({ year: 2023, fiscal: true });
    }
    // Two full years without a fiscal word are a span; years that do not follow are no fiscal year.
    expect(timeCue('revenue in 2022-2023').period).toMatchObject({ year: 2022 });
    expect(timeCue('revenue in 2022-2023').period?.fiscal).toBeUndefined();
    expect(timeCue('rates for 2021/23').period?.fiscal).toBeUndefined();
  });

  it('reads minutes and meetings as documents of a series, and a month named without its year', () => {
    expect(timeCue('the allotment rent set at its latest meeting').recency).toBe(true);
    expect(timeCue('What did the last council meeting decide?').recency).toBe(true);
    for (const question of [
      'the grant in the previous minutes',
      'what was decided at the prior meeting',
      'the minutes before the latest',
      'the grant approved at the meeting before the latest one',
      'the meeting before the most recent one',
    ]) {
      expect(timeCue(question), question).toMatchObject({
        recency: false,
        position: { from: 'newest', steps: 1 },
      });
    }
    expect(timeCue('two meetings before the most recent one').position).toMatchObject({ steps: 2 });
    expect(timeCue('its second-to-last meeting').position).toMatchObject({ steps: 1 });
    expect(timeCue('its first meeting of 2024').period).toMatchObject({ year: 2024, pick: 'first' });
    expect(timeCue('at its September meeting').period).toMatchObject({ month: 9, latestMonth: true });
    expect(timeCue("Contoso's June newsletter").period).toMatchObject({ month: 6, latestMonth: true });
    // A month not before a document noun, or with its year, is no bare month.
    expect(timeCue('sales in May were higher').period).toBeUndefined();
    expect(timeCue('the June 2024 meeting').period).toEqual({ year: 2024, month: 6, text: 'June 2024' });
  });

  const minutes = new DocumentIdentityIndex(
    [
      ['oakridge-minutes-1.md', '2024-03-14'],
      ['oakridge-minutes-2.md', '2024-06-12'],
      ['oakridge-minutes-3.md', '2024-09-11'],
      ['oakridge-minutes-4.md', '2024-12-10'],
      ['oakridge-minutes-5.md', '2025-03-12'],
    ].map(([name, date]) => ({
      documentId: name!,
      title: 'Oakridge Parish Council',
      metadata: { date: date!, period: { kind: 'day', end: date! } },
    })),
  );
  const preferMinutes = (question: string) =>
    preferredDocuments({
      cue: timeCue(question),
      index: minutes,
      named: minutes.documentIds(),
      ranked: [],
    }).map((p) => p.documentId);

  it('takes the latest month of that name up to the newest minutes, and the previous meeting', () => {
    // The newest minutes are of March 2025: the latest September is 2024's, the latest March 2025's.
    expect(preferMinutes('What did the council approve at its September meeting?')).toEqual([
      'oakridge-minutes-3.md',
    ]);
    expect(preferMinutes('What did the council approve at its March meeting?')).toEqual([
      'oakridge-minutes-5.md',
    ]);
    expect(preferMinutes('What was decided at the prior meeting?')).toEqual(['oakridge-minutes-4.md']);
    expect(preferMinutes('the grant in the previous minutes')).toEqual(['oakridge-minutes-4.md']);
  });

  const hospice = new DocumentIdentityIndex(
    ['2022-03-31', '2023-03-31', '2024-03-31'].map((end, i) => ({
      documentId: `greywell-annual-report-${'abc'[i]}.md`,
      title: 'Greywell Hospice',
      metadata: { date: end, period: { kind: 'year', end } },
    })),
  );

  it('takes the annual report of the year ended in the split year’s second year', () => {
    const prefer = (question: string) =>
      preferredDocuments({
        cue: timeCue(question),
        index: hospice,
        named: hospice.documentIds(),
        ranked: [],
      }).map((p) => p.documentId);
    expect(prefer('total income in 2022/23')).toEqual(['greywell-annual-report-b.md']);
    expect(prefer('volunteers in FY2023/24')).toEqual(['greywell-annual-report-c.md']);
    expect(prefer('patients in the 2021-22 financial year')).toEqual(['greywell-annual-report-a.md']);
  });
});

describe('timeCue and preferredDocuments: weekly series (stop 40)', () => {
  const bulletins = new DocumentIdentityIndex(
    ['2024-04-05', '2024-04-12', '2024-04-19', '2024-04-26'].map((date, i) => ({
      documentId: `kelby-bulletin-${i + 1}.md`,
      title: 'Kelby roadworks bulletin',
      metadata: { date, period: { kind: 'day', end: date } },
    })),
  );
  const prefer = (question: string) =>
    preferredDocuments({
      cue: timeCue(question),
      index: bulletins,
      named: bulletins.documentIds(),
      ranked: [],
    }).map((p) => p.documentId);

  it('reads an offset in weeks from the newest and takes the version dated that many days before it', () => {
    expect(timeCue('the bulletin two weeks before the latest one').position).toMatchObject({
      from: 'newest',
      steps: 0,
      days: 14,
    });
    expect(prefer('What did the bulletin two weeks before the latest one say?')).toEqual([
      'kelby-bulletin-2.md',
    ]);
    expect(prefer('the bulletin a week before its most recent one')).toEqual(['kelby-bulletin-3.md']);
    // No version lies within half a week of nine weeks back.
    expect(prefer('the bulletin 9 weeks before the latest one')).toEqual([]);
  });

  it('takes the version dated on the day a question writes, and the first or last of a month', () => {
    expect(timeCue('the bulletin for the week ending 12 April 2024').period).toMatchObject({
      year: 2024,
      month: 4,
      day: 12,
    });
    expect(prefer('the bulletin for the week ending 12 April 2024')).toEqual(['kelby-bulletin-2.md']);
    expect(prefer('the bulletin for the week ending April 19, 2024')).toEqual(['kelby-bulletin-3.md']);
    expect(prefer('the bulletin of the week ending 19/04/2024')).toEqual(['kelby-bulletin-3.md']);
    // No version of that day: the month's, and here every version is of April (none preferred).
    expect(prefer('the bulletin of 13 April 2024')).toEqual([]);
    expect(timeCue('the first bulletin of April 2024').period).toMatchObject({
      year: 2024,
      month: 4,
      pick: 'first',
    });
    expect(prefer('the first bulletin of April 2024')).toEqual(['kelby-bulletin-1.md']);
    expect(prefer('the last bulletin of April 2024')).toEqual(['kelby-bulletin-4.md']);
  });
});

describe('preferredDocuments: a numbered series that states no dates (stop 40)', () => {
  const reviews = new DocumentIdentityIndex(
    [41, 42, 43, 44, 9].map((n) => ({
      documentId: `sprint-reviews/platform-sprint-review-${n}.md`,
      title: `Platform team: Sprint ${n} review`,
    })),
  );
  const prefer = (question: string) =>
    preferredDocuments({
      cue: timeCue(question),
      index: reviews,
      named: reviews.documentIds(),
      ranked: [],
    }).map((p) => p.documentId.replace(/^.*review-/, ''));

  it('orders the versions by the numbers their names carry (9 before 41), for recency and positions', () => {
    expect(prefer('the latest sprint review')).toEqual(['44.md']);
    expect(prefer('the previous sprint review')).toEqual(['43.md']);
    expect(prefer('the earliest sprint review')).toEqual(['9.md']);
    expect(prefer('two reviews before the latest one')).toEqual(['42.md']);
    // An offset in time needs dates.
    expect(prefer('the review two weeks before the latest one')).toEqual([]);
  });

  it('orders nothing when two versions carry the same number or one carries none', () => {
    const mixed = new DocumentIdentityIndex(
      ['review-7.md', 'archive/review-7.md', 'review.md'].map((documentId) => ({
        documentId,
        title: 'Review',
      })),
    );
    expect(
      preferredDocuments({
        cue: timeCue('the latest review'),
        index: mixed,
        named: mixed.documentIds(),
        ranked: [],
      }),
    ).toEqual([]);
  });
});

describe('preferredDocuments: labels win within a series only (stop 40)', () => {
  it("takes each series' first document of a year, by label where the series has one, by date where not", () => {
    const index = new DocumentIdentityIndex([
      ...['2024-03-14', '2024-06-12'].map((date, i) => ({
        documentId: `oakridge-minutes-${i + 1}.md`,
        title: 'Oakridge Parish Council',
        metadata: { date, period: { kind: 'day', end: date } },
      })),
      ...[2023, 2024].map((year) => ({
        documentId: `riverside-annual-report-${year}.md`,
        title: `Riverside annual report ${year - 1}–${String(year).slice(2)}`,
        metadata: { date: `${year}-12-31`, period: { kind: 'year', end: `${year}-12-31`, fiscalYear: year } },
      })),
    ]);
    const question = 'How many came to the first Oakridge council meeting of 2024?';
    const cue = timeCue(question);
    // The words between the position and the year name the series.
    expect(namingWords(question, cue)).toContain('Oakridge council meeting');
    const preferred = preferredDocuments({ cue, index, named: [], ranked: [] }).map((p) => p.documentId);
    // Before, the annual report labelled fiscal 2024 was the only one: a label in one series hid
    // the other series' dates.
    expect(preferred).toEqual(['oakridge-minutes-1.md', 'riverside-annual-report-2024.md']);
  });
});

/** Documents named each by its subject, dated by their files' fields (a blog's posts, an office's memos). */
const post = (name: string, date: string, title: string) => ({
  documentId: name,
  title,
  metadata: { date, period: { kind: 'day', end: date }, dateFrom: 'fields' },
});
const subjects = new DocumentIdentityIndex([
  post('garden-blog/spring-opening.md', '2024-03-02', 'The garden opens for the season'),
  post('garden-blog/harvest-share.md', '2024-09-20', 'Harvest share at the hall'),
  post('garden-blog/plot-fees.md', '2024-12-05', 'Plot fees for next year'),
  post('memos/facilities-memo-car-park.docx', '2024-01-16', 'Facilities memo: car park'),
  post('memos/facilities-memo-heating.docx', '2024-03-04', 'Facilities memo: heating'),
  post('policies/security-policy.md', '2023-05-01', 'Security policy'),
  post('policies/privacy-policy.md', '2024-06-01', 'Privacy policy'),
  post('pages/harbour-street-works.html', '2024-12-20', 'Works on Harbour Street'),
]);
const preferredAmong = (question: string, ranked: string[]) =>
  preferredDocuments({ cue: timeCue(question), index: subjects, question, named: [], ranked });

describe('preferredDocuments: documents the question describes as a series', () => {
  it('reads the noun phrase of the document noun the cue counts', () => {
    const q = "How long is the waiting list in the Elm Street garden's latest blog post?";
    expect(documentPhrase(q, timeCue(q))).toEqual({
      noun: 'post',
      naming: ['blog', "garden's", 'street', 'elm'],
      about: [],
    });
    const q2 = 'What does the newest update on the Route 7 diversion say about stops?';
    expect(documentPhrase(q2, timeCue(q2)).about).toEqual(['route', 'diversion']);
    // "most recent" of an inspection counts no documents: no document noun is near it.
    const q3 = 'What did the report say about the most recent inspection of the engine?';
    expect(documentPhraseTerms(q3, timeCue(q3))).toEqual([]);
  });

  it('counts no document noun before a word of the present, which says when, not which (stop 65)', () => {
    // "rate" is the collection's own noun (its files are "…-savings-rates-2026-09.md"), but the
    // rate is what is asked: "easy access" names the account, not the document.
    const q = "What is Fellgate Building Society's easy access savings rate now?";
    withDocumentNouns(['rate', 'saving'], () => {
      expect(documentPhrase(q, timeCue(q))).toEqual({ naming: [], about: [] });
    });
    const q2 = 'What does the newest policy say about pets now?';
    expect(documentPhrase(q2, timeCue(q2)).noun).toBe('policy');
  });

  it('counts among the documents whose names hold the most of its words, when they are no series by name', () => {
    expect(preferredAmong('the latest facilities memo', ['memos/facilities-memo-car-park.docx'])).toEqual([
      expect.objectContaining({
        documentId: 'memos/facilities-memo-heating.docx',
        series: ['memos/facilities-memo-car-park.docx', 'memos/facilities-memo-heating.docx'],
      }),
    ]);
    // The folder holds "garden" and "blog"; "street" of a page about Harbour Street holds less.
    expect(
      preferredAmong("the Elm Street garden blog's post before the latest one", [
        'garden-blog/spring-opening.md',
      ]).map((p) => p.documentId),
    ).toEqual(['garden-blog/harvest-share.md']);
    expect(
      preferredAmong('the earliest post on the garden blog', ['garden-blog/plot-fees.md']).map(
        (p) => p.documentId,
      ),
    ).toEqual(['garden-blog/spring-opening.md']);
  });

  it('counts the documents described as the best hit is, not those another word of the phrase describes', () => {
    // "street" describes only the newer page on Harbour Street; the post is described by "garden".
    expect(
      preferredAmong("the Elm Street garden's latest post", ['garden-blog/spring-opening.md']).map(
        (p) => p.documentId,
      ),
    ).toEqual(['garden-blog/plot-fees.md']);
  });

  it('counts nothing when the words describe one document, or a series the best hit is not of', () => {
    // "security" names one policy: the newest policy of the folder is not "the latest security policy".
    expect(preferredAmong('the latest security policy', ['policies/security-policy.md'])).toEqual([]);
    expect(preferredAmong('the latest facilities memo', ['garden-blog/plot-fees.md'])).toEqual([]);
    // Without the question, only series by name count.
    expect(
      preferredDocuments({
        cue: timeCue('the latest facilities memo'),
        index: subjects,
        named: [],
        ranked: ['memos/facilities-memo-car-park.docx'],
      }),
    ).toEqual([]);
  });

  it('reads posts, memos, letters and announcements as documents of a series', () => {
    expect(timeCue('the previous memo')).toMatchObject({ previous: true, position: { steps: 1 } });
    expect(timeCue('the earliest post')).toMatchObject({ position: { from: 'oldest', steps: 0 } });
    expect(timeCue('the first announcement of 2024').period).toMatchObject({ year: 2024, pick: 'first' });
    expect(timeCue('the letter published in March 2024').at).toMatchObject({ relation: 'issued' });
    expect(isDocumentNoun('posts')).toBe(true);
    expect(isDocumentNoun('policies')).toBe(true);
    expect(isDocumentNoun('postal')).toBe(false);
  });
});

describe('timeCue: the first of what a site or an office publishes (stop 41)', () => {
  it('reads "the first … notice (post, memo)" as the oldest, across up to three words', () => {
    expect(timeCue('the first Route 7 diversion notice')).toMatchObject({
      position: { from: 'oldest', steps: 0 },
    });
    expect(timeCue('the first memo')).toMatchObject({ position: { from: 'oldest', steps: 0 } });
    expect(timeCue('What was raised as the first issue?').position).toBeUndefined();
    expect(timeCue('revenue in the first quarter').position).toBeUndefined();
  });
});

describe('timeCue: the period before last (stop 41)', () => {
  it('reads a quarter, month or week before last as an offset from the newest, a sprint as one version back', () => {
    expect(timeCue('What was revenue in the quarter before last?')).toMatchObject({
      position: { from: 'newest', months: 3 },
      recency: false,
    });
    expect(timeCue('the bulletin of the week before last').position).toMatchObject({ days: 7 });
    expect(timeCue('the month before last').position).toMatchObject({ months: 1 });
    expect(
      timeCue("What was the velocity in the platform team's sprint before last?").position,
    ).toMatchObject({
      from: 'newest',
      steps: 1,
    });
    expect(timeCue('the year before last').position).toBeUndefined();
    expect(timeCue('What was its cash before the latest stock split?').position).toBeUndefined();
  });
});

describe('timeCue with the nouns a collection names its documents by (stop 41)', () => {
  const episodes = new DocumentIdentityIndex(
    [11, 12, 13].map((n) => ({
      documentId: `podcast/harbour-talk-episode-${n}.md`,
      metadata: { date: `2024-05-${10 + n}` },
    })),
  );

  it("reads the words of a series' names as document nouns, the last first, not a word for a span of time", () => {
    expect(episodes.seriesNouns()).toEqual(['episode', 'talk', 'harbour']);
    const quarterly = new DocumentIdentityIndex([
      { documentId: 'results-quarterly-2023.md' },
      { documentId: 'results-quarterly-2024.md' },
    ]);
    expect(quarterly.seriesNouns()).toEqual(['result']);
    // A glued revision ("revB") says which version, as "rev-b" does: the three are one series, of
    // a "datasheet" (stop 42).
    const sheets = new DocumentIdentityIndex(
      ['B', 'C', 'D'].map((rev) => ({ documentId: `datasheets/XR40_datasheet_rev${rev}.md` })),
    );
    expect(sheets.series('datasheets/XR40_datasheet_revB.md')).toHaveLength(3);
    expect(sheets.seriesNouns()).toEqual(['datasheet']);
    // A word that names no series of two documents or more is no noun.
    expect(new DocumentIdentityIndex([{ documentId: 'inspection-report.docx' }]).seriesNouns()).toEqual([]);
  });

  it('reads "current" and "last" before a noun of the collection, across a code with digits (stop 42)', () => {
    const sheets = new DocumentIdentityIndex(
      ['B', 'C', 'D'].map((rev) => ({ documentId: `datasheets/XR40_datasheet_rev${rev}.md` })),
    );
    const question = 'What sleep current does the current XR-40 datasheet give?';
    expect(timeCue(question).recency).toBe(false);
    expect(timeCue(question, { nouns: sheets.seriesNouns() }).recency).toBe(true);
    expect(timeCue('What did its last inspection find?', { nouns: ['inspection'] }).recency).toBe(true);
    // "this" and "past" before a collection's noun ask for no version: "this harbour" is a place.
    expect(timeCue('What fees does this harbour charge?', { nouns: ['harbour'] }).recency).toBe(false);
    // "first" counts the collection's documents, not across a possessive (stop 69): "the first
    // resident's parking permit" is a kind of permit.
    const permit = timeCue("What is the current price of a first resident's parking permit in Kelmscott?", {
      nouns: ['permit'],
    });
    expect(permit.recency).toBe(true);
    expect(permit.position).toBeUndefined();
    expect(timeCue('What did the first parking permit cost?', { nouns: ['permit'] }).position).toBeDefined();
    // A statement is counted back from the newest, never after "prior": "the prior period's
    // statements" name a comparison period.
    expect(timeCue('What was the opening balance on the statement before last?')).toMatchObject({
      previous: true,
    });
    expect(timeCue('the statement before the latest one').position).toMatchObject({ steps: 1 });
    expect(timeCue("How did the prior period's statements present leases?").position).toBeUndefined();
    // Any noun counted back from the newest (stop 42), a possessive of several words naming its series.
    const match = 'How many attended the match before Harbour Town’s latest one?';
    expect(timeCue(match)).toMatchObject({ previous: true, position: { from: 'newest', steps: 1 } });
    expect(documentPhrase(match, timeCue(match))).toMatchObject({
      noun: 'match',
      naming: ['harbour', 'town'],
    });
    expect(timeCue('What did the blood test before last show?')).toMatchObject({ previous: true });
    expect(timeCue('the year before last').position).toBeUndefined();
    // "The 2023 to 2024 tax year" is a split year; "from 2023 to 2024" a range (stop 42).
    expect(timeCue('What was my tax code for the 2023 to 2024 tax year?').period).toMatchObject({
      year: 2024,
      fiscal: true,
    });
    expect(timeCue('How did sales grow from 2023 to 2024?').period).toBeUndefined();
    // "The first update" is the oldest, as "the first notice" is.
    expect(timeCue('What failed in the first update on the checkout errors?').position).toMatchObject({
      from: 'oldest',
    });
    // Built-in: a bill; an invoice by a collection's names only.
    expect(timeCue('How much was the previous bill?')).toMatchObject({ previous: true });
    expect(timeCue('What did the first bill charge?').position).toMatchObject({ from: 'oldest' });
    expect(timeCue('What VAT did the previous invoice charge?').position).toBeUndefined();
    expect(timeCue('What VAT did the previous invoice charge?', { nouns: ['invoice'] })).toMatchObject({
      previous: true,
    });
  });

  it('counts "the previous episode" as it counts "the previous report"', () => {
    expect(timeCue('What did the previous episode say?').position).toBeUndefined();
    const cue = timeCue('What did the previous episode say?', { nouns: episodes.seriesNouns() });
    expect(cue).toMatchObject({ previous: true, position: { from: 'newest', steps: 1 } });
    expect(
      preferredDocuments({
        cue,
        index: episodes,
        named: [],
        ranked: ['podcast/harbour-talk-episode-11.md'],
      }).map((p) => p.documentId),
    ).toEqual(['podcast/harbour-talk-episode-12.md']);
    // The nouns act for that call only.
    expect(timeCue('the earliest episode').position).toBeUndefined();
    expect(timeCue('the earliest episode', { nouns: ['episode'] }).position).toMatchObject({
      from: 'oldest',
    });
    expect(timeCue('the first Harbour Talk episode', { nouns: ['episode'] }).position).toMatchObject({
      from: 'oldest',
    });
    // A noun is a word, not a pattern.
    expect(timeCue('the previous anything', { nouns: ['.*'] }).position).toBeUndefined();
  });
});

describe('timeCue: emails (stop 41)', () => {
  it('counts emails as documents, and reads when one was sent', () => {
    expect(timeCue('What was the subject of the previous facilities email?')).toMatchObject({
      previous: true,
    });
    expect(timeCue('the facilities email sent in April 2024').at).toMatchObject({
      relation: 'issued',
      start: '2024-04-01',
      end: '2024-04-30',
    });
    // "sent" after no document noun tells of the content: "invoices sent in April 2024".
    expect(timeCue('How many invoices were sent in April 2024?').at).toBeUndefined();
  });
});

describe('focusBesidePhrase (stop 41)', () => {
  const site = new DocumentIdentityIndex([
    ...[1, 2, 3].map((n) => ({
      documentId: `emails/announcement-${n}.txt`,
      metadata: { date: `2024-0${n + 2}-01` },
    })),
    {
      documentId: 'site-news/library-closure.html',
      title: 'Closure — Ashby Library news',
      metadata: { date: '2024-09-09' },
    },
    {
      documentId: 'site-news/library-hours.html',
      title: 'Hours — Ashby Library news',
      metadata: { date: '2024-01-15' },
    },
  ]);
  const emails = ['emails/announcement-1.txt', 'emails/announcement-2.txt', 'emails/announcement-3.txt'];

  it("drops a focus on documents the cue's noun phrase does not describe", () => {
    const q = 'What did the latest Ashby Library news post announce?';
    expect(focusBesidePhrase(site, q, timeCue(q), emails)).toBe(true);
    // The phrase names the emails: the focus stands.
    const q2 = 'What did the latest announcement email say?';
    expect(focusBesidePhrase(site, q2, timeCue(q2), emails)).toBe(false);
    // No phrase: the focus stands.
    expect(
      focusBesidePhrase(site, 'What did they announce?', timeCue('What did they announce?'), emails),
    ).toBe(false);
  });

  it('counts among the documents the phrase describes, over a better hit it does not', () => {
    const q = 'What did the latest Ashby Library news post announce?';
    const preferred = preferredDocuments({
      cue: timeCue(q),
      index: site,
      question: q,
      named: [],
      ranked: ['emails/announcement-3.txt', 'site-news/library-hours.html'],
    });
    expect(preferred.map((p) => p.documentId)).toEqual(['site-news/library-closure.html']);
  });
});

describe('timeCue: the first email (stop 41)', () => {
  it('reads "the first facilities email" as the oldest', () => {
    expect(
      timeCue('Which lift was out of service according to the first facilities email?').position,
    ).toMatchObject({
      from: 'oldest',
      steps: 0,
    });
  });
});

describe('mentionsOrder (stop 41)', () => {
  it('tells a question with a word of order or recency', () => {
    expect(mentionsOrder('What did the previous episode say?')).toBe(true);
    expect(mentionsOrder('the earliest lecture')).toBe(true);
    expect(mentionsOrder('How do I rotate signing keys?')).toBe(false);
  });
});

describe('preferredDocuments: a year of documents dated by day (stop 43)', () => {
  const notes = new DocumentIdentityIndex(
    ['2023-11-14', '2024-01-09', '2024-02-20'].map((date) => ({
      documentId: `notes/${date.slice(0, 4)}/${date} - planning.md`,
      metadata: { date, period: { kind: 'day', end: date } },
    })),
  );
  const prefer = (question: string) =>
    preferredDocuments({
      cue: timeCue(question),
      index: notes,
      named: notes.documentIds(),
      ranked: [],
    }).map((p) => p.documentId);

  it('reads a day in early January as of its own year (not read two weeks back, as a report is)', () => {
    expect(prefer('What action came out of the first planning meeting of 2024?')).toEqual([
      'notes/2024/2024-01-09 - planning.md',
    ]);
    expect(prefer('the planning notes of Q1 2024')).toEqual([
      'notes/2024/2024-01-09 - planning.md',
      'notes/2024/2024-02-20 - planning.md',
    ]);
  });
});

describe('timeCue: a noun and its number counted back (stop 43)', () => {
  it('reads "the Form 1040 before the latest one" as the version before the newest', () => {
    expect(
      timeCue('What filing status was used on the Form 1040 before the latest one?').position,
    ).toMatchObject({
      from: 'newest',
      steps: 1,
    });
    expect(timeCue('the Flat 3 inventory before last').position).toMatchObject({ from: 'newest', steps: 1 });
    // "One" must still close the newest.
    expect(timeCue('the cash of 2023 before the latest stock split').position).toBeUndefined();
  });
});

describe('preferredDocuments: drafts and a final (stop 43)', () => {
  const proposals = new DocumentIdentityIndex(
    ['garden-room-proposal-final.md', 'garden-room-proposal-draft.md', 'garden-room-proposal-draft-2.md'].map(
      (documentId) => ({ documentId }),
    ),
  );
  const prefer = (question: string) =>
    preferredDocuments({
      cue: timeCue(question),
      index: proposals,
      named: proposals.documentIds(),
      ranked: [],
    }).map((p) => p.documentId);

  it('orders undated drafts before the final, and reads "before the final one"', () => {
    expect(prefer('How big is the room in the latest garden room proposal?')).toEqual([
      'garden-room-proposal-final.md',
    ]);
    expect(prefer('the earliest version of the garden room proposal')).toEqual([
      'garden-room-proposal-draft.md',
    ]);
    expect(prefer('What roof did the garden room proposal before the final one specify?')).toEqual([
      'garden-room-proposal-draft-2.md',
    ]);
  });
});

describe('timeCue: a number that names, not counts (stop 43)', () => {
  it('counts versions by a number only before a plural', () => {
    const nouns = { nouns: ['route', 'change'] };
    expect(timeCue('What did the route 7 change before the latest one alter?', nouns).position).toMatchObject(
      {
        from: 'newest',
        steps: 1,
      },
    );
    expect(timeCue('3 reports before the latest one', nouns).position).toMatchObject({ steps: 3 });
    expect(timeCue('the filing which came two before its latest', nouns).position).toMatchObject({
      steps: 2,
    });
  });

  it('reads "the paper published in January 2023" and "the judgment handed down in December 2023"', () => {
    expect(timeCue('What did the soil carbon paper published in January 2023 find?').at).toMatchObject({
      relation: 'issued',
    });
    expect(timeCue('What did the judgment handed down in December 2023 decide?').at).toMatchObject({
      relation: 'issued',
    });
  });
});

describe('preferredDocuments: a name against a stated fiscal label', () => {
  /** Quarterly reports named by the calendar quarter, each stating its fiscal quarter (a year ending in January). */
  const report = (name: string, end: string, fiscalYear: number, fiscalQuarter: number) => ({
    documentId: name,
    title: 'Orbit Semiconductor',
    metadata: { date: end, period: { kind: 'quarter', end, fiscalYear, fiscalQuarter } },
  });
  const reports = new DocumentIdentityIndex([
    report('2022 Q3 ORBIT.pdf', '2022-10-30', 2023, 3),
    report('2023 Q1 ORBIT.pdf', '2023-04-30', 2024, 1),
    report('2023 Q2 ORBIT.pdf', '2023-07-30', 2024, 2),
    report('2023 Q3 ORBIT.pdf', '2023-10-29', 2024, 3),
  ]);
  const all = reports.documentIds();
  const prefer = (question: string) =>
    preferredDocuments({ cue: timeCue(question), index: reports, named: all, ranked: [] }).map(
      (p) => p.documentId,
    );

  it('reads a period written as the names write it by the names', () => {
    // The filing named 2022 Q3 states "the third quarter of fiscal year 2023": not asked here.
    expect(prefer('revenue in the Q3 2023 10-Q')).toEqual(['2023 Q3 ORBIT.pdf']);
    expect(prefer('revenue in the third quarter of 2023')).toEqual(['2023 Q3 ORBIT.pdf']);
  });

  it('reads a fiscal period by the fiscal label the filings state', () => {
    expect(prefer('revenue in Q3 FY2023')).toEqual(['2022 Q3 ORBIT.pdf']);
    expect(prefer('revenue in the fiscal third quarter of 2023')).toEqual(['2022 Q3 ORBIT.pdf']);
    expect(prefer('revenue in the third quarter of fiscal 2024')).toEqual(['2023 Q3 ORBIT.pdf']);
  });
});

import { describe, expect, it } from 'vitest';
import { DocumentIdentityIndex } from './document-identity.js';
import { namingWords, preferredDocuments, timeCue } from './time-preference.js';

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

  it('reads recency cues, but not "current" as in current assets', () => {
    for (const question of [
      'What does the latest 10-Q say about debt?',
      'In the most recent quarter, how did margins change?',
      'What is the current version of the travel policy?',
      'How did revenue change last quarter?',
      'the newest release notes',
      'How many days after a trip must claims be submitted under the current travel policy?',
      'What does the current employee handbook say about leave?',
    ]) {
      expect(timeCue(question).recency, question).toBe(true);
    }
    expect(timeCue('What were total current assets?').recency).toBe(false);
    expect(timeCue('What is the current portion of long-term debt?').recency).toBe(false);
    expect(timeCue('How are current liabilities reported in the balance sheet?').recency).toBe(false);
    expect(timeCue('How did revenue grow?').recency).toBe(false);
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

describe('namingWords', () => {
  it('leaves out the date a period cue states, whose year is no label', () => {
    const question = 'What revenue did Contoso report for the quarter ended December 31, 2022?';
    const words = namingWords(question, timeCue(question));
    expect(words).toContain('Contoso');
    expect(words).not.toMatch(/2022|December/);
  });

  it('keeps quarter and year labels, and questions without a period', () => {
    for (const question of [
      "Contoso's Q1 2023 revenue",
      'Contoso revenue in fiscal 2022',
      'Contoso revenue',
    ]) {
      expect(namingWords(question, timeCue(question))).toBe(question);
    }
  });
});

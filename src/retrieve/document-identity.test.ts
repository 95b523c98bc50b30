import { describe, expect, it } from 'vitest';
import {
  DocumentIdentityIndex,
  identityTerms,
  joinedCodes,
  numberedNames,
  seriesKey,
} from './document-identity.js';

const filings = ['2022 Q3', '2023 Q1', '2023 Q2'].flatMap((quarter) => [
  { documentId: `${quarter} AAPL.pdf`, title: 'Apple Inc.' },
  { documentId: `${quarter} INTC.pdf`, title: 'INTEL CORPORATION' },
  { documentId: `${quarter} NVDA.pdf`, title: 'NVIDIA CORPORATION' },
]);

describe('identityTerms', () => {
  it('reads the title and the path, leaving out single characters and numbers other than years', () => {
    expect(identityTerms({ documentId: 'filings/2023 Q1 AAPL.pdf', title: 'Apple Inc.' })).toEqual([
      'appl',
      'inc',
      'file',
      '2023',
      'q1',
      'aapl',
    ]);
    expect(identityTerms({ documentId: '20071229X02007.pdf' })).toEqual(['20071229x02007']);
    expect(identityTerms({ documentId: '4983', title: 'Form 10-Q filed 10/24/2022' }, false)).toEqual([]);
  });
});

describe('DocumentIdentityIndex.named', () => {
  const index = new DocumentIdentityIndex(filings);

  it('names the document a question names by company and quarter, alone', () => {
    expect(index.titles).toBe(true);
    expect(
      index.named("What legal proceedings did Apple's Q1 2023 10-Q mention?").map((d) => d.documentId),
    ).toEqual(['2023 Q1 AAPL.pdf']);
  });

  it('names every document of a company when only the company is named', () => {
    expect(index.named('How has NVIDIA’s revenue changed over time?').map((d) => d.documentId)).toEqual([
      '2022 Q3 NVDA.pdf',
      '2023 Q1 NVDA.pdf',
      '2023 Q2 NVDA.pdf',
    ]);
  });

  it('names nothing for a question without names, or with names every document shares', () => {
    expect(index.named('What drove operating expenses?')).toEqual([]);
    const shared = new DocumentIdentityIndex([
      { documentId: 'a.md', title: 'Acme Report' },
      { documentId: 'b.md', title: 'Acme Review' },
    ]);
    expect(shared.named('Acme')).toEqual([]);
    expect(new DocumentIdentityIndex([]).named('Apple')).toEqual([]);
  });

  it('weighs a series’ name by series, so a company most of a small collection reports on is named by it', () => {
    // Three of four documents are one ferry company's reports: by documents, "larchmont" and
    // "ferries" would weigh less together than "service", which one library's title holds (stop 52).
    const small = new DocumentIdentityIndex(
      ['q1', 'q2', 'q3']
        .map((q) => ({ documentId: `larchmont-ferries-quarterly-report-2025-${q}.md` }))
        .concat([{ documentId: 'oakridge-library-service-annual-report-2024.md' }]),
    );
    expect(
      small.named('Does Larchmont Ferries currently run a helicopter service?').map((d) => d.documentId),
    ).toEqual([
      'larchmont-ferries-quarterly-report-2025-q1.md',
      'larchmont-ferries-quarterly-report-2025-q2.md',
      'larchmont-ferries-quarterly-report-2025-q3.md',
    ]);
    // A word some versions carry still chooses among them.
    expect(small.named('the Larchmont Ferries report for q2').map((d) => d.documentId)).toEqual([
      'larchmont-ferries-quarterly-report-2025-q2.md',
    ]);
  });

  it('leaves titles out when the collection’s titles describe rather than name', () => {
    const papers = new DocumentIdentityIndex([
      { documentId: '101', title: 'Autophagy in neurons protects against degeneration of axons in mice' },
      { documentId: '102', title: 'Tumour necrosis factor alpha drives inflammation in the gut lining' },
      {
        documentId: 'reviews/autophagy.md',
        title: 'A short review of cell recycling pathways and their roles',
      },
    ]);
    expect(papers.titles).toBe(false);
    expect(papers.named('Autophagy protects neurons').map((d) => d.documentId)).toEqual([
      'reviews/autophagy.md',
    ]);
  });
});

/** Protocols titled the way trial registries title them: many share "Phase II Study" or "University". */
const protocols = [
  { documentId: 'NCT01000001_Prot.pdf', title: 'A Phase II Study of Dendritic Cells in Melanoma' },
  { documentId: 'NCT01000002_Prot.pdf', title: 'A Phase II Study of Nivolumab in Lung Cancer' },
  { documentId: 'NCT01000003_Prot.pdf', title: 'A Phase II Study of Statins in Heart Failure' },
  { documentId: 'NCT01000004_Prot.pdf', title: 'Pilonidal Sinus Surgery at Assiut University' },
  { documentId: 'NCT01000005_Prot.pdf', title: 'Knee Rehabilitation at Cairo University' },
  { documentId: 'NCT01000006_Prot.pdf', title: 'Sleep Quality of Nurses at Tanta University' },
  { documentId: 'NCT01000007_Prot.pdf', title: 'NCT01000007' },
];

describe('DocumentIdentityIndex.named: a document noun names only when no other word does (stop 50)', () => {
  // One company's PDF titles say when they were filed; the others' titles are company names.
  const index = new DocumentIdentityIndex([
    ...['2023 Q1', '2023 Q2'].flatMap((quarter) => [
      { documentId: `${quarter} FBRK.pdf`, title: `Form 10-Q for Fabrikam Corp filed ${quarter}` },
      { documentId: `${quarter} CNTS.pdf`, title: 'CONTOSO LTD' },
      { documentId: `${quarter} NWND.pdf`, title: 'Northwind Traders' },
    ]),
  ]);
  const isNoun = (word: string) => /^(?:filings?|reports?)$/i.test(word);
  const named = (question: string) =>
    index.named(question, { documentNoun: isNoun }).map((d) => d.documentId);

  it("names the company's filings, not those whose titles hold the question's document noun", () => {
    expect(named('What dividend did Contoso declare in its latest quarterly filing?')).toEqual([
      '2023 Q1 CNTS.pdf',
      '2023 Q2 CNTS.pdf',
    ]);
    // Without the option the noun names the other series as much as the company names its own.
    expect(
      index
        .named('What dividend did Contoso declare in its latest quarterly filing?')
        .map((d) => d.documentId),
    ).toContain('2023 Q1 FBRK.pdf');
  });

  it('still names by the noun when no other word names a document', () => {
    expect(named('Which filing mentions a dividend?')).toEqual(['2023 Q1 FBRK.pdf', '2023 Q2 FBRK.pdf']);
  });

  it('adds the noun to the score of a document another word names', () => {
    const scores = index.named('the Fabrikam filing', { documentNoun: isNoun });
    const withoutNoun = index.named('the Fabrikam 10-Q', { documentNoun: isNoun });
    expect(scores.map((d) => d.documentId)).toEqual(['2023 Q1 FBRK.pdf', '2023 Q2 FBRK.pdf']);
    expect(scores[0]!.score).toBeGreaterThan(withoutNoun[0]!.score);
  });
});

describe('DocumentIdentityIndex.named on titles that share words', () => {
  const index = new DocumentIdentityIndex(protocols);

  it('never fires on words many titles share', () => {
    expect(index.named('a phase II study of vitamin D in asthma')).toEqual([]);
    expect(index.named('hernia repair outcomes at a university hospital')).toEqual([]);
  });

  it('fires on a word that singles one document out, naming only that one', () => {
    expect(index.named('pilonidal sinus surgery at Assiut University').map((d) => d.documentId)).toEqual([
      'NCT01000004_Prot.pdf',
    ]);
    expect(index.named('a phase II study of dendritic cells in melanoma').map((d) => d.documentId)).toEqual([
      'NCT01000001_Prot.pdf',
    ]);
  });
});

describe('seriesKey and DocumentIdentityIndex.series', () => {
  it('groups the versions of one document by name without the words that say when', () => {
    expect(seriesKey({ documentId: 'filings/2023 Q3 ACME.pdf' })).toBe('acme');
    expect(seriesKey({ documentId: 'policy/privacy-policy-2024-03.md' })).toBe('privacy policy');
    expect(seriesKey({ documentId: 'release-notes-v2.4.md' })).toBe('release notes');
    // A status word names a version (stop 62).
    expect(seriesKey({ documentId: 'club-constitution-amended.md' })).toBe(
      seriesKey({ documentId: 'club-constitution.md' }),
    );
    expect(seriesKey({ documentId: 'expenses-policy (revised).docx' })).toBe('expenses policy');
    expect(seriesKey({ documentId: '2023-07-01.md', title: 'Travel Policy' })).toBe('travel policy');
    expect(seriesKey({ documentId: '2023-07-01.md' })).toBe('#2023-07-01.md');
  });

  it('drops a number joined to the word of its place in a sequence, not a model code (stop 43)', () => {
    for (const id of ['menus/menu-wk8.html', 'menus/menu-wk09.html', 'menus/menu-wk10.html']) {
      expect(seriesKey({ documentId: id })).toBe('menu');
    }
    expect(seriesKey({ documentId: 'podcast-ep12.md' })).toBe(seriesKey({ documentId: 'podcast-ep3.md' }));
    expect(seriesKey({ documentId: 'team-sprint14-review.md' })).toBe('team review');
    // An ordinal edition says when: `first`, `2nd`, `third` editions are one series.
    expect(seriesKey({ documentId: 'rules/harbour-lights-rules-first-edition.md' })).toBe(
      'harbour lights rules',
    );
    expect(seriesKey({ documentId: 'rules/harbour-lights-rules-2nd-edition.md' })).toBe(
      'harbour lights rules',
    );
    // An ISO week and a glued quarter say when.
    expect(seriesKey({ documentId: 'weekly/ops-report-2023-W52.md' })).toBe('ops report');
    expect(seriesKey({ documentId: 'kpi/kpi-pack-2023Q4.md' })).toBe(
      seriesKey({ documentId: 'kpi/kpi-pack-2024Q1.md' }),
    );
    // A model's code says what: two kettles' manuals are two series.
    expect(seriesKey({ documentId: 'kettle-KT200.md' })).not.toBe(
      seriesKey({ documentId: 'kettle-KT300.md' }),
    );
  });

  it('splits a series by a number in its names that recurs, not by one that numbers versions (stop 43)', () => {
    const index = new DocumentIdentityIndex(
      [
        'timetables/year-7-timetable-2023.md',
        'timetables/year-7-timetable-2024.md',
        'timetables/year-8-timetable-2024.md',
        'news/newsletter-issue-12-2024.md',
        'news/newsletter-issue-13-2024.md',
        'news/newsletter-issue-14-2024.md',
      ].map((documentId) => ({ documentId })),
    );
    expect(index.series('timetables/year-7-timetable-2024.md')).toEqual([
      'timetables/year-7-timetable-2023.md',
      'timetables/year-7-timetable-2024.md',
    ]);
    expect(index.series('timetables/year-8-timetable-2024.md')).toEqual([
      'timetables/year-8-timetable-2024.md',
    ]);
    // Each issue number once: they number the versions of one series.
    expect(index.series('news/newsletter-issue-13-2024.md')).toHaveLength(3);
    // A date's numbers and a label's (`q1`) divide nothing.
    const dated = new DocumentIdentityIndex(
      [
        'policy/2023-07-01 travel policy.md',
        'policy/2023-07-15 travel policy.md',
        'policy/2023-08-01 travel policy.md',
        'reports/report-q1-2023.md',
        'reports/report-q1-2024.md',
        'reports/report-q2-2023.md',
        'minutes/14 Nov 2023 minutes.md',
        'minutes/14 Dec 2023 minutes.md',
        'minutes/9 Jan 2024 minutes.md',
      ].map((documentId) => ({ documentId })),
    );
    expect(dated.series('policy/2023-07-01 travel policy.md')).toHaveLength(3);
    expect(dated.series('reports/report-q1-2023.md')).toHaveLength(3);
    expect(dated.series('minutes/9 Jan 2024 minutes.md')).toHaveLength(3);
  });

  it('names a document by a word and the number that says which it is (stop 43)', () => {
    expect(numberedNames('What is period 3 on Friday in the latest Year 8 timetable?')).toEqual([
      'period3',
      'year8',
    ]);
    expect(numberedNames('year-8-timetable-2024', ['8'])).toEqual(['year8']);
    expect(numberedNames('Form 1040 (2023)', ['1040'])).toEqual(['form1040']);
    // A year is no such number.
    expect(numberedNames('the report of 2023')).toEqual([]);
    const index = new DocumentIdentityIndex(
      ['year-7-timetable-2024.md', 'year-8-timetable-2024.md', 'year-7-timetable-2023.md'].map(
        (documentId) => ({
          documentId,
        }),
      ),
    );
    expect(index.named('the latest Year 8 timetable')[0]?.documentId).toBe('year-8-timetable-2024.md');
  });

  it('dates documents from their metadata and lists a series', () => {
    const index = new DocumentIdentityIndex([
      { documentId: 'a/privacy-policy-2023.md', metadata: { date: '2023-01-01' } },
      { documentId: 'b/privacy-policy-2024.md', metadata: { date: '2024-03-01' } },
      { documentId: 'travel-policy.md', metadata: { date: 'soon' } },
    ]);
    expect(index.series('a/privacy-policy-2023.md')).toEqual([
      'a/privacy-policy-2023.md',
      'b/privacy-policy-2024.md',
    ]);
    expect(index.date('b/privacy-policy-2024.md')).toBe('2024-03-01');
    expect(index.date('travel-policy.md')).toBeUndefined();
    expect(index.series('travel-policy.md')).toEqual(['travel-policy.md']);
  });
});

describe('DocumentIdentityIndex: names read from first pages', () => {
  // Filings titled by an identifier and filed under a ticker: the company is named on the first page.
  const untitled = ['2023 Q1', '2023 Q2'].flatMap((quarter) => [
    {
      documentId: `${quarter} AAPL.pdf`,
      title: '0000320193-23-000006',
      opening:
        'FORM 10-Q\n\nApple Inc.\n(Exact name of registrant as specified in its charter)\nCupertino, California',
    },
    {
      documentId: `${quarter} INTC.pdf`,
      title: '0000050863-23-000028',
      opening:
        'FORM 10-Q\n\nIntel Corporation\n(Exact name of registrant as specified in its charter)\nSanta Clara, California',
    },
  ]);

  it('offers a first-page word for judging only when it singles out a document or a series', () => {
    const index = new DocumentIdentityIndex(untitled);
    expect(index.named("What did Apple's 10-Q say about legal proceedings?")).toEqual([]);
    expect(index.unjudged("What did Apple's 10-Q say about legal proceedings?")).toEqual([
      { word: "apple's", term: 'appl' },
    ]);
    // On every first page ("form", "registrant") or on two companies' ("california"): not offered.
    expect(index.unjudged('the registrant in California filed Form 10-Q')).toEqual([]);
  });

  it('names the series a first-page word singles out when the collection keeps the word to it', () => {
    const index = new DocumentIdentityIndex(untitled);
    const question = "What did Apple's 10-Q say about legal proceedings?";
    expect(index.judge('appl', ['2023 Q2 AAPL.pdf', '2023 Q1 AAPL.pdf', '2023 Q2 AAPL.pdf'])).toBe(true);
    const named = index.named(question);
    expect(named.map((d) => d.documentId)).toEqual(['2023 Q1 AAPL.pdf', '2023 Q2 AAPL.pdf']);
    expect(named[0]!.words).toEqual(["apple's"]);
    expect(index.unjudged(question)).toEqual([]);
  });

  it('never names by a first-page word the collection spreads across documents', () => {
    // Three protocols with long titles (titles are then not names); "study" is on one title page
    // only, but the protocols' text uses it throughout.
    const index = new DocumentIdentityIndex([
      {
        documentId: 'NCT01.pdf',
        title: 'A Randomised Phase II Study of Dendritic Cell Vaccination for Adults With Advanced Melanoma',
        opening:
          'A Randomised Phase II Study of Dendritic Cell Vaccination for Adults With Advanced Melanoma',
      },
      {
        documentId: 'NCT02.pdf',
        title: 'Outcomes of Pilonidal Sinus Excision With Flap Closure at Assiut University Hospital',
        opening: 'Outcomes of Pilonidal Sinus Excision With Flap Closure at Assiut University Hospital',
      },
      {
        documentId: 'NCT03.pdf',
        title: 'Sleep Quality and Fatigue of Night-Shift Nurses at a Teaching University Hospital',
        opening: 'Sleep Quality and Fatigue of Night-Shift Nurses at a Teaching University Hospital',
      },
    ]);
    expect(index.titles).toBe(false);
    const question = 'a phase II study of dendritic cells in melanoma';
    // One title page carries each: all offered, at most four a question (the rest on a later one).
    expect(index.unjudged(question).map((w) => w.term)).toEqual(['phase', 'ii', 'studi', 'dendrit']);
    expect(index.judge('studi', ['NCT01.pdf', 'NCT02.pdf', 'NCT03.pdf', 'NCT01.pdf'])).toBe(false);
    expect(index.judge('dendrit', ['NCT01.pdf', 'NCT01.pdf'])).toBe(true);
    expect(index.named(question).map((d) => d.documentId)).toEqual(['NCT01.pdf']);
    expect(index.named(question)[0]!.words).toEqual(['dendritic']);
    // "university" is on two title pages: never offered, never a name.
    expect(index.unjudged('Assiut University hospital').map((w) => w.term)).toEqual(['assiut']);
    expect(index.named('study of nurses at a university')).toEqual([]);
  });

  it('never names by a word only some versions of a series carry', () => {
    const index = new DocumentIdentityIndex([
      { documentId: 'travel-policy-2022.md', opening: '# Travel Policy\n\n## Flights\n\nEconomy class.' },
      {
        documentId: 'travel-policy-2024.md',
        opening:
          '# Travel Policy\n\n## Flights\n\nEconomy class.\n\n## Carbon Offsetting\n\nOffset every flight.',
      },
      { documentId: 'expense-guide.md', opening: '# Expense Guide\n\nReceipts are kept.' },
    ]);
    expect(index.unjudged('What does the 2022 travel policy say about carbon offsetting?')).toEqual([]);
    // A document of its own carries its words on its only version ("expense" and "guide" name it
    // by its path already).
    expect(index.unjudged('What does the expense guide say about receipts?').map((w) => w.term)).toEqual([
      'receipt',
    ]);
  });

  it('names nothing by a word whose probe found no chunk', () => {
    const index = new DocumentIdentityIndex(untitled);
    expect(index.judge('appl', [])).toBe(false);
    expect(index.named('Apple')).toEqual([]);
  });
});

describe('DocumentIdentityIndex: pronouns and described documents (stop 41)', () => {
  const index = new DocumentIdentityIndex([
    { documentId: 'updates/route-7-diversion.html', title: 'Route 7 diversion | Millbrook Buses' },
    {
      documentId: 'updates/route-7-back-to-normal.html',
      title: 'Route 7 back on its normal route | Millbrook Buses',
    },
    { documentId: 'updates/timetables.html', title: 'New timetables | Millbrook Buses' },
    { documentId: 'garden-blog/plot-fees.md', title: 'Plot fees' },
  ]);

  it('takes no pronoun into an identity: "its" of a title names no document', () => {
    expect(identityTerms({ documentId: 'a.html', title: 'Route 7 back on its normal route' })).not.toContain(
      'it',
    );
    expect(index.named('How much extra time did Millbrook Buses advise in its May update?')).toEqual([]);
  });

  it('describes documents as a seed is described: by every term its identity holds', () => {
    expect(index.describedBy(['millbrook', 'buse'], 'updates/timetables.html')).toEqual([
      'updates/route-7-diversion.html',
      'updates/route-7-back-to-normal.html',
      'updates/timetables.html',
    ]);
    expect(index.describedBy(['rout', 'divers', 'millbrook'], 'updates/route-7-diversion.html')).toEqual([
      'updates/route-7-diversion.html',
    ]);
    // "harbour" is another document's word: the post is described by "garden" and "blog" alone.
    expect(index.describedBy(['garden', 'blog', 'harbour'], 'garden-blog/plot-fees.md')).toEqual([
      'garden-blog/plot-fees.md',
    ]);
    expect(index.describedBy(['ferry'], 'updates/timetables.html')).toEqual([]);
  });
});

describe('DocumentIdentityIndex: codes written with and without a hyphen (stop 42)', () => {
  it('names `XR40_datasheet.md` by "XR-40" and `xr-40-manual.md` by "XR40"', () => {
    expect(joinedCodes('the XR-40 datasheet, COVID-19 and 10-Q')).toEqual(['xr40', 'covid19']);
    expect(joinedCodes('the XR-40 datasheet, COVID-19', true)).toEqual(['xr40', 'xr', 'covid19', 'covid']);
    expect(joinedCodes('XR40_datasheet', true)).toEqual(['xr40', 'xr']);
    expect(joinedCodes('version 2, 10-Q, B-52')).toEqual([]);
    const index = new DocumentIdentityIndex([
      { documentId: 'XR40_datasheet.md' },
      { documentId: 'pump/xr-40-manual.md' },
      { documentId: 'HX200_datasheet.md' },
    ]);
    expect(index.named('What does the XR-40 datasheet say?').map((d) => d.documentId)[0]).toBe(
      'XR40_datasheet.md',
    );
    expect(index.named('What does the XR40 manual say?').map((d) => d.documentId)[0]).toBe(
      'pump/xr-40-manual.md',
    );
    // A question's glued code adds no letters-only word: "CCL19" names no `CCL21_review.md`.
    const chemokines = new DocumentIdentityIndex([
      { documentId: 'CCL21_review.md' },
      { documentId: 'notes.md' },
    ]);
    expect(chemokines.named('Is CCL19 a ligand for CCR7?')).toEqual([]);
  });
});

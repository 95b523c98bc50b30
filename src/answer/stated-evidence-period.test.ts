import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testHit } from '../../test/support/hits.js';
import { createEngine, type Engine } from '../engine/engine.js';
import { openStore } from '../engine/store-schemes.js';
import { NOT_FOUND_TEXT } from './ask.js';
import { askedStatement, judgeStatement, singlesOut } from './stated-evidence.js';
import { datesEarlier, ownFiscalYear } from './supposition.js';

// Issue 22, ask 3: "any significant acquisitions" is not stated by an acquisition of the comparison
// period or by one too small to name, and "reserves set for these liabilities" asks for reserves of
// the liabilities the first side names, not for any reserve.

const rare = (terms: string[]) => new Map(terms.map((t) => [t, 0.05]));

describe('datesEarlier and ownFiscalYear', () => {
  it('reads whole-year datings before the document’s own fiscal or calendar year', () => {
    const own = { year: 2024, fiscalYear: 2025 };
    expect(datesEarlier('In fiscal year 2024 the company completed the acquisition of Fabrikam.', own)).toBe(
      true,
    );
    expect(datesEarlier('During fiscal 2023 the company sold its dairy line.', own)).toBe(true);
    expect(datesEarlier('In 2022 the company sold its dairy line.', own)).toBe(true);
    // Its own year, a month's date (a step of a matter that may go on), or no year: not earlier.
    expect(datesEarlier('In the first half of fiscal year 2025 the company acquired Fabrikam.', own)).toBe(
      false,
    );
    expect(datesEarlier('In February 2022 the company agreed to acquire Fabrikam.', own)).toBe(false);
    expect(datesEarlier('The company completed the acquisition of Fabrikam.', own)).toBe(false);
    // A year of a kind the document's own is not known for says nothing.
    expect(datesEarlier('In fiscal year 2024 the company acquired Fabrikam.', { year: 2024 })).toBe(false);
    // One of its datings of its own time: not told only of an earlier one.
    expect(datesEarlier('In fiscal 2024 and in fiscal 2025 the company bought routes.', own)).toBe(false);
  });

  it('takes the fiscal year a report names its own quarter by most often', () => {
    const texts = [
      'Revenue for the second quarter of fiscal year 2024 was $13.5 billion, up from the second quarter of fiscal year 2023.',
      'In the first half of fiscal year 2024, goodwill increased.',
      'Compared with the first half of fiscal year 2023, expenses rose.',
      'The quarter and first half of fiscal year 2024 saw higher demand.',
    ];
    expect(ownFiscalYear(texts)).toBe(2024);
    expect(ownFiscalYear(['No fiscal year is named here.'])).toBeUndefined();
  });
});

describe('singlesOut', () => {
  it('is false for an event told only as "a"/"an" one with no name', () => {
    expect(
      singlesOut('Goodwill increased by $35 thousand from an acquisition of a distribution route.', [
        'acquisit',
      ]),
    ).toBe(false);
    expect(singlesOut('The company completed the acquisition of Adatum Fasteners.', ['acquisit'])).toBe(true);
    expect(singlesOut('The company completed an acquisition of Adatum Fasteners.', ['acquisit'])).toBe(true);
  });
});

describe('judgeStatement: a significant event of the document’s own period', () => {
  const question = 'Did Contoso Foods disclose any significant acquisitions in the Q2 2024 report?';
  const own = new Map([['contoso.md', { year: 2024, fiscalYear: 2025 }]]);
  const earlier = testHit(
    'contoso.md',
    'In fiscal year 2024 the company completed the acquisition of Fabrikam Bakeries for $21.4 million.',
  );
  const small = testHit(
    'contoso.md',
    'Goodwill increased by $35 thousand in the first half of fiscal year 2025 from an acquisition of a distribution route.',
    { ordinal: 1 },
  );
  const named = testHit(
    'contoso.md',
    'In January 2024 the company completed the acquisition of Northwind Mills for $9.8 million.',
    { ordinal: 2 },
  );

  it('reads the qualifier', () => {
    expect(askedStatement(question)).toMatchObject({ kind: 'existence', significant: true });
    expect(
      askedStatement('Did Contoso Foods disclose any acquisitions in the Q2 2024 report?'),
    ).not.toHaveProperty('significant');
  });

  it('is not stated by an acquisition of an earlier fiscal year or an unnamed small one', () => {
    expect(judgeStatement(askedStatement(question)!, [earlier, small], rare(['acquisit']), own).stated).toBe(
      false,
    );
    expect(
      judgeStatement(askedStatement(question)!, [earlier, small, named], rare(['acquisit']), own),
    ).toMatchObject({ stated: true, statedBy: ['contoso.md:2'] });
  });

  it('is stated by the unnamed one when the question asks for any acquisition', () => {
    const any = askedStatement('Did Contoso Foods disclose any acquisitions in the Q2 2024 report?')!;
    expect(judgeStatement(any, [earlier, small], rare(['acquisit']), own)).toMatchObject({
      stated: true,
      statedBy: ['contoso.md:1'],
    });
  });
});

describe('judgeStatement: a side that refers back to the first', () => {
  const question =
    'How does the information about the lawsuit in the Contoso Foods report relate to provisions or reserves set for these liabilities?';
  const lawsuit = testHit(
    'contoso.md',
    'In January 2024 Northwind Traders filed a lawsuit against Contoso Foods alleging breach of contract.',
  );
  const reserve = testHit('contoso.md', 'The reserve for slow-moving packaging stock was $310 thousand.', {
    ordinal: 1,
  });
  const provision = testHit(
    'contoso.md',
    'The company recorded a provision of $1.2 million for the lawsuit, included in accrued liabilities.',
    { ordinal: 2 },
  );
  const frequency = rare(['lawsuit', 'provis', 'reserv', 'set', 'liabil']);

  it('reads the head of the side that refers back', () => {
    expect(askedStatement(question)).toMatchObject({ kind: 'relation', bound: [['provis'], ['reserv']] });
    expect(askedStatement('How does the lawsuit relate to the inventory reserve?')).not.toHaveProperty(
      'bound',
    );
    // Examples after "such as", and documents or times pointed at, are no first side.
    expect(
      askedStatement('How does the lawsuit relate to reserves such as the inventory reserve?'),
    ).not.toHaveProperty('bound');
    expect(
      askedStatement('How does the lawsuit relate to the reserves reported in these filings?'),
    ).not.toHaveProperty('bound');
    expect(askedStatement('How does the lawsuit relate to the reserves held against them?')).toMatchObject({
      bound: [['reserv']],
    });
  });

  it('is not related by a sentence holding only a word of the first side', () => {
    const asked = askedStatement(
      'How does the information about legal proceedings relate to reserves set for these liabilities?',
    )!;
    const proceedings = testHit('filing.md', 'We are subject to legal proceedings in several countries.');
    const returns = testHit(
      'filing.md',
      'Reserves for product returns are based on the legal requirements of each market.',
      { ordinal: 1 },
    );
    const terms = rare(['legal', 'proceed', 'reserv', 'set', 'liabil']);
    expect(judgeStatement(asked, [proceedings, returns], terms)).toMatchObject({
      stated: true,
      related: false,
    });
    const accrued = testHit(
      'filing.md',
      'We hold reserves of $40 million for these legal proceedings, included in accrued liabilities.',
      { ordinal: 2 },
    );
    expect(judgeStatement(asked, [proceedings, returns, accrued], terms)).toMatchObject({ related: true });
  });

  it('is not related by a reserve told apart from the lawsuit', () => {
    expect(judgeStatement(askedStatement(question)!, [lawsuit, reserve], frequency)).toMatchObject({
      stated: true,
      related: false,
    });
    expect(judgeStatement(askedStatement(question)!, [lawsuit, reserve, provision], frequency)).toMatchObject(
      {
        stated: true,
        related: true,
      },
    );
  });
});

// On the fixture reports themselves (real files, a real SQLite store): one manufacturer tells its
// acquisition, divestiture and lawsuit provision for its own quarter, the other only for an earlier
// fiscal year, as a small unnamed purchase, or with no provision.
describe('ask: significant events and bound relations on the holdings reports', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(':memory:') });
    await engine.ingestPaths(['test/fixtures/holdings'], { include: ['**/*.md'] });
  });
  afterAll(() => engine.close());

  it('says not found for the report whose only acquisitions are earlier or unnamed', async () => {
    const answer = await engine.ask(
      'Did Contoso Foods disclose any significant acquisitions in the Q2 2024 report?',
    );
    expect(answer.notFound).toBe(true);
    expect(answer.text).toContain(
      'contoso-foods-report-2024-q2.md does not state any significant acquisitions',
    );
  });

  it('answers the same question about the report that tells one of its quarter', async () => {
    const answer = await engine.ask(
      'Did Litware Tools disclose any significant acquisitions in the Q2 2024 report?',
    );
    expect(answer.notFound).toBe(false);
  });

  it('says what it found of the one side a relation has in the report', async () => {
    const answer = await engine.ask(
      'In the Contoso Foods Q2 2024 report, how does the lawsuit relate to the forging press?',
    );
    expect(answer.notFound).toBe(true);
    expect(answer.text.startsWith(NOT_FOUND_TEXT)).toBe(true);
    expect(answer.text).toContain('What is stated of the lawsuit: "In January 2024 Northwind Traders');
  });

  it('says not found when nothing relates the lawsuit to a reserve, then what it found of each', async () => {
    const answer = await engine.ask(
      'How does the information about the lawsuit in the Contoso Foods Q2 2024 report relate to provisions or reserves set for these liabilities?',
    );
    // Both sides are stated, nothing relates them: not found, what is stated of each quoted after.
    expect(answer.notFound).toBe(true);
    expect(answer.text).toMatch(
      /^I could not find an answer to that in the indexed documents\. contoso-foods-report-2024-q2\.md does not state what relates the information about the lawsuit to provisions or reserves set for these liabilities; what is stated about each: In January 2024/,
    );
    const litware = await engine.ask(
      'How does the information about the lawsuit in the Litware Tools Q2 2024 report relate to provisions or reserves set for these liabilities?',
    );
    expect(litware.notFound).toBe(false);
    expect(litware.text).toContain('recorded a provision of $1.2 million');
  });
});

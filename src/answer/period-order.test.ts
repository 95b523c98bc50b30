import { describe, expect, it } from 'vitest';
import { testHit } from '../../test/support/hits.js';
import type { Hit, HitBoost } from '../core/types.js';
import { extractAnswer } from './extractive-answerer.js';
import { ASKS_WHEN, askedSection } from './period-order.js';

function filing(
  id: string,
  date: string,
  sales: string,
  boosts?: HitBoost[],
  dateFrom: 'text' | 'metadata' = 'text',
): Hit {
  return {
    chunk: {
      id: `${id}:0`,
      documentId: id,
      sourceId: id,
      ordinal: 0,
      text: `| | Three Months Ended |\n| --- | --- |\n| Total net sales | $ ${sales} |\n`,
      headingPath: ['Condensed Consolidated Statements of Operations'],
      pageStart: 4,
      pageEnd: 4,
      tokenCount: 20,
      metadata: { date, period: { kind: 'quarter', end: date }, dateFrom },
    },
    score: 1,
    scores: { lexical: 1 },
    ...(boosts ? { boosts } : {}),
  };
}

describe('extractAnswer over sources of several periods', () => {
  const older = filing('2023 Q2 ACME.pdf', '2023-04-01', '94,836');
  const newer = filing('2023 Q3 ACME.pdf', '2023-07-01', '81,797');

  it('leads with the newest source for a recency question and says the period of each figure', () => {
    const { text, cited } = extractAnswer('What were total net sales in the latest quarter?', [older, newer]);
    expect(text.indexOf('81,797')).toBeLessThan(text.indexOf('94,836'));
    expect(text).toMatch(/^Quarter ended 2023-07-01: /);
    expect(text).toContain('Quarter ended 2023-04-01: ');
    expect(cited).toEqual([2, 1]);
  });

  it('leads with the source the retriever boosted for the asked period', () => {
    const boosted = filing('2023 Q2 ACME.pdf', '2023-04-01', '94,836', [
      { kind: 'period', weight: 1, reason: 'its name states the period asked for' },
    ]);
    const { text } = extractAnswer('What were total net sales in Q2 2023?', [newer, boosted]);
    expect(text).toMatch(/^Quarter ended 2023-04-01: /);
    expect(text.indexOf('94,836')).toBeLessThan(text.indexOf('81,797'));
  });

  it('names a season by its name and year, not its last day (stop 52)', () => {
    const season = (id: string, date: string, sales: string): Hit => {
      const hit = filing(id, date, sales);
      return {
        ...hit,
        chunk: { ...hit.chunk, metadata: { date, period: { kind: 'season', end: date }, dateFrom: 'text' } },
      };
    };
    const spring = season('newsletter-spring.md', '2025-05-31', '48');
    const autumn = season('newsletter-autumn.md', '2025-11-30', '52');
    const winter = season('newsletter-winter.md', '2025-02-28', '45');
    const { text } = extractAnswer('What were total net sales in the latest newsletter?', [
      spring,
      autumn,
      winter,
    ]);
    expect(text).toMatch(/^Autumn 2025: /);
    expect(text).toContain('Spring 2025: ');
    expect(text).toContain('Winter 2025: ');
    expect(text).not.toContain('Season ended');
  });

  it('names a split year whose end is not stated by the span its title writes (stop 64)', () => {
    const year = (id: string, date: string, span: string, sales: string): Hit => {
      const hit = filing(id, date, sales);
      const period = { kind: 'year', end: date, fiscalYear: Number(date.slice(0, 4)), span };
      return { ...hit, chunk: { ...hit.chunk, metadata: { date, period, dateFrom: 'text' } } };
    };
    const { text } = extractAnswer('What were total net sales in the latest year?', [
      year('term-dates-2025-26.md', '2026-12-31', '2025–26', '48'),
      year('term-dates-2026-27.md', '2027-12-31', '2026–27', '52'),
    ]);
    expect(text).toMatch(/^Year 2026–27: /);
    expect(text).toContain('Year 2025–26: ');
    expect(text).not.toContain('Year ended');
  });

  it('keeps the order and adds no labels when the sources share one date or have none', () => {
    const same = filing('other.pdf', '2023-07-01', '12,000');
    const { text } = extractAnswer('What were total net sales in the latest quarter?', [newer, same]);
    expect(text).not.toContain('Quarter ended');
  });

  it('neither labels nor reorders by dates read from file metadata (a creation date is no period)', () => {
    const a = filing('a.pdf', '2019-08-30', '94,836', undefined, 'metadata');
    const b = filing('b.pdf', '2018-03-27', '81,797', undefined, 'metadata');
    const { text, cited } = extractAnswer('What were total net sales in the latest quarter?', [a, b]);
    expect(text).not.toMatch(/ended|Dated/);
    expect(cited[0]).toBe(1);
  });

  it('names each quote’s document too when the quotes come from more than one series', () => {
    const other = filing('2023 Q2 GLOBEX.pdf', '2023-04-01', '12,400');
    const { text } = extractAnswer('What were total net sales in the latest quarter?', [newer, other]);
    expect(text).toMatch(/^Quarter ended 2023-07-01, 2023 Q3 ACME\.pdf: /);
    expect(text).toContain('Quarter ended 2023-04-01, 2023 Q2 GLOBEX.pdf: ');
  });
});

describe('extractAnswer: sections of one document dated in their headings (stop 40)', () => {
  /** A changelog's release sections, one chunk each, the document itself dated by its newest. */
  const section = (ordinal: number, heading: string, text: string): Hit => ({
    chunk: {
      id: `changelog.md:${ordinal}`,
      documentId: 'changelog.md',
      sourceId: 'changelog.md',
      ordinal,
      text: `## ${heading}\n\n${text}`,
      headingPath: ['Orbit CLI changelog', heading],
      pageStart: 1,
      pageEnd: 1,
      tokenCount: 20,
      metadata: { date: '2024-06-03', period: { kind: 'day', end: '2024-06-03' }, dateFrom: 'text' },
    },
    score: 1,
    scores: { lexical: 1 },
  });
  const hits = [
    section(
      2,
      '2.3.0 — 2024-03-02',
      '- Added shell completion for bash and zsh.\n- Uploads now retry 3 times before failing.',
    ),
    section(
      1,
      '2.4.0 — 2024-06-03',
      '- Uploads now retry 5 times before failing.\n- Dropped support for Node 16.',
    ),
    section(3, '2.2.0 — 2023-12-11', '- Uploads retry 2 times and are split into 8 MB parts.'),
  ];

  it('leads with the newest section for a recency question and says which section each quote is from', () => {
    const { text } = extractAnswer('How many times do uploads retry in the latest release?', hits);
    expect(text.startsWith('2.4.0 — 2024-06-03: ')).toBe(true);
    expect(text).toContain('2.3.0 — 2024-03-02: ');
  });

  it('leads with the section of a named month, or of a position counted from the newest or the oldest', () => {
    expect(
      extractAnswer('How many times did uploads retry in the release of March 2024?', hits).text,
    ).toMatch(/^2\.3\.0 — 2024-03-02: /);
    expect(extractAnswer('How many times did uploads retry in the previous release?', hits).text).toMatch(
      /^2\.3\.0 — 2024-03-02: /,
    );
    const earliest = extractAnswer('How many times did uploads retry in the earliest release?', hits).text;
    expect(earliest).toMatch(/^2\.2\.0 — 2023-12-11: /);
  });

  it('says the one dated section it quotes when asked which release, also of a thing named first (stop 71)', () => {
    const one = [hits[2]!];
    for (const question of [
      'Which release split uploads into 8 MB parts?',
      'Which Orbit CLI release split uploads into 8 MB parts?',
    ])
      expect(extractAnswer(question, one).text, question).toMatch(/^2\.2\.0 — 2023-12-11: /);
    expect(extractAnswer('How big are the parts uploads are split into?', one).text).not.toMatch(
      /2023-12-11/,
    );
  });

  it('leaves quotes of undated sections unlabelled and in their order', () => {
    const plain = hits.map((hit) => ({
      ...hit,
      chunk: { ...hit.chunk, headingPath: ['Orbit CLI changelog', 'Uploads'] },
    }));
    const { text } = extractAnswer('How many times do uploads retry in the latest release?', plain);
    expect(text).not.toMatch(/— 20\d\d-/);
  });
});

describe('extractAnswer: the dated section a time cue asks for, when no quote is of one (stop 58)', () => {
  /** A status page: an introduction naming its entries, then one section per incident. */
  const chunk = (ordinal: number, headingPath: string[], text: string): Hit => ({
    chunk: {
      id: `status.html:${ordinal}`,
      documentId: 'status.html',
      sourceId: 'status.html',
      ordinal,
      text,
      headingPath,
      pageStart: 1,
      pageEnd: 1,
      tokenCount: 20,
      metadata: {},
    },
    score: 1,
    scores: { lexical: 1 },
  });
  const page = 'Northbeam status history';
  const hits = [
    chunk(0, [page], 'Incidents affecting the Northbeam platform, newest first. Times are in UTC.'),
    chunk(
      2,
      [page, 'March 14, 2026: Elevated API latency'],
      'Duration: 47 minutes. A failing storage node slowed reads.',
    ),
    chunk(
      1,
      [page, 'April 22, 2026: Delayed webhook deliveries'],
      'Duration: 1 hour 12 minutes. A queue consumer stalled.',
    ),
    chunk(
      3,
      [page, 'January 17, 2026: Scheduled maintenance overran'],
      'Duration: 38 minutes. A migration ran long.',
    ),
  ];

  it('quotes the newest section for "most recent" and leads with it, labelled by its heading', () => {
    const { text } = extractAnswer('When was Northbeam’s most recent incident?', hits);
    expect(text.startsWith('April 22, 2026: Delayed webhook deliveries: ')).toBe(true);
    expect(askedSection('When was Northbeam’s most recent incident?', hits)).toBe(3);
  });

  it('reads an order word the time cue leaves to documents ("last", "first") among the sections', () => {
    expect(askedSection('What did the last incident at Northbeam affect?', hits)).toBe(3);
    expect(askedSection('What was Northbeam’s first incident?', hits)).toBe(4);
    // A period naming one section picks it; one naming several picks none without an order word.
    expect(askedSection('What happened at Northbeam in March 2026?', hits)).toBe(2);
    expect(askedSection('What happened at Northbeam in 2026?', hits)).toBeUndefined();
    expect(askedSection('What was Northbeam’s first incident of 2026?', hits)).toBe(4);
    // No cue, no section.
    expect(askedSection('What slowed reads at Northbeam?', hits)).toBeUndefined();
  });

  it('picks no section when the cue picked a document (a series’ version), or the document has one dated section', () => {
    const boosted = hits.map((hit, i) =>
      i === 0 ? { ...hit, boosts: [{ kind: 'recency' as const, weight: 1, reason: 'newest' }] } : hit,
    );
    expect(askedSection('When was Northbeam’s most recent incident?', boosted)).toBeUndefined();
    expect(askedSection('When was Northbeam’s most recent incident?', hits.slice(0, 2))).toBeUndefined();
  });
});

describe('ASKS_WHEN (stop 66)', () => {
  it('reads "by when", "until when" and "since when" as asking when', () => {
    for (const question of [
      'When is the fire blanket due?',
      'By when must the fire blanket be fitted?',
      'Until when is the offer open?',
      'Since when has the hall been closed?',
      'On what date was it serviced?',
    ])
      expect(ASKS_WHEN.test(question), question).toBe(true);
    expect(ASKS_WHEN.test('Who must fit the fire blanket by June?')).toBe(false);
  });
});

describe('a version a question names picks its dated section (stop 72)', () => {
  const notes = (ordinal: number, heading: string, text: string): Hit =>
    testHit('notes.md', text, { ordinal, headingPath: ['Release notes', heading] });
  const hits = [
    notes(
      2,
      'Version 5.1.0 — 20 January 2026',
      '- Both versions of a note are kept when it is changed offline.',
    ),
    notes(3, 'Version 5.0.0 — 18 November 2025', '- Version 5.0 needs iOS 16 or later.'),
    notes(4, 'Version 4.9.0 — 9 September 2025', '- Reminders can repeat every weekday.'),
  ];

  it('reads "version 5.0" as the section headed "Version 5.0.0", and leads with it', () => {
    expect(askedSection('When was Wrenlet Notes version 5.0 released?', hits)).toBe(2);
    expect(askedSection('What changed in v4.9?', hits)).toBe(3);
    // A version no section writes, or none named: no section.
    expect(askedSection('When was version 6.0 released?', hits)).toBeUndefined();
    const { text } = extractAnswer('When was Wrenlet Notes version 5.0 released?', hits);
    expect(text.startsWith('Version 5.0.0 — 18 November 2025: ')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import {
  askedExtreme,
  extremeOf,
  namedRecords,
  numeric,
  rankedColumn,
  rankValue,
  recordFields,
} from './asked-record.js';

describe('recordFields', () => {
  it("reads a structured source's record: every line a field its metadata carries", () => {
    const chunk = {
      text: 'Month: June 2026\nGenerated (kWh): 4812\nSaving (£): 889',
      metadata: { Month: 'June 2026', 'Generated (kWh)': 4812, 'Saving (£)': 889, source: 'x.csv' },
    };
    expect(recordFields(chunk)).toEqual([
      { label: 'Month', value: 'June 2026' },
      { label: 'Generated (kWh)', value: '4812' },
      { label: 'Saving (£)', value: '889' },
    ]);
  });

  it('reads no record in a form whose labels its metadata does not carry, nor in one line or prose', () => {
    expect(
      recordFields({ text: 'Property: 14 Fenwick Road\nEngineer: Tom Haddad', metadata: {} }),
    ).toBeUndefined();
    expect(recordFields({ text: 'Month: June 2026', metadata: { Month: 'June 2026' } })).toBeUndefined();
    expect(
      recordFields({ text: 'Month: June 2026\nIt was a sunny month.', metadata: { Month: 'June 2026' } }),
    ).toBeUndefined();
  });
});

describe('askedExtreme, numeric and extremeOf', () => {
  it('read a superlative, a figure as a cell writes it, and pick the one item with the most or least', () => {
    expect(askedExtreme('Which day had the strongest gust?')).toBe('most');
    expect(askedExtreme('In which month were the fewest events held?')).toBe('least');
    expect(askedExtreme('What was the most recent month?')).toBeUndefined();
    expect([numeric('£1,204.55'), numeric('(39)'), numeric('12%'), numeric('£900 to £1,500')]).toEqual([
      1204.55,
      -39,
      12,
      Number.NaN,
    ]);
    const rows = [{ v: '£182' }, { v: '£330' }, { v: 'n/a' }, { v: '£53' }];
    expect(extremeOf(rows, (r) => numeric(r.v), 'most')).toBe(rows[1]);
    expect(extremeOf(rows, (r) => numeric(r.v), 'least')).toBe(rows[3]);
  });

  it('picks nothing on a tie or when no item has a figure', () => {
    expect(extremeOf([{ v: '5' }, { v: '5' }, { v: '2' }], (r) => numeric(r.v), 'most')).toBeUndefined();
    expect(extremeOf([{ v: 'none' }], (r) => numeric(r.v), 'most')).toBeUndefined();
  });
});

describe('rankedColumn (stop 66)', () => {
  const columns = [
    { label: 'height_cm', value: '30' },
    { label: 'price_gbp', value: '9.99' },
    { label: 'pot_size', value: '3 litre' },
  ];

  it('ranks a superlative of a price by the column naming a sum of money', () => {
    expect(rankedColumn('Which is the cheapest plant?', columns, 'least')?.label).toBe('price_gbp');
    expect(rankedColumn('Which plant is the most expensive?', columns, 'most')?.label).toBe('price_gbp');
    expect(
      rankedColumn('Which room costs the most?', [{ label: 'Nightly rate', value: '£95' }], 'most')?.label,
    ).toBe('Nightly rate');
  });

  it('leaves a superlative naming no column and no dimension unranked', () => {
    expect(rankedColumn('Which is the best plant?', columns, 'most')).toBeUndefined();
  });
});

describe('namedRecords (stop 67)', () => {
  const wine = (name: string, colour: string, country: string, bottle: string) => ({
    name,
    fields: [
      { label: 'wine', value: name },
      { label: 'colour', value: colour },
      { label: 'country', value: country },
      { label: 'bottle', value: bottle },
    ],
  });
  const list = [
    wine('Les Terrasses Rouge', 'Red', 'France', '£23.50'),
    wine('Les Terrasses Blanc', 'White', 'France', '£24.00'),
    wine('Waimea Ridge', 'White', 'New Zealand', '£33.00'),
    wine('Altos del Rio Malbec', 'Red', 'Argentina', '£31.50'),
  ];
  const names = (question: string) => namedRecords(question, list).map((r) => r.name);

  it('keeps the records holding a value the question writes, one column after another', () => {
    expect(names('What is the cheapest white wine by the bottle?')).toEqual([
      'Les Terrasses Blanc',
      'Waimea Ridge',
    ]);
    expect(names('What is the cheapest red wine from France?')).toEqual(['Les Terrasses Rouge']);
    expect(names('Which white wine from New Zealand is on the list?')).toEqual(['Waimea Ridge']);
  });

  it('keeps them all when no value is named, or every record holds it', () => {
    expect(names('What is the cheapest wine by the bottle?')).toHaveLength(4);
    expect(namedRecords('Which is the cheapest wine from France?', list.slice(0, 2))).toHaveLength(2);
    // A figure is ranked, never named.
    expect(names('Which wine costs £24.00?')).toHaveLength(4);
  });
});

describe('rankValue and a label a question word compounds (stop 67)', () => {
  it('reads a span of hours and minutes as minutes, and a number as itself', () => {
    expect(rankValue('2h 21m')).toBe(141);
    expect(rankValue('1 hr 30 mins')).toBe(90);
    expect(rankValue('2 hours 15 minutes')).toBe(135);
    expect(rankValue('95 min')).toBe(95);
    expect(rankValue('£7.50')).toBe(7.5);
    // A bare "m" alone is a metre; words are no value.
    expect(rankValue('15m')).toBeNaN();
    expect(rankValue('Daily 20:40')).toBeNaN();
  });

  it('ranks by the column whose label word a question word compounds', () => {
    const columns = [
      { label: 'day_kwh', value: '312' },
      { label: 'night_kwh', value: '148' },
      { label: 'total_cost', value: '£121.93' },
    ];
    expect(
      rankedColumn('In which month was the least daytime electricity used?', columns, 'least')?.label,
    ).toBe('day_kwh');
    expect(rankedColumn('Which month had the most night-time use?', columns, 'most')?.label).toBe(
      'night_kwh',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { askedExtreme, extremeOf, numeric, rankedColumn, recordFields } from './asked-record.js';

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

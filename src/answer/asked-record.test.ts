import { describe, expect, it } from 'vitest';
import { recordFields } from './asked-record.js';

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

import { describe, expect, it } from 'vitest';
import { ageBounds, askerAge } from './asked-age.js';

describe('askerAge, ageBounds', () => {
  it('reads the age a question states, in years only', () => {
    expect(askerAge("I'm 70 — how much is the subscription?")).toBe(70);
    expect(askerAge('Can my 7-year-old swim on her own?')).toBe(7);
    expect(askerAge('Is there a fee for a 9 year old?')).toBe(9);
    expect(askerAge("I'm 20 minutes late: can I still go in?")).toBeUndefined();
    expect(askerAge('Can my 18 months old baby come?')).toBeUndefined();
  });

  it('reads the ages a label bounds, not sums nor other ranges', () => {
    expect(ageBounds('Concession (over 65, or receiving benefits)')).toEqual([{ low: 65, high: Infinity }]);
    expect(ageBounds('Adult (18+)')).toEqual([{ low: 18, high: Infinity }]);
    expect(ageBounds('Under-8s')).toEqual([{ low: 0, high: 7 }]);
    expect(ageBounds('Teen improvers (13–17 years)')).toEqual([{ low: 13, high: 17 }]);
    expect(ageBounds('Orders over £50')).toEqual([]);
    expect(ageBounds('Stages 1–3 (Ducklings)')).toEqual([]);
  });

  it('reads the age bound of a sentence, not a bound of another unit (stop 74)', () => {
    expect(
      ageBounds('5. Children under 12 must be supervised on court by an adult aged 18 or over.'),
    ).toEqual([
      { low: 18, high: Infinity },
      { low: 0, high: 11 },
    ]);
    expect(ageBounds('Over 65 years: free entry')).toEqual([{ low: 65, high: Infinity }]);
    expect(ageBounds('Parcels under 10 kg go by post')).toEqual([]);
    expect(ageBounds('Babies under 12 months travel free')).toEqual([]);
    expect(ageBounds('Stays over 30 minutes are charged')).toEqual([]);
  });

  it('reads an age before a dash that opens the question (stop 74)', () => {
    expect(askerAge("I'm 67 – how much would it cost me to join?")).toBe(67);
    expect(askerAge('Can I join if aged 15-17?')).toBeUndefined();
    expect(askerAge('Can I join if aged 15 – 17?')).toBeUndefined();
  });

  it('reads a bare range as ages only in a column of ages (stop 75)', () => {
    expect(ageBounds('13 to 17')).toEqual([]);
    expect(ageBounds('13 to 17', true)).toEqual([{ low: 13, high: 17 }]);
    expect(ageBounds('9–12', true)).toEqual([{ low: 9, high: 12 }]);
    // Another unit's range, a sum or a decimal is none.
    expect(ageBounds('6 to 18 months', true)).toEqual([]);
    expect(ageBounds('£5 to £10', true)).toEqual([]);
    expect(ageBounds('1.5 to 3', true)).toEqual([]);
  });
});

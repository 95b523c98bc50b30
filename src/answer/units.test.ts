import { describe, expect, it } from 'vitest';
import { namedUnits, unitKey, unitsStated } from './units.js';

describe('unitKey', () => {
  it('gives one key to a unit’s names, spellings and symbol', () => {
    expect(unitKey('kilometres')).toBe(unitKey('km'));
    expect(unitKey('kilometers')).toBe(unitKey('km'));
    expect(unitKey('miles')).toBe(unitKey('mi'));
    expect(unitKey('hours')).toBe(unitKey('hrs'));
    expect(unitKey('megawatts')).toBe(unitKey('MW'));
    expect(unitKey('km')).not.toBe(unitKey('mi'));
  });

  it('gives none to words that name no unit, or only a unitless count', () => {
    expect(unitKey('track')).toBeUndefined();
    expect(unitKey('people')).toBeUndefined();
    expect(unitKey('cells')).toBeUndefined();
    expect(unitKey('2023')).toBeUndefined();
  });
});

describe('namedUnits and unitsStated', () => {
  it('finds the question’s unit words written as a symbol after a figure', () => {
    const units = namedUnits('How many track kilometres had the contractor laid?');
    expect([...units.keys()]).toEqual(['kilometres']);
    expect(unitsStated('bringing the total laid to date to 6.4 km of the route', units)).toEqual([
      'kilometres',
    ]);
    expect(unitsStated('the 40MW plant', namedUnits('How many megawatts?'))).toEqual(['megawatts']);
    // The symbol without a figure, or another unit, states none.
    expect(unitsStated('distances in km are approximate', units)).toEqual([]);
    expect(unitsStated('a 12 mi ride', units)).toEqual([]);
  });
});

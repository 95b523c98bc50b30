import { describe, expect, it } from 'vitest';
import { namedUnits, unitKey, unitKindsStated, unitsStated } from './units.js';

describe('unitKey', () => {
  it('gives one key to a unit’s names, spellings and symbol', () => {
    expect(unitKey('kilometres')).toBe(unitKey('km'));
    expect(unitKey('kilometers')).toBe(unitKey('km'));
    expect(unitKey('miles')).toBe(unitKey('mi'));
    expect(unitKey('hours')).toBe(unitKey('hrs'));
    expect(unitKey('megawatts')).toBe(unitKey('MW'));
    expect(unitKey('km')).not.toBe(unitKey('mi'));
    // A plural the unit tables lack is read as its singular (stop 54).
    expect(unitKey('tonnes')).toBe(unitKey('t'));
    expect(unitKey('hectares')).toBe(unitKey('hectare'));
    expect(unitKey('tonnes')).not.toBe(unitKey('kg'));
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

  it('reads two words that name one unit together as that unit (stop 54)', () => {
    // "kilowatt" alone is power and "hours" time: "kWh" is neither, it is energy.
    const energy = namedUnits('How many kilowatt hours of electricity did the museum use?');
    expect(energy.get('kilowatt')).toBe(unitKey('kWh'));
    expect(unitsStated('| Electricity | 212,000 kWh | 188,000 kWh |', energy)).toEqual(['kilowatt', 'hours']);
    expect(unitsStated('a 40 kW boiler running 6 hrs a day', energy)).toEqual([]);
    // Apart, each keeps its own.
    expect(namedUnits('How many hours did the 40 kilowatt boiler run?').get('hours')).toBe(unitKey('hrs'));
  });
});

describe('unitKindsStated', () => {
  it('reads the kinds of the units written after figures, square and cubic lengths and decibels too', () => {
    expect(unitKindsStated('| Noise level | 39 dB(A) on the low fan setting |')).toEqual(['loudness']);
    expect(unitKindsStated('up to 40 square metres, 10.5 kg, 2.3 metres high')).toEqual([
      'area',
      'mass',
      'length',
    ]);
    expect(unitKindsStated('Keep it between 10°C and 30°C.')).toEqual(['temperature']);
    expect(unitKindsStated('The ferry takes 20 cars.')).toEqual([]);
  });

  it("reads a unit in brackets on a figure's label (stop 65)", () => {
    expect(unitKindsStated('Month: June 2026\nGenerated (kWh): 4812')).toEqual(['energy']);
    expect(unitKindsStated('| Weight (kg) | 18 |')).toEqual(['mass']);
    // A bracket that is no unit, or a unit on a label without a figure, states nothing.
    expect(unitKindsStated('pH (undiluted) | 1.8')).toEqual([]);
    expect(unitKindsStated('Saving (£): 412')).toEqual([]);
    expect(unitKindsStated('Exported (kWh): none')).toEqual([]);
  });
});

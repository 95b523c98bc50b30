import { describe, expect, it } from 'vitest';
import { askedDimensions, statesDimension } from './asked-dimension.js';

describe('askedDimensions', () => {
  it('reads a plain adjective after "how" and a ranked one anywhere', () => {
    expect(askedDimensions('How loud is the Tarn 3 dehumidifier?').map((d) => d.word)).toEqual(['loud']);
    expect(askedDimensions('What is the tallest vehicle the ferry takes?').map((d) => d.word)).toEqual([
      'tallest',
    ]);
    expect(askedDimensions('How heavy is the kayak?')[0]!.kinds).toEqual(['mass']);
    // A plain adjective elsewhere is no question of its measure, nor one after "too" in a
    // yes-or-no question, which asks a judgement.
    expect(askedDimensions('Is the hall too loud for a wedding?')).toEqual([]);
    // Outside one, "too hot or too cold" asks the bounds (stop 78).
    const asked = askedDimensions(
      "What's the alert range before the monitor warns me the room is too hot or too cold?",
    );
    expect(asked.map((d) => d.word)).toEqual(['hot', 'cold']);
    expect(asked[0]!.nouns).toContain('temperature');
  });

  it('reads "largest" as held by a unit of size or a bound, not a noun: it also ranks what no unit measures', () => {
    const [largest] = askedDimensions('Who is the largest customer?');
    expect(largest!.nouns).toEqual(['maximum', 'max']);
    expect(statesDimension('Customer size varies by region.', largest!)).toBe(false);
    expect(statesDimension('| Suitable room size | up to 40 square metres |', largest!)).toBe(true);
    const [large] = askedDimensions('How large is the hall?');
    expect(statesDimension('The hall is our biggest by size.', large!)).toBe(true);
  });
});

describe('askedDimensions: a superlative asks the bound a document states', () => {
  it('holds "largest" by a maximum and "smallest" by a minimum', () => {
    const [largest] = askedDimensions('What is the largest attachment Quillpad allows?');
    expect(statesDimension('Changed: the maximum attachment size rises from 25 MB to 50 MB.', largest!)).toBe(
      true,
    );
    const [smallest] = askedDimensions('What is the smallest group the centre takes?');
    expect(statesDimension('Groups need a minimum of 8 people.', smallest!)).toBe(true);
    expect(statesDimension('Groups need a maximum of 30 people.', smallest!)).toBe(false);
  });
});

describe('statesDimension', () => {
  const [loud] = askedDimensions('How loud is it?');
  const [tallest] = askedDimensions('What is the tallest van it takes?');
  const [hottest] = askedDimensions('What is the hottest room it works in?');

  it('is held by a noun of the dimension or a figure in one of its units', () => {
    expect(statesDimension('| Noise level | 39 dB(A) on the low fan setting |', loud!)).toBe(true);
    expect(statesDimension('It runs at 42 decibels.', loud!)).toBe(true);
    expect(statesDimension('| Weight | 10.5 kg |', loud!)).toBe(false);
    expect(statesDimension('Vehicles up to 2.3 metres high and 6 metres long.', tallest!)).toBe(true);
    expect(statesDimension('Headroom on the car deck is 2.3 m.', tallest!)).toBe(true);
    expect(statesDimension('The ferry takes 20 cars.', tallest!)).toBe(false);
    expect(statesDimension('Do not use it in rooms warmer than 35°C.', hottest!)).toBe(true);
  });
});

describe('askedDimensions: "how long"', () => {
  it('is left to the span rule (time as often as length); "the longest" is read', () => {
    expect(askedDimensions('How long does the council take to reply?')).toEqual([]);
    expect(askedDimensions('What is the longest pool?').map((d) => d.word)).toEqual(['longest']);
  });
});

describe('askedDimensions: a dimension asked by its noun (stop 64)', () => {
  it('reads "temperature", "weight" and their like anywhere, held by a figure in their unit', () => {
    const [temperature] = askedDimensions('At what temperature should Dexolin be stored?');
    expect(temperature?.word).toBe('temperature');
    expect(statesDimension('Store below 25°C in the original package.', temperature!)).toBe(true);
    expect(statesDimension('Keep out of the sight and reach of children.', temperature!)).toBe(false);
    const [weight] = askedDimensions('What is the weight of the K2 Cargo?');
    expect(statesDimension('| Frame | 31 kg |', weight!)).toBe(true);
  });

  it('leaves nouns of another sense alone ("length" of a tenancy, "capacity" of a hall)', () => {
    expect(askedDimensions('What is the length of the tenancy?')).toEqual([]);
    expect(askedDimensions('What is the capacity of the main hall?')).toEqual([]);
  });
});

describe('askedDimensions: an amount asked after "how much" (stop 65)', () => {
  it('reads "how much electricity" as energy, held by kilowatt-hours on a label or after a figure', () => {
    const [energy] = askedDimensions('How much electricity did the solar panels generate in June 2026?');
    expect(energy?.word).toBe('electricity');
    expect(statesDimension('Month: June 2026\nGenerated (kWh): 4812', energy!)).toBe(true);
    expect(statesDimension('We used 311 kWh in March.', energy!)).toBe(true);
  });

  it('reads no amount in "the electricity bill": the question asks a sum of money', () => {
    expect(askedDimensions('How much is the latest electricity bill for?')).toEqual([]);
    expect(askedDimensions('Who supplies the electricity?')).toEqual([]);
  });
});

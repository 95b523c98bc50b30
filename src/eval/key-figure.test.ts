import { describe, expect, it } from 'vitest';
import { figuresIn, keyFigure, statesFigure } from './key-figure.js';

describe('keyFigure', () => {
  it('is the first quantity, past dates, years, labels and codes', () => {
    const reference =
      'In Note 7 of the Q3 2022 Form 10-Q, for the quarter ended June 25, 2022, total net sales were ' +
      '$82,959 million, up 2% (Item 2).\n\nSOURCE(S): 2022 Q3 AAPL.pdf';
    expect(keyFigure(reference)).toMatchObject({ text: '$82,959 million', value: 82959, scale: 1e6 });
  });

  it('reads percentages, decimals and scale words', () => {
    expect(keyFigure('The effective tax rate was 15.7%.')).toMatchObject({ value: 15.7, decimals: 1 });
    expect(keyFigure('It repurchased 46.2 million shares.')).toMatchObject({ value: 46.2, scale: 1e6 });
    expect(keyFigure('Cash flows were $11.4 billion for Q3 2022.')).toMatchObject({ text: '$11.4 billion' });
  });

  it('reads a scale letter joined to a sum, not to a bare number', () => {
    expect(keyFigure('£97.8m for the quarter ended 31 August 2026.')).toMatchObject({
      value: 97.8,
      scale: 1e6,
    });
    expect(keyFigure('A budget of $40k.')).toMatchObject({ value: 40, scale: 1e3 });
    expect(statesFigure('| Revenue | £97.8m | £88.0m |', keyFigure('£97.8m.')!)).toBe(true);
    expect(statesFigure('Revenue was £97,800,000.', keyFigure('£97.8m.')!)).toBe(true);
    expect(figuresIn('a 12m mast').map((f) => f.text)).toEqual([]);
  });

  it("does not read an answer's citation markers as figures it states (stop 70)", () => {
    expect(
      statesFigure('Items are ready to collect from 2pm. [1] Cards cost £5. [3]', keyFigure('£3 per item.')!),
    ).toBe(false);
    expect(statesFigure('The importer is removed. [1] It drops empty columns. [2]', keyFigure('2.0')!)).toBe(
      false,
    );
    expect(statesFigure('There is a handling fee of £3 per item. [3]', keyFigure('£3 per item.')!)).toBe(
      true,
    );
  });

  it('is undefined when the reference states no quantity', () => {
    expect(keyFigure('No, there were no acquisitions reported in the Q2 2023 10-Q.')).toBeUndefined();
    expect(keyFigure('See Note 12 and Rule 12b-2, filed on March 3, 2023.')).toBeUndefined();
    expect(keyFigure('Amounts: see SOURCE(S)\nSOURCES: $5 million')).toBeUndefined();
  });
});

describe('figuresIn', () => {
  it('skips numbers inside words and codes', () => {
    expect(figuresIn('Q3 10-Q M2 4K 12b-2 94-2404110').map((f) => f.text)).toEqual([]);
    expect(figuresIn('(1,231) and 3.050% Notes').map((f) => f.text)).toEqual(['1,231', '3.050%']);
  });
});

describe('statesFigure', () => {
  const figure = keyFigure('Total net sales were $82,959 million.')!;

  it('accepts the figure as written, as an unscaled table cell and at another scale', () => {
    expect(statesFigure('Total net sales | 82,959 | 81,434', figure)).toBe(true);
    expect(statesFigure('net sales of $82,959 million [1]', figure)).toBe(true);
    expect(statesFigure('net sales of $82.959 billion', figure)).toBe(true);
  });

  it('rejects other numbers and coarser roundings', () => {
    expect(statesFigure('net sales of $83 billion', figure)).toBe(false);
    expect(statesFigure('Total net sales | 81,434', figure)).toBe(false);
    expect(statesFigure('Q82959', figure)).toBe(false);
  });

  it('rounds a precise cell to a rounded reference', () => {
    const rounded = keyFigure('Cash from operations was $7.7 billion.')!;
    expect(statesFigure('Net cash provided by operating activities | 7,696', rounded)).toBe(true);
    expect(statesFigure('Net cash provided by operating activities | 7,596', rounded)).toBe(false);
    const rate = keyFigure('The rate was 15.7%.')!;
    expect(statesFigure('Effective tax rate | 15.7 % | 16.0 %', rate)).toBe(true);
    expect(statesFigure('Effective tax rate | 157', rate)).toBe(false);
  });
});

describe('keyFigure of counts', () => {
  it('takes a whole number followed by a unit or a counted noun when no figure is in notation', () => {
    expect(keyFigure('A total of 38 patients will be enrolled.')).toMatchObject({ value: 38 });
    expect(keyFigure('A total of 38 patients, plus a 20% dropout.')).toMatchObject({ text: '20%' });
    expect(keyFigure('It climbed to 30 to 50 feet.')).toMatchObject({ text: '50' });
    expect(keyFigure('A 1,500-foot-long strip.')).toMatchObject({ value: 1500 });
    expect(keyFigure('In a 30-degree bank.')).toMatchObject({ value: 30 });
    expect(keyFigure('See Note 7 of Part 2 and runway 04, then 3 fatal injuries.')).toMatchObject({
      value: 3,
    });
    expect(keyFigure('As listed in 1. The list')).toBeUndefined();
  });
});

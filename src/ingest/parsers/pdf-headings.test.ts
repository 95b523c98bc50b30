import { describe, expect, it } from 'vitest';
import {
  compareProminence,
  findHeadings,
  type HeadingStyle,
  headingLevels,
  numberingOf,
} from './pdf-headings.js';
import { type PdfTextItem, pageLines } from './pdf-layout.js';
import type { PlacedLine } from './pdf-tables.js';

const LETTER = [1, 0, 0, -1, 0, 792];

function item(
  str: string,
  y: number,
  options: { size?: number; font?: string; x?: number } = {},
): PdfTextItem {
  const size = options.size ?? 10;
  return {
    str,
    transform: [size, 0, 0, size, options.x ?? 72, y],
    width: str.length * size * 0.5,
    fontName: options.font ?? 'regular',
  };
}

function lines(items: PdfTextItem[]): PlacedLine[] {
  const page = pageLines(items, LETTER);
  return page.paragraphs.flatMap((texts, paragraph) =>
    texts.map((text, i) => ({ text, layout: page.layout![paragraph]![i]!, paragraph })),
  );
}

const BODY = 'The company reported higher revenue in every segment during the quarter under review here';

describe('numberingOf', () => {
  it('tells parts, items, notes and decimal numbering apart', () => {
    expect(numberingOf('PART II — OTHER INFORMATION')).toEqual({ kind: 'part', depth: 0 });
    expect(numberingOf('Item 1A. Risk Factors')).toEqual({ kind: 'item', depth: 0 });
    expect(numberingOf('Note 7 – Benefit Plans')).toEqual({ kind: 'note', depth: 0 });
    expect(numberingOf('4.Study Population')).toEqual({ kind: 'decimal', depth: 0 });
    expect(numberingOf('4.1 Number of Cases')).toEqual({ kind: 'decimal', depth: 1 });
    expect(numberingOf('2022 was a good year')).toEqual({ kind: 'none', depth: 0 });
    expect(numberingOf('Revenue')).toEqual({ kind: 'none', depth: 0 });
  });
});

describe('headingLevels', () => {
  const style = (overrides: Partial<HeadingStyle>): HeadingStyle => ({
    size: 10,
    numbering: { kind: 'none', depth: 0 },
    caps: false,
    emphasis: true,
    ...overrides,
  });

  it('nests by prominence: title, PART over Item whatever the size, numbered over plain', () => {
    const title = style({ size: 18, title: true });
    const part = style({ numbering: { kind: 'part', depth: 0 }, caps: true });
    const item = style({ size: 12, numbering: { kind: 'item', depth: 0 } });
    const note = style({ numbering: { kind: 'note', depth: 0 } });
    const plain = style({});
    expect(compareProminence(part, item)).toBeLessThan(0);
    expect(compareProminence(note, plain)).toBeLessThan(0);
    expect(compareProminence(plain, plain)).toBe(0);
    expect(headingLevels([title, part, item, note, plain, plain, note, plain, item, part, item])).toEqual([
      1, 2, 3, 4, 5, 5, 4, 5, 3, 2, 3,
    ]);
  });

  it('follows the outline depth before anything else, and never goes past level 6', () => {
    const outline = (depth: number) => style({ outlineDepth: depth, size: 8 });
    expect(headingLevels([outline(0), style({ size: 20 }), outline(1), outline(0)])).toEqual([1, 2, 2, 1]);
    const deeper = [0, 1, 2, 3, 4, 5, 6].map((depth) => style({ numbering: { kind: 'decimal', depth } }));
    expect(headingLevels(deeper)).toEqual([1, 2, 3, 4, 5, 6, 6]);
  });
});

describe('findHeadings', () => {
  const body = { size: 10, font: 'regular' };

  it('finds bold, capitalised, numbered and larger headings that stand as their own paragraph', () => {
    const found = findHeadings(
      lines([
        item('Quarterly Highlights', 740, { font: 'bold' }),
        item(BODY, 726),
        item('second line of the same paragraph.', 714),
        item('LIQUIDITY AND CAPITAL RESOURCES', 690),
        item(BODY, 676),
        item('4.1 Number of Cases', 650),
        item(BODY, 636),
        item('Outlook', 606, { size: 14 }),
        item(BODY, 590),
      ]),
      body,
    );
    expect(found.map((h) => h.text)).toEqual([
      'Quarterly Highlights',
      'LIQUIDITY AND CAPITAL RESOURCES',
      '4.1 Number of Cases',
      'Outlook',
    ]);
    expect(found.map((h) => [h.style.emphasis, h.style.caps, h.style.numbering.kind])).toEqual([
      [true, false, 'none'],
      [false, true, 'none'],
      [false, false, 'decimal'],
      [false, false, 'none'],
    ]);
  });

  it('takes a bold line that opens a paragraph of body text, and joins a heading over two lines', () => {
    const found = findHeadings(
      lines([
        item('Item 2. Management’s Discussion and Analysis of Financial', 740, { font: 'bold' }),
        item('Condition and Results of Operations', 728, { font: 'bold' }),
        item(BODY, 716),
      ]),
      body,
    );
    expect(found.map((h) => h.text)).toEqual([
      'Item 2. Management’s Discussion and Analysis of Financial Condition and Results of Operations',
    ]);
  });

  it('passes over sentences, body text, table-of-contents entries, labels and small print', () => {
    const found = findHeadings(
      lines([
        item('The pilot was not injured.', 740, { font: 'bold' }),
        item(BODY, 726),
        item('Controls and Procedures 49', 700, { font: 'bold' }),
        item(BODY, 686),
        item('Net sales:', 660),
        item(BODY, 646),
        item('PART I', 620, { size: 6 }),
        item(BODY, 606),
        item('A plain line in the body font', 580),
        item(BODY, 566),
        item('COVID-19', 540),
        item(BODY, 526),
      ]),
      body,
    );
    expect(found).toEqual([]);
  });

  it('leaves out lines it is told to skip (tables), and does without a body font', () => {
    const page = lines([item('Revenue by Segment', 740, { font: 'bold' }), item(BODY, 726)]);
    expect(findHeadings(page, body, new Set([0]))).toEqual([]);
    expect(findHeadings(page, { size: 10, font: undefined })).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { passagesOf, quoteRows, tableCells } from './passages.js';

describe('passagesOf', () => {
  it('goes on past a company\'s "Inc." before its short name in brackets', () => {
    const text =
      'On February 22, 2023, we acquired 1Life Healthcare, Inc. (“One Medical”), for cash consideration of approximately $3.5 billion. We acquired Fabrikam Inc. The deal closed in May.';
    expect(passagesOf(text).map((p) => p.text)).toEqual([
      'On February 22, 2023, we acquired 1Life Healthcare, Inc. (“One Medical”), for cash consideration of approximately $3.5 billion.',
      'We acquired Fabrikam Inc.',
      'The deal closed in May.',
    ]);
  });

  it('gives sentences, key/value lines and table rows with their header, and no headings', () => {
    const text = [
      '## Results',
      '',
      'Net sales rose. Costs fell.',
      '',
      'Location: Springfield | Status: Closed',
      'Aircraft: Piper | Damage: Substantial',
      '',
      '|  | 2022 | 2021 |',
      '| --- | --- | --- |',
      '| Total net sales | 82,959 | 81,434 |',
      '| Net income | 19,442 | 21,744 |',
    ].join('\n');
    const passages = passagesOf(text);
    expect(passages.map((p) => [p.kind, p.text])).toEqual([
      ['sentence', 'Net sales rose.'],
      ['sentence', 'Costs fell.'],
      ['line', 'Location: Springfield | Status: Closed'],
      ['line', 'Aircraft: Piper | Damage: Substantial'],
      ['row', '| Total net sales | 82,959 | 81,434 |'],
      ['row', '| Net income | 19,442 | 21,744 |'],
    ]);
    expect(passages[4]!.table).toEqual({ header: '|  | 2022 | 2021 |', delimiter: '| --- | --- | --- |' });
    expect(passages[0]!.block).toBe(passages[1]!.block);
    expect(passages[4]!.block).not.toBe(passages[2]!.block);
  });
});

describe('passagesOf: ordered lists (stop 41)', () => {
  it("keeps an ordered list's marker with its item, not as a sentence of its own", () => {
    const texts = passagesOf(
      '## Items\n\n1. Apologies for absence.\n2. Minutes of the last meeting.\n3. Bus shelter repairs.',
    ).map((p) => p.text);
    expect(texts).toEqual([
      '1. Apologies for absence.',
      '2. Minutes of the last meeting.',
      '3. Bus shelter repairs.',
    ]);
  });
});

describe('passagesOf: bulleted lists (stop 63)', () => {
  it('gives each item of a bulleted list as its own passage, however it ends', () => {
    const text = [
      'The tenant agrees:',
      '- to keep the garden tidy and the lawn cut;',
      "- not to keep any pet without the landlord's written consent,",
      '  which will not be unreasonably withheld;',
      "- to give at least two months' notice in writing.",
    ].join('\n');
    expect(passagesOf(text).map((p) => p.text)).toEqual([
      'The tenant agrees:',
      '- to keep the garden tidy and the lawn cut;',
      "- not to keep any pet without the landlord's written consent, which will not be unreasonably withheld;",
      "- to give at least two months' notice in writing.",
    ]);
  });

  it("gives a sentence after an item's first its item's label, the subject it goes on about (stop 74)", () => {
    const text = [
      '- **Wexcombe Street** – 640 spaces on 6 levels. Maximum vehicle height 2.1 m.',
      '- Harbour Quay: 210 open-air spaces. No height limit.',
      '- Open late on Fridays. Closed on bank holidays.',
    ].join('\n');
    expect(passagesOf(text).map((p) => [p.text, p.itemLabel])).toEqual([
      ['- **Wexcombe Street** – 640 spaces on 6 levels.', undefined],
      ['Maximum vehicle height 2.1 m.', 'Wexcombe Street'],
      ['- Harbour Quay: 210 open-air spaces.', undefined],
      ['No height limit.', 'Harbour Quay'],
      ['- Open late on Fridays.', undefined],
      ['Closed on bank holidays.', undefined],
    ]);
  });

  it('reads a single dash line as prose, not a list', () => {
    expect(passagesOf('Rent is due monthly; - it is paid by standing order').map((p) => p.text)).toEqual([
      'Rent is due monthly; - it is paid by standing order',
    ]);
  });
});

describe('tableCells and quoteRows', () => {
  it('split a row into cells, escaped pipes kept, and quote rows under their header', () => {
    expect(tableCells('| a\\|b | 1 |  |')).toEqual(['a|b', '1', '']);
    expect(quoteRows({ header: '| x | y |', delimiter: '| --- | --- |' }, ['| a | 1 |'])).toBe(
      '| x | y |\n| --- | --- |\n| a | 1 |',
    );
  });
});

describe('passagesOf: lines a PDF wrapped (stop 65)', () => {
  it('joins a wrapped line to the line it continues, so its colon makes no form field', () => {
    const text = [
      '## Section 7: Handling and storage',
      '',
      'Keep out of the reach of children. Store upright in the original container',
      'between 5°C and 30°C, away from direct sunlight. Do not mix with bleach or',
      'other chlorine-based cleaners: contact releases chlorine gas. Incompatible',
      'materials: strong alkalis, sodium hypochlorite.',
    ].join('\n');
    expect(passagesOf(text).map((p) => [p.kind, p.text])).toEqual([
      ['sentence', 'Keep out of the reach of children.'],
      [
        'sentence',
        'Store upright in the original container between 5°C and 30°C, away from direct sunlight.',
      ],
      ['sentence', 'Do not mix with bleach or other chlorine-based cleaners: contact releases chlorine gas.'],
      ['sentence', 'Incompatible materials: strong alkalis, sodium hypochlorite.'],
    ]);
  });

  it('reads a wrapped paragraph opening with a label as prose, and keeps short field lines apart', () => {
    const wrapped = [
      'Eyes: rinse with plenty of water for at least 15 minutes, holding the eyelids',
      'open, and get medical advice if irritation persists. Skin: wash with soap and',
      'water.',
    ].join('\n');
    expect(passagesOf(wrapped).map((p) => p.kind)).toEqual(['sentence', 'sentence']);
    const form = ['name: cairn', 'version: 1.4.0', 'licence: MIT'].join('\n');
    expect(passagesOf(form).map((p) => [p.kind, p.text])).toEqual([
      ['line', 'name: cairn'],
      ['line', 'version: 1.4.0'],
      ['line', 'licence: MIT'],
    ]);
    // A field whose value wraps stays one field line.
    const proposal = [
      'Application: 26/01342/FUL',
      'Proposal: Single-storey rear extension and loft conversion with a rear',
      'dormer window',
    ].join('\n');
    expect(passagesOf(proposal).map((p) => p.text)).toEqual([
      'Application: 26/01342/FUL',
      'Proposal: Single-storey rear extension and loft conversion with a rear dormer window',
    ]);
  });
});

describe('passagesOf: a wrap before a capital, and fields of a record (stop 66)', () => {
  it('joins a line opening with a capital to a line in which a sentence ends, cut mid-sentence', () => {
    const text = [
      'Employee: Tomasz Wilk. Employee number: 00418. Department: Warehouse. Pay date: 25',
      'September 2026. Tax period: Month 6. Tax code: 1257L. NI number: QQ 12 34 56 C. Pay',
      'frequency: monthly.',
    ].join('\n');
    const passages = passagesOf(text);
    expect(passages.every((p) => p.kind === 'sentence')).toBe(true);
    expect(passages.map((p) => p.text)).toContain('Pay date: 25 September 2026.');
    expect(passages.map((p) => p.text)).toContain('Pay frequency: monthly.');
  });

  it("keeps a record's fields apart, whatever their case and length, and a line ending in an initial", () => {
    const record = [
      'date: 2026-10-17',
      'support: Marigold Static and Pale Harbour',
      'status: few tickets left',
    ].join('\n');
    expect(passagesOf(record).map((p) => [p.kind, p.text])).toEqual([
      ['line', 'date: 2026-10-17'],
      ['line', 'support: Marigold Static and Pale Harbour'],
      ['line', 'status: few tickets left'],
    ]);
    const letter = ['Consultant: Dr S. Varga, consultant gastroenterologist', 'Clinic: Endoscopy'].join('\n');
    expect(passagesOf(letter).map((p) => p.text)).toEqual([
      'Consultant: Dr S. Varga, consultant gastroenterologist',
      'Clinic: Endoscopy',
    ]);
  });
});

describe("passagesOf: a name's initial (stop 66)", () => {
  it('keeps a surname with its initial, a capitalised word alone being no sentence', () => {
    const text = 'Apologies were received from Cllr S. Nunn. Two members of the public attended.';
    expect(passagesOf(text).map((p) => p.text)).toEqual([
      'Apologies were received from Cllr S. Nunn.',
      'Two members of the public attended.',
    ]);
    expect(passagesOf('Cllr S. Nunn.').map((p) => p.text)).toEqual(['Cllr S. Nunn.']);
  });
});

describe('passagesOf: a sentence in bold (stop 68)', () => {
  it('keeps the closing mark with the sentence it closes, not before the next one', () => {
    const text = '**Guide price £325,000.** A three bedroom semi-detached house.';
    expect(passagesOf(text).map((p) => p.text)).toEqual([
      '**Guide price £325,000.**',
      'A three bedroom semi-detached house.',
    ]);
    // A mark that opens a sentence in bold is left to it.
    expect(
      passagesOf('Viewing by appointment. **Offered with no onward chain.**').map((p) => p.text),
    ).toEqual(['Viewing by appointment.', '**Offered with no onward chain.**']);
  });
});

describe('passagesOf: a footnote mark is no bold (stop 68)', () => {
  it('leaves an item marked "*" after a sentence holding a footnote mark as it is', () => {
    const text = 'All prices include VAT*. * Delivery is charged at cost.';
    expect(passagesOf(text).map((p) => p.text)).toEqual([
      'All prices include VAT*.',
      '* Delivery is charged at cost.',
    ]);
  });
});

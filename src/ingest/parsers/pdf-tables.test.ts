import { describe, expect, it } from 'vitest';
import { type PageLines, type PdfTextItem, pageLines } from './pdf-layout.js';
import {
  findTables,
  joinPageBreakTables,
  labelGroupTotals,
  type PlacedLine,
  tableMarkdown,
} from './pdf-tables.js';

/** Viewport of an unrotated US-letter page at scale 1. */
const LETTER = [1, 0, 0, -1, 0, 792];

/** A text item at (x, y) in user space, 0.5 em per character wide. */
function item(
  str: string,
  x: number,
  y: number,
  options: { size?: number; font?: string } = {},
): PdfTextItem {
  const size = options.size ?? 8;
  return {
    str,
    transform: [size, 0, 0, size, x, y],
    width: str.length * size * 0.5,
    fontName: options.font ?? 'body',
  };
}

function placed(page: PageLines): PlacedLine[] {
  return page.paragraphs.flatMap((lines, paragraph) =>
    lines.map((text, i) => ({ text, layout: page.layout![paragraph]![i]!, paragraph })),
  );
}

function tablesOf(items: PdfTextItem[]) {
  const lines = placed(pageLines(items, LETTER));
  return { lines, tables: findTables(lines) };
}

/** A statement of operations: stacked header over two periods, currency signs apart from the figures. */
function statement(): PdfTextItem[] {
  const bold = { font: 'bold' };
  const rows: Array<[string, string, string]> = [
    ['Products', '63,355', '63,948'],
    ['Services', '19,604', '17,486'],
    ['Total net sales', '82,959', '81,434'],
  ];
  return [
    item('Three Months Ended', 300, 700, bold),
    item('June 25,', 300, 690, bold),
    item('June 26,', 400, 690, bold),
    item('2022', 306, 682, bold),
    item('2021', 406, 682, bold),
    item('Net sales:', 20, 670),
    ...rows.flatMap(([label, a, b], i) => {
      const y = 660 - 10 * i;
      const signs = i === 0 ? [item('$', 290, y), item('$', 390, y)] : [];
      return [item(label, 30, y), ...signs, item(a, 310, y), item(b, 410, y)];
    }),
  ];
}

describe('findTables', () => {
  it('keeps a row whose wide label leaves less than a column gap before its price (stop 59)', () => {
    // Size 8, 0.5 em a character: "Pears 27.5 and quinces" ends at 88, 1.5 ems (12) before the
    // price column at 100 would be a column gap; 1.25 ems is the cells' padding alone.
    const rows = [
      ['Apples', '£6.00'],
      ['Pears 27.5 and quinces', '£7.00'],
      ['Plums', '£8.00'],
    ];
    const items = [
      item('Item', 0, 700),
      item('Price', 98, 700),
      ...rows.flatMap(([label, price], i) => [item(label!, 0, 690 - 10 * i), item(price!, 98, 690 - 10 * i)]),
    ];
    const { tables } = tablesOf(items);
    expect(tables).toHaveLength(1);
    expect(tableMarkdown(tables[0]!)).toBe(
      '| Item | Price |\n| --- | --- |\n| Apples | £6.00 |\n| Pears 27.5 and quinces | £7.00 |\n| Plums | £8.00 |',
    );
  });

  it('rebuilds a statement with its stacked header, spanning cells and currency signs', () => {
    const { tables } = tablesOf(statement());
    expect(tables).toHaveLength(1);
    expect(tableMarkdown(tables[0]!)).toBe(
      [
        '|  | Three Months Ended June 25, 2022 | Three Months Ended June 26, 2021 |',
        '| --- | --- | --- |',
        '| Net sales: |  |  |',
        '| Products | $63,355 | $63,948 |',
        '| Services | 19,604 | 17,486 |',
        '| Total net sales | 82,959 | 81,434 |',
      ].join('\n'),
    );
  });

  it('keeps multi-line cells whole, a wrapped label with its row, and narrow gutters as columns', () => {
    const items = [
      item('Measure', 20, 700, { font: 'bold' }),
      item('Definition', 130, 700, { font: 'bold' }),
      item('Usefulness', 360, 700, { font: 'bold' }),
      item('Adjusted free cash', 20, 690),
      item('We reference a non-GAAP measure', 130, 690),
      item('It helps investors see the', 360, 690),
      item('flow', 20, 682),
      // This line's middle cell ends 1.3 ems before the last column: too narrow a gap for the
      // layout alone, which reads the line as one cell.
      item('used by management when assessing our sources and uses', 130, 682),
      item('sources of liquidity.', 130 + 54 * 4 + 10.4, 682),
      item('liquidity.', 130, 674),
      item('Total cash', 20, 664),
      item('Cash plus short-term investments.', 130, 664),
      item('A view of capital resources.', 360, 664),
    ];
    const { lines, tables } = tablesOf(items);
    expect(lines.map((line) => line.text)).toContain(
      'flow | used by management when assessing our sources and uses sources of liquidity.',
    );
    expect(tables).toHaveLength(1);
    expect(tables[0]!.header).toEqual(['Measure', 'Definition', 'Usefulness']);
    expect(tables[0]!.rows).toEqual([
      [
        'Adjusted free cash flow',
        'We reference a non-GAAP measure used by management when assessing our sources and uses liquidity.',
        'It helps investors see the sources of liquidity.',
      ],
      ['Total cash', 'Cash plus short-term investments.', 'A view of capital resources.'],
    ]);
  });

  it('stacks a header whose cells wrap and are centred, and keeps a wrapped label with its centred row', () => {
    // As browsers print an HTML table: cells centred vertically, so a header cell of three lines,
    // one of two and one of one set their lines 4.8 pt apart (half a pitch), and a label wrapped
    // to two lines sits above and below its row's figures.
    const bold = { font: 'bold' };
    const row = (y: number, cells: string[]) =>
      cells.map((cell, c) => item(cell, [50, 120, 200, 300][c]!, y)).filter((it) => it.str !== '');
    const { tables } = tablesOf([
      item('Weight', 300, 700, bold),
      item('Maximum', 200, 695.2, bold),
      item('Model', 50, 690.4, bold),
      item('Voltage', 120, 690.4, bold),
      item('with', 300, 690.4, bold),
      item('torque', 200, 685.6, bold),
      item('battery', 300, 680.8, bold),
      ...row(664.8, ['AD-12', '12 V', '28 Nm', '1.1 kg']),
      ...row(648.8, ['AD-18', '18 V', '48 Nm', '1.6 kg']),
      item('AD-18', 50, 632.8),
      ...row(628, ['', '18 V', '65 Nm', '1.9 kg']),
      item('Pro', 50, 623.2),
    ]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.header).toEqual(['Model', 'Voltage', 'Maximum torque', 'Weight with battery']);
    expect(tables[0]!.rows).toEqual([
      ['AD-12', '12 V', '28 Nm', '1.1 kg'],
      ['AD-18', '18 V', '48 Nm', '1.6 kg'],
      ['AD-18 Pro', '18 V', '65 Nm', '1.9 kg'],
    ]);
  });

  it('starts a row below a padded gap and keeps a padded first row out of the header (stop 57)', () => {
    // As browsers print a table with padded cells: the first row's wrapped programme sets its first
    // line above the row's centred date, and the second row's wrapped conductor its first line half
    // a line above the row's date — both below a gap wider than a line of text.
    const bold = { font: 'bold' };
    const { tables } = tablesOf([
      item('Date', 50, 700, bold),
      item('Programme', 120, 700, bold),
      item('Conductor', 300, 700, bold),
      item('Sibelius Finlandia', 120, 684),
      item('26 September', 50, 679.2),
      item('Whitcombe', 300, 679.2),
      item('Grieg Concerto', 120, 674.4),
      item('Sofia', 300, 658.4),
      item('17 April', 50, 653.6),
      item('Mozart', 120, 653.6),
      item('Marchetti', 300, 648.8),
    ]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.header).toEqual(['Date', 'Programme', 'Conductor']);
    expect(tables[0]!.rows).toEqual([
      ['26 September', 'Sibelius Finlandia Grieg Concerto', 'Whitcombe'],
      ['17 April', 'Mozart', 'Sofia Marchetti'],
    ]);
  });

  it('joins a padded row whose label wraps over lines and whose description runs long (stop 74)', () => {
    // As browsers print a price list's padded rows (round128): each row's label wraps ("Boiler &" /
    // "Heating" / "Care", capitalised, no figure) and its description runs on below, with five
    // lines holding only the description.
    const bold = { font: 'bold' };
    const lines = (y: number, rows: Array<[string, string]>) =>
      rows.flatMap(([label, text], i) => [
        ...(label === '' ? [] : [item(label, 50, y - 9 * i)]),
        item(text, 120, y - 9 * i),
      ]);
    const { tables } = tablesOf([
      item('Plan', 50, 700, bold),
      item('What is included', 120, 700, bold),
      item('Monthly', 300, 700, bold),
      item('Annual', 380, 700, bold),
      item('Service', 50, 684),
      item('Annual boiler service', 120, 684),
      item('£9.25', 300, 684),
      item('£105', 380, 684),
      ...lines(675, [
        ['Only', 'with flue gas analysis'],
        ['', 'and a written report.'],
        ['', 'Repairs are charged'],
        ['', 'at our non-member'],
        ['', 'rates less ten per'],
        ['', 'cent, parts extra.'],
      ]),
      item('Boiler &', 50, 614),
      item('Everything in Service', 120, 614),
      item('£19.50', 300, 614),
      item('£222', 380, 614),
      ...lines(605, [
        ['Heating', 'Only plus radiators,'],
        ['Care', 'radiator valves.'],
      ]),
      item('Landlord', 50, 580),
      item('Everything above', 120, 580),
      item('£21.00', 300, 580),
      item('£240', 380, 580),
      ...lines(571, [['Care', 'plus a gas certificate.']]),
    ]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.header).toEqual(['Plan', 'What is included', 'Monthly', 'Annual']);
    expect(tables[0]!.rows).toEqual([
      [
        'Service Only',
        'Annual boiler service with flue gas analysis and a written report. Repairs are charged at our non-member rates less ten per cent, parts extra.',
        '£9.25',
        '£105',
      ],
      [
        'Boiler & Heating Care',
        'Everything in Service Only plus radiators, radiator valves.',
        '£19.50',
        '£222',
      ],
      ['Landlord Care', 'Everything above plus a gas certificate.', '£21.00', '£240'],
    ]);
  });

  it('leaves key/value forms, running text and bullet lists alone', () => {
    const form = [
      item('Location:', 54, 700),
      item('Tallahassee, FL', 120, 700),
      item('Accident Number:', 352, 700),
      item('NYC08CA055', 440, 700),
      item('Aircraft:', 54, 690),
      item('Piper PA-22-150', 120, 690),
      item('Aircraft Damage:', 352, 690),
      item('Substantial', 440, 690),
    ];
    expect(tablesOf(form).tables).toEqual([]);
    const prose = [
      item('The pilot reported that during the landing on runway 5 the touchdown was hard', 20, 700),
      item('and the airplane bounced and started to porpoise before the gear failed aft.', 20, 690),
    ];
    expect(tablesOf(prose).tables).toEqual([]);
    const bullets = [
      item('•', 20, 700),
      item('Revenue grew.', 60, 700),
      item('•', 20, 690),
      item('Costs fell.', 60, 690),
    ];
    expect(tablesOf(bullets).tables).toEqual([]);
  });

  it('stops at running text and at a title set in larger type', () => {
    const items = [
      item('Quarterly Report', 20, 740, { size: 16 }),
      ...statement(),
      item(
        'See the accompanying notes, which are an integral part of these statements, for details.',
        20,
        600,
      ),
    ];
    const { lines, tables } = tablesOf(items);
    expect(tables).toHaveLength(1);
    expect(lines[tables[0]!.first]!.text).toMatch(/^Three Months Ended/);
    expect(lines[tables[0]!.last]!.text).toMatch(/^Total net sales/);
  });
});

describe('tableMarkdown', () => {
  it('escapes pipes in cells', () => {
    expect(tableMarkdown({ header: ['a|b', 'c'], rows: [['1', '2\\3']] })).toBe(
      '| a\\|b | c |\n| --- | --- |\n| 1 | 2\\\\3 |',
    );
  });
});

describe('labelGroupTotals', () => {
  it('labels a group’s unlabelled subtotal with "Total" and the group’s label (stop 58)', () => {
    const rows = [
      ['Net revenue:', '', ''],
      ['Client Computing', '', ''],
      ['Desktop', '$2,370', '$2,289'],
      ['Notebook', '3,896', '4,751'],
      ['', '6,266', '7,040'],
      ['Data Center', '4,004', '4,695'],
      ['', '10,270', '11,735'],
    ];
    expect(labelGroupTotals(rows)).toEqual([
      ['Net revenue:', '', ''],
      ['Client Computing', '', ''],
      ['Desktop', '$2,370', '$2,289'],
      ['Notebook', '3,896', '4,751'],
      ['Total Client Computing', '6,266', '7,040'],
      ['Data Center', '4,004', '4,695'],
      // After a group's total, rows belong to no group until another opens.
      ['', '10,270', '11,735'],
    ]);
  });

  it('leaves rows alone without a group of two labelled rows of figures above them', () => {
    // A lead-in ending in a colon heads groups; it is no group.
    const leadIn = [
      ['Assets:', '', ''],
      ['Cash', '$5', '$4'],
      ['Receivables', '7', '6'],
      ['', '12', '10'],
    ];
    expect(labelGroupTotals(leadIn)).toEqual(leadIn);
    // One item is no group to total.
    const single = [
      ['Mobileye', '', ''],
      ['Revenue', '530', '450'],
      ['', '530', '450'],
    ];
    expect(labelGroupTotals(single)).toEqual(single);
    // A row with words besides its figures is no subtotal.
    const notes = [
      ['Segment', '', ''],
      ['Desktop', '2', '3'],
      ['Notebook', '4', '5'],
      ['', '(467)', 'Lower product margin'],
    ];
    expect(labelGroupTotals(notes)).toEqual(notes);
  });
});

describe('joinPageBreakTables', () => {
  /** A page of paragraph lines at y 700, 690, … and then a table's rows at 40 and 200. */
  const page = (text: readonly string[], rows: ReadonlyArray<readonly [string, string]>, top = 700) =>
    tablesOf([
      ...text.map((line, i) => item(line, 40, top - 12 * i)),
      ...rows.flatMap(([a, b], i) => {
        const y = top - 12 * text.length - (text.length > 0 ? 30 : 0) - 10 * i;
        return [item(a, 40, y), item(b, 200, y)];
      }),
    ]);

  it("gives a table opening a page the header printed alone at the previous page's foot (stop 71)", () => {
    // The header line alone: row-like, but one row is no table.
    const foot = tablesOf([
      item('Season tickets are valid at two car parks only.', 40, 700),
      item('Ticket', 40, 600),
      item('Price', 200, 600),
    ]);
    expect(foot.tables).toEqual([]);
    const next = page(
      [],
      [
        ['Monthly', '£65'],
        ['Quarterly (3 months)', '£180'],
        ['Annual', '£620'],
      ],
    );
    expect(next.tables[0]?.header).toEqual(['Monthly', '£65']);
    const moved = joinPageBreakTables([foot.lines, next.lines], [foot.tables, next.tables]);
    expect(next.tables[0]?.header).toEqual(['Ticket', 'Price']);
    expect(next.tables[0]?.rows).toEqual([
      ['Monthly', '£65'],
      ['Quarterly (3 months)', '£180'],
      ['Annual', '£620'],
    ]);
    expect([...moved[0]!]).toEqual([foot.lines.length - 1]);
  });

  it('carries the header of a table ending a page to its rows on the next, and drops a repeated one', () => {
    const rows = (from: number) =>
      Array.from({ length: 3 }, (_, i) => [`Size ${'ABCDEFG'[from + i]}`, `£${10 + from + i}`] as const);
    const priced = () => page(['Unit prices'], [['Unit', 'Weekly price'], ...rows(1)]);
    const one = priced();
    const two = page([], rows(4));
    joinPageBreakTables([one.lines, two.lines], [one.tables, two.tables]);
    expect(two.tables[0]?.header).toEqual(['Unit', 'Weekly price']);
    expect(two.tables[0]?.rows.map((r) => r[0])).toEqual(['Size E', 'Size F', 'Size G']);
    // The header printed again over the rows: the table stays as it is.
    const again = priced();
    const repeated = page([], [['Unit', 'Weekly price'], ...rows(4)]);
    joinPageBreakTables([again.lines, repeated.lines], [again.tables, repeated.tables]);
    expect(repeated.tables[0]?.header).toEqual(['Unit', 'Weekly price']);
    expect(repeated.tables[0]?.rows).toHaveLength(3);
    // A page opening with a table of its own header (no figures in it) is not joined to one before.
    const own = page(
      [],
      [
        ['Room', 'Floor'],
        ['Hall', 'Ground'],
        ['Studio', 'First'],
      ],
    );
    const prior = priced();
    joinPageBreakTables([prior.lines, own.lines], [prior.tables, own.tables]);
    expect(own.tables[0]?.header).toEqual(['Room', 'Floor']);
    // Nor one opening with a header of years, which labels no row.
    const years = page(
      [],
      [
        ['', '2026'],
        ['Hall', '£24'],
        ['Studio', '£18'],
      ],
    );
    const above = priced();
    joinPageBreakTables([above.lines, years.lines], [above.tables, years.tables]);
    expect(years.tables[0]?.header).toEqual(['', '2026']);
  });
});

import {
  PDFArray,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  type PDFPage,
  type PDFRef,
  StandardFonts,
} from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { MarkdownChunker } from '../chunk/markdown-chunker.js';
import { PdfParser } from './pdf-parser.js';

const BODY =
  'The company reported higher revenue in every segment during the quarter, driven by services and by new products.';

interface Text {
  text: string;
  x?: number;
  y: number;
  size?: number;
  bold?: boolean;
}

/** Outline entries: title, 0-based page, children. */
interface Entry {
  title: string;
  page: number;
  children?: Entry[];
}

/** Adds an outline (bookmarks) to `doc` with the low-level objects pdf-lib exposes. */
function addOutline(doc: PDFDocument, pages: PDFPage[], entries: Entry[]): void {
  const context = doc.context;
  const build = (list: Entry[], parent: PDFRef): { first: PDFRef; last: PDFRef; count: number } => {
    const refs = list.map(() => context.nextRef());
    let count = list.length;
    list.forEach((entry, i) => {
      const dest = PDFArray.withContext(context);
      dest.push(pages[entry.page]!.ref);
      dest.push(PDFName.of('Fit'));
      const item: Record<string, PDFObject> = {
        Title: PDFHexString.fromText(entry.title),
        Parent: parent,
        Dest: dest,
      };
      if (i > 0) item.Prev = refs[i - 1]!;
      if (i < list.length - 1) item.Next = refs[i + 1]!;
      if (entry.children?.length) {
        const children = build(entry.children, refs[i]!);
        item.First = children.first;
        item.Last = children.last;
        item.Count = PDFNumber.of(children.count);
        count += children.count;
      }
      context.assign(refs[i]!, context.obj(item));
    });
    return { first: refs[0]!, last: refs.at(-1)!, count };
  };
  const root = context.nextRef();
  const top = build(entries, root);
  context.assign(
    root,
    context.obj({
      Type: PDFName.of('Outlines'),
      First: top.first,
      Last: top.last,
      Count: PDFNumber.of(top.count),
    }),
  );
  doc.catalog.set(PDFName.of('Outlines'), root);
}

async function pdf(
  pages: Text[][],
  options: { title?: string; outline?: Entry[] } = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  if (options.title !== undefined) doc.setTitle(options.title);
  const added = pages.map((texts) => {
    const page = doc.addPage([612, 792]);
    for (const { text, x = 72, y, size = 10, bold: isBold } of texts) {
      page.drawText(text, { x, y, size, font: isBold ? bold : regular });
    }
    return page;
  });
  if (options.outline) addOutline(doc, added, options.outline);
  return doc.save();
}

/** Body lines from `y` down, 12 points apart. */
function body(y: number, lines = 3): Text[] {
  return Array.from({ length: lines }, (_, i) => ({ text: BODY.slice(0, 95 - i), y: y - 12 * i }));
}

const filing = (): Text[][] => [
  [
    { text: 'FORM 10-Q', y: 720, size: 14, bold: true },
    { text: 'Example Holdings Inc.', y: 690, size: 20, bold: true },
    ...body(650),
  ],
  [
    { text: 'PART I — FINANCIAL INFORMATION', y: 740, bold: true },
    { text: 'Item 1. Financial Statements', y: 720, bold: true },
    { text: 'CONDENSED STATEMENTS OF OPERATIONS', y: 700, bold: true },
    { text: 'Three Months Ended', x: 300, y: 680, size: 8, bold: true },
    { text: 'June 25,', x: 300, y: 670, size: 8, bold: true },
    { text: 'June 26,', x: 400, y: 670, size: 8, bold: true },
    { text: '2022', x: 306, y: 662, size: 8, bold: true },
    { text: '2021', x: 406, y: 662, size: 8, bold: true },
    { text: 'Total net sales', x: 72, y: 650, size: 8 },
    { text: '$', x: 290, y: 650, size: 8 },
    { text: '82,959', x: 310, y: 650, size: 8 },
    { text: '$', x: 390, y: 650, size: 8 },
    { text: '81,434', x: 410, y: 650, size: 8 },
    { text: 'Net income', x: 72, y: 640, size: 8 },
    { text: '19,442', x: 310, y: 640, size: 8 },
    { text: '21,744', x: 410, y: 640, size: 8 },
    { text: 'Item 2. Management’s Discussion and Analysis', y: 600, bold: true },
    { text: 'Quarterly Highlights', y: 580, bold: true },
    ...body(565),
    { text: 'Liquidity and Capital Resources', y: 510, bold: true },
    ...body(495),
  ],
];

describe('PdfParser structure recovery', () => {
  it('writes the title, nested headings and a whole table, so chunks carry their heading path', async () => {
    const parsed = await new PdfParser().parse({
      name: 'filing.pdf',
      bytes: await pdf(filing(), { title: '0000320193-22-000070' }),
    });
    expect(parsed.title).toBe('Example Holdings Inc.');
    expect(parsed.pages[0]!.markdown).toMatch(/^# FORM 10-Q\n\n# Example Holdings Inc\.\n\nThe company/);
    expect(parsed.pages[1]!.markdown).toContain(
      [
        '## PART I — FINANCIAL INFORMATION',
        '',
        '### Item 1. Financial Statements',
        '',
        '#### CONDENSED STATEMENTS OF OPERATIONS',
        '',
        '|  | Three Months Ended June 25, 2022 | Three Months Ended June 26, 2021 |',
        '| --- | --- | --- |',
        '| Total net sales | $82,959 | $81,434 |',
        '| Net income | 19,442 | 21,744 |',
        '',
        '### Item 2. Management’s Discussion and Analysis',
        '',
        '#### Quarterly Highlights',
      ].join('\n'),
    );
    const chunks = new MarkdownChunker({ chunkSize: 60, chunkOverlap: 0 }).chunk({
      documentId: 'filing.pdf',
      pages: parsed.pages,
      metadata: {},
    });
    const paths = chunks.map((chunk) => chunk.headingPath.join(' > '));
    expect(paths).toContain(
      'Example Holdings Inc. > PART I — FINANCIAL INFORMATION > Item 1. Financial Statements > CONDENSED STATEMENTS OF OPERATIONS',
    );
    expect(paths).toContain(
      'Example Holdings Inc. > PART I — FINANCIAL INFORMATION > Item 2. Management’s Discussion and Analysis > Liquidity and Capital Resources',
    );
    const table = chunks.find((chunk) => chunk.text.includes('| Total net sales |'))!;
    expect(table.text).toContain('| Three Months Ended June 25, 2022 |');
  });

  it('keeps a sensible metadata title, and writes plain paragraphs with structure off', async () => {
    const bytes = await pdf(filing(), { title: 'Quarterly report of Example Holdings' });
    const parsed = await new PdfParser().parse({ name: 'filing.pdf', bytes });
    expect(parsed.title).toBe('Quarterly report of Example Holdings');
    const plain = await new PdfParser({ structure: false }).parse({ name: 'filing.pdf', bytes });
    expect(plain.title).toBe('Quarterly report of Example Holdings');
    expect(plain.pages.map((page) => page.markdown).join('\n')).not.toMatch(/^#|^\| --- \|/m);
    expect(plain.pages[1]!.markdown).toContain('Total net sales | $ | 82,959 | $ | 81,434');
  });

  it('finds headings on pages set smaller than the rest of the document (a filing before long exhibits)', async () => {
    const small = (y: number): Text[] =>
      Array.from({ length: 4 }, (_, i) => ({ text: BODY.slice(0, 95 - i), y: y - 10 * i, size: 8 }));
    const large = (y: number): Text[] =>
      Array.from({ length: 12 }, (_, i) => ({ text: BODY.slice(0, 95 - i), y: y - 14 * i, size: 10 }));
    const pages: Text[][] = [
      [
        { text: 'Item 2. Results', y: 740, size: 8, bold: true },
        ...small(725),
        { text: 'Liquidity', y: 670, size: 8, bold: true },
        ...small(655),
      ],
      [...large(740)],
      [...large(740)],
      [...large(740)],
    ];
    const parsed = await new PdfParser().parse({ name: 'mixed.pdf', bytes: await pdf(pages) });
    const headings = parsed.pages[0]!.markdown.split('\n').filter((line) => line.startsWith('#'));
    expect(headings).toEqual(['# Item 2. Results', '## Liquidity']);
  });

  it('nests the headings a nested outline names by its depth', async () => {
    const pages: Text[][] = [
      [
        { text: 'Annual Review', y: 720, size: 20 },
        { text: 'Operations', y: 690 },
        ...body(675),
        { text: 'Plants and Sites', y: 620 },
        ...body(605),
        { text: 'Finance', y: 550 },
        ...body(535),
      ],
    ];
    const outline: Entry[] = [
      { title: 'Operations', page: 0, children: [{ title: 'Plants and Sites', page: 0 }] },
      { title: 'Finance', page: 0 },
    ];
    const parsed = await new PdfParser().parse({ name: 'review.pdf', bytes: await pdf(pages, { outline }) });
    const headings = parsed.pages[0]!.markdown.split('\n').filter((line) => line.startsWith('#'));
    expect(headings).toEqual(['# Annual Review', '## Operations', '### Plants and Sites', '## Finance']);
    expect(parsed.title).toBe('Annual Review');
  });
});

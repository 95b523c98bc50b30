import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { EmptyDocumentError, isCairnError, ParseError } from '../../core/errors.js';
import type { ParsedDocument, Source } from '../../core/types.js';
import { PdfParser, type PdfParserOptions } from './pdf-parser.js';

const parser = new PdfParser();
const DATA = fileURLToPath(new URL('../../../../shared/data/pdfs/', import.meta.url));
const hasData = existsSync(DATA);
const ENCRYPTED = new URL('../../../test/fixtures/parsers/encrypted.pdf', import.meta.url);
/** The NTSB report on the Piper PA-22-150 that hit trees near Tallahassee. */
const PA22 = 'ntsb/20071229X02007.pdf';

/** Page counts of the shared sample PDFs (as reported by `qpdf --show-npages`). */
const PAGE_COUNTS: Record<string, number> = {
  'nih/NCT06145295_Prot_SAP_000.pdf': 6,
  'nih/NCT06147739_Prot_SAP_000.pdf': 13,
  'nih/NCT06149832_Prot_000.pdf': 6,
  'ntsb/20071229X02007.pdf': 4,
  'ntsb/20071231X02009.pdf': 4,
  'ntsb/20080102X00002.pdf': 3,
  'ntsb/20080102X00005.pdf': 4,
  'ntsb/20080104X00020.pdf': 5,
  'ntsb/20080108X00029.pdf': 3,
  'ntsb/20080108X00031.pdf': 3,
  'ntsb/20080109X00035.pdf': 5,
  'ntsb/20080111X00040.pdf': 4,
  'ntsb/20080111X00041.pdf': 5,
};

function readSample(path: string): Source {
  return { name: path, bytes: new Uint8Array(readFileSync(`${DATA}${path}`)) };
}

/** The one line of `markdown` that starts with `label`. */
function lineWith(markdown: string, label: string): string {
  const lines = markdown.split('\n').filter((line) => line.startsWith(label));
  expect(lines, `one line starting with ${label}`).toHaveLength(1);
  return lines[0]!;
}

/** A text run placed at (x, y) in points from the bottom left; `rotate` turns it counter-clockwise, in degrees. */
interface Run {
  text: string;
  x: number;
  y: number;
  size?: number;
  rotate?: number;
}

async function textPdf(pages: Run[][]) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.setTitle('A generated test document');
  // Fixed dates (pdf-lib would stamp the current time) keep the bytes and the parsed metadataDates stable.
  doc.setCreationDate(new Date(Date.UTC(2020, 0, 2, 3, 4, 5)));
  doc.setModificationDate(new Date(Date.UTC(2020, 6, 8, 9, 10, 11)));
  for (const lines of pages) {
    const page = doc.addPage([612, 792]);
    for (const { text, x, y, size = 11, rotate = 0 } of lines) {
      page.drawText(text, { x, y, size, font, rotate: degrees(rotate) });
    }
  }
  return doc.save();
}

/** A page's runs: a header line at the top, body lines from y 700 down, a footer line at the bottom. */
function pageRuns(page: { header?: string; body: string[]; footer?: string }): Run[] {
  return [
    ...(page.header === undefined ? [] : [{ text: page.header, x: 72, y: 750, size: 9 }]),
    ...page.body.map((text, i) => ({ text, x: 72, y: 700 - 14 * i })),
    ...(page.footer === undefined ? [] : [{ text: page.footer, x: 280, y: 40, size: 9 }]),
  ];
}

const TOPICS = ['audit', 'budget', 'staffing', 'security', 'outlook', 'vendors'];
const OWNERS = ['finance', 'legal', 'people', 'IT', 'the board', 'purchasing'];

/**
 * Body lines of page `n` (1–6), distinct from every other page's even with digits ignored (as
 * running lines are compared).
 */
function bodyOf(n: number): string[] {
  return [
    `This section reviews the ${TOPICS[n - 1]} findings.`,
    `Each of them is owned by ${OWNERS[n - 1]} until it is closed.`,
  ];
}

async function parsePages(pages: Run[][], options: PdfParserOptions = {}): Promise<string[]> {
  const bytes = await textPdf(pages);
  const parsed = await new PdfParser({ ocr: false, ...options }).parse({ name: 'generated.pdf', bytes });
  return parsed.pages.map((page) => page.markdown);
}

/** A 1×1 PNG, standing in for a scanned page image. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Resolves to the parse result, or to the cairn error it failed with; anything else fails the test. */
async function parseOrCairnError(source: Source): Promise<ParsedDocument | Error> {
  try {
    return await new PdfParser({ timeoutMs: 120_000 }).parse(source);
  } catch (error) {
    expect(isCairnError(error), String(error)).toBe(true);
    return error as Error;
  }
}

describe.skipIf(!hasData)('PdfParser on the shared sample PDFs (../shared/data/pdfs)', () => {
  it('finds all 13 samples', () => {
    const found = ['nih', 'ntsb'].flatMap((dir) =>
      readdirSync(`${DATA}${dir}`).map((file) => `${dir}/${file}`),
    );
    expect(found.filter((path) => path.endsWith('.pdf')).sort()).toEqual(Object.keys(PAGE_COUNTS).sort());
  });

  // How fast is measured by bench/ingest-cores.mjs (pages/s), not here: no wall-clock budget.
  it('parses every sample to one page of text per PDF page', async () => {
    for (const [path, pageCount] of Object.entries(PAGE_COUNTS)) {
      const parsed = await parser.parse(readSample(path));
      expect(parsed.mediaType).toBe('application/pdf');
      expect(
        parsed.pages.map((page) => page.pageNumber),
        path,
      ).toEqual(Array.from({ length: pageCount }, (_, i) => i + 1));
      const text = parsed.pages.map((page) => page.markdown).join('\n');
      expect(text.replace(/\s/g, '').length, path).toBeGreaterThan(500);
    }
  });

  describe(`the PA-22 report (${PA22})`, async () => {
    const parsed = hasData ? await parser.parse(readSample(PA22)) : undefined;
    const page = (n: number) => parsed!.pages[n - 1]!.markdown;

    it('has its four pages, the narrative on page 1', () => {
      expect(parsed!.pages).toHaveLength(4);
      expect(page(1)).toContain('was attempting to land a Piper PA-22-150 at his private airstrip');
      expect(page(1)).toContain('the airplane contacted trees, then utility wires');
    });

    it('keeps each label on one line with its value, columns separated by " | "', () => {
      expect(lineWith(page(1), 'Location:')).toBe('Location: Tallahassee, FL | Accident Number: NYC08CA055');
      expect(lineWith(page(1), 'Aircraft:')).toBe('Aircraft: Piper PA-22-150 | Aircraft Damage: Substantial');
      expect(lineWith(page(1), 'Date & Time:')).toBe(
        'Date & Time: 12/08/2007, 1730 EST | Registration: N5921D',
      );
      expect(lineWith(page(2), 'Certificate: Private')).toBe('Certificate: Private | Age: 85, Male');
      expect(lineWith(page(2), 'Model/Series:')).toBe(
        'Model/Series: PA-22-150 | Aircraft Category: Airplane',
      );
      expect(lineWith(page(3), 'Destination:')).toBe(
        'Destination: Tallahassee, FL (NONE) | Type of Clearance: None',
      );
      expect(lineWith(page(3), 'Runway Length/Width:')).toBe(
        'Runway Length/Width: 1500 ft / 75 ft | VFR Approach/Landing: Full Stop; Straight-in',
      );
      expect(lineWith(page(3), 'Total Injuries:')).toBe(
        'Total Injuries: 1 Minor | Latitude, Longitude: 30.501111, -84.080278',
      );
    });

    it('leaves an empty value empty instead of borrowing the next label', () => {
      expect(lineWith(page(1), 'Defining Event:')).toBe('Defining Event: | Injuries: 1 Minor');
      expect(lineWith(page(3), 'Lowest Cloud Condition:')).toBe(
        'Lowest Cloud Condition: | Visibility | 10 Miles',
      );
    });

    it('separates sections with blank lines, section titles as headings', () => {
      expect(page(3)).toMatch(
        /\n\n#{2,6} Airport Information\n\nAirport: Private Airstrip \(NONE\) \| Runway Surface Type:/,
      );
    });
  });
});

describe('PdfParser on generated PDFs', () => {
  it('reads pages, title, columns, hyphenation and number ranges', async () => {
    const bytes = await textPdf([
      [
        { text: 'Generated Report', x: 72, y: 720, size: 18 },
        { text: 'Location:', x: 72, y: 680 },
        { text: 'Springfield', x: 180, y: 680 },
        { text: 'Status:', x: 340, y: 680 },
        { text: 'Closed', x: 420, y: 680 },
        { text: 'The exam-', x: 72, y: 640 },
        { text: 'ple was filed between 1990-', x: 72, y: 627 },
        { text: '1995 by the office.', x: 72, y: 614 },
      ],
      [{ text: 'Second page text.', x: 72, y: 720 }],
      [],
    ]);
    const parsed = await parser.parse({ name: 'generated.pdf', bytes });
    expect(parsed).toEqual({
      mediaType: 'application/pdf',
      title: 'A generated test document',
      metadataDates: ['D:20200708091011Z', 'D:20200102030405Z'],
      pages: [
        {
          pageNumber: 1,
          markdown:
            '# Generated Report\n\nLocation: Springfield | Status: Closed\n\nThe example\nwas filed between 1990-\n1995 by the office.',
        },
        { pageNumber: 2, markdown: 'Second page text.' },
        { pageNumber: 3, markdown: '' },
      ],
    });
  });

  it('leaves the caller’s bytes intact', async () => {
    const bytes = await textPdf([[{ text: 'Some text.', x: 72, y: 720 }]]);
    const length = bytes.byteLength;
    await parser.parse({ name: 'generated.pdf', bytes });
    expect(bytes.byteLength).toBe(length);
  });

  it('throws EmptyDocumentError for a PDF without a text layer whose images are too small to hold text', async () => {
    const doc = await PDFDocument.create();
    const image = await doc.embedPng(PIXEL_PNG);
    for (let i = 0; i < 2; i++) {
      const page = doc.addPage([612, 792]);
      page.drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
      page.drawRectangle({ x: 50, y: 50, width: 100, height: 40 });
    }
    const bytes = await doc.save();
    await expect(parser.parse({ name: 'scan.pdf', bytes })).rejects.toBeInstanceOf(EmptyDocumentError);
  });

  it('throws ParseError for bytes that are no PDF', async () => {
    const bytes = new TextEncoder().encode('this is not a PDF at all');
    await expect(parser.parse({ name: 'fake.pdf', bytes })).rejects.toThrow(ParseError);
    await expect(parser.parse({ name: 'empty.pdf', bytes: new Uint8Array() })).rejects.toThrow(ParseError);
  });
});

describe('options.runningLines', () => {
  it('drops a header and a page-number footer that open and close every page, by default', async () => {
    const pages = [1, 2, 3, 4, 5].map((n) =>
      pageRuns({ header: 'ACME Corp Confidential', body: bodyOf(n), footer: `Page ${n} of 5` }),
    );
    expect(await parsePages(pages)).toEqual([1, 2, 3, 4, 5].map((n) => bodyOf(n).join('\n')));
    const kept = await parsePages(pages, { runningLines: false });
    kept.forEach((markdown, i) => {
      expect(markdown.split('\n')[0]).toBe('ACME Corp Confidential');
      expect(markdown).toContain(bodyOf(i + 1).join('\n'));
      expect(markdown.split('\n').at(-1)).toBe(`Page ${i + 1} of 5`);
    });
  });

  it('keeps a top line on only some pages: 2 of 6, and exactly half (3 of 6)', async () => {
    const headers = [undefined, 'Appendix A', 'Draft', 'Appendix A', 'Draft', 'Draft'];
    const pages = headers.map((header, i) =>
      pageRuns({ ...(header ? { header } : {}), body: bodyOf(i + 1) }),
    );
    const markdown = await parsePages(pages);
    headers.forEach((header, i) => {
      expect(markdown[i]).toBe([...(header ? [header, ''] : []), ...bodyOf(i + 1)].join('\n'));
    });
  });

  it('keeps a header repeated on both pages of a 2-page document: too few pages to tell', async () => {
    const pages = [1, 2].map((n) => pageRuns({ header: 'ACME Corp Confidential', body: bodyOf(n) }));
    expect(await parsePages(pages)).toEqual(
      [1, 2].map((n) => `ACME Corp Confidential\n\n${bodyOf(n).join('\n')}`),
    );
  });

  it('keeps a line repeated on every page inside the body', async () => {
    const pages = [1, 2, 3, 4].map((n) =>
      pageRuns({ body: [...bodyOf(n), 'All amounts are in euros.', ...bodyOf(n + 2)] }),
    );
    const markdown = await parsePages(pages);
    markdown.forEach((page, i) => {
      expect(page).toBe([...bodyOf(i + 1), 'All amounts are in euros.', ...bodyOf(i + 3)].join('\n'));
    });
  });

  it('keeps the page of a running line that was all its text, empty', async () => {
    const pages = [1, 2, 3, 4].map((n) =>
      pageRuns({ header: 'ACME Corp Confidential', body: n === 3 ? [] : bodyOf(n) }),
    );
    expect(await parsePages(pages)).toEqual([
      bodyOf(1).join('\n'),
      bodyOf(2).join('\n'),
      '',
      bodyOf(4).join('\n'),
    ]);
  });

  it('rejects a page share under a half or of 1 and more', () => {
    expect(() => new PdfParser({ runningLines: { minPageFraction: 0.3 } })).toThrow(
      /runningLines\.minPageFraction/,
    );
    expect(() => new PdfParser({ runningLines: { minPageFraction: 1 } })).toThrow(/runningLines: false/);
  });
});

describe('overprinted text', () => {
  it('reads text drawn two or three times a fraction of a point apart once, upright or rotated', async () => {
    const [markdown] = await parsePages([
      [
        ...[0, 0.3, 0.6].map((dx) => ({ text: 'Quarterly Summary', x: 72 + dx, y: 720, size: 16 })),
        { text: 'Total hours 1,234', x: 72, y: 690 },
        { text: 'Total hours 1,234', x: 72.3, y: 690 },
        { text: 'Approved:', x: 72, y: 670 },
        { text: 'yes', x: 130, y: 670 },
        { text: 'yes', x: 160, y: 670 },
        { text: 'CONFIDENTIAL', x: 40, y: 300, size: 12, rotate: 90 },
        { text: 'CONFIDENTIAL', x: 40.3, y: 300, size: 12, rotate: 90 },
      ],
    ]);
    expect(markdown).toBe('# Quarterly Summary\n\nTotal hours 1,234\nApproved: yes yes\n\nCONFIDENTIAL');
  });
});

describe('PdfParser on damaged and protected PDFs', () => {
  it('says a password-protected PDF is encrypted', async () => {
    const source = { name: 'encrypted.pdf', bytes: new Uint8Array(readFileSync(ENCRYPTED)) };
    const error = await parser.parse(source).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ParseError);
    expect((error as ParseError).message).toMatch(/^encrypted\.pdf: PDF is encrypted .*password option/);
  });

  it('says so when the password is wrong', async () => {
    const source = { name: 'encrypted.pdf', bytes: new Uint8Array(readFileSync(ENCRYPTED)) };
    await expect(new PdfParser({ password: 'wrong' }).parse(source)).rejects.toThrow(
      /PDF is encrypted \(Incorrect Password\)/i,
    );
  });

  it('reads an encrypted PDF given its password', async () => {
    const source = { name: 'encrypted.pdf', bytes: new Uint8Array(readFileSync(ENCRYPTED)) };
    const parsed = await new PdfParser({ password: 'cairn-user' }).parse(source);
    expect(parsed.pages[0]?.markdown).toBe('Secret text behind a password.');
    expect(parsed.title).toBe('Encrypted fixture');
  });

  it.skipIf(!hasData).each([0.5, 0.1, 0.02])(
    'survives a copy truncated to %d of its length',
    async (share) => {
      const { bytes } = readSample(PA22);
      const truncated = bytes.slice(0, Math.floor(bytes.length * share));
      const result = await parseOrCairnError({ name: 'truncated.pdf', bytes: truncated });
      if (result instanceof Error) expect(result).toBeInstanceOf(ParseError);
      else expect(result.pages.length).toBeGreaterThan(0);
    },
  );

  it.skipIf(!hasData).each([1, 2, 3])('survives a copy with bytes flipped (seed %d)', async (seed) => {
    const bytes = readSample(PA22).bytes.slice();
    let state = seed;
    for (let i = 0; i < 300; i++) {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      const at = state % bytes.length;
      bytes[at] = bytes[at]! ^ 0xff;
    }
    const result = await parseOrCairnError({ name: 'flipped.pdf', bytes });
    if (!(result instanceof Error)) expect(result.pages.length).toBeGreaterThan(0);
  });

  it.skipIf(!hasData)('stops at the timeout with a ParseError that names it', async () => {
    const quick = new PdfParser({ timeoutMs: 1 });
    await expect(quick.parse(readSample('nih/NCT06147739_Prot_SAP_000.pdf'))).rejects.toThrow(
      /timed out after 0\.001 s; raise PdfParser's timeoutMs/,
    );
    // The parser stays usable afterwards.
    expect((await parser.parse(readSample(PA22))).pages).toHaveLength(4);
  });

  it('rejects a timeout that is not positive', () => {
    expect(() => new PdfParser({ timeoutMs: 0 })).toThrow(/timeoutMs/);
  });
});

describe('PdfParser', () => {
  it('fingerprints itself with the unpdf version, the scan thresholds, running lines and the OCR settings', () => {
    expect(parser.fingerprint).toMatch(
      /^pdf\/unpdf@\d+\.\d+\.\d+\/v19;scan<20c>=0\.5\|50000pt2\|page>=0\.9;running>0\.5\|3;ocr:tesseract\.js@[\d.]+\/eng-4\.0\.0_best_int\/rotate<70\/min60$/,
    );
    expect(new PdfParser({ ocr: false }).fingerprint).toMatch(/;no-ocr$/);
    expect(new PdfParser({ scannedPages: { minTextChars: 5 } }).fingerprint).toContain(';scan<5c>=0.5|');
    expect(new PdfParser({ scannedPages: { minBitmapArea: 1000 } }).fingerprint).toContain('|1000pt2|');
    expect(new PdfParser({ scannedPages: { pageImageArea: 0.8 } }).fingerprint).toContain('|page>=0.8;');
    expect(new PdfParser({ runningLines: { minPageFraction: 0.75 } }).fingerprint).toContain(
      ';running>0.75|3;',
    );
    expect(new PdfParser({ runningLines: { minConsecutivePages: 4 } }).fingerprint).toContain(
      ';running>0.5|4;',
    );
    expect(() => new PdfParser({ runningLines: { minConsecutivePages: 1 } })).toThrow(
      /runningLines\.minConsecutivePages/,
    );
    expect(new PdfParser({ runningLines: false }).fingerprint).toContain(';no-running;');
    expect(new PdfParser({ structure: false }).fingerprint).toContain(';running>0.5|3;no-structure;ocr:');
    expect(new PdfParser({ layout: { wordGap: 0.2, columnGap: 2 } }).fingerprint).toContain(
      ';running>0.5|3;layout(columnGap=2,wordGap=0.2);ocr:',
    );
    expect(parser.mediaTypes).toEqual(['application/pdf']);
  });

  it('rejects scanned-page thresholds out of range', () => {
    expect(() => new PdfParser({ scannedPages: { minImageArea: 1.5 } })).toThrow(
      /scannedPages\.minImageArea/,
    );
    expect(() => new PdfParser({ scannedPages: { minTextChars: -1 } })).toThrow(/scannedPages\.minTextChars/);
  });
});

describe('PdfParser metadata dates', () => {
  it('reports the info dictionary’s modification and creation dates, modification first', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc
      .addPage([612, 792])
      .drawText('A page of text without any date on it.', { x: 72, y: 700, size: 11, font });
    doc.setCreationDate(new Date(Date.UTC(2021, 4, 4, 12)));
    doc.setModificationDate(new Date(Date.UTC(2021, 5, 1, 12)));
    const parsed = await new PdfParser({ ocr: false }).parse({ name: 'dated.pdf', bytes: await doc.save() });
    expect(parsed.metadataDates?.map((d) => d.slice(0, 10))).toEqual(['D:20210601', 'D:20210504']);
  });
});

import { readFileSync } from 'node:fs';
import { degrees, PDFDocument, StandardFonts, setTextRenderingMode, TextRenderingMode } from 'pdf-lib';
import { getResolvedPDFJS } from 'unpdf';
import { afterAll, describe, expect, it } from 'vitest';
import { EmptyDocumentError, ParseError } from '../../core/errors.js';
import { decodePng, encodePng } from '../ocr/png.js';
import { type GreyRaster, rotate } from '../ocr/raster.js';
import { disposeOcr } from '../ocr/tesseract-ocr.js';
import { NoLegibleTextError } from './image-parser.js';
import { pageImages } from './pdf-images.js';
import { PdfParser } from './pdf-parser.js';

const FIXTURES = new URL('../../../test/fixtures/parsers/', import.meta.url);
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));
const SCAN = fixture('scan.png');
const SIDEWAYS = fixture('scan-rot90.png');
const WORDS = 'Granite cairns mark the trail\nInvoice 4217 due on March 3';

afterAll(disposeOcr);

interface ScanPage {
  image?: Uint8Array;
  text?: string;
  /** Counter-clockwise turn of the drawn image, in degrees. */
  imageRotation?: number;
  /** The page's /Rotate (clockwise, for display). */
  pageRotation?: number;
}

/** A PDF of scanned pages: each image drawn over most of its page, as a scanner writes them. */
async function scannedPdf(pages: ScanPage[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const spec of pages) {
    const page = doc.addPage([480, 135]);
    if (spec.pageRotation) page.setRotation(degrees(spec.pageRotation));
    if (spec.image) {
      const image = await doc.embedPng(spec.image);
      const { width, height } = image.scale(0.7);
      const turned = spec.imageRotation === 90;
      page.drawImage(image, {
        x: turned ? 10 + height : 10,
        y: 10,
        width,
        height,
        ...(turned ? { rotate: degrees(90) } : {}),
      });
    }
    if (spec.text) page.drawText(spec.text, { x: 10, y: 122, size: 8, font });
  }
  return doc.save();
}

describe('PdfParser on scanned pages', () => {
  const parser = new PdfParser();

  it('reads a page without a text layer by OCR instead of calling the PDF empty', async () => {
    const parsed = await parser.parse({ name: 'scan.pdf', bytes: await scannedPdf([{ image: SCAN }]) });
    expect(parsed.pages).toEqual([{ pageNumber: 1, markdown: WORDS }]);
  });

  it('OCRs only the scanned pages of a mixed document, and turns a sideways scan', async () => {
    const bytes = await scannedPdf([
      { text: 'A typed page with a real text layer of its own.' },
      { image: SIDEWAYS },
    ]);
    const parsed = await parser.parse({ name: 'mixed.pdf', bytes });
    expect(parsed.pages[0]!.markdown).toBe('A typed page with a real text layer of its own.');
    expect(parsed.pages[1]!.markdown).toBe(WORDS);
  });

  it('leaves OCR text out of running header and footer removal', async () => {
    // Were the scans counted, their lines would open and close 3 of the 4 pages, and go.
    const bytes = await scannedPdf([
      { image: SCAN },
      { image: SCAN },
      { text: 'A typed page with a real text layer of its own.' },
      { image: SCAN },
    ]);
    const parsed = await parser.parse({ name: 'scans.pdf', bytes });
    expect(parsed.pages.map((page) => page.markdown)).toEqual([
      WORDS,
      WORDS,
      'A typed page with a real text layer of its own.',
      WORDS,
    ]);
  });

  it('keeps a text layer above minTextChars, and OCRs the page when the threshold is raised', async () => {
    const bytes = await scannedPdf([{ image: SCAN, text: 'Scanned by ACME 3000 scanner' }]);
    const kept = await parser.parse({ name: 'stamped.pdf', bytes });
    expect(kept.pages[0]!.markdown).toBe('Scanned by ACME 3000 scanner');
    const raised = new PdfParser({ scannedPages: { minTextChars: 40 } });
    expect((await raised.parse({ name: 'stamped.pdf', bytes })).pages[0]!.markdown).toBe(WORDS);
  });

  it('leaves a page alone when its images cover less than minImageArea', async () => {
    const bytes = await scannedPdf([{ image: SCAN }]);
    const picky = new PdfParser({ scannedPages: { minImageArea: 0.95 } });
    const error = await picky.parse({ name: 'scan.pdf', bytes }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmptyDocumentError);
    // …and says why it found no text, instead of a bare "empty".
    expect((error as EmptyDocumentError).detail).toBe(
      'no text layer, and the images on page 1 cover less than 95% of the page, so they were not read as scans (PdfParser scannedPages.minImageArea)',
    );
  });

  it('says the pages are scans and OCR is off, rather than calling the PDF empty', async () => {
    const bytes = await scannedPdf([{ image: SCAN }, { image: SCAN }, { image: SCAN }]);
    const error = await new PdfParser({ ocr: false })
      .parse({ name: 'scan.pdf', bytes })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParseError);
    expect((error as Error).message).toBe(
      "scan.pdf: no text layer: pages 1–3 are scanned images and OCR is off; turn PdfParser's ocr option on or set a vision transcriber",
    );
  });

  it('reports illegible scans as illegible with the reason and the setting to try, not as garbage text', async () => {
    // Speckles and blotches: no text whichever way up.
    let seed = 7;
    const noise = encodePng({
      width: 240,
      height: 120,
      channels: 1,
      data: Uint8Array.from({ length: 240 * 120 }, (_, i) => {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        const blotch = Math.sin((i % 240) / 7) + Math.cos(Math.floor(i / 240) / 5) > 1.2;
        return (seed >> 16) % 3 === 0 || blotch ? 0 : 255;
      }),
    });
    const error = await new PdfParser({ scannedPages: { minImageArea: 0.2 } })
      .parse({ name: 'noise.pdf', bytes: await scannedPdf([{ image: noise }]) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoLegibleTextError);
    expect(error).toMatchObject({ code: 'EMPTY_DOCUMENT', kind: 'illegible' });
    expect((error as Error).message).toMatch(
      /^noise\.pdf: no legible text \(no text layer, and the scanned page 1 hold no legible text: /,
    );
    expect((error as NoLegibleTextError).detail).toMatch(
      /; lower ocr\.minConfidence, rescan at a higher resolution, or read it with a vision model \(--vision\)$/,
    );
  });

  it('hands page images to a vision transcriber as PNG when one is set', async () => {
    const seen: Array<{ mediaType: string; pageNumber: number; width: number }> = [];
    const vision = new PdfParser({
      transcribe: async (image) => {
        seen.push({
          mediaType: image.mediaType,
          pageNumber: image.pageNumber,
          width: decodePng(image.bytes).width,
        });
        return `Transcribed page ${image.pageNumber}`;
      },
      transcriberId: 'vision-test',
    });
    const bytes = await scannedPdf([{ text: 'Typed first page, long enough to keep.' }, { image: SCAN }]);
    const parsed = await vision.parse({ name: 'scan.pdf', bytes });
    expect(parsed.pages[1]!.markdown).toBe('Transcribed page 2');
    expect(seen).toEqual([{ mediaType: 'image/png', pageNumber: 2, width: 640 }]);
    expect(vision.fingerprint).toMatch(/;vision:vision-test$/);
  });
});

/** How a page's text layer sits with a scan that fills the page. */
type TextLayer = 'invisible' | 'beneath' | 'over';

/**
 * One page exactly the size of the scan (the image covers all of it), with a text layer of
 * `text` written invisibly (rendering mode 3, as scanners write their OCR layer), beneath the
 * image, or visibly over it.
 */
async function fullPageScan(text: string, layer: TextLayer): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const image = await doc.embedPng(SCAN);
  const page = doc.addPage([image.width, image.height]);
  const writeText = () => page.drawText(text, { x: 5, y: 5, size: 7, font });
  if (layer === 'beneath') writeText();
  page.drawImage(image, { x: 0, y: 0, width: image.width, height: image.height });
  if (layer === 'invisible') {
    page.pushOperators(setTextRenderingMode(TextRenderingMode.Invisible));
    writeText();
  }
  if (layer === 'over') writeText();
  return doc.save();
}

describe('PdfParser on a page that is one large bitmap', () => {
  const garbage = 'Gr4n1te ca1rn5 rnark tlie tra1l lnvo1ce 42l7 dne ou Marcli 3';

  it.each(['invisible', 'beneath'] as const)(
    'reads the scan, not a long text layer written %s it',
    async (layer) => {
      const bytes = await fullPageScan(garbage, layer);
      const parsed = await new PdfParser().parse({ name: 'scan.pdf', bytes });
      expect(parsed.pages).toEqual([{ pageNumber: 1, markdown: WORDS }]);
    },
  );

  it('keeps text painted visibly over a page-filling image (a slide on a picture)', async () => {
    const bytes = await fullPageScan('A caption typed over the picture, long enough to keep.', 'over');
    const parsed = await new PdfParser().parse({ name: 'slide.pdf', bytes });
    expect(parsed.pages[0]!.markdown).toBe('A caption typed over the picture, long enough to keep.');
  });

  it('keeps the hidden text layer when the image cannot be read (OCR off), and can be turned off', async () => {
    const bytes = await fullPageScan(garbage, 'invisible');
    const noOcr = await new PdfParser({ ocr: false }).parse({ name: 'scan.pdf', bytes });
    expect(noOcr.pages[0]!.markdown).toBe(garbage);
    const off = new PdfParser({ scannedPages: { pageImageArea: 1.01 } });
    expect((await off.parse({ name: 'scan.pdf', bytes })).pages[0]!.markdown).toBe(garbage);
  });

  it('reads a large bitmap with little text even when it covers little of a large page', async () => {
    const doc = await PDFDocument.create();
    const image = await doc.embedPng(SCAN);
    // 640 × 150 pt = 96 000 pt² on a 1000 × 1000 pt page: under 10% of it.
    doc.addPage([1000, 1000]).drawImage(image, { x: 100, y: 400, width: 640, height: 150 });
    const bytes = await doc.save();
    const parsed = await new PdfParser().parse({ name: 'poster.pdf', bytes });
    expect(parsed.pages[0]!.markdown).toBe(WORDS);
    const error = await new PdfParser({ scannedPages: { minBitmapArea: 200_000 } })
      .parse({ name: 'poster.pdf', bytes })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmptyDocumentError);
  });

  it.each([
    [{ minBitmapArea: -1 }, 'scannedPages.minBitmapArea'],
    [{ pageImageArea: 0 }, 'scannedPages.pageImageArea'],
  ])('refuses scannedPages %j naming %s', (scannedPages, argument) => {
    expect(() => new PdfParser({ scannedPages })).toThrow(expect.objectContaining({ argument }));
  });
});

describe('pageImages', async () => {
  const pdfjs = await getResolvedPDFJS();
  const upright = decodePng(SCAN) as GreyRaster;

  async function imagesOf(spec: ScanPage) {
    const pdf = await pdfjs.getDocument({ data: await scannedPdf([spec]), verbosity: 0 }).promise;
    try {
      const page = await pdf.getPage(1);
      return await pageImages(page, pdfjs.OPS);
    } finally {
      await pdf.destroy();
    }
  }

  it('returns the decoded image and the share of the page it covers', async () => {
    const [image, ...rest] = await imagesOf({ image: SCAN });
    expect(rest).toEqual([]);
    expect(image!.raster).toEqual(upright);
    expect(image!.areaRatio).toBeCloseTo((448 * 105) / (480 * 135), 3);
  });

  it('turns each image as the page shows it', async () => {
    const drawnTurned = await imagesOf({ image: SCAN, imageRotation: 90 });
    expect(drawnTurned[0]!.raster).toEqual(rotate(upright, 270));
    const pageTurned = await imagesOf({ image: SCAN, pageRotation: 90 });
    expect(pageTurned[0]!.raster).toEqual(rotate(upright, 90));
    const both = await imagesOf({ image: SCAN, imageRotation: 90, pageRotation: 90 });
    expect(both[0]!.raster).toEqual(upright);
  });
});

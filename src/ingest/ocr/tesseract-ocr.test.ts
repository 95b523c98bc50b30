import { existsSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { isCairnError } from '../../core/errors.js';
import { ImageTextReader } from './image-text.js';
import { decodePng, encodePng } from './png.js';
import { type GreyRaster, rotate, toGrey } from './raster.js';
import { disposeOcr, TesseractOcr } from './tesseract-ocr.js';

const FIXTURES = new URL('../../../test/fixtures/parsers/', import.meta.url);
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));

afterAll(disposeOcr);

/** Lower-cased words, for comparisons that forgive OCR's line breaks. */
const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

describe('TesseractOcr', () => {
  const ocr = new TesseractOcr();
  afterAll(() => ocr.close());

  it('reads the words of a PNG, a JPEG and a TIFF, confidently and upright', async () => {
    for (const name of ['scan.png', 'scan.jpg', 'scan.tiff']) {
      const result = await ocr.doRecognize({ image: fixture(name) });
      expect(words(result.text), name).toEqual(
        expect.arrayContaining(['granite', 'cairns', 'mark', 'trail', 'invoice', '4217', 'march']),
      );
      expect(result.confidence, name).toBeGreaterThan(80);
      expect(result.rotation, name).toBe(0);
    }
  });

  it('turns a sideways scan upright before reading it', async () => {
    const result = await ocr.doRecognize({ image: fixture('scan-rot90.png') });
    expect(result.rotation).toBe(270);
    expect(words(result.text)).toEqual(expect.arrayContaining(['granite', 'cairns', 'invoice', '4217']));
    expect(result.confidence).toBeGreaterThan(80);
  });

  it('tries a large page’s orientations on its centre, then reads it whole the right way up', async () => {
    // scan.png at twice the size, centred on a white 1400×800 page (1.1 megapixels), turned sideways.
    const scan = toGrey(decodePng(fixture('scan.png')));
    const page: GreyRaster = {
      width: 1400,
      height: 800,
      channels: 1,
      data: new Uint8Array(1400 * 800).fill(255),
    };
    for (let y = 0; y < scan.height * 2; y++) {
      for (let x = 0; x < scan.width * 2; x++) {
        page.data[(y + 250) * page.width + x + 60] = scan.data[(y >> 1) * scan.width + (x >> 1)]!;
      }
    }
    const result = await ocr.doRecognize({ image: encodePng(rotate(page, 90)) });
    expect(result.rotation).toBe(270);
    expect(words(result.text)).toEqual(expect.arrayContaining(['granite', 'cairns', 'invoice', '4217']));
  });

  it('reads the model from the npm package and writes no cache file', () => {
    expect(existsSync('eng.traineddata')).toBe(false);
    expect(ocr.fingerprint).toMatch(/^tesseract\.js@\d+\.\d+\.\d+\/eng-4\.0\.0_best_int\/rotate<70$/);
  });

  it('starts a fresh worker after close', async () => {
    await ocr.close();
    const result = await ocr.doRecognize({ image: fixture('scan.png') });
    expect(words(result.text)).toContain('granite');
  });

  it('fails with a typed OcrError for bytes that are no image, and keeps working', async () => {
    const error = await ocr.doRecognize({ image: new TextEncoder().encode('not an image') }).catch((e) => e);
    expect(isCairnError(error) && error.code).toBe('OCR_FAILED');
    expect(error.message).toMatch(/^OCR failed: /);
    const result = await ocr.doRecognize({ image: fixture('scan.png') });
    expect(words(result.text)).toContain('granite');
  });

  it('fails with a typed OcrError that says it timed out, then starts afresh', async () => {
    const hasty = new TesseractOcr({ timeoutMs: 1 });
    try {
      const error = await hasty.doRecognize({ image: fixture('scan.png') }).catch((e) => e);
      expect(isCairnError(error) && error.code).toBe('OCR_FAILED');
      expect(error).toMatchObject({ timedOut: true });
      expect(error.message).toMatch(/took longer than 0\.001 s/);
    } finally {
      await hasty.close();
    }
  });

  it('rejects settings out of range', () => {
    expect(() => new TesseractOcr({ retryRotationBelow: 101 })).toThrow(/retryRotationBelow/);
    expect(() => new TesseractOcr({ timeoutMs: 0 })).toThrow(/timeoutMs/);
  });
});

describe('ImageTextReader', () => {
  const image = { mediaType: 'image/png', sourceName: 'scan.png', pageNumber: 1 };

  it('keeps confident OCR text as Markdown, one line per line read', async () => {
    const result = await new ImageTextReader().read({ ...image, bytes: fixture('scan.png') });
    expect(result).toMatchObject({ kind: 'text', method: 'ocr', rotation: 0 });
    expect(result.kind === 'text' && result.markdown).toBe(
      'Granite cairns mark the trail\nInvoice 4217 due on March 3',
    );
  });

  it('discards text read with less than minConfidence, saying why', async () => {
    const strict = new ImageTextReader({ ocr: { minConfidence: 100 } });
    const result = await strict.read({ ...image, bytes: fixture('scan.png') });
    expect(result.kind).toBe('illegible');
    expect(result.kind === 'illegible' && result.reason).toMatch(/below ocr\.minConfidence 100/);
  });

  it('uses a vision transcriber instead of OCR when one is given', async () => {
    const seen: string[] = [];
    const reader = new ImageTextReader({
      transcribe: async (page) => {
        seen.push(`${page.sourceName}#${page.pageNumber} ${page.mediaType} ${page.bytes.length}`);
        return '# Transcribed\n\nby a vision model';
      },
      transcriberId: 'test-vision',
    });
    const result = await reader.read({ ...image, bytes: fixture('scan.png') });
    expect(result).toEqual({
      kind: 'text',
      markdown: '# Transcribed\n\nby a vision model',
      method: 'vision',
    });
    expect(seen).toEqual([`scan.png#1 image/png ${fixture('scan.png').length}`]);
    expect(reader.fingerprint).toBe('vision:test-vision');
  });

  it('reads nothing when OCR is off and no transcriber is set', async () => {
    const off = new ImageTextReader({ ocr: false });
    expect(off.enabled).toBe(false);
    expect(await off.read({ ...image, bytes: fixture('scan.png') })).toEqual({
      kind: 'none',
      reason: 'OCR is off and no vision transcriber is set',
    });
  });
});

import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { EmptyDocumentError, ParseError, UnsupportedFormatError } from '../../core/errors.js';
import { encodePng } from '../ocr/png.js';
import { disposeOcr } from '../ocr/tesseract-ocr.js';
import { ImageParser, NoLegibleTextError } from './image-parser.js';

const FIXTURES = new URL('../../../test/fixtures/parsers/', import.meta.url);
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));

afterAll(disposeOcr);

/** A grey PNG of speckles and blotches: no text, whichever way up. */
function noisePng(): Uint8Array {
  let seed = 7;
  const width = 240;
  const height = 120;
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const x = i % width;
    const y = Math.floor(i / width);
    data[i] = (seed >> 16) % 3 === 0 || Math.sin(x / 7) + Math.cos(y / 5) > 1.2 ? 0 : 255;
  }
  return encodePng({ width, height, channels: 1, data });
}

describe('ImageParser', () => {
  const parser = new ImageParser();

  it('returns one page of the OCR text of a PNG', async () => {
    const parsed = await parser.parse({ name: 'scan.png', bytes: fixture('scan.png') });
    expect(parsed).toEqual({
      mediaType: 'image/png',
      pages: [{ pageNumber: 1, markdown: 'Granite cairns mark the trail\nInvoice 4217 due on March 3' }],
    });
  });

  it('reads a sideways scan', async () => {
    const parsed = await parser.parse({ name: 'scan-rot90.png', bytes: fixture('scan-rot90.png') });
    expect(parsed.pages[0]!.markdown).toContain('Granite cairns mark the trail');
  });

  it('discards illegible noise with a reason instead of returning garbage', async () => {
    const error = await parser.parse({ name: 'noise.png', bytes: noisePng() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoLegibleTextError);
    expect(error).toBeInstanceOf(EmptyDocumentError);
    expect((error as NoLegibleTextError).code).toBe('EMPTY_DOCUMENT');
    expect((error as Error).message).toMatch(/^noise\.png: no legible text \(OCR /);
    expect(error).toMatchObject({ kind: 'illegible' });
    expect((error as NoLegibleTextError).detail).toMatch(
      /^OCR confidence \d+ is below ocr\.minConfidence 60, so the text was discarded as illegible; lower ocr\.minConfidence, rescan at a higher resolution, or read it with a vision model \(--vision\)$/,
    );
  });

  it('uses a vision transcriber instead of OCR when given', async () => {
    const vision = new ImageParser({
      transcribe: async (image) => `Seen ${image.mediaType}`,
      transcriberId: 'v',
    });
    const parsed = await vision.parse({ name: 'photo.jpg', bytes: fixture('scan.jpg') });
    expect(parsed.pages[0]!.markdown).toBe('Seen image/jpeg');
    expect(vision.fingerprint).toBe('image/v1;vision:v');
  });

  it('refuses images as unsupported when OCR is off', async () => {
    const off = new ImageParser({ ocr: false });
    await expect(off.parse({ name: 'scan.png', bytes: fixture('scan.png') })).rejects.toThrow(
      UnsupportedFormatError,
    );
    await expect(off.parse({ name: 'scan.png', bytes: fixture('scan.png') })).rejects.toThrow(/OCR is off/);
  });

  it('throws ParseError for bytes that are no image it reads', async () => {
    await expect(parser.parse({ name: 'x.png', bytes: new TextEncoder().encode('GIF89a') })).rejects.toThrow(
      ParseError,
    );
    const truncated = fixture('scan.png').slice(0, 400);
    await expect(parser.parse({ name: 'cut.png', bytes: truncated })).rejects.toThrow(
      'cut.png: damaged PNG: truncated in its IDAT chunk',
    );
    const header = fixture('scan.png').slice(0, 12);
    await expect(parser.parse({ name: 'blob', bytes: header })).rejects.toThrow(
      'blob: damaged PNG: no IHDR header chunk',
    );
    const jpeg = fixture('scan.jpg');
    const broken = Uint8Array.of(...jpeg.subarray(0, 3), ...new Uint8Array(64));
    await expect(parser.parse({ name: 'bad.jpg', bytes: broken })).rejects.toThrow(
      /^bad\.jpg: could not read the image: /,
    );
  });

  it('fingerprints the OCR engine and the confidence floor', () => {
    expect(parser.fingerprint).toMatch(
      /^image\/v1;ocr:tesseract\.js@[\d.]+\/eng-4\.0\.0_best_int\/rotate<70\/min60$/,
    );
  });
});

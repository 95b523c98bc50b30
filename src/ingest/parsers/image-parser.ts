import { EmptyDocumentError, ParseError, UnsupportedFormatError } from '../../core/errors.js';
import type { Parser } from '../../core/ports.js';
import type { ParsedDocument, Source } from '../../core/types.js';
import { type ImageTextOptions, ImageTextReader } from '../ocr/image-text.js';

/** Options of {@link ImageParser}: OCR settings or a vision transcriber. */
export type ImageParserOptions = ImageTextOptions;

/** What to try when OCR finds text it cannot read with confidence. */
export const ILLEGIBLE_HINT =
  'lower ocr.minConfidence, rescan at a higher resolution, or read it with a vision model (--vision)';

/**
 * An image or scanned document held no text that could be read. A kind of
 * {@link EmptyDocumentError}, reported `skipped (illegible: …)` with the reason and the setting to
 * try when OCR saw text but not legibly (`illegible: true`), else `skipped (empty: …)`.
 */
export class NoLegibleTextError extends EmptyDocumentError {
  readonly reason: string;
  constructor(source: string, reason: string, options: { illegible?: boolean } = {}) {
    super(
      source,
      options.illegible ? `${reason}; ${ILLEGIBLE_HINT}` : reason,
      options.illegible ? 'illegible' : 'empty',
    );
    this.message = `${source}: no legible text (${reason})`;
    this.reason = reason;
  }
}

/** The image type named by the first bytes, if it is one the OCR engine reads. */
export function imageMediaType(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    (bytes[0] === 0x49 && bytes[1] === 0x49 && bytes[2] === 0x2a && bytes[3] === 0x00) ||
    (bytes[0] === 0x4d && bytes[1] === 0x4d && bytes[2] === 0x00 && bytes[3] === 0x2a)
  ) {
    return 'image/tiff';
  }
  return undefined;
}

/**
 * Why a PNG cannot be whole (missing header, image data or end chunk; a chunk running past the
 * end), checked before OCR so that a truncated file fails with a reason instead of a codec error.
 */
function pngDamage(bytes: Uint8Array): string | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const seen = new Set<string>();
  let at = 8;
  while (at + 8 <= bytes.length) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (seen.size === 0 && type !== 'IHDR') return 'no IHDR header chunk';
    if (at + 12 + length > bytes.length) return `truncated in its ${type} chunk`;
    seen.add(type);
    if (type === 'IEND') return seen.has('IDAT') ? undefined : 'no image data';
    at += 12 + length;
  }
  return seen.size === 0 ? 'no IHDR header chunk' : 'truncated (no IEND chunk)';
}

/**
 * PNG, JPEG and TIFF images: one page of the text read from the image, by a vision transcriber
 * when one is given, else by OCR (tesseract.js, English, local model). A sideways or upside-down
 * picture is turned before reading (see {@link TesseractOcr}); text read with low confidence is
 * discarded rather than returned as noise. For a multi-page TIFF only the first page is read.
 */
export class ImageParser implements Parser {
  readonly specificationVersion = 'v1' as const;
  readonly fingerprint: string;
  readonly mediaTypes = ['image/png', 'image/jpeg', 'image/tiff'] as const;
  private readonly reader: ImageTextReader;

  constructor(options: ImageParserOptions = {}) {
    this.reader = new ImageTextReader(options);
    this.fingerprint = `image/v1;${this.reader.fingerprint}`;
  }

  /**
   * @throws {UnsupportedFormatError} when OCR is off and no transcriber is set.
   * @throws {ParseError} when the bytes are no PNG, JPEG or TIFF, are damaged, or cannot be decoded.
   * @throws {NoLegibleTextError} (an {@link EmptyDocumentError}) when no legible text was found.
   */
  async parse(source: Source): Promise<ParsedDocument> {
    const mediaType = imageMediaType(source.bytes);
    if (mediaType === undefined) throw new ParseError(source.name, 'not a PNG, JPEG or TIFF image');
    if (!this.reader.enabled) {
      throw new UnsupportedFormatError(
        source.name,
        `${mediaType} (OCR is off and no vision transcriber is set)`,
      );
    }
    const damage = mediaType === 'image/png' ? pngDamage(source.bytes) : undefined;
    if (damage !== undefined) throw new ParseError(source.name, `damaged PNG: ${damage}`);
    let result: Awaited<ReturnType<ImageTextReader['read']>>;
    try {
      result = await this.reader.read({
        bytes: source.bytes,
        mediaType,
        sourceName: source.name,
        pageNumber: 1,
      });
    } catch (error) {
      throw new ParseError(source.name, `could not read the image: ${(error as Error).message}`, {
        cause: error,
      });
    }
    if (result.kind !== 'text') {
      throw new NoLegibleTextError(source.name, result.reason, { illegible: result.kind === 'illegible' });
    }
    return { mediaType, pages: [{ pageNumber: 1, markdown: result.markdown }] };
  }
}

/**
 * Format routing: decides which parser reads a {@link Source} and runs it.
 *
 * The decision goes, in order: the declared media type (generic ones such as
 * `application/octet-stream` or `application/zip` are ignored), the file extension, magic bytes
 * (`%PDF-`, an HTML prologue, PNG/JPEG/TIFF, WAV/MP3/M4A, a zip holding a Word or PowerPoint
 * package), and finally "decodes as UTF-8 text". Anything else is an
 * {@link UnsupportedFormatError} naming what was seen. CSV, TSV, JSON and JSON Lines go to the
 * structured parsers (`src/ingest/structured`): one chunk per record.
 * @module
 */
import { UnsupportedFormatError } from '../core/errors.js';
import type { Parser } from '../core/ports.js';
import type { ParsedDocument, Source } from '../core/types.js';
import type { Transcriber } from './audio/transcriber.js';
import { looksLikeText } from './decode.js';
import type { ImageTextOptions } from './ocr/image-text.js';
import { AudioParser, audioMediaType } from './parsers/audio-parser.js';
import { DocxParser } from './parsers/docx-parser.js';
import { HtmlParser } from './parsers/html-parser.js';
import { ImageParser, imageMediaType } from './parsers/image-parser.js';
import { MarkdownParser } from './parsers/markdown-parser.js';
import { PdfParser, type PdfParserOptions } from './parsers/pdf-parser.js';
import { PptxParser } from './parsers/pptx-parser.js';
import { TextParser } from './parsers/text-parser.js';
import { ooxmlKind } from './parsers/zip-sniff.js';
import { CsvParser } from './structured/csv-parser.js';
import { JsonParser } from './structured/json-parser.js';
import { JsonlParser } from './structured/jsonl-parser.js';
import type { StructuredOptions } from './structured/structured-options.js';

/**
 * The formats cairn parses. `image` is PNG, JPEG and TIFF; `audio` is WAV, MP3 and M4A; `csv`
 * (CSV and TSV), `json` and `jsonl` are structured: one chunk per record.
 */
export type SourceFormat =
  | 'pdf'
  | 'html'
  | 'markdown'
  | 'text'
  | 'docx'
  | 'pptx'
  | 'image'
  | 'audio'
  | 'csv'
  | 'json'
  | 'jsonl';

/** True for the formats read record by record (CSV and TSV, JSON, JSON Lines). */
export function isStructuredFormat(format: SourceFormat): boolean {
  return format === 'csv' || format === 'json' || format === 'jsonl';
}

/** Where a source goes: the parser's format and the media type recorded for the document. */
export interface SourceRoute {
  format: SourceFormat;
  /** The declared media type when it decided, else the format's canonical type. */
  mediaType: string;
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Declared media types that say nothing about the content; routing falls through past them. */
const GENERIC_MEDIA_TYPES = new Set([
  '',
  'application/octet-stream',
  'binary/octet-stream',
  'application/binary',
  'application/unknown',
  'application/download',
  'application/force-download',
  'application/x-download',
  // A zip says nothing about what it packs; DOCX and PPTX files are often served as one.
  'application/zip',
  'application/x-zip-compressed',
]);

const MEDIA_TYPE_FORMATS: Record<string, SourceFormat> = {
  'application/pdf': 'pdf',
  'application/x-pdf': 'pdf',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/mdx': 'markdown',
  'text/csv': 'csv',
  'application/csv': 'csv',
  'text/tab-separated-values': 'csv',
  'application/json': 'json',
  'application/x-ndjson': 'jsonl',
  'application/ndjson': 'jsonl',
  'application/jsonl': 'jsonl',
  'application/x-jsonlines': 'jsonl',
  'application/xml': 'text',
  'application/yaml': 'text',
  'application/x-yaml': 'text',
  [DOCX]: 'docx',
  [PPTX]: 'pptx',
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/jpg': 'image',
  'image/pjpeg': 'image',
  'image/tiff': 'image',
  'image/tiff-fx': 'image',
  'audio/wav': 'audio',
  'audio/wave': 'audio',
  'audio/x-wav': 'audio',
  'audio/vnd.wave': 'audio',
  'audio/mpeg': 'audio',
  'audio/mp3': 'audio',
  'audio/mpeg3': 'audio',
  'audio/x-mpeg-3': 'audio',
  'audio/mp4': 'audio',
  'audio/m4a': 'audio',
  'audio/x-m4a': 'audio',
};

/** The media type recorded for a source routed by its extension. */
const EXTENSION_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  html: 'text/html',
  htm: 'text/html',
  xhtml: 'text/html',
  md: 'text/markdown',
  markdown: 'text/markdown',
  mdx: 'text/markdown',
  txt: 'text/plain',
  text: 'text/plain',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
  jsonl: 'application/jsonl',
  ndjson: 'application/jsonl',
  log: 'text/plain',
  docx: DOCX,
  pptx: PPTX,
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
};

/** Binary formats recognised by their first bytes, for a useful "unsupported" message. */
const BINARY_MAGIC: ReadonlyArray<{ bytes: readonly number[]; offset?: number; mediaType: string }> = [
  { bytes: [0x50, 0x4b, 0x03, 0x04], mediaType: 'application/zip' },
  { bytes: [0x47, 0x49, 0x46, 0x38], mediaType: 'image/gif' },
  { bytes: [0x57, 0x45, 0x42, 0x50], offset: 8, mediaType: 'image/webp' },
  { bytes: [0x1f, 0x8b], mediaType: 'application/gzip' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf], mediaType: 'application/x-7z-compressed' },
  { bytes: [0x52, 0x61, 0x72, 0x21], mediaType: 'application/vnd.rar' },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0], mediaType: 'application/x-ole-storage' },
  { bytes: [0x7b, 0x5c, 0x72, 0x74, 0x66], mediaType: 'application/rtf' },
  { bytes: [0x66, 0x74, 0x79, 0x70], offset: 4, mediaType: 'video/mp4' },
  { bytes: [0x7f, 0x45, 0x4c, 0x46], mediaType: 'application/x-elf' },
  { bytes: [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65], mediaType: 'application/vnd.sqlite3' },
];

/** `text/html; charset=utf-8` → `text/html`. */
function essence(mediaType: string): string {
  return mediaType.split(';', 1)[0]!.trim().toLowerCase();
}

/** Lower-case extension of the last path segment (query and fragment of a URL removed), or `''`. */
function extensionOf(name: string): string {
  const path = /^[a-z][a-z\d+.-]*:\/\//i.test(name) ? name.replace(/[?#].*$/, '') : name;
  const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

function formatForMediaType(type: string): SourceFormat | undefined {
  const known = MEDIA_TYPE_FORMATS[type];
  if (known !== undefined) return known;
  if (type.startsWith('text/')) return 'text';
  if (/^application\/[\w.+-]+\+json$/.test(type)) return 'text';
  return undefined;
}

function startsWith(bytes: Uint8Array, magic: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + magic.length) return false;
  return magic.every((byte, i) => bytes[offset + i] === byte);
}

/** `%PDF-` within the first KiB (the PDF spec tolerates leading junk). */
function isPdfMagic(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024));
  return head.includes('%PDF-', 0, 'latin1');
}

/** An HTML prologue after an optional BOM, whitespace, XML declaration and comments. */
function isHtmlMagic(bytes: Uint8Array): boolean {
  let head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 2048)).toString('latin1');
  head = head.replace(/^\xef\xbb\xbf/, '');
  for (;;) {
    const next = head
      .replace(/^\s+/, '')
      .replace(/^<\?xml[^>]*\?>/i, '')
      .replace(/^<!--[\s\S]*?-->/, '');
    if (next === head) break;
    head = next;
  }
  return /^<(!doctype\s+html|html|head|body)[\s>]/i.test(head);
}

/** The media type that magic bytes name, for the formats cairn parses. */
function sniffBinary(bytes: Uint8Array): string | undefined {
  if (isPdfMagic(bytes)) return 'application/pdf';
  if (isHtmlMagic(bytes)) return 'text/html';
  const office = ooxmlKind(bytes);
  if (office === 'docx') return DOCX;
  if (office === 'pptx') return PPTX;
  return imageMediaType(bytes) ?? audioMediaType(bytes);
}

function describeMagic(bytes: Uint8Array, length: number): string {
  return Array.from(bytes.subarray(0, length), (byte) =>
    byte >= 0x21 && byte <= 0x7e && byte !== 0x5c
      ? String.fromCharCode(byte)
      : `\\x${byte.toString(16).padStart(2, '0')}`,
  ).join('');
}

/** What an unsupported binary source looks like, for {@link UnsupportedFormatError.format}. */
function describeBinary(bytes: Uint8Array, extension: string): string {
  const suffix = extension ? `, .${extension}` : '';
  if (ooxmlKind(bytes) === 'xlsx') return `${XLSX} (an Excel workbook${suffix})`;
  for (const magic of BINARY_MAGIC) {
    if (startsWith(bytes, magic.bytes, magic.offset)) {
      const shown = describeMagic(bytes, (magic.offset ?? 0) + magic.bytes.length);
      return `${magic.mediaType} (magic ${shown}${suffix})`;
    }
  }
  return extension ? `.${extension} (binary data)` : `binary data (magic ${describeMagic(bytes, 4)})`;
}

/**
 * Decides the format of a source: declared media type, then extension, then magic bytes, then
 * "is UTF-8 text".
 * @throws {UnsupportedFormatError} when none of them names a supported format; `format` says
 *   what the source looked like (e.g. `image/gif (magic GIF8)`).
 */
export function routeSource(source: Source): SourceRoute {
  const declared = essence(source.mediaType ?? '');
  if (!GENERIC_MEDIA_TYPES.has(declared)) {
    const format = formatForMediaType(declared);
    if (format === undefined) throw new UnsupportedFormatError(source.name, declared);
    return { format, mediaType: declared };
  }

  const extension = extensionOf(source.name);
  const byExtension = EXTENSION_TYPES[extension];
  const sniffed = sniffBinary(source.bytes);
  if (byExtension !== undefined) {
    const format = formatForMediaType(byExtension)!;
    // A text extension on bytes that are not text but carry a known binary format's magic (a PDF
    // saved as .txt) is a mislabel: the magic bytes decide. Text that is merely not valid UTF-8
    // (Latin-1, a stray byte) still goes to its text parser, which decodes with replacement.
    const textual = !['pdf', 'docx', 'pptx', 'image', 'audio'].includes(format);
    if (textual && sniffed !== undefined && !looksLikeText(source.bytes)) {
      return { format: formatForMediaType(sniffed)!, mediaType: sniffed };
    }
    return { format, mediaType: byExtension };
  }

  if (sniffed !== undefined) return { format: formatForMediaType(sniffed)!, mediaType: sniffed };
  if (looksLikeText(source.bytes)) return { format: 'text', mediaType: 'text/plain' };

  throw new UnsupportedFormatError(source.name, describeBinary(source.bytes, extension));
}

const defaultParsers: Partial<Record<SourceFormat, Parser>> = {};

/**
 * The default parser of a format (one shared instance per format): OCR on with default
 * settings, and no speech-to-text (audio is refused with a hint until a transcriber is given).
 */
export function parserFor(format: SourceFormat): Parser {
  let parser = defaultParsers[format];
  if (parser === undefined) {
    parser = createParser(format, {});
    defaultParsers[format] = parser;
  }
  return parser;
}

/**
 * A new parser of `format` with these settings (what {@link resolveParser} picks when settings are
 * given, and what a parsing process builds from the settings it receives).
 */
export function createParser(format: SourceFormat, options: ParseSourceOptions): Parser {
  const images: ImageTextOptions = {
    ...(options.ocr === undefined ? {} : { ocr: options.ocr }),
    ...(options.transcribeImage === undefined ? {} : { transcribe: options.transcribeImage }),
    ...(options.transcribeImageId === undefined ? {} : { transcriberId: options.transcribeImageId }),
  };
  switch (format) {
    case 'pdf':
      return new PdfParser({ ...options.pdf, ...images });
    case 'html':
      return new HtmlParser();
    case 'markdown':
      return new MarkdownParser();
    case 'text':
      return new TextParser();
    case 'docx':
      return new DocxParser();
    case 'pptx':
      return new PptxParser();
    case 'image':
      return new ImageParser(images);
    case 'audio':
      return new AudioParser(options.transcriber === undefined ? {} : { transcriber: options.transcriber });
    case 'csv':
      return new CsvParser(options.structured);
    case 'json':
      return new JsonParser(options.structured);
    case 'jsonl':
      return new JsonlParser(options.structured);
  }
}

/** Options of {@link parseSource}. */
export interface ParseSourceOptions {
  /** Parsers to use instead of the defaults, by format (e.g. a `PdfParser` with another timeout). */
  parsers?: Partial<Record<SourceFormat, Parser>>;
  /**
   * Speech-to-text for audio sources (e.g. `new OpenAITranscriber()`). Without one, audio is
   * refused as unsupported, with a message saying how to configure it.
   */
  transcriber?: Transcriber;
  /**
   * OCR of images and scanned PDF pages: on by default (tesseract.js, English, local model);
   * `false` turns it off; an object sets the engine and the confidence floor.
   */
  ocr?: ImageTextOptions['ocr'];
  /** A vision-model transcriber of page images, used instead of OCR when given. */
  transcribeImage?: ImageTextOptions['transcribe'];
  /** Identifies `transcribeImage` (model, prompt) in parser fingerprints; default `custom`. */
  transcribeImageId?: string;
  /**
   * PDF settings: timeout, password, layout, and the scanned-page thresholds
   * (`scannedPages.minTextChars`, `scannedPages.minImageArea`).
   */
  pdf?: Omit<PdfParserOptions, keyof ImageTextOptions>;
  /**
   * CSV, TSV, JSON and JSONL settings: which fields are the text (the rest is metadata), the id
   * field, records per chunk. Default: every field is text and metadata, one record per chunk.
   */
  structured?: StructuredOptions;
}

const SETTINGS = ['transcriber', 'ocr', 'transcribeImage', 'transcribeImageId', 'pdf', 'structured'] as const;

/** Parsers built for an options object, so that passing the same object again reuses them. */
const configuredParsers = new WeakMap<ParseSourceOptions, Partial<Record<SourceFormat, Parser>>>();

function configuredParser(format: SourceFormat, options: ParseSourceOptions): Parser {
  let parsers = configuredParsers.get(options);
  if (parsers === undefined) {
    parsers = {};
    configuredParsers.set(options, parsers);
  }
  parsers[format] ??= createParser(format, options);
  return parsers[format];
}

/**
 * Routes a source and parses it. The result's `mediaType` is the routed one (a declared
 * `text/csv` stays `text/csv`); `parserFingerprint` identifies the parser for the parse cache.
 * A parser given in `options.parsers` wins; otherwise the format's default parser is used, or,
 * when any parser setting (`transcriber`, `ocr`, `transcribeImage`, `pdf`, `structured`) is given, a parser
 * built with those settings.
 * @throws {UnsupportedFormatError} when no parser handles the source (audio without a transcriber included).
 * @throws {EmptyDocumentError} when the source holds no text.
 * @throws {ParseError} when the source is corrupt, encrypted or unreadable.
 */
export async function parseSource(
  source: Source,
  options: ParseSourceOptions = {},
): Promise<ParsedDocument & { parserFingerprint: string }> {
  const { route, parser } = resolveParser(source, options);
  const parsed = await parser.parse(source);
  return { ...parsed, mediaType: route.mediaType, parserFingerprint: parser.fingerprint };
}

/**
 * Routes a source and picks its parser without parsing, as {@link parseSource} would; callers
 * use the parser's fingerprint as part of the parse-cache key.
 * @throws {UnsupportedFormatError} when no parser handles the source.
 */
export function resolveParser(
  source: Source,
  options: ParseSourceOptions = {},
): { route: SourceRoute; parser: Parser } {
  const route = routeSource(source);
  const configured = SETTINGS.some((key) => options[key] !== undefined);
  const parser =
    options.parsers?.[route.format] ??
    (configured ? configuredParser(route.format, options) : parserFor(route.format));
  return { route, parser };
}

import { readFileSync } from 'node:fs';
import { Document, Packer, Paragraph } from 'docx';
import JSZip from 'jszip';
import pptxgen from 'pptxgenjs';
import { afterAll, describe, expect, it } from 'vitest';
import { UnsupportedFormatError } from '../core/errors.js';
import type { Source } from '../core/types.js';
import type { Transcriber } from './audio/transcriber.js';
import { disposeOcr } from './ocr/tesseract-ocr.js';
import { parserFor, parseSource, routeSource, type SourceFormat } from './route.js';

// pptxgenjs's declarations describe its CommonJS build; Node's ESM import hands over the class.
const PptxGenJS = pptxgen as unknown as typeof pptxgen.default;

afterAll(disposeOcr);

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PPTX_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

async function docxBytes(text: string): Promise<Uint8Array> {
  const document = new Document({ sections: [{ children: [new Paragraph(text)] }] });
  return new Uint8Array(await Packer.toBuffer(document));
}

async function pptxBytes(text: string): Promise<Uint8Array> {
  const pptx = new PptxGenJS();
  pptx.addSlide().addText(text, { x: 1, y: 1, w: 5, h: 1 });
  return new Uint8Array((await pptx.write({ outputType: 'uint8array' })) as Uint8Array);
}

async function zipOf(files: Record<string, string>): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(files)) zip.file(name, content);
  return zip.generateAsync({ type: 'uint8array' });
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const source = (name: string, bytes: Uint8Array | string, mediaType?: string): Source => ({
  name,
  bytes: typeof bytes === 'string' ? utf8(bytes) : bytes,
  ...(mediaType === undefined ? {} : { mediaType }),
});

const PDF_HEADER = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const GIF = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0x80, 0, 0]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const TIFF = new Uint8Array([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]);
const WAV = new Uint8Array([
  ...new TextEncoder().encode('RIFF'),
  36,
  0,
  0,
  0,
  ...new TextEncoder().encode('WAVEfmt '),
]);
const MP3 = new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0x21, 0xff, 0xfb]);
const M4A = new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode('ftypM4A \0\0\0\0M4A mp42')]);
const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0, 0x21, 0x00, 0x9c, 0x01]);

function unsupported(run: () => unknown): UnsupportedFormatError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UnsupportedFormatError);
    return error as UnsupportedFormatError;
  }
  throw new Error('expected UnsupportedFormatError');
}

describe('routeSource', () => {
  it('lets the declared media type win over the extension', () => {
    expect(routeSource(source('page.txt', '<p>hi</p>', 'text/html; charset=utf-8'))).toEqual({
      format: 'html',
      mediaType: 'text/html',
    });
    expect(routeSource(source('notes.pdf', '# hi', 'text/markdown')).format).toBe('markdown');
    expect(routeSource(source('data', 'a,b\n1,2', 'text/csv'))).toEqual({
      format: 'csv',
      mediaType: 'text/csv',
    });
    expect(routeSource(source('x.html', '{}', 'application/json')).format).toBe('json');
    expect(routeSource(source('x.json', '{}', 'application/ld+json')).format).toBe('text');
  });

  it('rejects a declared media type it cannot parse, whatever the extension', () => {
    const error = unsupported(() => routeSource(source('photo.txt', 'text', 'image/gif')));
    expect(error.format).toBe('image/gif');
    expect(error.code).toBe('UNSUPPORTED_FORMAT');
  });

  it.each([
    [DOCX_TYPE, 'docx'],
    [PPTX_TYPE, 'pptx'],
    ['image/png', 'image'],
    ['image/jpeg', 'image'],
    ['image/tiff', 'image'],
    ['audio/wav', 'audio'],
    ['audio/x-wav', 'audio'],
    ['audio/mpeg', 'audio'],
    ['audio/mp4', 'audio'],
    ['audio/x-m4a', 'audio'],
  ])('routes the declared media type %s to %s', (mediaType, format) => {
    expect(routeSource(source('upload.bin', 'x', mediaType))).toEqual({ format, mediaType });
  });

  it('ignores generic declared types such as application/octet-stream', () => {
    expect(routeSource(source('report.pdf', PDF_HEADER, 'application/octet-stream')).format).toBe('pdf');
    expect(routeSource(source('blob', PDF_HEADER, 'application/octet-stream')).format).toBe('pdf');
    expect(routeSource(source('readme.md', '# x', 'binary/octet-stream')).format).toBe('markdown');
  });

  it('lets the extension win over magic bytes', () => {
    expect(routeSource(source('looks-like-pdf.txt', PDF_HEADER))).toEqual({
      format: 'text',
      mediaType: 'text/plain',
    });
    expect(routeSource(source('doc.md', '<!doctype html><html></html>')).format).toBe('markdown');
    expect(routeSource(source('page.HTM', 'plain words')).format).toBe('html');
  });

  it.each([
    ['a.pdf', 'pdf'],
    ['a.html', 'html'],
    ['a.htm', 'html'],
    ['a.xhtml', 'html'],
    ['a.md', 'markdown'],
    ['a.markdown', 'markdown'],
    ['a.mdx', 'markdown'],
    ['a.txt', 'text'],
    ['a.text', 'text'],
    ['a.csv', 'csv'],
    ['a.json', 'json'],
    ['a.jsonl', 'jsonl'],
    ['dir.v2/README.MD', 'markdown'],
    ['https://example.com/files/paper.pdf?download=1#page=2', 'pdf'],
    ['a.docx', 'docx'],
    ['a.pptx', 'pptx'],
    ['a.png', 'image'],
    ['a.jpg', 'image'],
    ['a.JPEG', 'image'],
    ['a.tif', 'image'],
    ['a.tiff', 'image'],
    ['a.wav', 'audio'],
    ['a.mp3', 'audio'],
    ['a.m4a', 'audio'],
  ])('routes %s by its extension to %s', (name, format) => {
    expect(routeSource(source(name, 'x')).format).toBe(format);
  });

  it('records the media type an extension names', () => {
    expect(routeSource(source('deck.pptx', 'x')).mediaType).toBe(PPTX_TYPE);
    expect(routeSource(source('scan.jpg', 'x')).mediaType).toBe('image/jpeg');
    expect(routeSource(source('talk.m4a', 'x')).mediaType).toBe('audio/mp4');
  });

  it.each([
    ['PNG', PNG, 'image', 'image/png'],
    ['JPEG', JPEG, 'image', 'image/jpeg'],
    ['TIFF', TIFF, 'image', 'image/tiff'],
    ['WAV', WAV, 'audio', 'audio/wav'],
    ['MP3', MP3, 'audio', 'audio/mpeg'],
    ['M4A', M4A, 'audio', 'audio/mp4'],
  ])('sniffs %s by its magic bytes', (_, bytes, format, mediaType) => {
    expect(routeSource(source('upload', bytes))).toEqual({ format, mediaType });
  });

  it('tells Word and PowerPoint files from other zips by their entries', async () => {
    expect(routeSource(source('upload', await docxBytes('hello')))).toEqual({
      format: 'docx',
      mediaType: DOCX_TYPE,
    });
    expect(routeSource(source('upload', await pptxBytes('hello')))).toEqual({
      format: 'pptx',
      mediaType: PPTX_TYPE,
    });
    // A declared application/zip says nothing: the entries decide.
    expect(routeSource(source('download', await docxBytes('hello'), 'application/zip')).format).toBe('docx');
    // A truncated DOCX still names its first parts in the local headers.
    expect(routeSource(source('upload', (await docxBytes('hello')).slice(0, 1500))).format).toBe('docx');
    const archive = await zipOf({ 'notes/readme.txt': 'word/document.xml is mentioned here' });
    expect(unsupported(() => routeSource(source('upload', archive))).format).toBe(
      'application/zip (magic PK\\x03\\x04)',
    );
    const workbook = await zipOf({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' });
    expect(unsupported(() => routeSource(source('book', workbook))).format).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet (an Excel workbook)',
    );
  });

  it('sniffs magic bytes when the name says nothing', () => {
    expect(routeSource(source('upload', PDF_HEADER))).toEqual({
      format: 'pdf',
      mediaType: 'application/pdf',
    });
    expect(routeSource(source('upload', `junk\n${PDF_HEADER}`)).format).toBe('pdf');
    expect(routeSource(source('page', '\ufeff  <!DOCTYPE html>\n<html><body>x</body></html>')).format).toBe(
      'html',
    );
    expect(routeSource(source('page', '<html lang="en"><p>x</p></html>')).format).toBe('html');
    expect(
      routeSource(
        source('page', '<?xml version="1.0"?>\n<!-- c -->\n<html xmlns="http://www.w3.org/1999/xhtml"/>'),
      ).format,
    ).toBe('html');
  });

  it('falls back to plain text when the bytes decode as UTF-8', () => {
    expect(routeSource(source('Makefile', 'all:\n\techo hi\n'))).toEqual({
      format: 'text',
      mediaType: 'text/plain',
    });
    expect(routeSource(source('notes.rst', 'Title\n=====\n\nÜber')).format).toBe('text');
    expect(routeSource(source('empty', new Uint8Array())).format).toBe('text');
    expect(routeSource(source('<p>not html</p>', '<p>fragment</p>')).format).toBe('text');
  });

  it('rejects known binary formats and names them by their magic bytes', () => {
    expect(unsupported(() => routeSource(source('image', GIF))).format).toBe('image/gif (magic GIF8)');
    expect(unsupported(() => routeSource(source('archive', ZIP))).format).toBe(
      'application/zip (magic PK\\x03\\x04)',
    );
    expect(unsupported(() => routeSource(source('letter.zip', ZIP))).format).toBe(
      'application/zip (magic PK\\x03\\x04, .zip)',
    );
  });

  it('rejects random bytes', () => {
    let seed = 42;
    const random = new Uint8Array(4096).map(() => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed >> 16;
    });
    const error = unsupported(() => routeSource(source('blob.bin', random)));
    expect(error.format).toBe('.bin (binary data)');
    expect(error.message).toContain('blob.bin: unsupported format: .bin (binary data)');
    expect(unsupported(() => routeSource(source('noext', random))).format).toMatch(/^binary data \(magic /);
  });
});

describe('parserFor', () => {
  it('returns one shared parser per format, each for its media types', () => {
    expect(parserFor('pdf')).toBe(parserFor('pdf'));
    expect(parserFor('pdf').mediaTypes).toContain('application/pdf');
    expect(parserFor('html').mediaTypes).toContain('text/html');
    expect(parserFor('markdown').mediaTypes).toContain('text/markdown');
    expect(parserFor('text').mediaTypes).toContain('text/plain');
    expect(parserFor('docx').mediaTypes).toContain(DOCX_TYPE);
    expect(parserFor('pptx').mediaTypes).toContain(PPTX_TYPE);
    expect(parserFor('image').mediaTypes).toEqual(['image/png', 'image/jpeg', 'image/tiff']);
    expect(parserFor('audio').mediaTypes).toEqual(['audio/wav', 'audio/mpeg', 'audio/mp4']);
    const formats: SourceFormat[] = ['pdf', 'html', 'markdown', 'text', 'docx', 'pptx', 'image', 'audio'];
    for (const format of formats) expect(parserFor(format).specificationVersion).toBe('v1');
  });
});

describe('parseSource', () => {
  it('routes, parses and reports the parser fingerprint', async () => {
    const parsed = await parseSource(source('notes.md', '# Notes\n\nBody text.'));
    expect(parsed).toEqual({
      mediaType: 'text/markdown',
      title: 'Notes',
      pages: [{ pageNumber: 1, markdown: '# Notes\n\nBody text.' }],
      parserFingerprint: 'markdown/v2',
    });
  });

  it('keeps the declared media type of the routed source', async () => {
    const parsed = await parseSource(source('data', 'a,b\n1,2\n', 'text/x-log; charset=utf-8'));
    expect(parsed.mediaType).toBe('text/x-log');
    expect(parsed.pages[0]?.markdown).toBe('a,b\n1,2\n');
    expect(parsed.parserFingerprint).toBe('text/plain/v9');
    const csv = await parseSource(source('data', 'a,b\n1,2\n', 'text/csv; charset=utf-8'));
    expect(csv.mediaType).toBe('text/csv');
    expect(csv.parserFingerprint).toBe('csv/v1?group=1');
  });

  it('uses a parser given in the options instead of the default', async () => {
    const custom = {
      specificationVersion: 'v1' as const,
      fingerprint: 'custom/v1',
      mediaTypes: ['text/plain'],
      parse: async () => ({ mediaType: 'text/plain', pages: [{ pageNumber: 1, markdown: 'custom' }] }),
    };
    const parsed = await parseSource(source('a.txt', 'x'), { parsers: { text: custom } });
    expect(parsed.parserFingerprint).toBe('custom/v1');
    expect(parsed.pages[0]?.markdown).toBe('custom');
  });

  it('rejects unsupported sources before parsing', async () => {
    await expect(parseSource(source('image.gif', GIF))).rejects.toBeInstanceOf(UnsupportedFormatError);
  });

  it('parses Word and PowerPoint files found by sniffing', async () => {
    const word = await parseSource(source('upload', await docxBytes('Routed by its entries.')));
    expect(word).toMatchObject({
      mediaType: DOCX_TYPE,
      pages: [{ pageNumber: 1, markdown: 'Routed by its entries.' }],
    });
    expect(word.parserFingerprint).toMatch(/^docx\/mammoth@/);
    const deck = await parseSource(source('upload', await pptxBytes('Slide text')));
    expect(deck.pages).toEqual([{ pageNumber: 1, markdown: '# Slide text' }]);
  });

  it('uses the transcriber it is given for audio, and refuses audio without one', async () => {
    const transcriber: Transcriber = {
      specificationVersion: 'v1',
      provider: 'echo',
      model: 'bytes',
      maxAudioBytes: 1e6,
      doTranscribe: async ({ audio, mediaType }) => ({ text: `${audio.length} bytes of ${mediaType}` }),
    };
    const options = { transcriber };
    const parsed = await parseSource(source('talk.wav', WAV), options);
    expect(parsed).toMatchObject({ mediaType: 'audio/wav', pages: [{ markdown: '16 bytes of audio/wav' }] });
    expect(parsed.parserFingerprint).toBe('audio/v1;stt=echo:bytes;p60');
    await expect(parseSource(source('talk.wav', WAV))).rejects.toThrow(/speech-to-text is not configured/);
  });

  it('builds parsers from the OCR settings it is given', async () => {
    const error = await parseSource(source('scan.png', PNG), { ocr: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedFormatError);
    expect((error as Error).message).toMatch(/OCR is off/);
    const options = { transcribeImage: async () => 'Seen by a vision model', transcribeImageId: 'v1-test' };
    const scan = new Uint8Array(
      readFileSync(new URL('../../test/fixtures/parsers/scan.png', import.meta.url)),
    );
    const parsed = await parseSource(source('scan.png', scan), options);
    expect(parsed).toMatchObject({ mediaType: 'image/png', pages: [{ markdown: 'Seen by a vision model' }] });
    expect(parsed.parserFingerprint).toBe('image/v1;vision:v1-test');
  });
});

describe('routeSource with a mislabelled extension', () => {
  it('lets the magic bytes of a known binary format win over a text extension', () => {
    const pdf = new Uint8Array(readFileSync('examples/20071229X02007.pdf'));
    expect(routeSource({ name: 'report.txt', bytes: pdf })).toEqual({
      format: 'pdf',
      mediaType: 'application/pdf',
    });
    expect(routeSource({ name: 'report.md', bytes: pdf }).format).toBe('pdf');
  });

  it('keeps text that is not valid UTF-8, or that mentions a magic string, as text', () => {
    const latin1 = new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x20, 0x6f, 0x70, 0x65, 0x6e, 0x73, 0x0a]);
    expect(routeSource({ name: 'notes.txt', bytes: latin1 }).format).toBe('text');
    const mentions = new TextEncoder().encode('%PDF-1.7 is the header every PDF starts with.\n');
    expect(routeSource({ name: 'notes.md', bytes: mentions }).format).toBe('markdown');
  });
});

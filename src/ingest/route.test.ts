import { describe, expect, it } from 'vitest';
import { UnsupportedFormatError } from '../core/errors.js';
import type { Source } from '../core/types.js';
import { parserFor, parseSource, routeSource } from './route.js';

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
      format: 'text',
      mediaType: 'text/csv',
    });
    expect(routeSource(source('x.html', '{}', 'application/json')).format).toBe('text');
  });

  it('rejects a declared media type it cannot parse, whatever the extension', () => {
    const error = unsupported(() => routeSource(source('photo.txt', 'text', 'image/png')));
    expect(error.format).toBe('image/png');
    expect(error.code).toBe('UNSUPPORTED_FORMAT');
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
    ['a.csv', 'text'],
    ['dir.v2/README.MD', 'markdown'],
    ['https://example.com/files/paper.pdf?download=1#page=2', 'pdf'],
  ])('routes %s by its extension to %s', (name, format) => {
    expect(routeSource(source(name, 'x')).format).toBe(format);
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
    expect(unsupported(() => routeSource(source('image', PNG))).format).toBe('image/png (magic \\x89PNG)');
    expect(unsupported(() => routeSource(source('archive', ZIP))).format).toBe(
      'application/zip (magic PK\\x03\\x04)',
    );
    expect(unsupported(() => routeSource(source('letter.docx', ZIP))).format).toBe(
      'application/zip (magic PK\\x03\\x04, .docx)',
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
    for (const format of ['pdf', 'html', 'markdown', 'text'] as const) {
      expect(parserFor(format).specificationVersion).toBe('v1');
    }
  });
});

describe('parseSource', () => {
  it('routes, parses and reports the parser fingerprint', async () => {
    const parsed = await parseSource(source('notes.md', '# Notes\n\nBody text.'));
    expect(parsed).toEqual({
      mediaType: 'text/markdown',
      title: 'Notes',
      pages: [{ pageNumber: 1, markdown: '# Notes\n\nBody text.' }],
      parserFingerprint: 'markdown/v1',
    });
  });

  it('keeps the declared media type of the routed source', async () => {
    const parsed = await parseSource(source('data', 'a,b\n1,2\n', 'text/csv; charset=utf-8'));
    expect(parsed.mediaType).toBe('text/csv');
    expect(parsed.pages[0]?.markdown).toBe('a,b\n1,2\n');
    expect(parsed.parserFingerprint).toBe('text/plain/v1');
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
    await expect(parseSource(source('image.png', PNG))).rejects.toBeInstanceOf(UnsupportedFormatError);
  });
});

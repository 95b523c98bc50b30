import { describe, expect, it } from 'vitest';
import { EmptyDocumentError, ParseError } from '../../core/errors.js';
import { TextParser } from './text-parser.js';

const parser = new TextParser();
const source = (bytes: Uint8Array | string) => ({
  name: 'notes.txt',
  bytes: typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes,
});

describe('TextParser', () => {
  it('returns the text as one page, kept as it is', async () => {
    const text = '  Indented line\n# not a heading in plain text\n\n| a | b |\n';
    expect(await parser.parse(source(text))).toEqual({
      mediaType: 'text/plain',
      pages: [{ pageNumber: 1, markdown: text }],
    });
  });

  it('splits on form feeds into numbered pages, leaving out pages with nothing on them', async () => {
    const parsed = await parser.parse(source('Page one text.\fPage two text.\f \n\fPage four.\f'));
    expect(parsed.pages).toEqual([
      { pageNumber: 1, markdown: 'Page one text.' },
      { pageNumber: 2, markdown: 'Page two text.' },
      { pageNumber: 4, markdown: 'Page four.' },
    ]);
    await expect(parser.parse(source('\f\f'))).rejects.toBeInstanceOf(EmptyDocumentError);
  });

  it('normalises CRLF and CR line endings', async () => {
    const parsed = await parser.parse(source('one\r\ntwo\rthree'));
    expect(parsed.pages[0]?.markdown).toBe('one\ntwo\nthree');
  });

  it('decodes BOMs and turns NULs into spaces', async () => {
    const parsed = await parser.parse(source(new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x00, 0x69])));
    expect(parsed.pages[0]?.markdown).toBe('h i');
  });

  it('throws EmptyDocumentError for empty or whitespace-only text', async () => {
    await expect(parser.parse(source(''))).rejects.toBeInstanceOf(EmptyDocumentError);
    await expect(parser.parse(source(' \n\t\r\n '))).rejects.toBeInstanceOf(EmptyDocumentError);
  });

  it('throws ParseError for binary data', async () => {
    const binary = new Uint8Array(256).map((_, i) => i);
    await expect(parser.parse(source(binary))).rejects.toThrow(ParseError);
    await expect(parser.parse(source(binary))).rejects.toThrow(/binary data, not text/);
  });

  it('describes itself as a v1 parser of text/plain', () => {
    expect(parser.specificationVersion).toBe('v1');
    expect(parser.mediaTypes).toEqual(['text/plain']);
    expect(parser.fingerprint).toBe('text/plain/v2');
  });
});

import { EmptyDocumentError, ParseError } from '../../core/errors.js';
import type { Parser } from '../../core/ports.js';
import type { Page, ParsedDocument, Source } from '../../core/types.js';
import { decodeTextCounting } from '../decode.js';

/** More control characters than this (per character) and the bytes are binary, not text. */
const MAX_CONTROL_RATIO = 0.05;

/**
 * Decodes a text source (see {@link decodeText}) with line endings normalised to `\n`.
 * @throws {ParseError} when the bytes are binary data rather than text, or too long for a string.
 * @throws {EmptyDocumentError} when the text is empty or whitespace only.
 */
export function decodeTextSource(source: Source): string {
  const { text, controlRatio } = decodeTextCounting(source.bytes, {
    newlines: true,
    sourceName: source.name,
  });
  if (controlRatio > MAX_CONTROL_RATIO) {
    throw new ParseError(
      source.name,
      'binary data, not text; declare its media type if it is another format',
    );
  }
  if (text.trim() === '') throw new EmptyDocumentError(source.name);
  return text;
}

/**
 * Plain text. A form feed (U+000C) ends a page, as in the output of `pdftotext` and in text
 * printed from page-oriented sources: the text between form feeds becomes one page each, numbered
 * from 1 in order; a page holding only whitespace is left out (its number is not reused), so a
 * trailing form feed adds no page. Text without form feeds is one page holding the text as it is
 * (only line endings are normalised).
 */
export class TextParser implements Parser {
  readonly specificationVersion = 'v1' as const;
  readonly fingerprint = 'text/plain/v2';
  readonly mediaTypes = ['text/plain'] as const;

  async parse(source: Source): Promise<ParsedDocument> {
    const text = decodeTextSource(source);
    return { mediaType: 'text/plain', pages: textPages(text) };
  }
}

/** The pages of a plain text: split on form feeds, whitespace-only pages left out. */
export function textPages(text: string): Page[] {
  if (!text.includes('\f')) return [{ pageNumber: 1, markdown: text }];
  const pages: Page[] = [];
  for (const [i, part] of text.split('\f').entries()) {
    if (part.trim() !== '') pages.push({ pageNumber: i + 1, markdown: part });
  }
  return pages;
}

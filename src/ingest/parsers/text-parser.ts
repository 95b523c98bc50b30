import { EmptyDocumentError, ParseError } from '../../core/errors.js';
import type { Parser } from '../../core/ports.js';
import type { ParsedDocument, Source } from '../../core/types.js';
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

/** Plain text: one page holding the text as it is (only line endings are normalised). */
export class TextParser implements Parser {
  readonly specificationVersion = 'v1' as const;
  readonly fingerprint = 'text/plain/v1';
  readonly mediaTypes = ['text/plain'] as const;

  async parse(source: Source): Promise<ParsedDocument> {
    const text = decodeTextSource(source);
    return { mediaType: 'text/plain', pages: [{ pageNumber: 1, markdown: text }] };
  }
}

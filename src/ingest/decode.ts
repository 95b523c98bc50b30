/**
 * Bytes to text: streaming UTF-8 (or UTF-16 with a byte-order mark) decoding, the text
 * normalisation shared by every format, and a cheap check of whether bytes are text at all.
 * @module
 */
import { constants } from 'node:buffer';
import { ParseError } from '../core/errors.js';

const MAX_STRING_LENGTH = constants.MAX_STRING_LENGTH;

/** How many leading bytes {@link looksLikeText} inspects. */
const SNIFF_BYTES = 64 * 1024;

/** Most control characters (per decoded character) that still count as text. */
const MAX_CONTROL_RATIO = 0.01;

type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/** The encoding announced by a byte-order mark, and the mark's length (0 when there is none). */
function detectBom(bytes: Uint8Array): { encoding: Encoding; bomLength: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  return { encoding: 'utf-8', bomLength: 0 };
}

/** Bytes decoded per step; the text is built from pieces, never from one giant decode. */
const DECODE_CHUNK = 1 << 20;

/** Options of {@link decodeText}. */
export interface DecodeTextOptions {
  /** A WHATWG encoding label used when there is no byte-order mark (e.g. `windows-1252`); default UTF-8. */
  encoding?: string;
  /** Also turn CRLF and lone CR line endings into LF. Default false. */
  newlines?: boolean;
  /** Name of the source, for the error message when the text is too long. */
  sourceName?: string;
}

/**
 * Decodes bytes as text, one MiB at a time (a streaming `TextDecoder`), so that decoding costs
 * no more than the text itself. UTF-8 (or `options.encoding`) unless a UTF-8 or UTF-16 LE/BE
 * byte-order mark says otherwise; the mark is dropped, invalid sequences become U+FFFD, and NUL
 * characters become spaces (see {@link normalizeText}), so that words on either side stay apart.
 * @throws {ParseError} when the text is longer than a JavaScript string can be
 *   (`buffer.constants.MAX_STRING_LENGTH` UTF-16 units, about 512 Mi): V8 would otherwise fail
 *   with a bare "Cannot create a string longer than" error.
 * @throws {RangeError} when `options.encoding` is no encoding label.
 */
export function decodeText(bytes: Uint8Array, options: DecodeTextOptions = {}): string {
  return decodeTextCounting(bytes, options).text;
}

/**
 * {@link decodeText}, also returning the share of control characters the decoded text had
 * before normalisation (see {@link controlCharRatio}; NUL characters are left out of the count
 * and of the length, as padding rather than data), to tell binary data from text.
 * @throws as {@link decodeText}.
 */
export function decodeTextCounting(
  bytes: Uint8Array,
  options: DecodeTextOptions = {},
): { text: string; controlRatio: number } {
  const bom = detectBom(bytes);
  const encoding = bom.bomLength > 0 ? bom.encoding : (options.encoding ?? 'utf-8');
  const decoder = new TextDecoder(encoding, { fatal: false, ignoreBOM: true });
  const parts: string[] = [];
  let length = 0;
  let pendingCr = false;
  let controls = 0;
  let nuls = 0;
  for (let at = bom.bomLength; at < bytes.length; at += DECODE_CHUNK) {
    const end = Math.min(bytes.length, at + DECODE_CHUNK);
    const raw = decoder.decode(bytes.subarray(at, end), { stream: end < bytes.length });
    const counted = countControls(raw);
    controls += counted.controls;
    nuls += counted.nuls;
    let piece = normalizeText(raw);
    if (options.newlines) {
      // A CR that ended the previous piece is an LF already; an LF opening this one belongs to it.
      if (pendingCr && piece.startsWith('\n')) piece = piece.slice(1);
      pendingCr = piece.endsWith('\r');
      piece = piece.replace(/\r\n?/g, '\n');
    }
    length += piece.length;
    if (length > MAX_STRING_LENGTH) {
      throw new ParseError(
        options.sourceName ?? 'text',
        `the text is longer than the ${MAX_STRING_LENGTH} characters a JavaScript string can hold; split the file`,
      );
    }
    parts.push(piece);
  }
  const textual = length - nuls;
  return { text: parts.join(''), controlRatio: textual <= 0 ? 0 : controls / textual };
}

/**
 * The text normalisation every parser's output goes through: NUL and the other C0 control
 * characters that are no text (all but tab, line feed, vertical tab, form feed and carriage
 * return) become a space, so that `Quarterly\u0000summary` stays two words whatever the format
 * and whatever the store (PostgreSQL refuses NUL in text). Returns `text` itself when there is
 * nothing to change.
 */
export function normalizeText(text: string): string {
  return CONTROL.test(text) ? text.replace(CONTROL_ALL, ' ') : text;
}

const CONTROL = /[\u0000-\u0008\u000e-\u001f]/;
const CONTROL_ALL = /[\u0000-\u0008\u000e-\u001f]/g;

/** Control characters of `text` as {@link controlCharRatio} counts them, NUL apart. */
function countControls(text: string): { controls: number; nuls: number } {
  let controls = 0;
  let nuls = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) nuls++;
    else if (
      (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) ||
      code === 0x7f
    ) {
      controls++;
    }
  }
  return { controls, nuls };
}

/**
 * Share of control characters in `text`: C0 controls other than tab, line feed, form feed and
 * carriage return, plus DEL. NUL counts. 0 for an empty string.
 */
export function controlCharRatio(text: string): number {
  if (text.length === 0) return 0;
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) || code === 0x7f) {
      controls++;
    }
  }
  return controls / text.length;
}

/**
 * True when the bytes are text: valid UTF-8 (or anything after a UTF-16 byte-order mark) with at
 * most 1 % control characters. Only the first 64 KiB are inspected; empty input counts as text.
 */
export function looksLikeText(bytes: Uint8Array): boolean {
  const { encoding, bomLength } = detectBom(bytes);
  const head = bytes.subarray(bomLength, bomLength + SNIFF_BYTES);
  const truncated = bytes.length > bomLength + SNIFF_BYTES;
  let text: string;
  try {
    // `stream: true` tolerates a multi-byte sequence cut off by the 64 KiB window.
    text = new TextDecoder(encoding, { fatal: encoding === 'utf-8', ignoreBOM: true }).decode(head, {
      stream: truncated,
    });
  } catch {
    return false;
  }
  return controlCharRatio(text) <= MAX_CONTROL_RATIO;
}

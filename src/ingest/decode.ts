/**
 * Bytes to text: UTF-8 (or UTF-16 with a byte-order mark) decoding that never throws, and a
 * cheap check of whether bytes are text at all.
 * @module
 */

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

/**
 * Decodes bytes as text. UTF-8 unless a UTF-16 LE/BE byte-order mark says otherwise; the mark
 * (UTF-8 or UTF-16) is dropped, invalid sequences become U+FFFD and NUL characters are removed.
 * Never throws.
 */
export function decodeText(bytes: Uint8Array): string {
  const { encoding, bomLength } = detectBom(bytes);
  const text = new TextDecoder(encoding, { fatal: false, ignoreBOM: true }).decode(bytes.subarray(bomLength));
  return text.includes('\0') ? text.replaceAll('\0', '') : text;
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

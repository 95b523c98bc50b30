import { describe, expect, it } from 'vitest';
import { controlCharRatio, decodeText, looksLikeText } from './decode.js';

const utf8 = (text: string) => new TextEncoder().encode(text);
const bytes = (...values: number[]) => new Uint8Array(values);

function utf16(text: string, endian: 'le' | 'be'): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  out.set(endian === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const [hi, lo] = [code >> 8, code & 0xff];
    out.set(endian === 'le' ? [lo, hi] : [hi, lo], 2 + i * 2);
  }
  return out;
}

describe('decodeText', () => {
  it('decodes UTF-8', () => {
    expect(decodeText(utf8('héllo wörld – ✓'))).toBe('héllo wörld – ✓');
  });

  it('strips a UTF-8 byte-order mark', () => {
    expect(decodeText(bytes(0xef, 0xbb, 0xbf, ...utf8('text')))).toBe('text');
  });

  it('decodes UTF-16 LE and BE after their byte-order marks', () => {
    expect(decodeText(utf16('Grüße, 東京', 'le'))).toBe('Grüße, 東京');
    expect(decodeText(utf16('Grüße, 東京', 'be'))).toBe('Grüße, 東京');
  });

  it('turns NUL characters into spaces, so words never glue', () => {
    expect(decodeText(bytes(0x61, 0x00, 0x62, 0x00, 0x00, 0x63))).toBe('a b  c');
    expect(decodeText(utf16('Quarterly\0summary', 'le'))).toBe('Quarterly summary');
  });

  it('decodes in pieces without splitting a character or a CRLF between them', () => {
    const text = `${'é'.repeat(700_000)}\r\n${'x'.repeat(1_048_575)}\r\nend\r`;
    const decoded = decodeText(new TextEncoder().encode(text), { newlines: true });
    expect(decoded).toBe(text.replaceAll('\r\n', '\n').replace(/\r$/, '\n'));
  });

  it('replaces invalid UTF-8 with U+FFFD instead of throwing', () => {
    expect(decodeText(bytes(0x61, 0xff, 0x62, 0xc3))).toBe('a\uFFFDb\uFFFD');
    // Latin-1 "café": the lone 0xe9 is not UTF-8.
    expect(decodeText(bytes(0x63, 0x61, 0x66, 0xe9))).toBe('caf\uFFFD');
  });

  it('decodes empty input to an empty string', () => {
    expect(decodeText(new Uint8Array())).toBe('');
    expect(decodeText(bytes(0xef, 0xbb, 0xbf))).toBe('');
  });
});

describe('looksLikeText', () => {
  it('accepts UTF-8 text, with or without a BOM, and empty input', () => {
    expect(looksLikeText(utf8('plain text\twith tabs\r\nand lines'))).toBe(true);
    expect(looksLikeText(bytes(0xef, 0xbb, 0xbf, ...utf8('x')))).toBe(true);
    expect(looksLikeText(new Uint8Array())).toBe(true);
  });

  it('accepts UTF-16 text with a BOM', () => {
    expect(looksLikeText(utf16('some UTF-16 text', 'le'))).toBe(true);
    expect(looksLikeText(utf16('some UTF-16 text', 'be'))).toBe(true);
  });

  it('rejects invalid UTF-8', () => {
    expect(looksLikeText(bytes(0x63, 0x61, 0x66, 0xe9, 0x20, 0x61))).toBe(false);
  });

  it('rejects text full of control characters', () => {
    expect(looksLikeText(bytes(0x00, 0x01, 0x02, 0x61, 0x62))).toBe(false);
    expect(looksLikeText(utf8(`${'a'.repeat(1000)}\u0001`))).toBe(true);
  });

  it('tolerates a multi-byte character cut by the 64 KiB window', () => {
    const text = `${'a'.repeat(64 * 1024 - 1)}é and more`;
    expect(looksLikeText(utf8(text))).toBe(true);
  });
});

describe('controlCharRatio', () => {
  it('counts C0 controls and DEL but not tab, newline, form feed or carriage return', () => {
    expect(controlCharRatio('a\tb\nc\rd\f')).toBe(0);
    expect(controlCharRatio('\u0000\u0007\u007fx')).toBe(0.75);
    expect(controlCharRatio('')).toBe(0);
  });
});

/**
 * Percent-encodes, in the part headers of a `multipart/form-data` body, the bytes busboy refuses
 * there: control characters other than tab and the CRLF that ends a line (ESC, a bare LF, DEL, …).
 * busboy holds part headers to HTTP's header grammar and fails the whole body on one such byte
 * (`Malformed part header`), so a single file named `evil\x1b[31mred.md` lost every file of the
 * upload. Browsers and curl send such names raw; they already percent-encode LF, CR and `"` in
 * file names (`%0A`, `%0D`, `%22`, as the HTML standard's form encoding says), and this does the
 * same for the rest, so those names arrive as `evil%1B[31mred.md`. Part bodies pass untouched.
 * @module
 */
import { Transform, type TransformCallback } from 'node:stream';

type State = 'body' | 'delimiter-line' | 'headers' | 'epilogue';

const CR = 0x0d;
const LF = 0x0a;

/** The boundary of a `multipart/form-data` content type, or `undefined` when it names none. */
export function multipartBoundary(contentType: string): string | undefined {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/** A byte busboy refuses in a part header value: a control character but tab, CR and LF. */
function isRefused(byte: number): boolean {
  return (byte < 0x20 && byte !== 0x09 && byte !== CR && byte !== LF) || byte === 0x7f;
}

function percent(byte: number): Buffer {
  return Buffer.from(`%${byte.toString(16).toUpperCase().padStart(2, '0')}`, 'latin1');
}

/**
 * A stream that escapes refused bytes in the part headers of a multipart body with `boundary`
 * (see the module's note); everything else, part bodies included, passes byte for byte.
 */
export function escapePartHeaders(boundary: string): Transform {
  // The body begins as though after a CRLF, so the first delimiter needs none before it.
  const delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
  let carry: Buffer = Buffer.from('\r\n', 'latin1');
  let skip = 2;
  let state: State = 'body';
  let lineLength = 0;
  let previous = 0;
  let lineStart = true;

  const scan = (data: Buffer, out: Buffer[], final: boolean): Buffer => {
    let pos = 0;
    while (pos < data.length) {
      if (state === 'epilogue') {
        out.push(data.subarray(pos));
        return Buffer.alloc(0);
      }
      if (state === 'body') {
        const at = data.indexOf(delimiter, pos);
        if (at < 0) {
          const keep = final ? data.length : Math.max(pos, data.length - (delimiter.length - 1));
          out.push(data.subarray(pos, keep));
          return data.subarray(keep);
        }
        out.push(data.subarray(pos, at + delimiter.length));
        pos = at + delimiter.length;
        state = 'delimiter-line';
        lineStart = true;
        continue;
      }
      if (state === 'delimiter-line') {
        // `--` right after the delimiter closes the body; else the line ends and headers begin.
        if (lineStart && data.length - pos < 2 && !final) return data.subarray(pos);
        if (lineStart && data[pos] === 0x2d && data[pos + 1] === 0x2d) {
          state = 'epilogue';
          continue;
        }
        lineStart = false;
        const end = data.indexOf(LF, pos);
        if (end < 0) {
          out.push(data.subarray(pos));
          return Buffer.alloc(0);
        }
        out.push(data.subarray(pos, end + 1));
        pos = end + 1;
        state = 'headers';
        lineLength = 0;
        previous = LF;
        continue;
      }
      // Headers: byte by byte (busboy caps them at 16 KiB a part) until the empty line.
      const start = pos;
      let flushed = start;
      for (; pos < data.length; pos++) {
        const byte = data[pos]!;
        if (byte === LF && previous === CR) {
          previous = byte;
          if (lineLength === 0) {
            pos++;
            state = 'body';
            break;
          }
          lineLength = 0;
          continue;
        }
        previous = byte;
        if (byte === CR) continue;
        if (byte === LF || isRefused(byte)) {
          out.push(data.subarray(flushed, pos), percent(byte));
          flushed = pos + 1;
        }
        lineLength++;
      }
      out.push(data.subarray(flushed, pos));
    }
    return Buffer.alloc(0);
  };

  const emit = (stream: Transform, out: Buffer[]) => {
    let joined = Buffer.concat(out);
    if (skip > 0) {
      const dropped = Math.min(skip, joined.length);
      joined = joined.subarray(dropped);
      skip -= dropped;
    }
    if (joined.length > 0) stream.push(joined);
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      const out: Buffer[] = [];
      carry = scan(carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk, out, false);
      emit(this, out);
      done();
    },
    flush(done: TransformCallback) {
      const out: Buffer[] = [];
      if (carry.length > 0) scan(carry, out, true);
      carry = Buffer.alloc(0);
      emit(this, out);
      done();
    },
  });
}

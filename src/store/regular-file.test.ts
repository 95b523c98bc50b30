import { execFileSync } from 'node:child_process';
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRegularFileSync } from './regular-file.js';

const root = mkdtempSync(join(tmpdir(), 'cairn-regular-file-'));

describe('readRegularFileSync', () => {
  it('reads a regular file, and through a link only when links are followed', () => {
    const file = join(root, 'plain.json');
    writeFileSync(file, '{"a":1}');
    expect(readRegularFileSync(file, { maxBytes: 100 }).toString()).toBe('{"a":1}');
    const link = join(root, 'link.json');
    symlinkSync(file, link);
    expect(() => readRegularFileSync(link, { maxBytes: 100 })).toThrow(/link\.json: is a symbolic link/);
    expect(readRegularFileSync(link, { maxBytes: 100, followSymlinks: true }).toString()).toBe('{"a":1}');
  });

  it('refuses a FIFO nobody writes, a device and links to them, at once, without reading', () => {
    const fifo = join(root, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const toFifo = join(root, 'to-fifo');
    symlinkSync(fifo, toFifo);
    const toZero = join(root, 'to-zero');
    symlinkSync('/dev/zero', toZero);
    expect(() => readRegularFileSync(fifo, { maxBytes: 100 })).toThrow(/fifo: is a FIFO/);
    expect(() => readRegularFileSync('/dev/zero', { maxBytes: 100 })).toThrow(/is a character device/);
    expect(() => readRegularFileSync(toZero, { maxBytes: 100 })).toThrow(/is a symbolic link/);
    // Followed, the link leads to what is refused anyway; the open does not wait for a writer.
    expect(() => readRegularFileSync(toFifo, { maxBytes: 100, followSymlinks: true })).toThrow(/is a FIFO/);
    expect(() => readRegularFileSync(toZero, { maxBytes: 100, followSymlinks: true })).toThrow(
      /is a character device/,
    );
    expect(() => readRegularFileSync(root, { maxBytes: 100 })).toThrow(/is a folder/);
  });

  it('refuses a file over the size cap', () => {
    const file = join(root, 'big.json');
    writeFileSync(file, 'x'.repeat(101));
    expect(() => readRegularFileSync(file, { maxBytes: 100 })).toThrow(
      /is 101 bytes, more than the 100 allowed/,
    );
  });
});

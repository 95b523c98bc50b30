/**
 * Reading a file that sits beside the data — an index save, a configuration file — that someone
 * may have replaced with something that is no file: a FIFO nobody writes (a plain `open` waits
 * for a writer forever), a device (`/dev/zero` never ends), a symbolic link to either. Only a
 * regular file under a size cap is read, and it is read to its size at open time and no further:
 *
 * 1. `lstat` refuses a symbolic link (unless links are allowed) and anything but a regular file;
 * 2. the file is opened with `O_NONBLOCK` (a FIFO opens at once instead of waiting for a writer)
 *    and `O_NOFOLLOW` (a link swapped in after step 1 fails the open);
 * 3. `fstat` on the open descriptor checks again what was opened, and its size against the cap;
 * 4. exactly that many bytes are read, however long the file has grown since.
 * @module
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, type Stats } from 'node:fs';

/** Why a file was not read: the message names the file and what it is instead. */
export class RefusedFileError extends Error {
  readonly path: string;
  constructor(path: string, reason: string) {
    super(`${path}: ${reason}`);
    this.name = 'RefusedFileError';
    this.path = path;
  }
}

/** Options of {@link readRegularFileSync}. */
export interface RegularFileOptions {
  /** Most bytes; a larger file is refused. */
  maxBytes: number;
  /** Read through a symbolic link to a regular file; default false (a link is refused). */
  followSymlinks?: boolean;
}

function kind(info: Stats): string {
  if (info.isSymbolicLink()) return 'a symbolic link';
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isSocket()) return 'a socket';
  if (info.isDirectory()) return 'a folder';
  return 'not a regular file';
}

/**
 * The bytes of the regular file at `path` (see the module description); never blocks on a FIFO or
 * a device and never reads more than `maxBytes`.
 * @throws {RefusedFileError} for a link (unless followed), anything but a regular file, or a file
 *   over `maxBytes`.
 * @throws The `fs` error (`ENOENT`, `EACCES`, …) when it cannot be read at all.
 */
export function readRegularFileSync(path: string, options: RegularFileOptions): Buffer {
  const linked = lstatSync(path);
  if (linked.isSymbolicLink() && !options.followSymlinks) {
    throw new RefusedFileError(path, 'is a symbolic link; only a regular file is read here');
  }
  if (!linked.isSymbolicLink() && !linked.isFile()) {
    throw new RefusedFileError(path, `is ${kind(linked)}; only a regular file is read here`);
  }
  const flags =
    constants.O_RDONLY |
    (constants.O_NONBLOCK ?? 0) |
    (options.followSymlinks ? 0 : (constants.O_NOFOLLOW ?? 0));
  let fd: number;
  try {
    fd = openSync(path, flags);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') {
      throw new RefusedFileError(path, 'is a symbolic link; only a regular file is read here');
    }
    throw error;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile())
      throw new RefusedFileError(path, `is ${kind(info)}; only a regular file is read here`);
    if (info.size > options.maxBytes) {
      throw new RefusedFileError(path, `is ${info.size} bytes, more than the ${options.maxBytes} allowed`);
    }
    const bytes = Buffer.allocUnsafe(info.size);
    let filled = 0;
    while (filled < bytes.length) {
      const read = readSync(fd, bytes, filled, bytes.length - filled, filled);
      if (read === 0) break;
      filled += read;
    }
    return filled === bytes.length ? bytes : bytes.subarray(0, filled);
  } finally {
    closeSync(fd);
  }
}

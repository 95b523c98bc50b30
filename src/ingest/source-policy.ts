/**
 * What ingest refuses before reading, and why: files larger than the size limit, and symbolic
 * links leading out of the folder being ingested.
 * @module
 */
import path from 'node:path';

/** The default size limit of ingest (`maxFileSize`, `--max-file-size`): 256 MiB. */
export const DEFAULT_MAX_FILE_SIZE = 256 * 1024 * 1024;

/** True when `target` is `root` or lies inside it (both real, absolute paths). */
export function isInside(target: string, root: string): boolean {
  const relative = path.relative(root, target);
  return (
    relative === '' ||
    (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative))
  );
}

/** The reason a link out of the ingest root is refused. */
export function linkOutsideReason(target: string): string {
  return `symbolic link to ${target}, outside the folder being ingested; pass --follow-symlinks (followSymlinks: true) to ingest it`;
}

/** `268435456` → `256 MiB`. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || Number.isInteger(value) ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

/** The reason a source larger than `maxBytes` is refused. */
export function tooLargeReason(size: number, maxBytes: number): string {
  return `${formatBytes(size)}, larger than the ${formatBytes(maxBytes)} limit; raise --max-file-size (maxFileSize) to ingest it`;
}

/**
 * Expands the paths given to `ingest` into files: folders are walked recursively,
 * `include`/`exclude` globs (picomatch, matched against the path relative to the root) filter
 * them, and each file gets a `documentId` = its path relative to the root, with `/` separators.
 * @module
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import picomatch from 'picomatch';
import { NotFoundError } from '../core/errors.js';
import { isUrl } from './fetch-source.js';

/** A file or URL found for ingestion. */
export interface SourceFile {
  /** Absolute path, or the URL for `http(s)://` inputs. */
  path: string;
  /** Path relative to the ingest root, `/`-separated (or the URL); becomes the documentId. */
  documentId: string;
  /** True for a URL, which is fetched rather than read. */
  remote?: boolean;
}

/** Options of {@link collectSourceFiles}. */
export interface CollectOptions {
  /**
   * Globs a file must match (any); default all files. A glob without `/` (e.g. `*.pdf`) matches
   * the base name at any depth.
   */
  include?: string[];
  /** Globs that exclude a file; hidden files and `node_modules` are always excluded. */
  exclude?: string[];
  /**
   * Files never collected, by path (e.g. the database being written and its `-wal`/`-shm`
   * files, when it lives inside a folder being ingested).
   */
  skipFiles?: string[];
}

/**
 * A test of relative paths against `globs`: a glob with a `/` (`drafts/**`) matches the whole
 * relative path; one without (`*.pdf`) matches the base name at any depth. (picomatch's
 * `basename` option would make every glob with a `/` fail, so the two kinds are kept apart.)
 * Paths are `/`-separated and relative to the root, like a documentId.
 */
export function globMatcher(globs: string[]): (relative: string) => boolean {
  const paths = globs.filter((glob) => glob.includes('/'));
  const names = globs.filter((glob) => !glob.includes('/'));
  const byPath = paths.length ? picomatch(paths, { dot: true }) : () => false;
  const byName = names.length ? picomatch(names, { dot: true, basename: true }) : () => false;
  return (relative) => byPath(relative) || byName(relative);
}

/**
 * Lists the files under `paths`, sorted by documentId. A file argument's root is its folder,
 * so its documentId is its base name. `http(s)://` URLs are passed through as remote entries.
 * @throws {NotFoundError} when a path does not exist.
 */
export async function collectSourceFiles(
  paths: string[],
  options: CollectOptions = {},
): Promise<SourceFile[]> {
  const include = options.include?.length ? globMatcher(options.include) : () => true;
  const exclude = options.exclude?.length ? globMatcher(options.exclude) : () => false;
  const skipped = new Set((options.skipFiles ?? []).map((file) => path.resolve(file)));
  const found = new Map<string, SourceFile>();
  for (const given of paths) {
    if (isUrl(given)) {
      found.set(given, { path: given, documentId: given, remote: true });
      continue;
    }
    const absolute = path.resolve(given);
    const info = await stat(absolute).catch(() => undefined);
    if (!info) throw new NotFoundError(`${given}: no such file or folder`);
    if (info.isFile()) {
      const documentId = path.basename(absolute);
      if (include(documentId) && !exclude(documentId)) found.set(absolute, { path: absolute, documentId });
      continue;
    }
    const entries = await readdir(absolute, { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      const full = path.join(entry.parentPath, entry.name);
      // Symlinks to files are followed; links to folders are not (no cycles), nor dangling ones.
      const isFile =
        entry.isFile() ||
        (entry.isSymbolicLink() && (await stat(full).catch(() => undefined))?.isFile() === true);
      if (!isFile || skipped.has(full)) continue;
      const relative = path.relative(absolute, full).split(path.sep).join('/');
      if (relative.split('/').some((part) => part.startsWith('.') || part === 'node_modules')) continue;
      if (!include(relative) || exclude(relative)) continue;
      found.set(full, { path: full, documentId: relative });
    }
  }
  return [...found.values()].sort((a, b) => a.documentId.localeCompare(b.documentId));
}

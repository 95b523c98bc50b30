/**
 * Expands the paths given to `ingest` into files: folders are walked recursively,
 * `include`/`exclude` globs (picomatch, matched against the path relative to the root) filter
 * them, and each file gets a `documentId` = its path relative to the root, with `/` separators.
 * @module
 */
import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import picomatch from 'picomatch';
import { NotFoundError } from '../core/errors.js';
import { isUrl } from './fetch-source.js';
import { isInside, linkOutsideReason } from './source-policy.js';

/** A file or URL found for ingestion. */
export interface SourceFile {
  /** Absolute path, or the URL for `http(s)://` inputs. */
  path: string;
  /** Path relative to the ingest root, `/`-separated (or the URL); becomes the documentId. */
  documentId: string;
  /** True for a URL, which is fetched rather than read. */
  remote?: boolean;
  /**
   * The real path of the folder it was found in, when it was found by walking one: reading it
   * checks again that it has not become a link out of that folder (see `followSymlinks`).
   */
  root?: string;
  /**
   * Why the file is not read, when it is refused (a symbolic link out of the ingest root without
   * `followSymlinks`); it is then reported `skipped` with this reason.
   */
  refused?: string;
  /**
   * Set on an entry standing for a folder that could not be listed (its `documentId` is the
   * folder's relative path with a trailing `/`): why. It is reported `failed`; the rest of the
   * walk goes on.
   */
  unreadable?: string;
}

type Walked = { entry: Dirent; full: string } | { folder: string; error: Error };

/**
 * The entries under `dir`, depth first, one folder listed at a time so that a folder that
 * cannot be read is reported and skipped rather than failing the walk. Hidden folders and
 * `node_modules` are not entered.
 */
async function* walk(dir: string): AsyncGenerator<Walked> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    yield { folder: dir, error: error as Error };
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.') && entry.name !== 'node_modules') yield* walk(full);
    } else {
      yield { entry, full };
    }
  }
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
  /**
   * Follow symbolic links found while walking a folder to files outside it. Default false: such
   * a link is refused (reported `skipped`, with the reason), so a link to `/etc/passwd` dropped
   * into a shared folder does not make the password file searchable. Links to files inside the
   * folder are always followed; links to folders never are (no cycles); a file named as an
   * argument is read wherever a link leads, since the caller named it.
   */
  followSymlinks?: boolean;
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
 * A test of document ids (paths relative to an ingest root) against `include` and `exclude` as
 * {@link collectSourceFiles} applies them, hidden parts and `node_modules` included: true when
 * a file with that relative path would be collected. `--prune` deletes only what it selects.
 */
export function documentIdFilter(
  options: Pick<CollectOptions, 'include' | 'exclude'>,
): (id: string) => boolean {
  const include = options.include?.length ? globMatcher(options.include) : () => true;
  const exclude = options.exclude?.length ? globMatcher(options.exclude) : () => false;
  return (id) =>
    !id.split('/').some((part) => part.startsWith('.') || part === 'node_modules') &&
    include(id) &&
    !exclude(id);
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
    const root = await realpath(absolute);
    for await (const walked of walk(absolute)) {
      if ('folder' in walked) {
        const relative = `${path.relative(absolute, walked.folder).split(path.sep).join('/')}/`;
        const code = (walked.error as NodeJS.ErrnoException).code ?? walked.error.message;
        found.set(walked.folder, {
          path: walked.folder,
          documentId: relative,
          unreadable: `cannot read the folder (${code}); the files in it were not ingested`,
        });
        continue;
      }
      const { entry, full } = walked;
      // Symlinks to files are followed; links to folders are not (no cycles), nor dangling ones.
      const link = entry.isSymbolicLink();
      const isFile = entry.isFile() || (link && (await stat(full).catch(() => undefined))?.isFile() === true);
      if (!isFile || skipped.has(full)) continue;
      const relative = path.relative(absolute, full).split(path.sep).join('/');
      if (relative.split('/').some((part) => part.startsWith('.') || part === 'node_modules')) continue;
      if (!include(relative) || exclude(relative)) continue;
      const file: SourceFile = { path: full, documentId: relative, root };
      if (link && !options.followSymlinks) {
        const target = await realpath(full).catch(() => full);
        if (!isInside(target, root)) file.refused = linkOutsideReason(target);
      }
      found.set(full, file);
    }
  }
  return [...found.values()].sort((a, b) => a.documentId.localeCompare(b.documentId));
}

/**
 * Expands the paths given to `ingest` into files: folders are walked recursively,
 * `include`/`exclude` globs (picomatch, matched against the path relative to the root) filter
 * them, and each file gets a `documentId` = its path relative to the root, with `/` separators.
 * @module
 */
import type { Dirent } from 'node:fs';
import { lstat, readdir, readlink, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import picomatch from 'picomatch';
import { InvalidArgumentError, NotFoundError } from '../core/errors.js';
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
async function* walkFolder(dir: string): AsyncGenerator<Walked> {
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
      if (!entry.name.startsWith('.') && entry.name !== 'node_modules') yield* walkFolder(full);
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
  /**
   * The folder document ids are relative to, for paths that lie inside it: each path is then
   * taken as though a walk of `root` had found it (its id relative to `root`, hidden parts,
   * `node_modules` and the globs tested on that id, links out of `root` refused, links to folders
   * not followed). Default none: each path is its own root. Watch mode ingests the files that
   * changed under a watched folder this way.
   */
  root?: string;
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
 * so its documentId is its base name (unless `options.root` is given). `http(s)://` URLs are
 * passed through as remote entries.
 * @throws {NotFoundError} when a path does not exist.
 * @throws {InvalidArgumentError} when `options.root` is given and a path is not inside it.
 */
export async function collectSourceFiles(
  paths: string[],
  options: CollectOptions = {},
): Promise<SourceFile[]> {
  const selected: Selection = {
    include: options.include?.length ? globMatcher(options.include) : () => true,
    exclude: options.exclude?.length ? globMatcher(options.exclude) : () => false,
    skipped: new Set((options.skipFiles ?? []).map((file) => path.resolve(file))),
    followSymlinks: options.followSymlinks === true,
  };
  const { include, exclude } = selected;
  const found = new Map<string, SourceFile>();
  const root = options.root === undefined ? undefined : path.resolve(options.root);
  for (const given of paths) {
    if (isUrl(given)) {
      found.set(given, { path: given, documentId: given, remote: true });
      continue;
    }
    const absolute = path.resolve(given);
    if (root !== undefined) {
      await collectUnderRoot(given, absolute, root, selected, found);
      continue;
    }
    const info = await stat(absolute).catch(() => undefined);
    if (!info) throw new NotFoundError(`${given}: no such file or folder`);
    if (info.isFile()) {
      const documentId = path.basename(absolute);
      if (include(documentId) && !exclude(documentId)) found.set(absolute, { path: absolute, documentId });
      continue;
    }
    await collectFolder(
      absolute,
      { base: absolute, root: await realpath(absolute), selection: selected },
      found,
    );
  }
  return [...found.values()].sort((a, b) => a.documentId.localeCompare(b.documentId));
}

/** Tests a walked file's id and path against the options. */
interface Selection {
  include: (relative: string) => boolean;
  exclude: (relative: string) => boolean;
  skipped: Set<string>;
  followSymlinks: boolean;
}

/** One walk: the folder ids are relative to, its real path, and what it selects. */
interface Walk {
  base: string;
  root: string;
  selection: Selection;
}

/**
 * Adds the files under `folder` (`walk.base` or a folder inside it) to `found`, and an entry for
 * each folder that cannot be listed.
 */
async function collectFolder(folder: string, walk: Walk, found: Map<string, SourceFile>): Promise<void> {
  for await (const walked of walkFolder(folder)) {
    if ('folder' in walked) {
      const code = (walked.error as NodeJS.ErrnoException).code ?? walked.error.message;
      found.set(walked.folder, {
        path: walked.folder,
        documentId: `${relativeId(walk.base, walked.folder)}/`,
        unreadable: `cannot read the folder (${code}); the files in it were not ingested`,
      });
      continue;
    }
    const { entry, full } = walked;
    const file = await walkedFile(full, { link: entry.isSymbolicLink(), regular: entry.isFile() }, walk);
    if (file) found.set(full, file);
  }
}

/**
 * The file a walk found at `full`, or `undefined` when it is not collected: not a file (symlinks
 * to files are followed; links to folders are not, so there are no cycles), skipped, hidden, in
 * `node_modules`, or left out by the globs. A dangling link (its target missing, or a loop) is
 * collected `refused`, so the report says why it was skipped.
 */
async function walkedFile(
  full: string,
  type: { link: boolean; regular: boolean },
  { base, root, selection }: Walk,
): Promise<SourceFile | undefined> {
  let linkError: NodeJS.ErrnoException | undefined;
  const target = type.link
    ? await stat(full).catch((error: NodeJS.ErrnoException) => {
        linkError = error;
        return undefined;
      })
    : undefined;
  const isFile = type.regular || target?.isFile() === true;
  // A link that leads nowhere (its target gone, or a loop) is reported, not dropped silently.
  const dangling = linkError !== undefined;
  if ((!isFile && !dangling) || selection.skipped.has(full)) return undefined;
  const relative = relativeId(base, full);
  if (relative.split('/').some((part) => part.startsWith('.') || part === 'node_modules')) return undefined;
  if (!selection.include(relative) || selection.exclude(relative)) return undefined;
  const file: SourceFile = { path: full, documentId: relative, root };
  if (dangling) {
    const to = await readlink(full).catch(() => undefined);
    file.refused = `is a symbolic link${to === undefined ? '' : ` to ${to}`} that leads to no file (${linkError!.code ?? linkError!.message}); fix or remove the link`;
    return file;
  }
  if (type.link && !selection.followSymlinks) {
    const target = await realpath(full).catch(() => full);
    if (!isInside(target, root)) file.refused = linkOutsideReason(target);
  }
  return file;
}

/** `full` relative to `base`, `/`-separated. */
function relativeId(base: string, full: string): string {
  return path.relative(base, full).split(path.sep).join('/');
}

/**
 * Adds `absolute` — `base` or a path inside it — to `found` as a walk of `base` would find it:
 * a folder is walked with ids relative to `base`, a file is tested as a walked file.
 * @throws {InvalidArgumentError} when `absolute` is not inside `base`.
 * @throws {NotFoundError} when it does not exist.
 */
async function collectUnderRoot(
  given: string,
  absolute: string,
  base: string,
  selection: Selection,
  found: Map<string, SourceFile>,
): Promise<void> {
  if (!isInside(absolute, base)) throw new InvalidArgumentError('root', `${given} is not inside ${base}`);
  const info = await lstat(absolute).catch(() => undefined);
  if (!info) throw new NotFoundError(`${given}: no such file or folder`);
  const walk: Walk = { base, root: await realpath(base), selection };
  // A walk never enters a link to a folder, so what lies beyond one is not collected either.
  if (absolute !== base) {
    const parent = path.dirname(absolute);
    const realParent = await realpath(parent).catch(() => undefined);
    if (realParent !== path.join(walk.root, path.relative(base, parent))) return;
  }
  if (info.isDirectory()) {
    await collectFolder(absolute, walk, found);
    return;
  }
  const file = await walkedFile(absolute, { link: info.isSymbolicLink(), regular: info.isFile() }, walk);
  if (file) found.set(absolute, file);
}

/**
 * The original files of uploaded documents, kept on disk so the explorer can show a citation in
 * its source (a PDF at the cited page). A file is stored under
 * `DIR/<SHA-256 of the namespace>/<content hash>`: a namespace's files sit apart from every
 * other's, and the route that serves them first finds the document record in the key's namespace.
 * Files over the size cap are not kept (the explorer then shows the document's Markdown).
 *
 * A file is written once per (namespace, content hash), through a temporary name and a rename, so
 * a reader never sees half a file. Deleting a document leaves its original in place (another
 * document of the namespace may have the same bytes); remove the folder of a namespace to purge it.
 * @module
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Default most bytes of one kept original: 64 MiB (the default upload limit). */
export const DEFAULT_MAX_ORIGINAL_BYTES = 64 * 1024 * 1024;

const HASH = /^[0-9a-f]{64}$/;

/** Originals kept in one folder. */
export class OriginalFiles {
  constructor(
    /** The folder; created on the first save. */
    readonly dir: string,
    /** Most bytes of one kept file; larger ones are not kept. */
    readonly maxBytes: number = DEFAULT_MAX_ORIGINAL_BYTES,
  ) {}

  #path(namespace: string, contentHash: string): string | undefined {
    if (!HASH.test(contentHash)) return undefined;
    const folder = createHash('sha256').update(namespace).digest('hex');
    return path.join(this.dir, folder, contentHash);
  }

  /**
   * Keeps `bytes` as the original of `contentHash` in `namespace`; returns whether it is kept
   * (false when over {@link maxBytes}). Bytes already kept are not written again.
   */
  async save(namespace: string, contentHash: string, bytes: Uint8Array): Promise<boolean> {
    const file = this.#path(namespace, contentHash);
    if (!file || bytes.byteLength > this.maxBytes) return false;
    try {
      await stat(file);
      return true;
    } catch {}
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomUUID()}.part`;
    await writeFile(temporary, bytes);
    await rename(temporary, file);
    return true;
  }

  /** Whether the original of `contentHash` in `namespace` is kept (one `stat`, nothing read). */
  async has(namespace: string, contentHash: string): Promise<boolean> {
    const file = this.#path(namespace, contentHash);
    if (!file) return false;
    try {
      return (await stat(file)).isFile();
    } catch {
      return false;
    }
  }

  /** The kept bytes of `contentHash` in `namespace`, or `undefined` when none are kept. */
  async read(namespace: string, contentHash: string): Promise<Uint8Array | undefined> {
    const file = this.#path(namespace, contentHash);
    if (!file) return undefined;
    try {
      return new Uint8Array(await readFile(file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }
}

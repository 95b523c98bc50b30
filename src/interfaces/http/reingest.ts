/**
 * Re-ingesting one stored document from the server (the explorer's per-document action): from the
 * original kept at upload (`cairn serve --originals DIR`), else from the file at its source name
 * on this machine (`--serve-source-files`). Source files need an admin key: a source name is a
 * path on the server, and a write key must not be able to read server files into its namespace by
 * uploading a document of the same name. The document's chunks are replaced in one store write,
 * as any re-ingest; its metadata and source id are kept.
 * @module
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { NotFoundError } from '../../core/errors.js';
import type { DocumentRecord } from '../../core/types.js';
import type { RouteContext } from './route-context.js';

/** Where a re-ingest would read the document from, or why it cannot. */
export interface ReingestAvailability {
  available: boolean;
  from?: 'original' | 'source';
  reason?: string;
}

/** The path a source name names on this machine, resolved from the server's working folder. */
function sourcePath(document: DocumentRecord): string {
  return path.resolve(document.sourceName);
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Whether `document` of `namespace` can be re-ingested here, and from what. */
export async function reingestAvailability(
  context: RouteContext,
  namespace: string,
  document: DocumentRecord,
): Promise<ReingestAvailability> {
  const { originals, sourceFiles } = context.options;
  if (originals && (await originals.has(namespace, document.contentHash)))
    return { available: true, from: 'original' };
  if (sourceFiles) {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(document.sourceName)) {
      return { available: false, reason: 'its source is a URL: ingest it again with cairn ingest' };
    }
    if (await isFile(sourcePath(document))) return { available: true, from: 'source' };
    return {
      available: false,
      reason: `its source file ${JSON.stringify(document.sourceName)} is not on this server, and no original is kept`,
    };
  }
  return {
    available: false,
    reason: originals
      ? 'its original is not kept (uploaded before --originals, or larger than its limit): upload it again'
      : 'the server keeps no originals: run cairn serve with --originals DIR and upload it again',
  };
}

/** The bytes to re-ingest `document` from, read as {@link reingestAvailability} said. */
export async function reingestBytes(
  context: RouteContext,
  namespace: string,
  document: DocumentRecord,
  from: 'original' | 'source',
): Promise<Uint8Array> {
  if (from === 'original') {
    const kept = await context.options.originals?.read(namespace, document.contentHash);
    if (kept) return kept;
  } else {
    const { readSourceFile } = await import('../../ingest/fetch-source.js');
    return (await readSourceFile(sourcePath(document), document.sourceName)).bytes;
  }
  throw new NotFoundError(
    `the original of document ${JSON.stringify(document.documentId)} is no longer kept`,
  );
}

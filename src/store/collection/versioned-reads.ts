/**
 * Reads on backends without transactions whose document replaces are versioned
 * ({@link StoreCapabilities.replace} `versioned`): a replace writes the new version's chunks
 * beside the old ones, switches the document record to the new version in one write, then deletes
 * the old version. A read therefore keeps only the chunks of each document's current version (the
 * one its record names; chunks written without a version are always kept).
 *
 * The record is read after the chunks, so a replace may have switched in between: a chunk whose
 * version is not its document's current one is either being written (the record has not switched
 * yet: the old version was still whole when the chunks were read, and is what the read keeps) or
 * being deleted (the record has switched: the new version was not necessarily whole when the chunks
 * were read). The read cannot tell which from one look, so it reads again; on the next round a
 * mismatch whose record did not change since the previous round is a leftover (a version being
 * written, or one a failed replace left behind) and is dropped, while a record that changed again
 * means another round. A read thus returns, per document, the chunks of one version that was
 * current and whole while they were read: never zero chunks of a document being replaced, never a
 * mix of two versions.
 * @module
 */
import type { BackendScope, StoreBackend } from './backend.js';

/** Most rounds a read repeats because records changed under it; after that, mismatches are dropped. */
export const MAX_UNSETTLED_ROUNDS = 4;

/** Options of {@link readCurrentVersions}. */
export interface VersionedRead<Tx, Row> {
  backend: StoreBackend<Tx>;
  tx: Tx;
  target: BackendScope;
  /** Reads the rows, asking for `extra` more than the caller wants (to make up for dropped ones). */
  read(extra: number): Promise<Row[]>;
  /** The row's document and version. */
  versionOf(row: Row): { documentId: string; version: string | undefined };
  /**
   * When given: rows the caller wants, and whether a read that returned `rows` with `extra` asked
   * may have left more out (so that a read short of `want` after dropping rows reads more).
   */
  want?: { count: number; full(rows: Row[], extra: number): boolean };
}

/** The rows of {@link VersionedRead.read} that belong to their document's current version. */
export async function readCurrentVersions<Tx, Row>(options: VersionedRead<Tx, Row>): Promise<Row[]> {
  const { backend, tx, target, read, versionOf, want } = options;
  let extra = 0;
  let unsettledRounds = 0;
  let previous: Map<string, string | null> | undefined;
  for (;;) {
    const rows = await read(extra);
    const documents = [
      ...new Set(rows.filter((row) => versionOf(row).version).map((row) => versionOf(row).documentId)),
    ];
    if (documents.length === 0) return rows;
    const current = new Map<string, string | null>(documents.map((id) => [id, null]));
    for (const record of await backend.readDocuments(tx, target, documents)) {
      current.set(record.documentId, record.version ?? '');
    }
    let unsettled = false;
    const kept = rows.filter((row) => {
      const { documentId, version } = versionOf(row);
      if (!version) return true;
      const now = current.get(documentId) ?? null;
      if (now === version) return true;
      if (previous === undefined || !previous.has(documentId) || previous.get(documentId) !== now) {
        unsettled = true;
      }
      return false;
    });
    const dropped = rows.length - kept.length;
    const short = want !== undefined && dropped > 0 && kept.length < want.count && want.full(rows, extra);
    if (unsettled) unsettledRounds += 1;
    if ((!unsettled || unsettledRounds >= MAX_UNSETTLED_ROUNDS) && !short) return kept;
    previous = new Map([...(previous ?? []), ...current]);
    if (short) extra += dropped;
  }
}

/**
 * One namespace of one collection: its chunks, document records, full-text index and the indexes
 * that keep document bookkeeping and id-ordered iteration cheap.
 * @module
 */
import type { DocumentRecord } from '../../core/types.js';
import { compareCodePointOrder } from './code-point-order.js';
import { Bm25Index } from './memory-bm25.js';
import type { ChunkRecord, NewChunk } from './memory-records.js';

/**
 * The chunks and documents of a namespace. `chunks` iterates in `seq` order: an overwrite keeps
 * the chunk's place, a delete and re-insert moves it last, as SQLite's rowids behave.
 */
export class NamespaceTable {
  /** Chunks by id. Change them only through {@link put} and {@link remove}. */
  readonly chunks = new Map<string, ChunkRecord>();
  /** Document records by document id (private objects; copy before handing out). */
  readonly documents = new Map<string, DocumentRecord>();
  /** The full-text index of `chunks`. */
  readonly index = new Bm25Index();
  readonly #chunkIdsByDocument = new Map<string, Set<string>>();
  #sortedIds: string[] | undefined;
  #lastSeq = 0;

  /**
   * Inserts a chunk, or overwrites the one with its id (keeping that one's `seq`), and indexes its terms.
   * @returns The chunk it replaced, if any.
   */
  put({ record, terms }: NewChunk): ChunkRecord | undefined {
    const previous = this.chunks.get(record.id);
    if (previous === undefined) {
      record.seq = ++this.#lastSeq;
      this.#sortedIds = undefined;
    } else {
      record.seq = previous.seq;
      record.createdAt = previous.createdAt;
      this.#unlinkDocument(previous);
    }
    this.chunks.set(record.id, record);
    this.index.set(record.id, terms);
    let ids = this.#chunkIdsByDocument.get(record.documentId);
    if (ids === undefined) {
      ids = new Set();
      this.#chunkIdsByDocument.set(record.documentId, ids);
    }
    ids.add(record.id);
    return previous;
  }

  /** Deletes a chunk by id. @returns The deleted chunk, or `undefined` when there was none. */
  remove(id: string): ChunkRecord | undefined {
    const record = this.chunks.get(id);
    if (record === undefined) return undefined;
    this.chunks.delete(id);
    this.index.delete(id);
    this.#unlinkDocument(record);
    this.#sortedIds = undefined;
    return record;
  }

  /** Ids of the chunks that carry `documentId` (a live view; copy it before deleting). */
  chunkIdsOf(documentId: string): ReadonlySet<string> {
    return this.#chunkIdsByDocument.get(documentId) ?? new Set();
  }

  /** Every chunk id in code-point order; sorted again only after ids were added or removed. */
  sortedIds(): readonly string[] {
    this.#sortedIds ??= [...this.chunks.keys()].sort(compareCodePointOrder);
    return this.#sortedIds;
  }

  /**
   * Sets each listed document's `chunkCount` to its chunks' count and drops records left with none,
   * as the SQLite store does after chunk-level writes. Ids without a record are skipped.
   */
  recount(documentIds: Iterable<string>): void {
    for (const documentId of new Set(documentIds)) {
      const record = this.documents.get(documentId);
      if (record === undefined) continue;
      const count = this.chunkIdsOf(documentId).size;
      if (count === 0) this.documents.delete(documentId);
      else if (record.chunkCount !== count) this.documents.set(documentId, { ...record, chunkCount: count });
    }
  }

  /** True when the namespace holds neither chunks nor document records. */
  isEmpty(): boolean {
    return this.chunks.size === 0 && this.documents.size === 0;
  }

  #unlinkDocument(record: ChunkRecord): void {
    const ids = this.#chunkIdsByDocument.get(record.documentId);
    if (ids === undefined) return;
    ids.delete(record.id);
    if (ids.size === 0) this.#chunkIdsByDocument.delete(record.documentId);
  }
}

/**
 * A cairn hit as a LangChain `Document`: the chunk text as `pageContent`, the chunk's metadata
 * as it was stored, and where it comes from (with its scores) under `metadata.cairn`.
 * @module
 */
import { Document } from '@langchain/core/documents';
import type { Hit, HitScores } from '../../core/types.js';

/** Provenance of a retrieved chunk, kept under `metadata.cairn`. */
export interface CairnHitMetadata {
  chunkId: string;
  documentId: string;
  sourceId: string;
  /** The source document's name (its path or URL), for citations. */
  sourceName: string;
  /** First and last 1-based page the chunk spans. */
  pageStart: number;
  pageEnd: number;
  headingPath: string[];
  /** The score the hit was ranked by (the last stage's). */
  score: number;
  scores: HitScores;
}

/** Metadata of a document from {@link hitToDocument}: the chunk's own fields, and `cairn`. */
export type CairnDocumentMetadata = Record<string, unknown> & { cairn: CairnHitMetadata };

/** The hit as a `Document` whose `id` is the chunk id. */
export function hitToDocument(hit: Hit): Document<CairnDocumentMetadata> {
  const { chunk } = hit;
  return new Document<CairnDocumentMetadata>({
    id: chunk.id,
    pageContent: chunk.text,
    metadata: {
      ...chunk.metadata,
      cairn: {
        chunkId: chunk.id,
        documentId: chunk.documentId,
        sourceId: chunk.sourceId,
        sourceName: hit.sourceName ?? chunk.documentId,
        pageStart: chunk.pageStart,
        pageEnd: chunk.pageEnd,
        headingPath: chunk.headingPath,
        score: hit.score,
        scores: hit.scores,
      },
    },
  });
}

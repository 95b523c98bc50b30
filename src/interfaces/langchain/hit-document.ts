/**
 * A cairn hit as a LangChain `Document`: the chunk text as `pageContent`, the chunk's metadata
 * as it was stored, where it comes from in LangChain's loader conventions (`source`,
 * `loc.pageNumber`, as `PDFLoader` and the file loaders set them), and cairn's provenance (with
 * its scores) under `metadata.cairn`.
 * @module
 */
import { Document } from '@langchain/core/documents';
import type { Hit } from '../../core/types.js';
import { type CairnHitMetadata, hitProvenance } from '../hit-provenance.js';

export type { CairnHitMetadata } from '../hit-provenance.js';

/**
 * Metadata of a document from {@link hitToDocument}: `source` (the source's name: its path or
 * URL) and `loc.pageNumber` (the 1-based page the chunk starts on; `loc.pageNumberEnd` too when
 * it spans pages), then the chunk's own fields (a stored `source` or `loc` wins), and `cairn`.
 */
export type CairnDocumentMetadata = Record<string, unknown> & {
  source: string;
  loc: { pageNumber: number; pageNumberEnd?: number };
  cairn: CairnHitMetadata;
};

/** The hit as a `Document` whose `id` is the chunk id. */
export function hitToDocument(hit: Hit): Document<CairnDocumentMetadata> {
  const provenance = hitProvenance(hit);
  const loc =
    provenance.pageEnd > provenance.pageStart
      ? { pageNumber: provenance.pageStart, pageNumberEnd: provenance.pageEnd }
      : { pageNumber: provenance.pageStart };
  return new Document<CairnDocumentMetadata>({
    id: hit.chunk.id,
    pageContent: hit.chunk.text,
    metadata: { source: provenance.sourceName, loc, ...hit.chunk.metadata, cairn: provenance },
  });
}

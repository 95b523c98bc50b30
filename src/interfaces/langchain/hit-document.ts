/**
 * A cairn hit as a LangChain `Document`: the chunk text as `pageContent`, the chunk's metadata
 * as it was stored, and where it comes from (with its scores) under `metadata.cairn`.
 * @module
 */
import { Document } from '@langchain/core/documents';
import type { Hit } from '../../core/types.js';
import { type CairnHitMetadata, hitProvenance } from '../hit-provenance.js';

export type { CairnHitMetadata } from '../hit-provenance.js';

/** Metadata of a document from {@link hitToDocument}: the chunk's own fields, and `cairn`. */
export type CairnDocumentMetadata = Record<string, unknown> & { cairn: CairnHitMetadata };

/** The hit as a `Document` whose `id` is the chunk id. */
export function hitToDocument(hit: Hit): Document<CairnDocumentMetadata> {
  return new Document<CairnDocumentMetadata>({
    id: hit.chunk.id,
    pageContent: hit.chunk.text,
    metadata: { ...hit.chunk.metadata, cairn: hitProvenance(hit) },
  });
}

/**
 * Where a retrieved chunk comes from, with its scores: the record the framework adapters
 * (LangChain, LlamaIndex) attach to each document or node under `metadata.cairn`.
 * @module
 */
import type { Hit, HitScores } from '../core/types.js';

/** Provenance of a retrieved chunk. */
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
  /** Relevance in [0, 1], one scale on every query and mode (docs/scores.md); the raw stage scores are in `scores`. */
  score: number;
  scores: HitScores;
}

/** The provenance of `hit`. */
export function hitProvenance(hit: Hit): CairnHitMetadata {
  const { chunk } = hit;
  return {
    chunkId: chunk.id,
    documentId: chunk.documentId,
    sourceId: chunk.sourceId,
    sourceName: hit.sourceName ?? chunk.documentId,
    pageStart: chunk.pageStart,
    pageEnd: chunk.pageEnd,
    headingPath: chunk.headingPath,
    score: hit.score,
    scores: hit.scores,
  };
}

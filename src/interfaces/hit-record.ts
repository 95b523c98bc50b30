/**
 * A search hit as the outward interfaces (agent tools, HTTP) report it: flat, ranked from 1,
 * named by source. Its `text` is retrieved data, not instructions.
 * @module
 */
import type { Hit, HitBoost, HitScores, Metadata } from '../core/types.js';

/** One hit, flat. */
export interface HitRecord {
  /** 1-based rank. */
  rank: number;
  chunkId: string;
  documentId: string;
  sourceId: string;
  /** The source's display name; the document id when it has none. */
  sourceName: string;
  /** Relevance in [0, 1], one scale on every query and mode (docs/scores.md); the raw stage scores are in `scores`. */
  score: number;
  scores: HitScores;
  pageStart: number;
  pageEnd: number;
  headingPath: string[];
  metadata: Metadata;
  text: string;
  /** Why the retriever raised this hit (document focus, asked period, recency), when it did. */
  boosts?: HitBoost[];
}

/** The record of `hit` at 0-based position `index`. */
export function hitRecord(hit: Hit, index: number): HitRecord {
  return {
    rank: index + 1,
    chunkId: hit.chunk.id,
    documentId: hit.chunk.documentId,
    sourceId: hit.chunk.sourceId,
    sourceName: hit.sourceName ?? hit.chunk.documentId,
    score: hit.score,
    scores: hit.scores,
    pageStart: hit.chunk.pageStart,
    pageEnd: hit.chunk.pageEnd,
    headingPath: hit.chunk.headingPath,
    metadata: hit.chunk.metadata,
    text: hit.chunk.text,
    ...(hit.boosts ? { boosts: hit.boosts } : {}),
  };
}

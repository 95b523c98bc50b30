/**
 * How stored objects appear in the API's JSON: chunks, hits, answer sources, collections.
 * @module
 */
import type { z } from '@hono/zod-openapi';
import type { CollectionInfo } from '../../core/ports.js';
import type { Chunk, Citation, Hit } from '../../core/types.js';
import { hitRecord } from '../hit-record.js';
import type { Highlighter } from './highlight.js';
import type { ChunkSchema, CollectionSchema, HitSchema, SourceSchema } from './schemas.js';

/** A chunk as the API returns it. */
export function chunkView(chunk: Chunk & { sourceId: string }): z.infer<typeof ChunkSchema> {
  return {
    chunkId: chunk.id,
    documentId: chunk.documentId,
    sourceId: chunk.sourceId,
    ordinal: chunk.ordinal,
    pageStart: chunk.pageStart,
    pageEnd: chunk.pageEnd,
    headingPath: chunk.headingPath,
    tokenCount: chunk.tokenCount,
    metadata: chunk.metadata,
    text: chunk.text,
  };
}

/** A search hit, ranked from 1, with the query's words located in its text by `highlight`. */
export function hitView(hit: Hit, index: number, highlight: Highlighter): z.infer<typeof HitSchema> {
  return { ...hitRecord(hit, index), highlights: highlight(hit.chunk.text) };
}

/** A numbered source of an answer. */
export function sourceView({ n, hit }: Citation): z.infer<typeof SourceSchema> {
  return {
    n,
    chunkId: hit.chunk.id,
    documentId: hit.chunk.documentId,
    sourceName: hit.sourceName ?? hit.chunk.documentId,
    pageStart: hit.chunk.pageStart,
    pageEnd: hit.chunk.pageEnd,
    headingPath: hit.chunk.headingPath,
    score: hit.score,
    text: hit.chunk.text,
  };
}

/** A collection with its chunk count in one namespace. */
export function collectionView(info: CollectionInfo & { count: number }): z.infer<typeof CollectionSchema> {
  return {
    name: info.name,
    model: info.model,
    dimension: info.dimension,
    vectorType: info.vectorType,
    createdAt: info.createdAt,
    chunks: info.count,
  };
}

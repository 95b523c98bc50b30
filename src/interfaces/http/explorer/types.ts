/** The API's JSON shapes the explorer reads (see `/v1/openapi.json`). */

export interface Collection {
  name: string;
  model: string | null;
  dimension: number | null;
  chunks: number;
}

export interface DocumentRecord {
  documentId: string;
  sourceName: string;
  mediaType: string;
  title?: string;
  metadata: Record<string, unknown>;
  chunkCount: number;
  pageCount: number;
  /** Bytes of the source; absent when unknown. */
  byteSize?: number;
  ingestedAt: string;
  contentHash: string;
}

export interface Chunk {
  chunkId: string;
  documentId: string;
  ordinal: number;
  pageStart: number;
  pageEnd: number;
  headingPath: string[];
  tokenCount: number;
  metadata: Record<string, unknown>;
  text: string;
}

export interface Hit {
  rank: number;
  chunkId: string;
  documentId: string;
  sourceName: string;
  score: number;
  pageStart: number;
  pageEnd: number;
  headingPath: string[];
  text: string;
  highlights: Array<[number, number]>;
}

export interface Source {
  n: number;
  chunkId: string;
  documentId: string;
  sourceName: string;
  pageStart: number;
  pageEnd: number;
  headingPath: string[];
  text: string;
}

export interface AskAnswer {
  question: string;
  standalone: string;
  rewritten: boolean;
  answer: string;
  notFound: boolean;
  sources: Source[];
  citations: Source[];
}

export interface IngestItem {
  documentId: string;
  status: string;
  reason?: string;
  chunks: number;
}

export type FacetValue = string | number | boolean;

export interface Facet {
  field: string;
  documents: number;
  values: Array<{ value: FacetValue; count: number }>;
}

export interface Reingest {
  available: boolean;
  from?: 'original' | 'source';
  reason?: string;
}

/** A record of `GET …/documents`, with what this server can do with it. */
export interface DocumentListItem extends DocumentRecord {
  reingest: Reingest;
}

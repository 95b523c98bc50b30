// The chunk record the store benchmarks write for their i-th vector: ten chunks per document
// (`d<i / 10>`, also the source), metadata fields `bucket` (i mod 100, for a 1% filter) and
// `tenth` (i mod 10, for a 10% filter).

/**
 * @param {number} i The chunk's number; its id is `c<i>`.
 * @param {{ text: string, embedding: Float32Array | number[], tokenCount?: number }} fields
 */
export function syntheticChunk(i, { text, embedding, tokenCount = 2 }) {
  return {
    id: `c${i}`,
    documentId: `d${Math.floor(i / 10)}`,
    sourceId: `d${Math.floor(i / 10)}`,
    ordinal: i % 10,
    text,
    headingPath: [],
    pageStart: 1,
    pageEnd: 1,
    tokenCount,
    metadata: { bucket: i % 100, tenth: i % 10 },
    embedding,
  };
}

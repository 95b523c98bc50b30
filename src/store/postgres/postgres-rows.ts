/**
 * The text form of pgvector values and PostgreSQL timestamps, as both drivers exchange them.
 * @module
 */

/** The embedding as pgvector text with float32 values (a `halfvec` is widened first, exactly). */
export const EMBEDDING_TEXT = 'c.embedding::vector::text AS embedding';

/**
 * pgvector's text form of an embedding, `[x,y,…]`. Each float32 is written as the shortest decimal
 * that reads back as the same double, so PostgreSQL's float parser returns the same float32.
 */
export function vectorLiteral(embedding: Float32Array): string {
  return `[${Array.from(embedding).join(',')}]`;
}

/** The numbers of pgvector text, rounded to float32 (the precision they were stored with). */
export function vectorFromText(text: string): number[] {
  const body = text.slice(1, -1);
  if (body.length === 0) return [];
  return body.split(',').map((value) => Math.fround(Number(value)));
}

/** An ISO-8601 string of a `timestamptz` as either driver returns it. */
export function isoTime(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

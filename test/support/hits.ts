/**
 * Hits for unit tests of the answer layer: a chunk of one page with the given text, as a lexical
 * search returns it, so that tests build only what they vary.
 */
import type { Hit, HitBoost } from '../../src/core/types.js';

/** What a test varies in a {@link testHit}. */
export interface TestHitOptions {
  /** The chunk's id; default `${documentId}:${ordinal}`. */
  id?: string;
  /** Default 0. */
  ordinal?: number;
  /** Default none. */
  headingPath?: string[];
  /** Default none. */
  boosts?: HitBoost[];
}

/** A lexical hit (score 1) on a one-page chunk of `documentId` (its source id too) holding `text`. */
export function testHit(documentId: string, text: string, options: TestHitOptions = {}): Hit {
  const ordinal = options.ordinal ?? 0;
  return {
    chunk: {
      id: options.id ?? `${documentId}:${ordinal}`,
      documentId,
      sourceId: documentId,
      ordinal,
      text,
      headingPath: options.headingPath ?? [],
      pageStart: 1,
      pageEnd: 1,
      tokenCount: 1,
      metadata: {},
    },
    score: 1,
    scores: { lexical: 1 },
    ...(options.boosts ? { boosts: options.boosts } : {}),
  };
}

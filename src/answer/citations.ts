/**
 * Citation markers: `[n]` (or `[n, m]`, `[n][m]`) in answer text refer to source n (1-based).
 * @module
 */
import type { Answer } from '../core/types.js';

/** Result of {@link validateCitations}. */
export interface CitationCheck {
  /** The text with markers that point at no source removed. */
  text: string;
  /** Source numbers cited, ascending, without duplicates. */
  cited: number[];
  /** Markers removed because no source has that number. */
  invalid: number[];
}

const marker = /\[(\d+(?:\s*,\s*\d+)*)\]/g;

/** Parses `[n]` markers, drops those outside `1..sourceCount`, and lists what is cited. */
export function validateCitations(text: string, sourceCount: number): CitationCheck {
  const cited = new Set<number>();
  const invalid = new Set<number>();
  const cleaned = text.replace(marker, (_whole, list: string) => {
    const kept = list
      .split(',')
      .map((n) => Number.parseInt(n.trim(), 10))
      .filter((n) => {
        const ok = n >= 1 && n <= sourceCount;
        (ok ? cited : invalid).add(n);
        return ok;
      });
    return kept.length === 0 ? '' : `[${kept.join(', ')}]`;
  });
  return {
    text: cleaned.replace(/ +([.,;:!?])/g, '$1').replace(/ {2,}/g, ' '),
    cited: [...cited].sort((a, b) => a - b),
    invalid: [...invalid].sort((a, b) => a - b),
  };
}

/** Where a cited source comes from, for listing under an answer. */
export interface CitedSource {
  /** The `[n]` number used in the answer text. */
  n: number;
  chunkId: string;
  documentId: string;
  /** Display name of the document (its path), or the documentId when none was recorded. */
  sourceName: string;
  /** First and last 1-based page of the cited chunk. */
  pageStart: number;
  pageEnd: number;
  /** Headings enclosing the cited chunk, outermost first. */
  headingPath: string[];
}

/** The sources an answer actually cites (`answer.cited`), in citation-number order. */
export function citedSources(answer: Pick<Answer, 'sources' | 'cited'>): CitedSource[] {
  const cited = new Set(answer.cited);
  return answer.sources
    .filter((source) => cited.has(source.n))
    .sort((a, b) => a.n - b.n)
    .map(({ n, hit }) => ({
      n,
      chunkId: hit.chunk.id,
      documentId: hit.chunk.documentId,
      sourceName: hit.sourceName ?? hit.chunk.documentId,
      pageStart: hit.chunk.pageStart,
      pageEnd: hit.chunk.pageEnd,
      headingPath: [...hit.chunk.headingPath],
    }));
}

/**
 * An honest stand-in for a relevance model in tests: the share of the query's distinct words
 * that occur in the document (lower-cased Unicode letters and digits). Fake rerank servers and
 * the in-process test reranker score with it, so a document sharing more of the query's words
 * ranks higher.
 * @module
 */
import type { Reranker } from '../core/ports.js';

function words(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

/** Share of `query`'s distinct words found in `document`, in [0, 1]; 0 for an empty query. */
export function termOverlapScore(query: string, document: string): number {
  const q = words(query);
  if (q.size === 0) return 0;
  const d = words(document);
  let shared = 0;
  for (const w of q) if (d.has(w)) shared++;
  return shared / q.size;
}

/** A {@link Reranker} scoring by {@link termOverlapScore}; records every call it receives. */
export class TermOverlapReranker implements Reranker {
  readonly specificationVersion = 'v1' as const;
  readonly provider = 'term-overlap';
  readonly model = 'term-overlap';
  readonly calls: Array<{ query: string; documents: string[] }> = [];

  async doRerank(options: { query: string; documents: string[] }): Promise<number[]> {
    this.calls.push({ query: options.query, documents: [...options.documents] });
    return options.documents.map((d) => termOverlapScore(options.query, d));
  }
}

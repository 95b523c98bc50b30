/**
 * Which documents a question names: its words matched against each document's identity — its
 * title and its path (`Apple's Q1 2023 10-Q` names `2023 Q1 AAPL.pdf`, titled `Apple Inc.`) — and
 * weighted by how few documents share them (inverse document frequency, as BM25 weighs terms:
 * Robertson and Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond", 2009). A
 * question that names no document's identity better than others names none.
 * @module
 */
import { contentTerms } from './terms.js';

/** A document as its identity is read. */
export interface IdentifiedDocument {
  documentId: string;
  title?: string;
}

/** A document a question names, with how strongly. */
export interface NamedDocument {
  documentId: string;
  /** Sum of the inverse document frequencies of the question's terms in its identity. */
  score: number;
}

/** Options of {@link DocumentIdentityIndex.named}. */
export interface NamedOptions {
  /** Share of the best score a document needs to be named too; default 0.75. */
  minRelative?: number;
  /** Most documents named; default 10. */
  limit?: number;
}

/** Most terms the titles of a collection may have, at the median, to be names. */
const MAX_NAME_TERMS = 6;

/** A document's path terms (extension dropped, separators as spaces) and title terms. */
function termsOf(document: IdentifiedDocument): { path: string[]; title: string[] } {
  const path = document.documentId.replace(/\.[a-z0-9]{1,5}$/i, '').replace(/[/_\\-]+/g, ' ');
  return {
    path: [...new Set(contentTerms(path).filter(isIdentityTerm))],
    title: [...new Set(contentTerms(document.title ?? '').filter(isIdentityTerm))],
  };
}

/**
 * Terms of a document's identity: its path's content terms and, with `titles`, its title's.
 * Single characters and numbers other than years (`10` of `10-Q`, the day of a date, an id
 * number) name nothing and are left out.
 */
export function identityTerms(document: IdentifiedDocument, titles = true): string[] {
  const { path, title } = termsOf(document);
  return [...new Set(titles ? [...title, ...path] : path)];
}

function isIdentityTerm(term: string): boolean {
  return term.length >= 2 && (!/^\d+$/.test(term) || /^(?:19|20)\d\d$/.test(term));
}

/**
 * An inverted index of document identities, to tell which documents a question names. Titles
 * are part of the identities when they are names — when the collection's titles have at most six
 * terms at the median (`Apple Inc.`, `Form 10-Q for Microsoft Corp`) — and are left out when they
 * describe their documents (a paper's title), being searched with the content already as the
 * heading path.
 */
export class DocumentIdentityIndex {
  readonly size: number;
  /** True when titles are part of the identities. */
  readonly titles: boolean;
  readonly #postings = new Map<string, string[]>();

  constructor(documents: Iterable<IdentifiedDocument>) {
    const all = [...documents].map((document) => ({ id: document.documentId, ...termsOf(document) }));
    const lengths = all
      .map((d) => d.title.length)
      .filter((n) => n > 0)
      .sort((a, b) => a - b);
    this.titles = lengths.length > 0 && lengths[lengths.length >> 1]! <= MAX_NAME_TERMS;
    for (const document of all) {
      for (const term of new Set(this.titles ? [...document.title, ...document.path] : document.path)) {
        const list = this.#postings.get(term);
        if (list) list.push(document.id);
        else this.#postings.set(term, [document.id]);
      }
    }
    this.size = all.length;
  }

  /**
   * The documents `query` names, best first: each scores the summed inverse document frequency
   * (`ln(1 + (N − df + 0.5) / (df + 0.5))`) of the query terms its identity holds; those within
   * `minRelative` of the best are named, at most `limit`. None when no term is rarer than in half
   * the documents (a term every document shares names none of them) or the index is empty.
   */
  named(query: string, options: NamedOptions = {}): NamedDocument[] {
    const n = this.size;
    if (n === 0) return [];
    const scores = new Map<string, number>();
    let discriminating = false;
    for (const term of new Set(contentTerms(query))) {
      const documents = this.#postings.get(term);
      if (!documents) continue;
      const df = documents.length;
      if (df <= n / 2) discriminating = true;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      for (const id of documents) scores.set(id, (scores.get(id) ?? 0) + idf);
    }
    if (!discriminating) return [];
    const ranked = [...scores]
      .map(([documentId, score]) => ({ documentId, score }))
      .sort((a, b) => b.score - a.score || a.documentId.localeCompare(b.documentId));
    const best = ranked[0]?.score ?? 0;
    const floor = (options.minRelative ?? 0.75) * best;
    return ranked.filter((d) => d.score >= floor).slice(0, options.limit ?? 10);
  }
}

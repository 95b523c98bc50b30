/**
 * Which documents a question names: its words matched against each document's identity — its
 * title and its path (`Apple's Q1 2023 10-Q` names `2023 Q1 AAPL.pdf`, titled `Apple Inc.`) — and
 * weighted by how few documents share them (inverse document frequency, as BM25 weighs terms:
 * Robertson and Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond", 2009). A
 * question that names no document's identity better than others names none.
 * @module
 */
import type { Metadata } from '../core/types.js';
import { contentTerms, wordTokens } from './terms.js';

/** A document as its identity is read. */
export interface IdentifiedDocument {
  documentId: string;
  title?: string;
  /** Its metadata; `date` (ISO `YYYY-MM-DD`, see `findDocumentDate`) dates it within its series. */
  metadata?: Metadata;
}

/** Words of a name that say when, not what: years, quarters, halves, months, versions, numbers. */
const PERIOD_WORD =
  /^(?:(?:19|20)\d\d|\d+|q[1-4]|[1-4]q|h[12]|fy\d{0,4}|v\d[\d.]*|version|rev|revision|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|filed|dated|edition)$/;

/**
 * The series a document belongs to: the words of its file name (extension and folders dropped),
 * else of its title, without the words that say when (`2023 Q3 ACME.pdf` and `2022 Q3 ACME.pdf`
 * are one series, `privacy-policy-2024-03.md` and `privacy-policy-2023-01.md` another). A name
 * with only such words (or single letters: `rev-a`, `rev-b`) leaves the title to decide; a document with neither is a series of its own.
 */
export function seriesKey(document: IdentifiedDocument): string {
  const base = document.documentId.replace(/^.*[/\\]/, '').replace(/\.[a-z0-9]{1,5}$/i, '');
  for (const name of [base, document.title ?? '']) {
    const words = wordTokens(name.replace(/[_\-.]+/g, ' ')).filter(
      (w) => w.length > 1 && !PERIOD_WORD.test(w),
    );
    if (words.length > 0) return words.join(' ');
  }
  return `#${document.documentId}`;
}

/** A document's ISO date from its metadata's `date`, when it has a valid one. */
export function documentDate(document: IdentifiedDocument): string | undefined {
  const date = document.metadata?.date;
  return typeof date === 'string' && /^\d{4}-\d\d-\d\d/.test(date) ? date.slice(0, 10) : undefined;
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
 * An inverted index of document identities, to tell which documents a question names, and of
 * their series and dates. Titles are part of the identities when they are names — when the
 * collection's titles have at most six terms at the median (`Apple Inc.`, `Form 10-Q for
 * Microsoft Corp`) — and are left out when they describe their documents (a paper's title), being
 * searched with the content already as the heading path.
 */
export class DocumentIdentityIndex {
  readonly size: number;
  /** True when titles are part of the identities. */
  readonly titles: boolean;
  readonly #postings = new Map<string, string[]>();
  readonly #series = new Map<string, string>();
  readonly #members = new Map<string, string[]>();
  readonly #dates = new Map<string, string>();
  readonly #documents = new Map<string, IdentifiedDocument>();

  constructor(documents: Iterable<IdentifiedDocument>) {
    const list = [...documents];
    const all = list.map((document) => ({ id: document.documentId, ...termsOf(document) }));
    const lengths = all
      .map((d) => d.title.length)
      .filter((n) => n > 0)
      .sort((a, b) => a - b);
    this.titles = lengths.length > 0 && lengths[lengths.length >> 1]! <= MAX_NAME_TERMS;
    for (const document of all) {
      for (const term of new Set(this.titles ? [...document.title, ...document.path] : document.path)) {
        const postings = this.#postings.get(term);
        if (postings) postings.push(document.id);
        else this.#postings.set(term, [document.id]);
      }
    }
    for (const document of list) {
      this.#documents.set(document.documentId, document);
      const key = seriesKey(document);
      this.#series.set(document.documentId, key);
      const members = this.#members.get(key);
      if (members) members.push(document.documentId);
      else this.#members.set(key, [document.documentId]);
      const date = documentDate(document);
      if (date) this.#dates.set(document.documentId, date);
    }
    this.size = all.length;
  }

  /** The document of `documentId` as indexed, or undefined. */
  document(documentId: string): IdentifiedDocument | undefined {
    return this.#documents.get(documentId);
  }

  /** The ISO date of a document (its metadata's `date`), or undefined. */
  date(documentId: string): string | undefined {
    return this.#dates.get(documentId);
  }

  /** The documents of the series `documentId` belongs to (see {@link seriesKey}), itself included. */
  series(documentId: string): string[] {
    const key = this.#series.get(documentId);
    return key === undefined ? [] : (this.#members.get(key) ?? []);
  }

  /** Every indexed document id. */
  documentIds(): string[] {
    return [...this.#documents.keys()];
  }

  /**
   * True when the documents whose identity holds a term single it out: one document, or
   * documents of one series (a company's filings, a policy's versions). A word many titles share
   * across series (`study`, `university`, `report`) singles out nothing.
   */
  #singlesOut(documents: readonly string[]): boolean {
    if (documents.length === 1) return true;
    const key = this.#series.get(documents[0]!);
    return documents.every((id) => this.#series.get(id) === key);
  }

  /**
   * The documents `query` names, best first. Only a query term that singles out a document or a
   * series (see `#singlesOut`) short of the whole collection can name one; the
   * documents it names then score the summed inverse document frequency (`ln(1 + (N − df + 0.5)
   * / (df + 0.5))`) of every query term their identity holds (`Q1` and `2023` choose among one
   * company's filings), and those within `minRelative` of the best are named, at most `limit`.
   * None when no term singles anything out or the index is empty.
   */
  named(query: string, options: NamedOptions = {}): NamedDocument[] {
    const n = this.size;
    if (n === 0) return [];
    const scores = new Map<string, number>();
    const candidates = new Set<string>();
    for (const term of new Set(contentTerms(query))) {
      const documents = this.#postings.get(term);
      if (!documents) continue;
      const df = documents.length;
      if (df < n && this.#singlesOut(documents)) for (const id of documents) candidates.add(id);
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      for (const id of documents) scores.set(id, (scores.get(id) ?? 0) + idf);
    }
    if (candidates.size === 0) return [];
    const ranked = [...candidates]
      .map((documentId) => ({ documentId, score: scores.get(documentId) ?? 0 }))
      .sort((a, b) => b.score - a.score || a.documentId.localeCompare(b.documentId));
    const best = ranked[0]?.score ?? 0;
    const floor = (options.minRelative ?? 0.75) * best;
    return ranked.filter((d) => d.score >= floor).slice(0, options.limit ?? 10);
  }
}

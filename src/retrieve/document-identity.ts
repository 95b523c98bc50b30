/**
 * Which documents a question names: its words matched against each document's identity — its
 * title and its path (`Contoso's Q1 2023 10-Q` names `2023 Q1 CTSO.pdf`, titled `Contoso Inc.`) — and
 * weighted by how few documents share them (inverse document frequency, as BM25 weighs terms:
 * Robertson and Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond", 2009). A
 * question that names no document's identity better than others names none.
 * @module
 */
import type { Metadata } from '../core/types.js';
import { WRITTEN_DATE } from '../ingest/document-date.js';
import { isIdentityTerm, openingTerms } from './name-terms.js';
import { contentTerms, isStopWord, wordTokens } from './terms.js';

export { openingTerms } from './name-terms.js';

/** A document as its identity is read. */
export interface IdentifiedDocument {
  documentId: string;
  title?: string;
  /** Its metadata; `date` (ISO `YYYY-MM-DD`, see `findDocumentDate`) dates it within its series. */
  metadata?: Metadata;
  /**
   * The text of its first page (its chunks on page 1), when read: where a filing states its
   * issuer ("Contoso Inc. (Exact name of registrant …)") and a protocol its full title, whatever the
   * file's metadata says. See {@link DocumentIdentityIndex.unjudged}.
   */
  opening?: string;
  /**
   * The name terms of `opening` as {@link openingTerms} reads them, when a caller keeps them
   * between index builds (read instead of `opening`).
   */
  openingTerms?: readonly string[];
}

/** Ordinal words, first to tenth. */
export const ORDINAL_WORDS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
] as const;

/**
 * Words of a name that say when, not what: years, quarters, halves, months, seasons
 * (`timetable-summer-2024.md`), versions (`v2.1`, a revision's letter or number joined to its
 * word: `revB`, `rev3`), numbers, a status (`draft`, `final`; `amended`, `revised`, `current`,
 * `old`: `constitution-amended.md` is a version of `constitution.md`), ordinals (`2nd`, `third`:
 * an edition's), a fashion season's code (`AW23`, `SS24`), an ISO week (`W02`), a quarter glued to
 * its year (`2023Q4`), and a number joined to the word of a place in a sequence (`menu-wk09`,
 * `ep12`, `issue7`, `sprint14`; not a model's code, `KT200`, which says what).
 */
const PERIOD_WORD = new RegExp(
  String.raw`^(?:(?:19|20)\d\d|\d+|(?:wk|week|ep|episode|issue|iss|no|nr|vol|volume|pt|part|ch|chapter|day|lesson|lecture|sprint|session|round|build|term|update|upd)\d+[a-z]?|\d+(?:st|nd|rd|th)|(?:aw|fw|ss)\d\d|w\d{1,2}|(?:19|20)\d\dq[1-4]|q[1-4](?:19|20)\d\d|${ORDINAL_WORDS.join('|')}|q[1-4]|[1-4]q|h[12]|fy\d{0,4}|v\d[\d.]*|version|rev|revision|rev[a-z]|rev\d[\d.]*|spring|summer|autumn|fall|winter|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|filed|dated|edition|draft|final|amended|revised|updated|superseded|consolidated|current|latest|previous|old)$`,
);

/**
 * Words for a span of time (a regular expression's alternatives), which name no document: "the
 * previous year" asks for a comparison period.
 */
export const SPAN_WORDS =
  'years?|yearly|annual|quarters?|quarterly|months?|monthly|weeks?|weekly|days?|daily|periods?|halfs?|halves|season|seasons|terms?|semesters?|sprints?';
const SPAN_WORD = new RegExp(`^(?:${SPAN_WORDS})$`);

/**
 * The series a document belongs to: the words of its file name (extension and folders dropped),
 * else of its title, without the words that say when (`2023 Q3 ACME.pdf` and `2022 Q3 ACME.pdf`
 * are one series, `privacy-policy-2024-03.md` and `privacy-policy-2023-01.md` another). A name
 * with only such words (or single letters: `rev-a`, `rev-b`) leaves the title to decide; a document with neither is a series of its own.
 */
export function seriesKey(document: IdentifiedDocument): string {
  const base = fileBase(document.documentId);
  for (const name of [base, document.title ?? '']) {
    const words = wordTokens(name.replace(/[_\-.]+/g, ' ')).filter(
      (w) => w.length > 1 && !PERIOD_WORD.test(w),
    );
    if (words.length > 0) return words.join(' ');
  }
  return `#${document.documentId}`;
}

/**
 * The numbers of a file name that may say which document it is rather than when: those before
 * its last number, other than years (`year-7-timetable-2024` → `7`, `Form 1040 (2023)` → `1040`,
 * `flat-3-inventory-2022` → `3`; none of `bulletin-4`, `manual-3.10`).
 */
function innerNumbers(documentId: string): string[] {
  // A date's numbers say when (`2023-07-01`, `14 Nov 2023`), and a number joined to letters is a
  // label (`Q3`, `v2`, `wk09`, `3rd`): neither says which document.
  const base = fileBase(documentId).replace(ANY_WRITTEN_DATE, ' ').replace(DAY_AND_MONTH, ' ');
  const numbers = [...base.matchAll(/(?<![\p{L}\p{N}.])\d+(?![\p{L}\p{N}.])/gu)].map((m) => m[0]);
  return numbers.slice(0, -1).filter((n) => !/^(?:19|20)\d\d$/.test(n));
}

/** Every written date of a name (see `WRITTEN_DATE`). */
const ANY_WRITTEN_DATE = new RegExp(WRITTEN_DATE, 'gi');

/** A day and a month's name ("14 Nov", "Nov 14"), as a file name writes a date without its year. */
const DAY_AND_MONTH =
  /\b\d{1,2}(?:st|nd|rd|th)?[\s_-]+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*[\s_-]+\d{1,2}\b/gi;

/**
 * Each document's series (see {@link seriesKey}), with the series that a number in their names
 * divides split by it: when the documents of one series carry different inner numbers (see
 * `innerNumbers`) and one of them recurs — two files carry it, so it says which document the
 * versions are of — each number is a series of its own (`year-7-timetable-2023.md` and
 * `year-7-timetable-2024.md` one, `year-8-timetable-2024.md` another). A number no two files share
 * numbers versions (`newsletter-issue-12-2024.md`, `-13-2024.md`) and divides nothing.
 */
function seriesKeys(documents: readonly IdentifiedDocument[]): Map<string, string> {
  const keys = new Map(documents.map((d) => [d.documentId, seriesKey(d)]));
  const groups = new Map<string, string[]>();
  for (const [id, key] of keys) groups.set(key, [...(groups.get(key) ?? []), id]);
  for (const [key, ids] of groups) {
    if (ids.length < 3 || key.startsWith('#')) continue;
    const numbers = new Map(ids.map((id) => [id, innerNumbers(id).join(' ')]));
    const counts = new Map<string, number>();
    for (const n of numbers.values()) if (n !== '') counts.set(n, (counts.get(n) ?? 0) + 1);
    if (counts.size < 2 || ![...counts.values()].some((c) => c >= 2)) continue;
    for (const id of ids) {
      const n = numbers.get(id)!;
      if (n !== '') keys.set(id, `${key} ${n}`);
    }
  }
  return keys;
}

/** A document id's file name without its folders and extension (`docs/manual-v2.1.pdf` → `manual-v2.1`). */
export function fileBase(documentId: string): string {
  return documentId.replace(/^.*[/\\]/, '').replace(/\.[a-z0-9]{1,5}$/i, '');
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
  /** The question's words that name it (as the question spells them), for `--explain`. */
  words: string[];
}

/**
 * A question word its first pages single out (see {@link DocumentIdentityIndex.unjudged}), to be
 * judged by where the collection's text holds it.
 */
export interface OpeningWord {
  /** The word as the question spells it, lower-cased: what the lexical probe searches. */
  word: string;
  /** Its content term (stemmed). */
  term: string;
}

/**
 * Chunks a lexical probe reads to judge a first-page word (see
 * {@link DocumentIdentityIndex.judge}): fifty, so a word a whole series carries in every filing
 * (a company's name, tens of chunks a filing) shows where else it appears.
 */
export const NAME_PROBE_HITS = 50;

/**
 * Share of a first-page word's probed chunks that must lie in the documents (or series) whose
 * first page carries it for the word to name them: 0.9. A company's name leaves its own filings
 * in a few chunks at most (a customer, a competitor named); a word many documents use ("study",
 * "university", "cancer", "trial" in a collection of protocols) spreads its chunks across them.
 */
export const MIN_NAME_SHARE = 0.9;

/** Most first-page words of one question judged (the ones fewest first pages carry). */
const MAX_JUDGED_WORDS = 4;

/** Options of {@link DocumentIdentityIndex.named}. */
export interface NamedOptions {
  /** Share of the best score a document needs to be named too; default 0.75. */
  minRelative?: number;
  /** Most documents named; default 10. */
  limit?: number;
  /**
   * Whether a question's word is one for a kind of document or company ("filing", "report",
   * "Form", "Corp"): such a word names documents only when no other word of the question does. It
   * still adds to the score of the documents named. "Amazon's latest quarterly filing" names
   * Amazon's filings, not another company's whose PDF title is "Form 10-Q … filed 10/24/2023"
   * (`file` singles that series out as much as `amazon` singles out Amazon's). Default: no word is.
   */
  documentNoun?: (word: string) => boolean;
}

/** Most terms the titles of a collection may have, at the median, to be names. */
const MAX_NAME_TERMS = 6;

/** A document id's words: its folders and file name, separators as spaces, extension dropped. */
export function pathWords(documentId: string): string {
  return documentId.replace(/\.[a-z0-9]{1,5}$/i, '').replace(/[/_\\-]+/g, ' ');
}

/**
 * The codes `text` writes as letters and digits, with a hyphen or without ("XR-40", "XR40",
 * "COVID-19", `xr-40-datasheet`), joined (`xr40`), lower case; with `letters`, each code's letters
 * too (`xr`). A word splits at a hyphen and not where letters meet digits, so without these a
 * question's "XR-40" (`xr`, `40`) would not name `XR40_datasheet.md` (`xr40`), nor "XR40"
 * `xr-40-manual.md` (`xr`). A name's identity takes the letters (so "XR-40" names `XR40_…` by
 * `xr` as it names `xr-40-…`); a question's words do not add them: "CCL19" names no document by
 * `ccl` alone, which every chemokine's name holds. A question's joined code names by paths and
 * titles only, not by the words of first pages.
 */
export function joinedCodes(text: string, letters = false): string[] {
  return [...text.matchAll(/(?<![\p{L}\p{N}])(\p{L}{2,5})[-‐‑]?(\d{1,5})(?![\p{L}\p{N}])/gu)].flatMap((m) => [
    `${m[1]}${m[2]}`.toLowerCase(),
    ...(letters ? [m[1]!.toLowerCase()] : []),
  ]);
}

/**
 * A word and the number after it, joined (`year7` of "Year 7", `flat3` of `flat-3-inventory`,
 * `form1040` of "Form 1040"): in a file name, the numbers that may say which document it is (see
 * `innerNumbers`: not its last number, not a year); in a question, any such pair. A question's
 * "Year 8" names `year-8-timetable-2024.md` by `year8`, which no other timetable's name holds,
 * while its "period 3" names nothing (no name holds `period3`).
 */
export function numberedNames(text: string, inner?: readonly string[]): string[] {
  const pairs = [...text.matchAll(/(?<![\p{L}\p{N}])(\p{L}{2,12})[\s_-]+(\d{1,5})(?![\p{L}\p{N}.])/gu)];
  return pairs
    .filter((m) => !/^(?:19|20)\d\d$/.test(m[2]!) && (inner === undefined || inner.includes(m[2]!)))
    .map((m) => `${m[1]}${m[2]}`.toLowerCase());
}

/** A document's path terms (extension dropped, separators as spaces) and title terms, with their joined codes. */
function termsOf(document: IdentifiedDocument): { path: string[]; title: string[] } {
  const path = pathWords(document.documentId);
  const title = document.title ?? '';
  return {
    path: [
      ...new Set([
        ...contentTerms(path),
        ...joinedCodes(path, true).flatMap((code) => contentTerms(code)),
        ...numberedNames(fileBase(document.documentId), innerNumbers(document.documentId)),
      ]),
    ].filter(isIdentityTerm),
    title: [
      ...new Set([...contentTerms(title), ...joinedCodes(title, true).flatMap((code) => contentTerms(code))]),
    ].filter(isIdentityTerm),
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

/** The content terms of `query` (as `contentTerms` gives them), each with the word it comes from. */
function queryTerms(query: string): Array<OpeningWord & { code?: true }> {
  return [
    ...wordTokens(query).flatMap((word) => contentTerms(word).map((term) => ({ word, term }))),
    ...joinedCodes(query).flatMap((code) =>
      contentTerms(code).map((term) => ({ word: code, term, code: true as const })),
    ),
    ...numberedNames(query).map((name) => ({ word: name, term: name, code: true as const })),
  ];
}

/**
 * An inverted index of document identities, to tell which documents a question names, and of
 * their series and dates. Titles are part of the identities when they are names — when the
 * collection's titles have at most six terms at the median (`Contoso Inc.`, `Form 10-Q for
 * Fabrikam Corp`) — and are left out when they describe their documents (a paper's title), being
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
  /** Times of day (`HH:MM`) the documents' dates state (`period.time`), to order one day's documents. */
  readonly #times = new Map<string, string>();
  readonly #documents = new Map<string, IdentifiedDocument>();
  /** Capitalised first-page terms (and long titles' terms) → documents, for the words judged to name. */
  readonly #openings = new Map<string, string[]>();
  /** Judged first-page terms: whether each names its documents. */
  readonly #verdicts = new Map<string, boolean>();
  #nouns: string[] | undefined;

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
    const keys = seriesKeys(list);
    for (const document of list) {
      this.#documents.set(document.documentId, document);
      const key = keys.get(document.documentId)!;
      this.#series.set(document.documentId, key);
      const members = this.#members.get(key);
      if (members) members.push(document.documentId);
      else this.#members.set(key, [document.documentId]);
      const date = documentDate(document);
      if (date) this.#dates.set(document.documentId, date);
      const period = document.metadata?.period;
      const time =
        typeof period === 'object' && period !== null ? (period as { time?: unknown }).time : undefined;
      if (date && typeof time === 'string' && /^\d\d:\d\d$/.test(time))
        this.#times.set(document.documentId, time);
    }
    this.size = all.length;
    for (const document of list) {
      const terms = [
        ...(this.titles ? [] : openingTerms(document.title ?? '')),
        ...(document.openingTerms ?? openingTerms(document.opening ?? '')),
      ];
      for (const term of new Set(terms)) {
        if (this.#postings.has(term)) continue;
        const postings = this.#openings.get(term);
        if (postings) postings.push(document.documentId);
        else this.#openings.set(term, [document.documentId]);
      }
    }
  }

  /**
   * The words of `query` that the collection's first pages (and titles too long to be names)
   * write capitalised, as names and titles are, and single out — one document, or the documents
   * of one series, carry them there, short of the
   * whole collection — on every version of the series (a word only some versions carry is what
   * changed between them) and that are not judged yet: at most four, fewest first pages first. Each
   * is to be searched lexically on its own ({@link NAME_PROBE_HITS} chunks) and the hits handed
   * to {@link judge}; until then it names nothing. A word is a name only when the collection's
   * text, not just its first pages, keeps it to those documents: in a few documents a generic
   * word ("study" on one protocol's title page) can be on one first page only.
   */
  unjudged(query: string): OpeningWord[] {
    const out: Array<OpeningWord & { df: number }> = [];
    const seen = new Set<string>();
    for (const { word, term, code } of queryTerms(query)) {
      // A code's joined form names by a path or title only (see `joinedCodes`).
      if (code || seen.has(term) || !isIdentityTerm(term)) continue;
      seen.add(term);
      if (this.#postings.has(term) || this.#verdicts.has(term)) continue;
      const documents = this.#openings.get(term);
      if (!documents || documents.length >= this.size || !this.#singlesOut(documents)) continue;
      // A name is on every version of its document; a word only some versions carry is what
      // changed between them ("Carbon Offsetting" added to the 2024 travel policy), not a name.
      if (documents.length < this.series(documents[0]!).length) continue;
      out.push({ word, term, df: documents.length });
    }
    return out
      .sort((a, b) => a.df - b.df)
      .slice(0, MAX_JUDGED_WORDS)
      .map(({ word, term }) => ({ word, term }));
  }

  /**
   * Judges a first-page term (see {@link unjudged}) by the documents of its probe's hits: it names
   * the documents whose first page carries it when at least {@link MIN_NAME_SHARE} of the hits
   * lie in those documents or their series. Returns the verdict, kept for later questions.
   */
  judge(term: string, hitDocumentIds: readonly string[]): boolean {
    const documents = this.#openings.get(term) ?? [];
    const own = new Set(documents.flatMap((id) => this.series(id)));
    const inside = hitDocumentIds.filter((id) => own.has(id)).length;
    const verdict = hitDocumentIds.length > 0 && inside / hitDocumentIds.length >= MIN_NAME_SHARE;
    this.#verdicts.set(term, verdict);
    return verdict;
  }

  /** The documents a term names: its identity postings, or a first-page term judged a name. */
  #named(term: string): string[] | undefined {
    return this.#postings.get(term) ?? (this.#verdicts.get(term) ? this.#openings.get(term) : undefined);
  }

  /**
   * Whether some document's identity holds `term` — its path or title (see `describedBy`), or a
   * first-page word judged to name it.
   */
  holds(term: string): boolean {
    return this.#named(term) !== undefined;
  }

  /** Whether `term` names `documentId`: its path or title holds it, or a first-page word judged to name it. */
  namesDocument(term: string, documentId: string): boolean {
    return this.#named(term)?.includes(documentId) ?? false;
  }

  /** The document of `documentId` as indexed, or undefined. */
  document(documentId: string): IdentifiedDocument | undefined {
    return this.#documents.get(documentId);
  }

  /**
   * The date and time of day of a document as one comparable string (`2024-06-03T09:12`, or the
   * date alone), or undefined when it is undated: one day's documents in the order of their times.
   */
  stamp(documentId: string): string | undefined {
    const date = this.#dates.get(documentId);
    const time = this.#times.get(documentId);
    return date === undefined ? undefined : time === undefined ? date : `${date}T${time}`;
  }

  /** The ISO date of a document (its metadata's `date`), or undefined. */
  date(documentId: string): string | undefined {
    return this.#dates.get(documentId);
  }

  /**
   * The documents described by `terms` as `seed` is: those whose identity (path terms, and title
   * terms when titles are names) holds every one of `terms` that the seed's identity holds, the
   * seed among them, in index order; none when the seed's identity holds none of them. Seeded by
   * `garden-blog/spring-opening.md`, "Elm Street garden blog" describes the posts of
   * `garden-blog/` (which hold "garden" and "blog"), not a page titled "… Harbour Street".
   */
  describedBy(terms: readonly string[], seed: string): string[] {
    const held = [...new Set(terms)]
      .filter((term) => this.#postings.get(term)?.includes(seed))
      .map((term) => new Set(this.#postings.get(term)));
    if (held.length === 0) return [];
    return [...held[0]!].filter((id) => held.every((postings) => postings.has(id)));
  }

  /**
   * The nouns the collection's names use for its documents: the words of the name of each series
   * of two documents or more, its last word first ("episode" of `harbour-talk-episode-11.md` …
   * `-14.md`, "call" of `northwind-earnings-call-q1.md` …, "lecture" of `lecture-3.md` …,
   * "inspection" of `Inspection report - The Harbour Cafe (1).docx` …), when it is a word of
   * three letters or more, no stop word and no word for a span of time ("year", "quarterly").
   * Distinct, in the order of the series. Only an order word before one makes it a cue ("the
   * inspection before the latest one"), and a series' documents are what its name's words describe. A question's time cue is read with them (see `timeCue`).
   */
  seriesNouns(): string[] {
    if (this.#nouns) return this.#nouns;
    const nouns = new Set<string>();
    for (const [key, members] of this.#members) {
      if (members.length < 2 || key.startsWith('#')) continue;
      // The last word first: the noun a name ends on ("episode") before its modifiers.
      for (const word of key.split(' ').reverse()) {
        // Singular, as a question's word is compared ("results" of `results-2024.md`: "result").
        if (/^[a-z]{3,}$/.test(word) && !isStopWord(word) && !SPAN_WORD.test(word)) {
          nouns.add(word.replace(/([^s])s$/, '$1'));
        }
      }
    }
    this.#nouns = [...nouns];
    return this.#nouns;
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
   * The inverse document frequency (`ln(1 + (N − df + 0.5) / (df + 0.5))`) of a term the identities
   * of `documents` hold. A term every version of each series holding it carries — a name,
   * "larchmont" of a ferry company's three quarterly reports — is counted by series against the
   * collection's series: the versions of one series are one name, and a company whose reports are
   * most of a small collection is named by its name no less than a one-off report is by one of its
   * title's words ("service" of "Oakridge Library Service"). A term some versions carry and others
   * not ("q1", "2023") is counted by documents, as it chooses among versions. Where every document
   * is a series of its own, both counts are the same.
   */
  #nameIdf(documents: readonly string[]): number {
    const held = new Map<string, number>();
    for (const id of documents) {
      const key = this.#series.get(id);
      if (key !== undefined) held.set(key, (held.get(key) ?? 0) + 1);
    }
    const whole =
      held.size > 0 &&
      [...held].every(([key, count]) => count >= (this.#members.get(key)?.length ?? Infinity));
    const [df, total] = whole ? [held.size, this.#members.size] : [documents.length, this.size];
    return Math.log(1 + (total - df + 0.5) / (df + 0.5));
  }

  /**
   * The documents `query` names, best first. Only a query term that singles out a document or a
   * series (see `#singlesOut`) short of the whole collection can name one; the
   * documents it names (by a word for a kind of document only when no other word names any, see
   * {@link NamedOptions.documentNoun}) then score the summed inverse document frequency of every
   * query term their identity holds (a name's by series, see `#nameIdf`; `Q1` and `2023` choose
   * among one company's filings), and those within `minRelative` of the best are named, at most
   * `limit`.
   * None when no term singles anything out or the index is empty.
   */
  named(query: string, options: NamedOptions = {}): NamedDocument[] {
    const n = this.size;
    if (n === 0) return [];
    const scores = new Map<string, number>();
    const words = new Map<string, string[]>();
    const candidates = new Set<string>();
    const byNoun = new Set<string>();
    const seen = new Set<string>();
    for (const { word, term, code } of queryTerms(query)) {
      if (seen.has(term)) continue;
      seen.add(term);
      const documents = code ? this.#postings.get(term) : this.#named(term);
      if (!documents) continue;
      const df = documents.length;
      const naming = !code && options.documentNoun?.(word) ? byNoun : candidates;
      if (df < n && this.#singlesOut(documents)) for (const id of documents) naming.add(id);
      const idf = this.#nameIdf(documents);
      for (const id of documents) {
        scores.set(id, (scores.get(id) ?? 0) + idf);
        words.set(id, [...(words.get(id) ?? []), word]);
      }
    }
    const named = candidates.size > 0 ? candidates : byNoun;
    if (named.size === 0) return [];
    const ranked = [...named]
      .map((documentId) => ({
        documentId,
        score: scores.get(documentId) ?? 0,
        words: words.get(documentId) ?? [],
      }))
      .sort((a, b) => b.score - a.score || a.documentId.localeCompare(b.documentId));
    const best = ranked[0]?.score ?? 0;
    const floor = (options.minRelative ?? 0.75) * best;
    return ranked.filter((d) => d.score >= floor).slice(0, options.limit ?? 10);
  }
}

/**
 * The version label `question` names a document by: the number of an ordinal before "edition",
 * "version", "revision" or "release" ("the second edition" → `2`), the letter or number after "revision",
 * "rev.", "version", "edition" or "release" ("revision B" → `b`, "version 2.1" → `2.1`), or a
 * dotted number right before a noun of versioned documents ("the Orbit 2.0 release notes", "the
 * 3.1 manual" → `2.0`, `3.1`), lower case; undefined when it names none. A dotted number before any
 * other word ("2.0 million") is no label.
 */
export function versionLabel(question: string): string | undefined {
  const ordinal = ORDINAL_LABEL.exec(question);
  if (ordinal) return String(ordinalNumber(ordinal[1]!));
  const m =
    /\b(?:revision|rev\.?|version|ver\.?|edition|release)\s+([a-z]|\d+(?:\.\d+)*)(?![\p{L}\p{N}])/iu.exec(
      question,
    ) ??
    /(?<![\p{L}\p{N}$€£.,])(\d+(?:\.\d+)+)\s+(?:release\s+notes|release|notes|changelog|manual|guide|handbook|edition|specification|policy)\b/iu.exec(
      question,
    );
  return m?.[1]?.toLowerCase();
}

/** An ordinal before the word of a version ("the second edition", "the 3rd revision"); group 1: the ordinal. */
const ORDINAL_LABEL = new RegExp(
  String.raw`\b(${ORDINAL_WORDS.join('|')}|\d{1,2}(?:st|nd|rd|th))\s+(?:edition|version|revision|release)\b`,
  'i',
);

/** The number an ordinal names ("second" → 2, "3rd" → 3); undefined for any other word. */
export function ordinalNumber(word: string): number | undefined {
  const w = word.toLowerCase();
  const n = /^(\d{1,2})(?:st|nd|rd|th)$/.exec(w);
  if (n) return Number(n[1]);
  const i = (ORDINAL_WORDS as readonly string[]).indexOf(w);
  return i >= 0 ? i + 1 : undefined;
}

/** Words of a document name that introduce its version label ("rev-b", "version-2", "v2.1"). */
export const LABEL_WORD = /^(?:rev|revision|r|version|ver|v|edition|ed|release)$/;

/**
 * True when the document name `name` (a path or title) carries the version label `label` (see
 * {@link versionLabel}): after a word introducing a label (`pump-manual-rev-b.md`, "Revision B",
 * `guide-version-2.md`), joined to one (`manual-v2.1.pdf`, `revB`, a folder: `api/v1/auth.md`),
 * an ordinal beside one (`rules-2nd-edition.md`, `rules-second-edition.md` for `2`), or, for a
 * number with a dot, on its own (`orbit-release-notes-2.1.md`), also with its dots written as the
 * name's separators, as file names and web addresses write them (`t4-guide-firmware-3-2.md`,
 * `release_notes_2_1.md`, `policy-v2-3.pdf` for `3.2`, `2.1`, `2.3`), its parts alone in their
 * run of numbers.
 */
export function namesVersion(name: string, label: string): boolean {
  const bare = name.replace(/\.[a-z0-9]{1,5}$/i, '').toLowerCase();
  const words = bare
    .split(/[^a-z0-9.]+/)
    .map((w) => w.replace(/^\.+|\.+$/g, ''))
    .filter((w) => w !== '');
  const named = words.some(
    (word, i) =>
      (word === label &&
        (LABEL_WORD.test(words[i - 1] ?? '') || (label.includes('.') && /^\d/.test(label)))) ||
      (word.endsWith(label) && LABEL_WORD.test(word.slice(0, -label.length))) ||
      // An ordinal before or after its word: `rules-2nd-edition.md`, "Third Edition".
      (String(ordinalNumber(word)) === label &&
        (LABEL_WORD.test(words[i + 1] ?? '') || LABEL_WORD.test(words[i - 1] ?? ''))),
  );
  if (named || !/^\d+(?:\.\d+)+$/.test(label)) return named;
  // `3-2` for 3.2: the label's parts as consecutive words, no number before or after them
  // (`2025-3-2` is a date, not version 3.2).
  const parts = label.split('.');
  const pieces = bare.split(/[^a-z0-9]+/).filter((w) => w !== '');
  const numeric = (w: string | undefined) => w !== undefined && /^\d+$/.test(w);
  // The first part may be joined to its label word (`policy-v2-3.pdf`, `notes_rev4_1.md`).
  const head = parts[0]!;
  const first = (piece: string) =>
    piece === head || (piece.endsWith(head) && LABEL_WORD.test(piece.slice(0, -head.length)));
  return pieces.some(
    (piece, i) =>
      first(piece) &&
      parts.slice(1).every((part, j) => pieces[i + 1 + j] === part) &&
      !numeric(pieces[i - 1]) &&
      !numeric(pieces[i + parts.length]),
  );
}

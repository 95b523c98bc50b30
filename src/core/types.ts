/**
 * The engine's vocabulary: sources, pages, documents, chunks, hits and answers.
 * See DESIGN.md ("Vocabulary") for the meaning of each term.
 * @module
 */

/** A JSON value, as stored in metadata. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Free-form metadata attached to a document and copied onto its chunks. */
export type Metadata = Record<string, JsonValue>;

/** Bytes plus a name and, when known, a media type: a file, a buffer, a URL's body. */
export interface Source {
  /** Display name, usually the path relative to the ingest root. */
  name: string;
  bytes: Uint8Array;
  /** Declared media type (e.g. from an HTTP `Content-Type`); wins over the extension. */
  mediaType?: string;
}

/** One unit of parse output: a PDF page, a slide, or the whole of a text file. */
export interface Page {
  /** 1-based page number. */
  pageNumber: number;
  /** Page content as Markdown. */
  markdown: string;
}

/**
 * One record of a structured source (a CSV row, a JSON object, a JSONL line), or a group of
 * small consecutive records: the text to index and the fields kept as metadata. Each becomes its
 * own chunk (or several, when its text exceeds the chunk budget), carrying its metadata.
 */
export interface ParsedRecord {
  /** The record's text fields, rendered for indexing. */
  text: string;
  /** The record's other fields; merged over the document's metadata on its chunks. */
  metadata: Metadata;
  /** How the record is cited (its id field's value); becomes the chunk's heading path. */
  headingPath: string[];
  /** First and last 1-based line of the source the record (or group) spans. */
  lineStart: number;
  lineEnd: number;
}

/** A record that could not be read, reported on the document's ingest item. */
export interface RecordIssue {
  /** 1-based line of the source where the record starts (or where the problem was found). */
  line: number;
  message: string;
}

/** What a parser returns for one source. */
export interface ParsedDocument {
  /** The media type the parser handled, e.g. `application/pdf`. */
  mediaType: string;
  /** Title found in the document (HTML `<title>`, PDF info, first heading), if any. */
  title?: string;
  /**
   * Dates from the file's own metadata (a PDF's modification and creation dates, as PDF date
   * strings `D:YYYYMMDD…` or ISO 8601), best first: a weak fallback for the document's date when
   * its text states none (see `findDocumentDate`).
   */
  metadataDates?: string[];
  /**
   * The date the file's own fields say the document was published, as its author or publisher set
   * it (ISO `YYYY-MM-DD`): a Markdown front matter's `date`, an HTML page's
   * `article:published_time`, `<meta name="date">`, Dublin Core or JSON-LD `datePublished`. It
   * dates the document as its text would, unlike `metadataDates` (see `findDocumentDate`).
   */
  publishedDate?: string;
  pages: Page[];
  /**
   * Set by the structured parsers (CSV, JSON, JSONL): the records, chunked one by one instead of
   * the pages. `pages` then holds their texts joined, for contextualizers and page counts.
   */
  records?: ParsedRecord[];
  /** Records left out because they were malformed, in source order. */
  recordIssues?: RecordIssue[];
  /**
   * Pages read from their images (scans) whose OCR or vision read failed this time, so their
   * text is missing or only their text layer's. A parse with any is never cached: what a later
   * OCR or vision read needs (the page images) stays in the source, which the next parse reads.
   */
  unreadPages?: number[];
}

/** One ingested source as recorded by the store. */
export interface DocumentRecord {
  documentId: string;
  /** SHA-256 of the source bytes, lower-case hex. */
  contentHash: string;
  /** Caller's grouping key; defaults to the documentId. */
  sourceId: string;
  sourceName: string;
  mediaType: string;
  title?: string;
  metadata: Metadata;
  chunkCount: number;
  pageCount: number;
  /** Size of the source in bytes, as ingested; absent when unknown (records written before sizes were kept). */
  byteSize?: number;
  /**
   * The name terms of its first page, read at ingest: the content terms (lower-cased, stemmed)
   * of the words its first chunks on page 1 write capitalised (`openingTerms`), which name a
   * document at query time without reading its text. Absent when not read: records written
   * before they were kept (schema version 5 reads them from the stored chunks on upgrade;
   * the engine reads a first page lazily for a record without them) or by a caller that gives none.
   */
  nameTerms?: string[];
  parserFingerprint: string;
  /** ISO-8601 time the document was (re)ingested. */
  ingestedAt: string;
}

/** A span of a document's Markdown, the unit that is embedded, indexed and retrieved. */
export interface Chunk {
  /** `documentId:ordinal`. */
  id: string;
  documentId: string;
  /** 0-based position of the chunk in its document. */
  ordinal: number;
  text: string;
  /** Headings enclosing the chunk, outermost first. */
  headingPath: string[];
  /** First and last 1-based page the chunk spans. */
  pageStart: number;
  pageEnd: number;
  /** Tokens in `text`, counted with the chunker's tokenizer. */
  tokenCount: number;
  /** True when the chunk is one unit that could not be split (it may exceed the budget). */
  indivisible?: boolean;
  metadata: Metadata;
}

/** A chunk ready for the store: the text to index and, when the collection is dense, its embedding. */
export interface StoredChunk extends Chunk {
  sourceId: string;
  /** The text that was embedded (the chunk text, possibly with added context). */
  embeddingText?: string;
  /**
   * Text that situates the chunk in its document without being part of it (what a
   * contextualizer adds: the document's title, neighbouring sentences, a generated summary).
   * Stores index it for lexical search as a field of its own, weighted apart from the chunk
   * text; it is never shown or cited.
   */
  context?: string;
  embedding?: Float32Array | number[];
  /**
   * ISO-8601 time the chunk id was first written, on chunks read back by `Store.iterChunks` from
   * backends that record it (SQLite, PostgreSQL, memory); ignored on writes.
   */
  createdAt?: string;
  /** ISO-8601 time the chunk was last written; present and ignored as {@link createdAt}. */
  updatedAt?: string;
}

/** Scores a hit carries; each is present when that stage ran. */
export interface HitScores {
  /** Cosine similarity in [-1, 1] from dense search. */
  dense?: number;
  /** BM25 score from lexical search (higher is better). */
  lexical?: number;
  /** Reciprocal-rank-fusion score. */
  fused?: number;
  /** Reranker relevance score. */
  rerank?: number;
}

/**
 * Why the retriever raised a hit: a ranking beside relevance that it was fused with — the
 * documents the query names (`focus`), of the period it asks for (`period`), or the newest of the
 * series it is about (`recency`) — with that ranking's fusion weight and the reason in words.
 */
export interface HitBoost {
  kind: 'focus' | 'period' | 'recency';
  /** The ranking's weight in the reciprocal rank fusion (relevance rankings weigh 1). */
  weight: number;
  reason: string;
  /** For `focus`: the question's words that named the hit's document, as the question spells them. */
  words?: string[];
  /**
   * For `recency`: the newest version of the series, passed over because it lacks topic words of
   * the question that this hit's version holds (`lacks`, as the question spells them). Absent when
   * the hit's version is the newest.
   */
  passedOver?: { documentId: string; lacks: string[] };
  /**
   * For `recency`: true when the question names no time and the hit's document is the version in
   * force (the newest of its series) of a question in the present. The question did not ask for
   * that version, so an answer does not put its quotes first for this boost alone (see
   * `orderByPeriod`).
   */
  inForce?: true;
}

/** A retrieved chunk with its scores. */
export interface Hit {
  chunk: Chunk & { sourceId: string };
  /**
   * From `Engine.search` and every interface over it: the hit's relevance in [0, 1], one scale on
   * every query and mode (query term coverage, cosine, or their mean; see docs/scores.md and
   * `relevanceScores`). Straight from a store's search: the raw score of that search's ranking.
   */
  score: number;
  /** The raw score of each stage that ran (BM25, cosine, RRF, rerank); their scales differ. */
  scores: HitScores;
  /** Present when a ranking beside relevance raised this hit; see {@link HitBoost}. */
  boosts?: HitBoost[];
  /** Name of the source document (e.g. its path), for display and citations. */
  sourceName?: string;
}

/** Which retrievers run: BM25 only, embeddings only, or both fused by RRF. */
export type SearchMode = 'lexical' | 'dense' | 'hybrid';

/** A source cited by an answer: `[n]` in the text refers to `citations[n-1]`. */
export interface Citation {
  /** 1-based number used in the answer text. */
  n: number;
  hit: Hit;
}

/** An answer, generated or extracted, with the sources it cites. */
export interface Answer {
  text: string;
  /** Sources offered to the answerer, numbered from 1. */
  sources: Citation[];
  /** The subset of sources the answer text actually cites. */
  cited: number[];
  /**
   * True when the answer says the documents do not hold what was asked. Its text then opens with
   * "I could not find an answer to that in the indexed documents." With no sources and nothing
   * cited, nothing relevant was found; with sources, they are where it looked — the closest
   * passages of the documents the question is about — and the text says what they do not mention
   * or state (offline: absent topic words, an existence question's subject no factual sentence
   * states, or a relation whose two sides are stated but never related — then it quotes what is
   * stated of each; with a chat model: a reply opening "I could not find"). Never treat a "not
   * found" answer's cited sources as support for an answer.
   */
  notFound: boolean;
  /** Which answerer produced the text (`extractive` or a chat model id). */
  answeredBy: string;
}

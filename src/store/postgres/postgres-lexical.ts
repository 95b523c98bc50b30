/**
 * Okapi BM25 inside PostgreSQL, scored as SQLite's FTS5 `bm25()` scores (Robertson & Zaragoza,
 * "The Probabilistic Relevance Framework: BM25 and Beyond", 2009; FTS5's constants k1 = 1.2,
 * b = 0.75, IDF = ln((N − n + 0.5) / (n + 0.5)) replaced by 1e-6 when not positive; a term's
 * frequency is the weighted sum of its occurrences per field, a chunk's length counts every token
 * once), so that the same query over the same chunks ranks the same chunks on both stores.
 *
 * Tokenisation is the SQLite store's (`porter unicode61 remove_diacritics 2`, reproduced by the
 * memory store's tokenizer): the application cuts each chunk into terms when it writes it, and the
 * database keeps, per collection, three tables beside the chunk table:
 * - `<table>_terms`: the postings, one row per (namespace, term, chunk id) with the term's count in
 *   each field (content, headings, document, context) and the chunk's length, all of it in the
 *   primary key's index (`INCLUDE`), so a search reads a term's postings by an index-only scan
 *   (about 4× faster than through the heap on 1,500 SciFact abstracts, once vacuumed);
 * - `<table>_tstats`: per namespace and term, how many chunks hold it (document frequency);
 * - `<table>_lstats`: per namespace, how many chunks and tokens it holds (N and the average length).
 *
 * Statistics are per namespace (a tenant's scores never move with another's writes). Writes index
 * new chunks in the write's transaction; a statement-level trigger on the chunk table un-indexes
 * every deleted chunk in the deleting statement, whichever path deleted it. Every change of a
 * namespace's statistics first updates its `_lstats` row, so concurrent writers of one namespace
 * queue on that row instead of deadlocking on term rows taken in different orders.
 * @module
 */
import type { LexicalFieldWeights } from '../collection/lexical-weights.js';
import type { PreparedChunk } from '../collection/validation.js';
import { indexTerm, tokenize } from '../memory/memory-tokenizer.js';
import { quoteIdentifier } from './postgres-identifiers.js';
import type { PostgresParams } from './postgres-params.js';

/** Term-frequency saturation; FTS5's value. */
export const BM25_K1 = 1.2;
/** Length normalisation; FTS5's value. */
export const BM25_B = 0.75;
/** FTS5 replaces an IDF of zero or less (a term in half the chunks or more) with this. */
export const MIN_IDF = 1e-6;

/** The lexical tables and trigger function of one collection table. */
export interface LexicalTables {
  postings: string;
  termStats: string;
  stats: string;
  unindex: string;
}

/** The (unquoted) names of a collection's lexical tables and trigger function. */
export function lexicalTables(location: string): LexicalTables {
  return {
    postings: `${location}_terms`,
    termStats: `${location}_tstats`,
    stats: `${location}_lstats`,
    unindex: `${location}_unindex`,
  };
}

/**
 * DDL of a collection's lexical tables, the function that un-indexes deleted chunks and the
 * statement-level trigger that calls it (all idempotent). The chunk table must have its
 * `lexical_length` column. Row-level security of the three tables is set up by the caller.
 */
export function lexicalStatements(location: string): string[] {
  const t = lexicalTables(location);
  const [chunks, postings, termStats, stats] = [location, t.postings, t.termStats, t.stats].map(
    quoteIdentifier,
  );
  const trigger = quoteIdentifier(`${location}_unindex`);
  return [
    `CREATE TABLE IF NOT EXISTS ${postings} (
  namespace text COLLATE "C" NOT NULL,
  term text COLLATE "C" NOT NULL,
  id text COLLATE "C" NOT NULL,
  in_content integer NOT NULL,
  in_headings integer NOT NULL,
  in_document integer NOT NULL,
  in_context integer NOT NULL,
  length integer NOT NULL,
  PRIMARY KEY (namespace, term, id) INCLUDE (in_content, in_headings, in_document, in_context, length)
)`,
    `CREATE INDEX IF NOT EXISTS ${quoteIdentifier(`${t.postings}_id`)} ON ${postings} (namespace, id)`,
    `CREATE TABLE IF NOT EXISTS ${termStats} (
  namespace text COLLATE "C" NOT NULL,
  term text COLLATE "C" NOT NULL,
  chunks bigint NOT NULL,
  PRIMARY KEY (namespace, term)
)`,
    `CREATE TABLE IF NOT EXISTS ${stats} (
  namespace text COLLATE "C" NOT NULL PRIMARY KEY,
  chunks bigint NOT NULL,
  tokens bigint NOT NULL
)`,
    `CREATE OR REPLACE FUNCTION ${quoteIdentifier(t.unindex)}() RETURNS trigger LANGUAGE plpgsql AS $cairn$
BEGIN
  UPDATE ${stats} AS s SET chunks = s.chunks - g.chunks, tokens = s.tokens - g.tokens
  FROM (SELECT namespace, count(*) AS chunks, sum(lexical_length) AS tokens FROM gone GROUP BY namespace) AS g
  WHERE s.namespace = g.namespace;
  WITH removed AS (
    DELETE FROM ${postings} AS p USING gone AS g WHERE p.namespace = g.namespace AND p.id = g.id
    RETURNING p.namespace, p.term
  )
  UPDATE ${termStats} AS s SET chunks = s.chunks - r.chunks
  FROM (SELECT namespace, term, count(*) AS chunks FROM removed GROUP BY namespace, term) AS r
  WHERE s.namespace = r.namespace AND s.term = r.term;
  RETURN NULL;
END
$cairn$`,
    `DROP TRIGGER IF EXISTS ${trigger} ON ${chunks}`,
    `CREATE TRIGGER ${trigger} AFTER DELETE ON ${chunks} REFERENCING OLD TABLE AS gone ` +
      `FOR EACH STATEMENT EXECUTE FUNCTION ${quoteIdentifier(t.unindex)}()`,
  ];
}

/** DDL dropping what {@link lexicalStatements} made (the trigger goes with the chunk table). */
export function dropLexicalStatements(location: string): string[] {
  const t = lexicalTables(location);
  return [
    ...[t.postings, t.termStats, t.stats].map((table) => `DROP TABLE IF EXISTS ${quoteIdentifier(table)}`),
    `DROP FUNCTION IF EXISTS ${quoteIdentifier(t.unindex)}() CASCADE`,
  ];
}

/** The text of each lexical field of one chunk, as the SQLite store indexes them. */
export interface LexicalFields {
  content: string;
  /** The heading path joined by newlines. */
  headings: string;
  document: string;
  context: string;
}

/** The fields of a chunk about to be written. */
export function fieldsOf(prepared: PreparedChunk): LexicalFields {
  return {
    content: prepared.chunk.text,
    headings: prepared.chunk.headingPath.join('\n'),
    document: prepared.lexical.document,
    context: prepared.lexical.context,
  };
}

/** Postings of a batch of chunks as parallel columns, one entry per (chunk, term). */
export interface PostingColumns {
  ids: string[];
  terms: string[];
  content: number[];
  headings: number[];
  document: number[];
  context: number[];
  lengths: number[];
}

/** One chunk's terms: how often each occurs in each field, and its length (every token counted once). */
export function chunkTerms(fields: LexicalFields): { counts: Map<string, number[]>; length: number } {
  const counts = new Map<string, number[]>();
  let length = 0;
  (['content', 'headings', 'document', 'context'] as const).forEach((field, slot) => {
    if (fields[field] === '') return;
    const tokens = tokenize(fields[field]);
    length += tokens.length;
    for (const term of tokens) {
      let entry = counts.get(term);
      if (entry === undefined) {
        entry = [0, 0, 0, 0];
        counts.set(term, entry);
      }
      entry[slot]! += 1;
    }
  });
  return { counts, length };
}

/** The postings of `chunks` (id and fields each), and each chunk's length in order. */
export function postingColumns(chunks: ReadonlyArray<{ id: string; fields: LexicalFields }>): {
  postings: PostingColumns;
  lengths: number[];
} {
  const postings: PostingColumns = {
    ids: [],
    terms: [],
    content: [],
    headings: [],
    document: [],
    context: [],
    lengths: [],
  };
  const lengths: number[] = [];
  for (const { id, fields } of chunks) {
    const { counts, length } = chunkTerms(fields);
    lengths.push(length);
    for (const [term, [content, headings, document, context]] of counts) {
      postings.ids.push(id);
      postings.terms.push(term);
      postings.content.push(content!);
      postings.headings.push(headings!);
      postings.document.push(document!);
      postings.context.push(context!);
      postings.lengths.push(length);
    }
  }
  return { postings, lengths };
}

/**
 * The statement that indexes chunks just inserted into one namespace, as `WITH` items and a final
 * `INSERT` to append to them: the namespace's totals first (the row that orders concurrent
 * writers: the postings' insert reads the totals' result, so it runs after it), then the postings
 * and the terms' document frequencies (upserted in term order). One round trip for any number of
 * chunks; the caller may prepend items of its own (the chunk rows' insert).
 * @param params Where the namespace, the totals and the postings are bound.
 * @param lengths Each inserted chunk's length.
 */
export function indexSql(
  location: string,
  params: PostgresParams,
  namespace: string,
  postings: PostingColumns,
  lengths: readonly number[],
): { items: string[]; insert: string } {
  const t = lexicalTables(location);
  const [postingsTable, termStats, stats] = [t.postings, t.termStats, t.stats].map(quoteIdentifier);
  const tokens = lengths.reduce((sum, length) => sum + length, 0);
  const ns = params.bind(namespace, 'text');
  const totals =
    `totals AS (INSERT INTO ${stats} AS s (namespace, chunks, tokens) ` +
    `VALUES (${ns}, ${params.bind(lengths.length, 'bigint')}, ${params.bind(tokens, 'bigint')}) ` +
    'ON CONFLICT (namespace) DO UPDATE SET chunks = s.chunks + excluded.chunks, tokens = s.tokens + excluded.tokens ' +
    'RETURNING 1 AS one)';
  const columns = [
    params.bind(postings.ids, 'text[]'),
    params.bind(postings.terms, 'text[]'),
    ...[postings.content, postings.headings, postings.document, postings.context, postings.lengths].map(
      (values) => params.bind(values, 'int[]'),
    ),
  ];
  const posted =
    `posted AS (INSERT INTO ${postingsTable} (namespace, id, term, in_content, in_headings, in_document, in_context, length) ` +
    `SELECT ${ns}, u.id, u.term, u.in_content, u.in_headings, u.in_document, u.in_context, u.length ` +
    `FROM totals, unnest(${columns.join(', ')}) AS u(id, term, in_content, in_headings, in_document, in_context, length) ` +
    'RETURNING term)';
  return {
    items: [totals, posted],
    insert:
      `INSERT INTO ${termStats} AS s (namespace, term, chunks) ` +
      `SELECT ${ns}, term, count(*) FROM posted GROUP BY term ORDER BY term ` +
      'ON CONFLICT (namespace, term) DO UPDATE SET chunks = s.chunks + excluded.chunks',
  };
}

/**
 * A bulk load's postings statement as a `WITH` item's follow-up: the postings only, no statistics
 * (a bulk load computes them once at its end, {@link statisticsSql}). One round trip per batch.
 */
export function postingsInsertSql(
  location: string,
  params: PostgresParams,
  namespace: string,
  postings: PostingColumns,
): string {
  const ns = params.bind(namespace, 'text');
  const columns = [
    params.bind(postings.ids, 'text[]'),
    params.bind(postings.terms, 'text[]'),
    ...[postings.content, postings.headings, postings.document, postings.context, postings.lengths].map(
      (values) => params.bind(values, 'int[]'),
    ),
  ];
  return (
    `INSERT INTO ${quoteIdentifier(lexicalTables(location).postings)} (namespace, id, term, in_content, in_headings, in_document, in_context, length) ` +
    `SELECT ${ns}, u.id, u.term, u.in_content, u.in_headings, u.in_document, u.in_context, u.length ` +
    `FROM unnest(${columns.join(', ')}) AS u(id, term, in_content, in_headings, in_document, in_context, length)`
  );
}

/**
 * Statements that set one namespace's statistics from its postings and chunks, set-wise (after a
 * bulk load): every term's document frequency counted again, and the namespace's chunks and
 * tokens. Parameter `$1`: the namespace. Run under the namespace's row-level security.
 */
export function statisticsSql(location: string): string[] {
  const t = lexicalTables(location);
  const [chunks, postings, termStats, stats] = [location, t.postings, t.termStats, t.stats].map(
    quoteIdentifier,
  );
  return [
    `DELETE FROM ${termStats} WHERE namespace = $1::text`,
    `INSERT INTO ${termStats} (namespace, term, chunks) SELECT $1::text, term, count(*) FROM ${postings} ` +
      'WHERE namespace = $1::text GROUP BY term',
    `INSERT INTO ${stats} AS s (namespace, chunks, tokens) ` +
      `SELECT $1::text, count(*), coalesce(sum(lexical_length), 0) FROM ${chunks} WHERE namespace = $1::text ` +
      'ON CONFLICT (namespace) DO UPDATE SET chunks = excluded.chunks, tokens = excluded.tokens',
  ];
}

/**
 * The index terms of a query: each word of `terms` (from `queryTerms`) lower-cased, folded and
 * stemmed as chunks are. Words that stem alike stay separate entries, as the SQLite store's
 * `"runs" OR "running"` makes them separate FTS5 phrases that each add to the score.
 */
export function queryIndexTerms(terms: readonly string[]): string[] {
  return terms.map(indexTerm);
}

/** Inputs of {@link bm25Scores}. */
export interface Bm25Scoring {
  /** The chunk table (unquoted). */
  location: string;
  params: PostgresParams;
  /** Index terms of the query (from {@link queryIndexTerms}); repeats add up. */
  terms: readonly string[];
  weights: LexicalFieldWeights;
  /**
   * Conditions over the chunk table aliased `c`, or `undefined` for none (then the chunk table is
   * not read while scoring).
   */
  where: string | undefined;
}

/**
 * A query over the postings that yields `namespace, id, score` for every chunk holding at least
 * one query term (any term, not all) and passing the conditions, `score` being its BM25 score
 * (higher is better) rounded to 1e-9, in no particular order. Every table is read under the transaction's
 * row-level security, so statistics and postings are the namespace's own.
 *
 * The plan is fixed by the query's shape: a materialised list of the query's distinct terms with
 * each one's IDF and the namespace's average length (one look-up per term in `_tstats` and one
 * row of `_lstats`), then one index-only scan of each term's postings, summed per chunk. Without
 * conditions the chunk table is not read at all.
 */
export function bm25Scores(scoring: Bm25Scoring): string {
  const { params, weights } = scoring;
  const t = lexicalTables(scoring.location);
  const terms = params.bind(scoring.terms, 'text[]');
  const [k1, b, minIdf] = [BM25_K1, BM25_B, MIN_IDF].map((value) => params.bind(value, 'float8'));
  const [content, headings, document, context] = [
    weights.content,
    weights.headings,
    weights.document,
    weights.context,
  ].map((value) => params.bind(value, 'float8'));
  const frequency =
    `(p.in_content * ${content} + p.in_headings * ${headings} + ` +
    `p.in_document * ${document} + p.in_context * ${context})`;
  const chunkJoin =
    scoring.where === undefined
      ? ''
      : ` JOIN ${quoteIdentifier(scoring.location)} AS c ON c.namespace = p.namespace AND c.id = p.id AND ${scoring.where}`;
  const weighted =
    'SELECT s.term, q.repeats, s.namespace, n.average, ' +
    'CASE WHEN ln((n.chunks - s.chunks + 0.5) / (s.chunks + 0.5)) > 0 ' +
    `THEN ln((n.chunks - s.chunks + 0.5) / (s.chunks + 0.5)) ELSE ${minIdf} END AS idf ` +
    `FROM (SELECT term, count(*)::float8 AS repeats FROM unnest(${terms}) AS term GROUP BY term) AS q ` +
    `JOIN ${quoteIdentifier(t.termStats)} AS s ON s.term = q.term AND s.chunks > 0 ` +
    'JOIN (SELECT namespace, chunks::float8 AS chunks, tokens::float8 / greatest(chunks, 1) AS average ' +
    `FROM ${quoteIdentifier(t.stats)}) AS n ON n.namespace = s.namespace`;
  return (
    `WITH w AS MATERIALIZED (${weighted}) ` +
    // Rounded to 1e-9: the sum's order follows the plan, and float addition's last bits with it,
    // which would otherwise break ties between equal scores differently from one plan to the next.
    `SELECT p.namespace, p.id, round(sum(w.idf * w.repeats * ${frequency} * (${k1} + 1) / ` +
    `(${frequency} + ${k1} * (1 - ${b} + ${b} * p.length / w.average))) * 1e9) / 1e9 AS score ` +
    `FROM w JOIN ${quoteIdentifier(t.postings)} AS p ON p.namespace = w.namespace AND p.term = w.term${chunkJoin} ` +
    'GROUP BY p.namespace, p.id'
  );
}

import type { DistanceMetric } from '../../core/ports.js';
/**
 * SQL of the searches. Each ranks inside one statement: the scan applies every condition, keeps
 * the best rows (or, with `keepBest`, the best per source id, then the best of those), and only then
 * reads the winners' full rows and their documents' names. All run inside a scoped transaction, so
 * row-level security confines them to one namespace.
 * @module
 */
import type { LexicalFieldWeights } from '../collection/lexical-weights.js';
import { CHUNK_COLUMNS, DOCUMENTS_TABLE } from '../sql/sql-rows.js';
import { quoteIdentifier } from './postgres-identifiers.js';
import { bm25Scores } from './postgres-lexical.js';
import { distanceOperator, maxDistanceFor } from './postgres-metric.js';
import type { PostgresParams, SqlStatement } from './postgres-params.js';

/** The collection a search reads, and its conditions, already compiled. */
export interface SearchTarget {
  /** The chunk table's name (unquoted). */
  location: string;
  /** The collection's name, to join its documents. */
  collection: string;
  /** The parameters the conditions were compiled with; the search binds the rest into it. */
  params: PostgresParams;
  /** The conditions over the chunk table aliased `c` (`TRUE` for none). */
  where: string;
}

/** Inputs of {@link denseSearchSql}. */
export interface DenseSearchSql {
  target: SearchTarget;
  /** The query as pgvector text. */
  vector: string;
  /** The embedding column's type, e.g. `vector(384)`; the query is cast to it so the index applies. */
  vectorType: string;
  /** The collection's metric; default cosine. */
  metric?: DistanceMetric;
  topK: number;
  keepBest: boolean;
}

/** Inputs of {@link lexicalSearchSql}. */
export interface LexicalSearchSql {
  target: SearchTarget;
  /** Index terms of the query (`queryIndexTerms`), never empty. */
  terms: readonly string[];
  /** BM25 field weights. */
  weights: LexicalFieldWeights;
  topK: number;
  keepBest: boolean;
  /**
   * With `keepBest`: how many of the best-scored chunks are read back for their source ids before
   * the best per source is kept; `null` reads every scored chunk (exact). Exact too whenever the
   * result holds `topK` rows (see {@link lexicalSearchSql}).
   */
  sourceCandidates: number | null;
}

/** Inputs of {@link hybridSearchSql}. */
export interface HybridSearchSql {
  target: SearchTarget;
  vector: string;
  vectorType: string;
  /** Index terms of the query (`queryIndexTerms`); empty when the text holds no word (dense candidates only). */
  terms: readonly string[];
  /** BM25 field weights. */
  lexicalWeights: LexicalFieldWeights;
  topK: number;
  keepBest: boolean;
  /** Candidates taken from each ranking before fusion. */
  candidates: number;
  /** RRF rank constant. */
  k: number;
  /** RRF weights of the dense and the lexical ranking. */
  weights: readonly [number, number];
  /** Dense candidates with a similarity (under `metric`) below this are dropped before fusion. */
  minSimilarity: number | undefined;
  /** The collection's metric; default cosine. */
  metric?: DistanceMetric;
}

/**
 * Dense search: `embedding <=> query` (cosine distance; `<->` and `<#>` for the Euclidean and dot
 * metrics, see `distanceOperator`) over the chunks that pass the conditions. Without `keepBest`
 * the inner query is `ORDER BY embedding <=> query LIMIT k`, the
 * shape pgvector serves from its HNSW index (approximate; with iterative scans it keeps reading the
 * index until `k` rows pass the conditions); with `keepBest` every passing row is scored (exact).
 * Rows come back ordered by `distance`, with `score` = `distance`.
 */
export function denseSearchSql(search: DenseSearchSql): SqlStatement {
  const { params, where } = search.target;
  const table = quoteIdentifier(search.target.location);
  const query = params.bind(search.vector, search.vectorType);
  const limit = params.bind(search.topK, 'int');
  const distance = `c.embedding ${distanceOperator(search.metric)} ${query}`;
  const top = search.keepBest
    ? `scored AS MATERIALIZED (SELECT c.namespace, c.id, c.source_id, ${distance} AS distance FROM ${table} AS c WHERE ${where}), ` +
      'best AS (SELECT DISTINCT ON (source_id) namespace, id, distance FROM scored ORDER BY source_id, distance, id), ' +
      `top AS MATERIALIZED (SELECT namespace, id, distance FROM best ORDER BY distance, id LIMIT ${limit})`
    : `top AS MATERIALIZED (SELECT c.namespace, c.id, ${distance} AS distance FROM ${table} AS c ` +
      `WHERE ${where} ORDER BY ${distance} LIMIT ${limit})`;
  return finish(search.target, top, 'top.distance AS score, top.distance AS distance', 'top.distance, c.id');
}

/**
 * BM25 search (`postgres-lexical.ts`): every chunk that holds any query term and passes the
 * conditions is scored from the postings and the namespace's statistics. Rows come back ordered
 * by `score` descending (ties by id).
 *
 * With `keepBest`, only the `sourceCandidates` best chunks (by score, then id) are joined to the
 * chunk table for their source ids. Every source with a chunk among them has its best chunk among
 * them, and ranks above every source without one, so when they yield `topK` sources those are
 * exactly the `topK` best; when they yield fewer, the caller searches again with `null` (all).
 * Each row also carries `candidates`, how many chunks were read back.
 */
export function lexicalSearchSql(search: LexicalSearchSql): SqlStatement {
  const { params, where } = search.target;
  const table = quoteIdentifier(search.target.location);
  const scored = bm25Scores({
    location: search.target.location,
    params,
    terms: search.terms,
    weights: search.weights,
    where: where === 'TRUE' ? undefined : where,
  });
  if (!search.keepBest) {
    const limit = params.bind(search.topK, 'int');
    const top = `top AS MATERIALIZED (SELECT namespace, id, score FROM (${scored}) AS scored ORDER BY score DESC, id LIMIT ${limit})`;
    return finish(search.target, top, 'top.score AS score, top.score AS lexical', 'top.score DESC, c.id');
  }
  const candidates = params.bind(search.sourceCandidates, 'int');
  const limit = params.bind(search.topK, 'int');
  const top =
    `ranked AS MATERIALIZED (SELECT namespace, id, score FROM (${scored}) AS scored ORDER BY score DESC, id LIMIT ${candidates}), ` +
    `best AS (SELECT DISTINCT ON (c.source_id) r.namespace, r.id, r.score FROM ranked AS r JOIN ${table} AS c ` +
    'ON c.namespace = r.namespace AND c.id = r.id ORDER BY c.source_id, r.score DESC, r.id), ' +
    `top AS MATERIALIZED (SELECT namespace, id, score FROM best ORDER BY score DESC, id LIMIT ${limit})`;
  return finish(
    search.target,
    top,
    'top.score AS score, top.score AS lexical, (SELECT count(*) FROM ranked)::int AS candidates',
    'top.score DESC, c.id',
  );
}

/**
 * Hybrid search in one statement: the dense and the lexical candidate lists (each as in the
 * searches above, `candidates` long, ranked from 1), fused by reciprocal rank fusion: a chunk
 * scores `weight / (k + rank)` for each list it is in, summed. Rows come back ordered by `fused`
 * descending (ties: better dense rank, then better lexical rank, then id), with `score` = `fused`,
 * `distance` and `lexical` set when that list ranked the chunk.
 */
export function hybridSearchSql(search: HybridSearchSql): SqlStatement {
  const { params, where } = search.target;
  const table = quoteIdentifier(search.target.location);
  const query = params.bind(search.vector, search.vectorType);
  const candidates = params.bind(search.candidates, 'int');
  const k = params.bind(search.k, 'float8');
  const [denseWeight, lexicalWeight] = [
    params.bind(search.weights[0], 'float8'),
    params.bind(search.weights[1], 'float8'),
  ];
  const distance = `c.embedding ${distanceOperator(search.metric)} ${query}`;
  const bound =
    search.minSimilarity === undefined ? undefined : maxDistanceFor(search.metric, search.minSimilarity);
  const maxDistance = bound === undefined ? '' : `WHERE distance <= ${params.bind(bound, 'float8')} `;
  const dense =
    `dense AS MATERIALIZED (SELECT c.namespace, c.id, ${distance} AS distance FROM ${table} AS c ` +
    `WHERE ${where} ORDER BY ${distance} LIMIT ${candidates}), ` +
    `dense_ranked AS (SELECT namespace, id, distance, row_number() OVER (ORDER BY distance, id) AS rank FROM dense ${maxDistance})`;
  let lexical: string;
  if (search.terms.length === 0) {
    lexical =
      'lexical_ranked AS (SELECT NULL::text AS namespace, NULL::text AS id, NULL::real AS score, NULL::bigint AS rank WHERE FALSE)';
  } else {
    const scored = bm25Scores({
      location: search.target.location,
      params,
      terms: search.terms,
      weights: search.lexicalWeights,
      where: where === 'TRUE' ? undefined : where,
    });
    lexical =
      `lexical AS MATERIALIZED (SELECT namespace, id, score FROM (${scored}) AS scored ORDER BY score DESC, id LIMIT ${candidates}), ` +
      'lexical_ranked AS (SELECT namespace, id, score, row_number() OVER (ORDER BY score DESC, id) AS rank FROM lexical)';
  }
  const fusedScore = `coalesce(${denseWeight} / (${k} + d.rank), 0) + coalesce(${lexicalWeight} / (${k} + l.rank), 0)`;
  const fused =
    'fused AS MATERIALIZED (SELECT coalesce(d.namespace, l.namespace) AS namespace, coalesce(d.id, l.id) AS id, ' +
    `d.distance, l.score AS lexical, ${fusedScore} AS fused, d.rank AS dense_rank, l.rank AS lexical_rank ` +
    'FROM dense_ranked AS d FULL JOIN lexical_ranked AS l ON l.namespace = d.namespace AND l.id = d.id)';
  const order = (alias: string) =>
    `${alias}fused DESC, ${alias}dense_rank ASC NULLS LAST, ${alias}lexical_rank ASC NULLS LAST, ${alias}id`;
  const limit = params.bind(search.topK, 'int');
  const top = search.keepBest
    ? `${fused}, best AS (SELECT DISTINCT ON (c.source_id) f.* FROM fused AS f JOIN ${table} AS c ` +
      `ON c.namespace = f.namespace AND c.id = f.id ORDER BY c.source_id, ${order('f.')}), ` +
      `top AS MATERIALIZED (SELECT * FROM best ORDER BY ${order('')} LIMIT ${limit})`
    : `${fused}, top AS MATERIALIZED (SELECT * FROM fused ORDER BY ${order('')} LIMIT ${limit})`;
  return finish(
    search.target,
    `${dense}, ${lexical}, ${top}`,
    'top.fused AS score, top.distance AS distance, top.lexical AS lexical, top.fused AS fused',
    `top.fused DESC, top.dense_rank ASC NULLS LAST, top.lexical_rank ASC NULLS LAST, top.id`,
  );
}

/** Joins the ranked `top` rows back to their chunks and documents; `order` is the final `ORDER BY` list. */
function finish(target: SearchTarget, ctes: string, scores: string, order: string): SqlStatement {
  const { params } = target;
  const table = quoteIdentifier(target.location);
  const collection = params.bind(target.collection, 'text');
  const sql =
    `WITH ${ctes} SELECT ${scores}, ${CHUNK_COLUMNS}, d.source_name AS source_name ` +
    `FROM top JOIN ${table} AS c ON c.namespace = top.namespace AND c.id = top.id ` +
    `LEFT JOIN ${DOCUMENTS_TABLE} AS d ON d.collection = ${collection} AND d.namespace = c.namespace ` +
    `AND d.document_id = c.document_id ORDER BY ${order}`;
  return { sql, params: params.values };
}

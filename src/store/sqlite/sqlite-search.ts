/**
 * SQL of the two searches. Both rank inside one statement: the scan applies every condition, keeps
 * the `topK` best (or, with `keepBest`, the best per source id, then the `topK` best of those),
 * and only then reads the winners' full rows and their documents' names.
 * @module
 */

import { CHUNK_COLUMNS, DOCUMENTS_TABLE } from '../sql/sql-rows.js';
import type { SqlFragment, SqlValue } from './sqlite-filter.js';
import { type CollectionTables, FTS_COLUMNS } from './sqlite-schema.js';

/** BM25 weight of each full-text column. */
export type LexicalWeights = Record<(typeof FTS_COLUMNS)[number], number>;

/** Shared inputs of both searches. */
export interface RankedSearch {
  tables: CollectionTables;
  /** The collection's name, to join its documents. */
  collection: string;
  /** Conditions over the chunk table aliased `c`. */
  where: SqlFragment;
  topK: number;
  keepBest: boolean;
}

/**
 * Exact cosine search: `vec_distance_cosine` over every chunk that passes `where`, smallest first.
 * Rows come back with `score` = cosine distance.
 * @param vector The query as a float32 BLOB.
 */
export function denseSearchQuery(search: RankedSearch, vector: Buffer): SqlFragment {
  return rankedQuery(search, {
    score: 'vec_distance_cosine(c.embedding, ?)',
    scoreParams: [vector],
    from: `${search.tables.chunks} AS c`,
    matchParams: [],
    descending: false,
  });
}

/**
 * BM25 search through the collection's FTS5 index. Rows come back with `score` = `-bm25()`
 * (higher is better).
 * @param match An FTS5 expression from `ftsMatchExpression`, bound as a parameter.
 * @param weights BM25 column weights, one per full-text column.
 */
export function lexicalSearchQuery(
  search: RankedSearch,
  match: string,
  weights: LexicalWeights,
): SqlFragment {
  const { fts, chunks } = search.tables;
  // Weights are validated finite numbers; String() of a finite number is a SQL numeric literal.
  return rankedQuery(search, {
    score: `-bm25(${fts}, ${FTS_COLUMNS.map((column) => String(weights[column])).join(', ')})`,
    scoreParams: [],
    from: `${fts} JOIN ${chunks} AS c ON c.seq = ${fts}.rowid`,
    matchParams: [match],
    matchSql: `${fts} MATCH ? AND `,
    descending: true,
  });
}

interface Ranking {
  score: string;
  scoreParams: SqlValue[];
  from: string;
  matchSql?: string;
  matchParams: SqlValue[];
  descending: boolean;
}

function rankedQuery(search: RankedSearch, ranking: Ranking): SqlFragment {
  const order = ranking.descending ? 'score DESC, seq' : 'score, seq';
  const scored =
    `SELECT c.seq AS seq, c.source_id AS source_id, ${ranking.score} AS score ` +
    `FROM ${ranking.from} WHERE ${ranking.matchSql ?? ''}${search.where.sql}`;
  const top = search.keepBest
    ? `scored AS MATERIALIZED (${scored}), top AS MATERIALIZED (` +
      `SELECT seq, score FROM (SELECT seq, score, row_number() OVER (PARTITION BY source_id ORDER BY ${order}) AS place ` +
      `FROM scored) WHERE place = 1 ORDER BY ${order} LIMIT ?)`
    : `top AS MATERIALIZED (${scored} ORDER BY ${order} LIMIT ?)`;
  const sql =
    `WITH ${top} SELECT top.score AS score, ${CHUNK_COLUMNS}, d.source_name AS source_name ` +
    `FROM top JOIN ${search.tables.chunks} AS c ON c.seq = top.seq ` +
    `LEFT JOIN ${DOCUMENTS_TABLE} AS d ON d.collection = ? AND d.namespace = c.namespace AND d.document_id = c.document_id ` +
    `ORDER BY top.${ranking.descending ? 'score DESC' : 'score'}, top.seq`;
  return {
    sql,
    params: [
      ...ranking.scoreParams,
      ...ranking.matchParams,
      ...search.where.params,
      search.topK,
      search.collection,
    ],
  };
}

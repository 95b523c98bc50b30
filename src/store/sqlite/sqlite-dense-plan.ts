/**
 * How the SQLite store answers an approximate dense search, chosen per query by estimated
 * selectivity:
 *
 * 1. **Candidate sets from indexes.** Each condition that an index can answer gives a set of
 *    seqs: listed ids, documents or sources (the chunk table's `(namespace, …)` indexes), the
 *    metadata filter (the metadata index, `sqlite-metadata-index.ts`), the namespace (the vector
 *    index's own namespace counts). Each set is counted, but only up to `scanBelow + 1`.
 * 2. **Scan** when the namespace or the smallest set holds at most `scanBelow` chunks: the set's
 *    int8 vectors are scored in memory (the rows themselves are read only when a condition is
 *    left to check), so a filter matching 1% of a million chunks costs 10,000 dot products.
 * 3. **Index** otherwise: the IVF index's nearest chunks (`vector-index.ts`): the `rescore` best
 *    when nothing is left to check, else the nearest `breadth`, kept when they pass every
 *    condition (checked in memory for the namespace alone, else by one SQL statement over the
 *    candidates), widened ×4 (or to the rate the pass rate asks for) until `topK` pass. When the
 *    breadth would pass `breadthUpTo`, the search scores every passing chunk exactly instead.
 *
 * Either way the best `rescore` candidates are rescored exactly from their float32 embeddings,
 * so `score` is the true cosine similarity, and `topK` hits come back whenever that many pass.
 * @module
 */
import type { BackendScope, ChunkConditions, DenseQuery, ScoredChunk } from '../collection/backend.js';
import type { ScoredRow } from '../sql/sql-backend.js';
import type { SqlConnection, SqlParams } from '../sql/sql-dialect.js';
import { CHUNK_COLUMNS, DOCUMENTS_TABLE } from '../sql/sql-rows.js';
import {
  filterPaths,
  narrowFilter,
  type PathFields,
  pathKey,
  type SeqList,
} from './sqlite-metadata-index.js';
import { readPostings } from './sqlite-postings.js';
import type { CollectionTables } from './sqlite-schema.js';
import { type Candidates, normaliseInto, type VectorIndex } from './vector-index.js';

/** The planner's settings (see `SqliteStoreOptions.vectorIndex`). */
export interface DensePlanSettings {
  /** Scan instead of searching the index when at most this many chunks can pass. */
  scanBelow: number;
  /** First breadth of a search with conditions to check: `max(breadth, topK × 10)` nearest chunks. */
  breadth: number;
  /** Widest breadth before scoring every passing chunk exactly instead. */
  breadthUpTo: number;
  /** Candidates rescored exactly: `max(rescore, topK × 4)`. */
  rescore: number;
}

/** What the planner needs from the backend. */
export interface DensePlanContext {
  tx: SqlConnection;
  scope: BackendScope;
  tables: CollectionTables;
  index: VectorIndex;
  settings: DensePlanSettings;
  params(): SqlParams;
  /** Runs a statement and returns its first column (seqs). */
  seqs(sql: string, params: readonly unknown[]): Promise<number[]>;
  /**
   * The `WHERE` clause over the chunk table aliased `c` for these conditions (namespace included).
   * `scan` keeps the namespace index from driving a statement that is confined to listed seqs.
   */
  where(conditions: ChunkConditions, params: SqlParams, access: 'index' | 'scan'): string;
  /** Every passing chunk scored exactly (the fallback). */
  exact(): Promise<ScoredChunk[]>;
  /** A ranked row as the collection model expects it. */
  scored(row: ScoredRow, score: number): ScoredChunk;
}

/** A set of chunk seqs as SQL selecting a column `seq`. */
interface SeqSet {
  sql: string;
  params: unknown[];
  /** True when every seq in the set passes the conditions it stands for and every passing chunk is in it. */
  exact: boolean;
}

/** One candidate set and what it stands for. */
interface Part extends SeqSet {
  /** How many seqs it holds, counted up to `scanBelow + 1`. */
  count: number;
  /** Its seqs, when it holds at most `scanBelow` (the namespace's are read from the index when needed). */
  members?: number[];
  /** The conditions it answers exactly (the namespace always). */
  answers: 'namespace' | 'lists' | 'filter';
}

/** Runs an approximate dense search; see the module notes. */
export async function planDenseSearch(context: DensePlanContext, query: DenseQuery): Promise<ScoredChunk[]> {
  const { index, settings, scope } = context;
  const unit = normaliseInto(query.vector, new Float32Array(query.vector.length));
  const inNamespace = index.countIn(scope.namespace);
  if (inNamespace === 0) return [];
  const { conditions } = query;
  const hasLists =
    conditions.ids !== undefined ||
    conditions.documentIds !== undefined ||
    conditions.sourceIds !== undefined;
  const limit = settings.scanBelow;
  const keep = Math.max(settings.rescore, query.topK * 4);

  let smallest: Part | undefined;
  if (inNamespace <= limit)
    smallest = { sql: '', params: [], exact: true, count: inNamespace, answers: 'namespace' };
  if (smallest === undefined && hasLists)
    smallest = await countedPart(context, listsPart(context, conditions), 'lists');
  if ((smallest === undefined || smallest.count > limit) && conditions.filter !== undefined) {
    const filterSet = await filterPart(context, conditions);
    if (filterSet !== undefined) {
      const counted = listedPart(filterSet, limit);
      if (smallest === undefined || counted.count < smallest.count) smallest = counted;
    }
  }

  if (smallest !== undefined && smallest.count <= limit) {
    const candidates = await scanPart(context, query, unit, smallest, hasLists, keep);
    return rescore(context, query, candidates);
  }

  const needsCheck = hasLists || conditions.filter !== undefined || query.keepBest;
  // With nothing to check but the namespace of a collection that holds no other, the best
  // `keep` are the answer; otherwise candidates are taken wide and checked.
  let breadth = needsCheck || inNamespace < index.count ? Math.max(settings.breadth, query.topK * 10) : keep;
  for (;;) {
    const found = index.search(unit, breadth);
    let passing = keepIn(found, (seq) => index.holds(seq, scope.namespace));
    let sources: Map<number, string> | undefined;
    if (needsCheck) {
      sources = await checkSeqs(context, conditions, passing.seqs);
      passing = keepIn(passing, (seq) => sources!.has(seq));
    }
    const enough = query.keepBest
      ? new Set(passing.seqs.map((seq) => sources!.get(seq))).size >= query.topK
      : passing.seqs.length >= query.topK;
    if (enough || breadth >= index.count) {
      const best = query.keepBest ? bestPerSource(passing, sources!, keep) : truncate(passing, keep);
      return rescore(context, query, best.seqs);
    }
    const rate = Math.max(passing.seqs.length, 1) / breadth;
    const next = Math.min(index.count, Math.max(breadth * 4, Math.ceil((query.topK * 2) / rate)));
    if (next > settings.breadthUpTo) return context.exact();
    breadth = next;
  }
}

/** The chunks of the listed ids, documents or sources, from the chunk table's indexes. */
function listsPart(context: DensePlanContext, conditions: ChunkConditions): SeqSet {
  const params = context.params();
  const where = context.where(
    { ids: conditions.ids, documentIds: conditions.documentIds, sourceIds: conditions.sourceIds },
    params,
    'index',
  );
  return {
    sql: `SELECT c.seq AS seq FROM ${context.tables.chunks} AS c WHERE ${where}`,
    params: params.values as SeqSet['params'],
    exact: true,
  };
}

/** The metadata index's set for the filter, or `undefined` when it cannot narrow it. */
async function filterPart(
  context: DensePlanContext,
  conditions: ChunkConditions,
): Promise<SeqList | undefined> {
  const filter = conditions.filter!;
  const paths = [...new Set(filterPaths(filter).map(pathKey))];
  const rows = await context.tx.all<{ id: number; path: string; kind: string }>({
    sql: `SELECT id, path, kind FROM ${context.tables.fields} WHERE namespace = ? AND path IN (SELECT value FROM json_each(?))`,
    params: [context.scope.namespace, JSON.stringify(paths)],
  });
  const byPath = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const fields = byPath.get(row.path) ?? new Map<string, number>();
    fields.set(row.kind, row.id);
    byPath.set(row.path, fields);
  }
  return narrowFilter(
    filter,
    (path) => (byPath.get(pathKey(path)) ?? new Map()) as PathFields,
    (condition, limit) => readPostings(context.tx, context.tables.postings, condition, limit),
    context.settings.scanBelow,
  );
}

/** The metadata index's set as a part: counted up to `scanBelow + 1`, listed as SQL when few. */
function listedPart(list: SeqList, limit: number): Part {
  const few = list.seqs.length <= limit;
  return {
    sql: 'SELECT value AS seq FROM json_each(?)',
    params: [JSON.stringify(few ? list.seqs : [])],
    exact: list.exact,
    count: Math.min(list.seqs.length, limit + 1),
    answers: 'filter',
    ...(few ? { members: list.seqs } : {}),
  };
}

/** Reads a set's seqs, but no more than `scanBelow + 1` of them: a count, and the members when few. */
async function countedPart(context: DensePlanContext, set: SeqSet, answers: Part['answers']): Promise<Part> {
  const limit = context.settings.scanBelow + 1;
  const members = await context.seqs(`SELECT seq FROM (${set.sql}) LIMIT ?`, [...set.params, limit]);
  return { ...set, count: members.length, answers, ...(members.length < limit ? { members } : {}) };
}

/** Scores a small candidate set in memory; rows are read only to check what the set does not answer. */
async function scanPart(
  context: DensePlanContext,
  query: DenseQuery,
  unit: Float32Array,
  part: Part,
  hasLists: boolean,
  keep: number,
): Promise<number[]> {
  const { conditions } = query;
  const answered =
    (part.answers === 'filter' && part.exact && !hasLists) ||
    (part.answers === 'lists' && conditions.filter === undefined) ||
    (part.answers === 'namespace' && conditions.filter === undefined && !hasLists);
  let seqs: number[];
  let sources: Map<number, string> | undefined;
  if (answered && !query.keepBest) {
    seqs =
      part.answers === 'namespace'
        ? context.index.seqsIn(context.scope.namespace)
        : (part.members ??
          (await context.tx.all<{ seq: number }>({ sql: part.sql, params: part.params })).map(
            (row) => row.seq,
          ));
  } else {
    const params = context.params();
    let where = context.where(conditions, params, part.answers === 'namespace' ? 'index' : 'scan');
    const values = params.values as unknown[];
    if (part.answers !== 'namespace') where += ` AND c.seq IN (${part.sql})`;
    const rows = await context.tx.all<{ seq: number; source_id: string }>({
      sql: `SELECT c.seq AS seq, c.source_id AS source_id FROM ${context.tables.chunks} AS c WHERE ${where}`,
      params: part.answers === 'namespace' ? values : [...values, ...part.params],
    });
    seqs = rows.map((row) => row.seq);
    sources = new Map(rows.map((row) => [row.seq, row.source_id]));
  }
  // Few enough to rescore every one exactly.
  if (seqs.length <= keep * 4) return seqs;
  if (!query.keepBest) return context.index.scan(unit, seqs, keep).seqs;
  const all = context.index.scan(unit, seqs, seqs.length);
  return bestPerSource(all, sources!, keep).seqs;
}

/** The seqs among `seqs` that pass every condition, with their source ids. */
async function checkSeqs(
  context: DensePlanContext,
  conditions: ChunkConditions,
  seqs: readonly number[],
): Promise<Map<number, string>> {
  if (seqs.length === 0) return new Map();
  const params = context.params();
  const where = context.where(conditions, params, 'scan');
  const rows = await context.tx.all<{ seq: number; source_id: string }>({
    sql:
      `SELECT c.seq AS seq, c.source_id AS source_id FROM ${context.tables.chunks} AS c ` +
      `WHERE c.seq IN (SELECT value FROM json_each(?)) AND ${where}`,
    params: [JSON.stringify(seqs), ...(params.values as unknown[])],
  });
  return new Map(rows.map((row) => [row.seq, row.source_id]));
}

/**
 * Reads the candidates' rows with their embeddings and documents' names, scores them exactly
 * (cosine similarity in double precision) and keeps the `topK` best (best per source with
 * `keepBest`), best first, ties by seq.
 */
async function rescore(
  context: DensePlanContext,
  query: DenseQuery,
  seqs: readonly number[],
): Promise<ScoredChunk[]> {
  if (seqs.length === 0) return [];
  const rows = await context.tx.all<ScoredRow & { seq: number; embedding: Buffer }>(
    rescoreStatement(context.tables, context.scope, seqs),
  );
  const scored = rows
    .map((row) => ({ row, score: cosine(query.vector, row.embedding) }))
    .sort((a, b) => b.score - a.score || a.row.seq - b.row.seq);
  const kept: typeof scored = [];
  const seen = new Set<string>();
  for (const entry of scored) {
    if (query.keepBest) {
      if (seen.has(entry.row.source_id)) continue;
      seen.add(entry.row.source_id);
    }
    kept.push(entry);
    if (kept.length === query.topK) break;
  }
  return kept.map(({ row, score }) => context.scored(row, score));
}

/**
 * The statement that reads candidates' rows for {@link rescore}: each by its seq (the rowid), the
 * namespace checked on the rows found. `+c.namespace` keeps SQLite from driving the statement by
 * the `(namespace, …)` indexes instead: without statistics its planner prefers them, and then
 * visits every chunk of the namespace to find the few listed (35 ms at 200,000 chunks, against
 * 1.5 ms by rowid).
 */
export function rescoreStatement(
  tables: CollectionTables,
  scope: { collection: { name: string }; namespace: string },
  seqs: readonly number[],
): { sql: string; params: unknown[] } {
  return {
    sql:
      `SELECT c.seq AS seq, c.embedding AS embedding, ${CHUNK_COLUMNS}, d.source_name AS source_name ` +
      `FROM ${tables.chunks} AS c LEFT JOIN ${DOCUMENTS_TABLE} AS d ON d.collection = ? ` +
      'AND d.namespace = c.namespace AND d.document_id = c.document_id ' +
      // The namespace again: the index is derived data, and no answer crosses namespaces.
      'WHERE c.seq IN (SELECT value FROM json_each(?)) AND +c.namespace = ?',
    params: [scope.collection.name, JSON.stringify(seqs), scope.namespace],
  };
}

/** Cosine similarity of a query and a float32 BLOB, in double precision. */
function cosine(query: Float32Array, blob: Buffer): number {
  const vector =
    blob.byteOffset % 4 === 0
      ? new Float32Array(blob.buffer, blob.byteOffset, query.length)
      : new Float32Array(new Uint8Array(blob).buffer, 0, query.length);
  let dot = 0;
  let a = 0;
  let b = 0;
  for (let j = 0; j < query.length; j++) {
    dot += query[j]! * vector[j]!;
    a += query[j]! * query[j]!;
    b += vector[j]! * vector[j]!;
  }
  return a === 0 || b === 0 ? Number.NaN : dot / Math.sqrt(a * b);
}

function keepIn(candidates: Candidates, passes: (seq: number) => boolean): Candidates {
  const seqs: number[] = [];
  const scores: number[] = [];
  candidates.seqs.forEach((seq, i) => {
    if (!passes(seq)) return;
    seqs.push(seq);
    scores.push(candidates.scores[i]!);
  });
  return { seqs, scores };
}

function truncate(candidates: Candidates, keep: number): Candidates {
  return { seqs: candidates.seqs.slice(0, keep), scores: candidates.scores.slice(0, keep) };
}

/**
 * The best candidates of the `keep` best sources, best first: up to three per source, so that
 * exact rescoring can still pick the source's best chunk when approximate scores are close.
 */
function bestPerSource(
  candidates: Candidates,
  sources: ReadonlyMap<number, string>,
  keep: number,
): Candidates {
  const taken = new Map<string, number>();
  return keepIn(candidates, (seq) => {
    const source = sources.get(seq)!;
    const count = taken.get(source);
    if (count === undefined ? taken.size >= keep : count >= 3) return false;
    taken.set(source, (count ?? 0) + 1);
    return true;
  });
}

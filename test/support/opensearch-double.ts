/**
 * An in-memory double of the part of OpenSearch's REST API (2.x, with the k-NN plugin) that
 * cairn's OpenSearch store uses, written from the published API reference and typed with the
 * official client's request and response types: index exists/create/delete, `_bulk` (index and
 * delete), `_mget`, `_search` and `_count`.
 *
 * It is a working implementation of the query DSL subset the store sends: `bool` (`filter`, `must`,
 * `should` with `minimum_should_match`, `must_not`), `term`, `terms`, `range` (numbers, and keyword
 * ranges by UTF-8 bytes as Lucene compares them), `match` on text fields analysed as the index's
 * `cairn_text` analyzer declares (standard tokenizer, lowercase, ASCII folding, Porter stemming)
 * and scored with Lucene's BM25 (k1 1.2, b 0.75, idf ln(1 + (N − n + 0.5)/(n + 0.5)), per field,
 * boosts multiplied, `bool` scores summed), `knn` on a `cosinesimil` vector field (exact here,
 * scored (1 + cos)/2 as the Lucene engine does), `script_score` with `knn_score` (1 + cos),
 * `sort` on keyword fields with `search_after`, `size` and `_source` filtering, and routing (kept
 * per request for assertions; one shard, so statistics are the whole index's). Where it differs
 * from OpenSearch: field lengths are exact (Lucene keeps them in one byte, so real scores differ
 * slightly), and the standard tokenizer is approximated by runs of letters, digits and marks.
 */
import type { API } from '@opensearch-project/opensearch';
import { stemmer } from 'stemmer';
import { type JsonReply, type JsonServer, serveJson } from './json-http.js';

type Source = Record<string, unknown>;
/** A query DSL clause or request body, as parsed JSON (read field by field). */
// biome-ignore lint/suspicious/noExplicitAny: request bodies are parsed JSON of many shapes, checked where read
type Clause = Record<string, any>;

interface StoredDocument {
  id: string;
  source: Source;
  routing: string | undefined;
  /** Analysed tokens per text field. */
  tokens: Map<string, string[]>;
}

interface StoredIndex {
  mappings: Clause;
  documents: Map<string, StoredDocument>;
}

/** The running double: its URL, what it stores and which routing each request carried. */
export interface OpenSearchDouble extends JsonServer {
  indexes: Map<string, StoredIndex>;
  /** `index → routing` of every search, count and bulk item (`undefined` when none was given). */
  routings: Array<{ index: string; routing: string | undefined; operation: string }>;
}

/** The `cairn_text` analyzer: standard tokens, lower-cased, ASCII-folded, Porter-stemmed. */
export function analyze(text: string): string[] {
  const tokens = text.match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? [];
  return tokens.map((token) =>
    stemmer(
      token
        .toLowerCase()
        .normalize('NFD')
        .replace(/\p{M}+/gu, ''),
    ),
  );
}

const ok = (body: unknown): JsonReply => ({ status: 200, body });
const failure = (status: number, type: string, reason: string): JsonReply => ({
  status,
  body: { error: { type, reason, root_cause: [{ type, reason }] }, status },
});

function valuesOf(source: Source, field: string): unknown[] {
  const value = source[field];
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function bytes(value: string): Buffer {
  return Buffer.from(value, 'utf8');
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return Buffer.compare(bytes(String(a)), bytes(String(b)));
}

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return dot / Math.sqrt(na * nb);
}

/** Starts the double on a free loopback port. */
export async function startOpenSearchDouble(): Promise<OpenSearchDouble> {
  const indexes = new Map<string, StoredIndex>();
  const routings: OpenSearchDouble['routings'] = [];

  const textFields = (index: StoredIndex) =>
    Object.entries((index.mappings.properties ?? {}) as Record<string, { type?: string }>)
      .filter(([, mapping]) => mapping.type === 'text')
      .map(([field]) => field);

  /** Lucene BM25 of `terms` in `field` for `document`, over the index's statistics. */
  const bm25 = (index: StoredIndex, field: string, terms: string[], document: StoredDocument): number => {
    const withField = [...index.documents.values()].filter((doc) => (doc.tokens.get(field)?.length ?? 0) > 0);
    const count = withField.length;
    if (count === 0) return 0;
    const average = withField.reduce((sum, doc) => sum + doc.tokens.get(field)!.length, 0) / count;
    const tokens = document.tokens.get(field) ?? [];
    let score = 0;
    for (const term of new Set(terms)) {
      const frequency = tokens.filter((token) => token === term).length;
      if (frequency === 0) continue;
      const df = withField.filter((doc) => doc.tokens.get(field)!.includes(term)).length;
      const idf = Math.log(1 + (count - df + 0.5) / (df + 0.5));
      score += (idf * frequency) / (frequency + 1.2 * (1 - 0.75 + (0.75 * tokens.length) / average));
    }
    return score;
  };

  /** Whether `document` matches `clause`, and its score (undefined when it does not match). */
  const evaluate = (index: StoredIndex, clause: Clause, document: StoredDocument): number | undefined => {
    const [kind, body] = Object.entries(clause)[0] as [string, Clause];
    const source = document.source;
    switch (kind) {
      case 'match_all':
        return 1;
      case 'term': {
        const [field, value] = Object.entries(body)[0] as [string, unknown];
        const wanted =
          typeof value === 'object' && value !== null ? (value as { value: unknown }).value : value;
        return valuesOf(source, field).some((held) => held === wanted) ? 0 : undefined;
      }
      case 'terms': {
        const [field, list] = Object.entries(body)[0] as [string, unknown[]];
        return valuesOf(source, field).some((held) => list.includes(held)) ? 0 : undefined;
      }
      case 'range': {
        const [field, bounds] = Object.entries(body)[0] as [string, Record<string, unknown>];
        const holds = valuesOf(source, field).some((held) =>
          Object.entries(bounds).every(([op, bound]) => {
            if (typeof bound === 'number' && typeof held !== 'number') return false;
            if (typeof bound === 'string' && typeof held !== 'string') return false;
            const order = compare(held, bound);
            return op === 'gt' ? order > 0 : op === 'gte' ? order >= 0 : op === 'lt' ? order < 0 : order <= 0;
          }),
        );
        return holds ? 0 : undefined;
      }
      case 'match': {
        const [field, options] = Object.entries(body)[0] as [string, { query: string; boost?: number }];
        if (!textFields(index).includes(field)) throw new Error(`double: match on a non-text field ${field}`);
        const terms = analyze(options.query);
        const tokens = document.tokens.get(field) ?? [];
        if (!terms.some((term) => tokens.includes(term))) return undefined;
        return (options.boost ?? 1) * bm25(index, field, terms, document);
      }
      case 'bool': {
        const list = (value: unknown): Clause[] =>
          value === undefined ? [] : Array.isArray(value) ? (value as Clause[]) : [value as Clause];
        let score = 0;
        for (const child of list(body.filter))
          if (evaluate(index, child, document) === undefined) return undefined;
        for (const child of list(body.must_not))
          if (evaluate(index, child, document) !== undefined) return undefined;
        for (const child of list(body.must)) {
          const part = evaluate(index, child, document);
          if (part === undefined) return undefined;
          score += part;
        }
        const should = list(body.should);
        let matched = 0;
        for (const child of should) {
          const part = evaluate(index, child, document);
          if (part === undefined) continue;
          matched += 1;
          score += part;
        }
        const minimum =
          body.minimum_should_match ??
          (should.length > 0 && list(body.must).length === 0 && list(body.filter).length === 0 ? 1 : 0);
        return matched >= minimum ? score : undefined;
      }
      default:
        throw new Error(`double: unsupported query ${kind}`);
    }
  };

  const search = (
    index: StoredIndex,
    body: API.Search_RequestBody & Clause,
  ): Array<{ doc: StoredDocument; score: number }> => {
    const query = (body.query ?? { match_all: {} }) as Clause;
    let scored: Array<{ doc: StoredDocument; score: number }>;
    if (query.knn !== undefined) {
      const [field, knn] = Object.entries(query.knn as Clause)[0] as [
        string,
        { vector: number[]; k: number; filter?: Clause },
      ];
      scored = [...index.documents.values()]
        .filter(
          (doc) =>
            Array.isArray(doc.source[field]) &&
            (knn.filter === undefined || evaluate(index, knn.filter, doc) !== undefined),
        )
        .map((doc) => ({ doc, score: (1 + cosine(knn.vector, doc.source[field] as number[])) / 2 }))
        .sort((a, b) => b.score - a.score)
        .slice(0, knn.k);
    } else if (query.script_score !== undefined) {
      const { query: inner, script } = query.script_score as {
        query: Clause;
        script: { source: string; params: { field: string; query_value: number[]; space_type: string } };
      };
      if (script.source !== 'knn_score' || script.params.space_type !== 'cosinesimil')
        throw new Error('double: unsupported script');
      scored = [...index.documents.values()]
        .filter(
          (doc) =>
            Array.isArray(doc.source[script.params.field]) && evaluate(index, inner, doc) !== undefined,
        )
        .map((doc) => ({
          doc,
          score: 1 + cosine(script.params.query_value, doc.source[script.params.field] as number[]),
        }))
        .sort((a, b) => b.score - a.score);
    } else {
      scored = [...index.documents.values()].flatMap((doc) => {
        const score = evaluate(index, query, doc);
        return score === undefined ? [] : [{ doc, score }];
      });
      scored.sort((a, b) => b.score - a.score);
    }
    const sort = (body.sort ?? []) as Array<Record<string, string>>;
    const keys = sort.map((entry) => Object.keys(entry)[0]!);
    const sortValues = (doc: StoredDocument) => keys.map((key) => valuesOf(doc.source, key)[0] ?? '');
    if (keys.length > 0) {
      scored.sort((a, b) => {
        const x = sortValues(a.doc);
        const y = sortValues(b.doc);
        for (let i = 0; i < keys.length; i++) {
          const order = compare(x[i], y[i]);
          if (order !== 0) return order;
        }
        return 0;
      });
      const after = body.search_after as unknown[] | undefined;
      if (after !== undefined) {
        scored = scored.filter(({ doc }) => {
          const values = sortValues(doc);
          for (let i = 0; i < keys.length; i++) {
            const order = compare(values[i], after[i]);
            if (order !== 0) return order > 0;
          }
          return false;
        });
      }
    }
    return scored.slice(0, body.size ?? 10);
  };

  const project = (source: Source, selector: unknown): Source | undefined => {
    if (selector === false) return undefined;
    if (selector === undefined || selector === true) return structuredClone(source);
    if (Array.isArray(selector))
      return Object.fromEntries(
        selector.filter((key) => key in source).map((key) => [key, structuredClone(source[key])]),
      );
    const excludes = (selector as { excludes?: string[] }).excludes ?? [];
    return Object.fromEntries(
      Object.entries(structuredClone(source)).filter(([key]) => !excludes.includes(key)),
    );
  };

  const put = (index: StoredIndex, id: string, source: Source, routing: string | undefined) => {
    const tokens = new Map<string, string[]>();
    for (const field of textFields(index)) tokens.set(field, analyze(String(source[field] ?? '')));
    index.documents.set(id, { id, source: structuredClone(source), routing, tokens });
  };

  const handle = (method: string, path: string, query: URLSearchParams, text: string): JsonReply => {
    if (path === '/' || path === '')
      return ok({ name: 'double', version: { number: '2.19.0', distribution: 'opensearch' } });
    if (path === '/_bulk') {
      const lines = text.split('\n').filter((line) => line.trim() !== '');
      const items: API.Bulk_ResponseBody['items'] = [];
      for (let i = 0; i < lines.length; i++) {
        const action = JSON.parse(lines[i]!) as Record<
          string,
          { _index: string; _id: string; routing?: string }
        >;
        const [kind, meta] = Object.entries(action)[0]!;
        const index = indexes.get(meta._index);
        routings.push({ index: meta._index, routing: meta.routing, operation: `bulk ${kind}` });
        if (kind === 'index') {
          const source = JSON.parse(lines[++i]!) as Source;
          if (index === undefined) {
            items.push({
              index: {
                _index: meta._index,
                _id: meta._id,
                status: 404,
                error: { type: 'index_not_found_exception', reason: `no such index [${meta._index}]` },
              },
            });
            continue;
          }
          put(index, meta._id, source, meta.routing);
          items.push({ index: { _index: meta._index, _id: meta._id, status: 201, result: 'created' } });
        } else if (kind === 'delete') {
          const found = index?.documents.delete(meta._id) ?? false;
          items.push({
            delete: {
              _index: meta._index,
              _id: meta._id,
              status: found ? 200 : 404,
              result: found ? 'deleted' : 'not_found',
            },
          });
        } else throw new Error(`double: unsupported bulk action ${kind}`);
      }
      const errors = items.some(
        (item) =>
          (Object.values(item)[0] as { status: number }).status >= 300 &&
          (Object.values(item)[0] as { status: number }).status !== 404,
      );
      return ok({ took: 0, errors, items } satisfies API.Bulk_ResponseBody);
    }
    const parts = /^\/([^/]+)(\/.*)?$/.exec(path);
    if (parts === null) return failure(400, 'illegal_argument_exception', `no handler for ${path}`);
    const name = parts[1]!;
    const rest = parts[2] ?? '';
    const index = indexes.get(name);
    if (rest === '') {
      if (method === 'HEAD') return index === undefined ? { status: 404, body: {} } : ok({});
      if (method === 'PUT') {
        if (index !== undefined)
          return failure(400, 'resource_already_exists_exception', `index [${name}] already exists`);
        const body = JSON.parse(text || '{}') as API.Indices_Create_RequestBody;
        indexes.set(name, { mappings: (body.mappings ?? {}) as Clause, documents: new Map() });
        return ok({ acknowledged: true, shards_acknowledged: true, index: name });
      }
      if (method === 'DELETE') {
        if (index === undefined) return failure(404, 'index_not_found_exception', `no such index [${name}]`);
        indexes.delete(name);
        return ok({ acknowledged: true });
      }
    }
    if (index === undefined) return failure(404, 'index_not_found_exception', `no such index [${name}]`);
    const body = JSON.parse(text || '{}') as Clause;
    const routing = query.get('routing') ?? undefined;
    switch (rest) {
      case '/_mget': {
        const requested = (body as API.Mget_RequestBody).ids ?? [];
        const ids = Array.isArray(requested) ? requested : [requested];
        return ok({
          docs: ids.map((id) => {
            const doc = index.documents.get(id);
            return doc === undefined
              ? { _index: name, _id: id, found: false }
              : { _index: name, _id: id, found: true, _source: structuredClone(doc.source) };
          }),
        });
      }
      case '/_search': {
        routings.push({ index: name, routing, operation: 'search' });
        const hits = search(index, body as API.Search_RequestBody & Clause);
        const keys = ((body.sort ?? []) as Array<Record<string, string>>).map(
          (entry) => Object.keys(entry)[0]!,
        );
        return ok({
          took: 0,
          timed_out: false,
          _shards: { total: 1, successful: 1, failed: 0 },
          hits: {
            total: { value: hits.length, relation: 'eq' },
            max_score: hits[0]?.score ?? null,
            hits: hits.map(({ doc, score }) => ({
              _index: name,
              _id: doc.id,
              _score: keys.length > 0 ? null : score,
              _source: project(doc.source, body._source),
              ...(keys.length > 0 ? { sort: keys.map((key) => valuesOf(doc.source, key)[0] ?? '') } : {}),
            })),
          },
        });
      }
      case '/_count': {
        routings.push({ index: name, routing, operation: 'count' });
        let count = 0;
        for (const doc of index.documents.values())
          if (evaluate(index, (body.query ?? { match_all: {} }) as Clause, doc) !== undefined) count += 1;
        return ok({ count, _shards: { total: 1, successful: 1, failed: 0 } });
      }
      default:
        return failure(400, 'illegal_argument_exception', `no handler for ${method} ${path}`);
    }
  };

  const server = await serveJson((method, path, query, body) => {
    try {
      return handle(method, path, query, body);
    } catch (thrown) {
      return failure(500, 'exception', (thrown as Error).message);
    }
  });
  return Object.assign(server, { indexes, routings });
}

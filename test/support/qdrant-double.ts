/**
 * An in-memory double of the part of Qdrant's REST API (v1.x) that cairn's Qdrant store uses,
 * written from the published API reference and typed with the official client's `Schemas`:
 * collections (exists, create, delete, payload indexes), points (upsert, retrieve, delete by id
 * or filter, scroll, count, query, query groups). It is a working implementation: filters are
 * evaluated (`must`/`should`/`must_not`, `match.value`/`match.any`, `range`, any-element matching on
 * arrays), and query scores every stored vector by exact cosine similarity, as Qdrant does for the
 * `Cosine` distance. It keeps no HNSW index and enforces no auth.
 */
import type { Schemas } from '@qdrant/js-client-rest';
import { type JsonReply, type JsonServer, serveJson } from './json-http.js';

type Payload = Record<string, unknown>;
interface StoredPoint {
  id: string | number;
  vector: Record<string, number[]>;
  payload: Payload;
  seq: number;
}
interface StoredCollection {
  vectors: Schemas['VectorsConfig'];
  indexes: Map<string, unknown>;
  points: Map<string, StoredPoint>;
}

/** The running double: its URL, what it stores (for assertions), and `close`. */
export interface QdrantDouble extends JsonServer {
  collections: Map<string, StoredCollection>;
  /** When set, the next request of this many answers 503 (to test retries). */
  failNext: number;
}

const ok = (result: unknown): JsonReply => ({ status: 200, body: { result, status: 'ok', time: 0 } });
const error = (status: number, message: string): JsonReply => ({
  status,
  body: { status: { error: message } },
});
const updated: Schemas['UpdateResult'] = { operation_id: 0, status: 'completed' };

function values(payload: Payload, key: string): unknown[] {
  const value = payload[key];
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function matches(filter: Schemas['Filter'] | undefined | null, payload: Payload): boolean {
  if (!filter) return true;
  const list = (conditions: Schemas['Filter']['must']) =>
    conditions === undefined || conditions === null
      ? []
      : Array.isArray(conditions)
        ? conditions
        : [conditions];
  const must = list(filter.must);
  const should = list(filter.should);
  const mustNot = list(filter.must_not);
  return (
    must.every((condition) => holds(condition, payload)) &&
    (should.length === 0 || should.some((condition) => holds(condition, payload))) &&
    !mustNot.some((condition) => holds(condition, payload))
  );
}

function holds(condition: Schemas['Condition'], payload: Payload): boolean {
  if ('key' in condition) {
    const field = condition as Schemas['FieldCondition'];
    const held = values(payload, field.key);
    const match = field.match as { value?: unknown; any?: unknown[] } | undefined;
    if (match?.value !== undefined) return held.some((value) => value === match.value);
    if (match?.any !== undefined) return held.some((value) => match.any!.includes(value));
    const range = field.range as Schemas['Range'] | undefined;
    if (range) {
      return held.some(
        (value) =>
          typeof value === 'number' &&
          (range.gt === undefined || range.gt === null || value > range.gt) &&
          (range.gte === undefined || range.gte === null || value >= range.gte) &&
          (range.lt === undefined || range.lt === null || value < range.lt) &&
          (range.lte === undefined || range.lte === null || value <= range.lte),
      );
    }
    throw new Error(`double: unsupported field condition ${JSON.stringify(condition)}`);
  }
  if ('must' in condition || 'should' in condition || 'must_not' in condition) {
    return matches(condition as Schemas['Filter'], payload);
  }
  throw new Error(`double: unsupported condition ${JSON.stringify(condition)}`);
}

function selectPayload(
  payload: Payload,
  selector: Schemas['WithPayloadInterface'] | Record<string, unknown> | undefined | null,
): Payload | null {
  if (selector === undefined || selector === null || selector === false) return null;
  if (selector === true) return structuredClone(payload);
  if (typeof selector === 'object' && !Array.isArray(selector) && 'include' in selector) {
    const include = selector.include as string | string[];
    const keys = Array.isArray(include) ? include : [include];
    return Object.fromEntries(
      keys.filter((key) => key in payload).map((key) => [key, structuredClone(payload[key])]),
    );
  }
  throw new Error('double: unsupported payload selector');
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
export async function startQdrantDouble(): Promise<QdrantDouble> {
  const collections = new Map<string, StoredCollection>();
  let seq = 0;
  const state = { failNext: 0 };

  const scored = (collection: StoredCollection, body: Schemas['QueryRequest']) => {
    const using = body.using ?? '';
    const query = body.query as number[];
    const size = (collection.vectors as Record<string, Schemas['VectorParams']>)[using]?.size;
    if (size === undefined)
      throw Object.assign(new Error(`Wrong input: Not existing vector name: ${using}`), { status: 400 });
    if (query.length !== size) {
      throw Object.assign(
        new Error(`Wrong input: Vector dimension error: expected dim: ${size}, got ${query.length}`),
        { status: 400 },
      );
    }
    return [...collection.points.values()]
      .filter((point) => point.vector[using] !== undefined && matches(body.filter, point.payload))
      .map((point) => ({ point, score: cosine(query, point.vector[using]!) }))
      .sort((a, b) => b.score - a.score || a.point.seq - b.point.seq);
  };

  const handle = (method: string, path: string, body: string): JsonReply => {
    if (state.failNext > 0) {
      state.failNext -= 1;
      return error(503, 'Service Unavailable: the double was told to fail');
    }
    if (method === 'GET' && path === '/')
      return { status: 200, body: { title: 'qdrant - vector search engine (double)', version: '1.15.0' } };
    const parts = /^\/collections\/([^/]+)(\/.*)?$/.exec(path);
    if (parts === null) return error(404, `Not found: ${path}`);
    const name = parts[1]!;
    const rest = parts[2] ?? '';
    const json = body === '' ? {} : JSON.parse(body);
    const collection = collections.get(name);
    if (rest === '/exists' && method === 'GET')
      return ok({ exists: collection !== undefined } satisfies Schemas['CollectionExistence']);
    if (rest === '' && method === 'PUT') {
      if (collection) return error(409, `Wrong input: Collection \`${name}\` already exists!`);
      const create = json as Schemas['CreateCollection'];
      collections.set(name, { vectors: create.vectors ?? {}, indexes: new Map(), points: new Map() });
      return ok(true);
    }
    if (rest === '' && method === 'DELETE') return ok(collections.delete(name));
    if (collection === undefined) return error(404, `Not found: Collection \`${name}\` doesn't exist!`);
    switch (`${method} ${rest}`) {
      case 'PUT /index': {
        const index = json as Schemas['CreateFieldIndex'];
        collection.indexes.set(index.field_name, index.field_schema ?? 'keyword');
        return ok(updated);
      }
      case 'PUT /points': {
        const { points } = json as Schemas['PointInsertOperations'] & { points: Schemas['PointStruct'][] };
        const named = collection.vectors as Record<string, Schemas['VectorParams']>;
        for (const point of points) {
          const vector = (point.vector ?? {}) as Record<string, number[]>;
          for (const [key, values] of Object.entries(vector)) {
            if (named[key] === undefined) return error(400, `Wrong input: Not existing vector name: ${key}`);
            if (values.length !== named[key].size) {
              return error(
                400,
                `Wrong input: Vector dimension error: expected dim: ${named[key].size}, got ${values.length}`,
              );
            }
          }
          const key = String(point.id);
          const previous = collection.points.get(key);
          collection.points.set(key, {
            id: point.id,
            vector: structuredClone(vector),
            payload: structuredClone((point.payload ?? {}) as Payload),
            seq: previous?.seq ?? ++seq,
          });
        }
        return ok(updated);
      }
      case 'POST /points': {
        const request = json as Schemas['PointRequest'];
        return ok(
          request.ids.flatMap((id) => {
            const point = collection.points.get(String(id));
            return point === undefined
              ? []
              : [{ id: point.id, payload: selectPayload(point.payload, request.with_payload ?? true) }];
          }),
        );
      }
      case 'POST /points/delete': {
        const selector = json as { points?: Array<string | number>; filter?: Schemas['Filter'] };
        if (selector.points) for (const id of selector.points) collection.points.delete(String(id));
        else
          for (const [key, point] of collection.points)
            if (matches(selector.filter, point.payload)) collection.points.delete(key);
        return ok(updated);
      }
      case 'POST /points/scroll': {
        const request = json as Schemas['ScrollRequest'];
        const limit = request.limit ?? 10;
        const sorted = [...collection.points.values()]
          .filter((point) => matches(request.filter, point.payload))
          .sort((a, b) => (String(a.id) < String(b.id) ? -1 : String(a.id) > String(b.id) ? 1 : 0));
        const start =
          request.offset === undefined || request.offset === null
            ? 0
            : sorted.findIndex((point) => String(point.id) >= String(request.offset));
        const page = start < 0 ? [] : sorted.slice(start, start + limit);
        const next = start < 0 ? undefined : sorted[start + limit];
        const result: Schemas['ScrollResult'] = {
          points: page.map((point) => ({
            id: point.id,
            payload: selectPayload(point.payload, request.with_payload),
          })),
          next_page_offset: next === undefined ? null : next.id,
        };
        return ok(result);
      }
      case 'POST /points/count': {
        const request = json as Schemas['CountRequest'];
        let count = 0;
        for (const point of collection.points.values())
          if (matches(request.filter, point.payload)) count += 1;
        return ok({ count } satisfies Schemas['CountResult']);
      }
      case 'POST /points/query': {
        const request = json as Schemas['QueryRequest'];
        const hits = scored(collection, request).slice(0, request.limit ?? 10);
        const result: Schemas['QueryResponse'] = {
          points: hits.map(({ point, score }) => ({
            id: point.id,
            version: 0,
            score,
            payload: selectPayload(point.payload, request.with_payload),
          })),
        };
        return ok(result);
      }
      case 'POST /points/query/groups': {
        const request = json as Schemas['QueryGroupsRequest'];
        const groups = new Map<string, Schemas['ScoredPoint'][]>();
        for (const { point, score } of scored(collection, request)) {
          const key = String(point.payload[request.group_by]);
          const hits = groups.get(key) ?? [];
          if (!groups.has(key)) {
            if (groups.size === (request.limit ?? 10)) continue;
            groups.set(key, hits);
          }
          if (hits.length < (request.group_size ?? 3)) {
            hits.push({
              id: point.id,
              version: 0,
              score,
              payload: selectPayload(point.payload, request.with_payload),
            });
          }
        }
        const result: Schemas['GroupsResult'] = { groups: [...groups].map(([id, hits]) => ({ id, hits })) };
        return ok(result);
      }
      default:
        return error(404, `Not found: ${method} ${path}`);
    }
  };

  const server = await serveJson((method, path, _query, body) => {
    try {
      return handle(method, path, body);
    } catch (thrown) {
      const status = (thrown as { status?: number }).status ?? 500;
      return error(status, (thrown as Error).message);
    }
  });
  const double = Object.assign(server, { collections, failNext: 0 });
  Object.defineProperty(double, 'failNext', {
    get: () => state.failNext,
    set: (value: number) => {
      state.failNext = value;
    },
  });
  return double;
}

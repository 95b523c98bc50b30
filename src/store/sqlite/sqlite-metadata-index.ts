/**
 * The metadata index of a SQLite collection: every scalar of a chunk's metadata, array elements
 * included, as one entry `(field, value, seq)`, where a field id stands for one (namespace, JSON
 * path, JSON type class) of `<t>_fields`. The entries are kept as posting lists per block of seqs
 * (`<t>_postings`, schema version 6, `sqlite-postings.ts`; version 5 kept one row per entry).
 * Filter conditions are then answered from the postings — `{ bucket: 7 }` is one (field, value)
 * per block — before any row is read or any distance computed.
 *
 * The index answers a filter **exactly** where the filter semantics (`src/core/filter/match-filter.ts`)
 * allow it: comparisons (`eq`, `in`, ranges), `exists`, and `and`/`or` of those. JSON types never
 * mix, because the type class is part of the field: a number never equals a string, `true` never
 * equals `1`, `null` is a class of its own (a missing field has no row at all). Strings order by
 * code point, as SQLite's binary collation does. An array field has a presence row and one row
 * per distinct scalar element, so a comparison matches when any element does. A `not` (and so
 * `$ne`, `$nin`, `$exists: false`) is not narrowed: the planner checks it on the rows it reads.
 * @module
 */
import type { FilterScalar } from '../../core/filter/filter.js';
import type { ComparisonNode, FilterNode, FilterPath } from '../../core/filter/filter-node.js';
import type { JsonValue, Metadata } from '../../core/types.js';
import { intersectSorted, type PostingCondition, unionSorted } from './sqlite-postings.js';

/**
 * The JSON type class of an indexed value: `t` text, `n` number, `b` boolean (stored 0/1), `z`
 * JSON `null` (stored 0), `p` presence of an object or array (stored 0).
 */
export type FieldKind = 't' | 'n' | 'b' | 'z' | 'p';

/** One metadata index entry of a chunk. */
export interface MetadataEntry {
  /** The JSON path as `JSON.stringify` of its keys, e.g. `["author","name"]`. */
  path: string;
  kind: FieldKind;
  value: string | number;
}

/** The key of a path in `<t>_fields`. */
export function pathKey(path: FilterPath): string {
  return JSON.stringify(path);
}

/** JSON path texts of top-level keys, by key: most chunks of a collection share a few keys. */
const topLevelPaths = new Map<string, string>();
/** Most keys {@link topLevelPaths} keeps (past it, texts are built each time). */
const TOP_LEVEL_PATHS = 4096;
/** Longest key {@link topLevelPaths} keeps, so that the cache stays small whatever the keys. */
const TOP_LEVEL_KEY_LENGTH = 64;

/** The path text of a top-level key, `pathKey([key])`, from {@link topLevelPaths}. */
function topLevelPath(key: string): string {
  let text = topLevelPaths.get(key);
  if (text === undefined) {
    text = pathKey([key]);
    if (topLevelPaths.size < TOP_LEVEL_PATHS && key.length <= TOP_LEVEL_KEY_LENGTH)
      topLevelPaths.set(key, text);
  }
  return text;
}

/**
 * The index entries of one chunk's metadata: one per scalar reached through plain objects, one
 * presence entry per object or array, one per distinct scalar element of an array. It runs for
 * every chunk written, so it allocates only the entries (a top-level key's path text is cached,
 * a path array is built only below the top level).
 */
export function metadataEntries(metadata: Metadata): MetadataEntry[] {
  const entries: MetadataEntry[] = [];
  const walk = (object: { [key: string]: JsonValue }, path: string[] | undefined) => {
    for (const key in object) {
      if (!Object.hasOwn(object, key)) continue;
      const value = object[key]!;
      const keyText = path === undefined ? topLevelPath(key) : pathKey([...path, key]);
      const kind = scalarKind(value);
      if (kind !== undefined) {
        entries.push({ path: keyText, kind, value: storedScalar(value as FilterScalar) });
        continue;
      }
      entries.push({ path: keyText, kind: 'p', value: 0 });
      if (Array.isArray(value)) {
        const seen = new Set<string>();
        for (const element of value) {
          const entry = scalarEntry(element);
          if (entry === undefined) continue;
          const id = `${entry.kind}${String(entry.value)}`;
          if (seen.has(id)) continue;
          seen.add(id);
          entries.push({ path: keyText, ...entry });
        }
      } else if (value !== null && typeof value === 'object') {
        walk(value, [...(path ?? []), key]);
      }
    }
  };
  walk(metadata, undefined);
  return entries;
}

/** The type class of a scalar, `undefined` for an object or array. */
function scalarKind(value: JsonValue): FieldKind | undefined {
  if (value === null) return 'z';
  switch (typeof value) {
    case 'string':
      return 't';
    case 'number':
      return 'n';
    case 'boolean':
      return 'b';
    default:
      return undefined;
  }
}

/** A scalar as the index stores it: text and numbers as they are, booleans 0/1, `null` 0. */
function storedScalar(value: FilterScalar): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  return value === true ? 1 : 0;
}

function scalarEntry(value: JsonValue): { kind: FieldKind; value: string | number } | undefined {
  if (value === null) return { kind: 'z', value: 0 };
  if (typeof value === 'string') return { kind: 't', value };
  if (typeof value === 'number') return { kind: 'n', value };
  if (typeof value === 'boolean') return { kind: 'b', value: value ? 1 : 0 };
  return undefined;
}

/** The kind and stored value of a filter operand. */
function operandEntry(value: FilterScalar): { kind: FieldKind; value: string | number } {
  return scalarEntry(value)!;
}

/** Field ids of one path in one namespace, by kind. */
export type PathFields = ReadonlyMap<FieldKind, number>;

/** A set of chunk seqs from the metadata index. */
export interface SeqList {
  /** Ascending and distinct. */
  seqs: number[];
  /** True when every seq in the set passes the filter and every passing chunk is in it. */
  exact: boolean;
}

/**
 * Reads the seqs whose postings pass a condition (`readPostings` bound to a collection); with a
 * `limit`, a list longer than it may be cut after `limit + 1` seqs.
 */
export type PostingReader = (condition: PostingCondition, limit?: number) => Promise<number[]>;

const EMPTY: SeqList = Object.freeze({ seqs: [], exact: true }) as SeqList;

/**
 * The seqs the metadata index can tell pass `node` (a superset when `exact` is false), or
 * `undefined` when it cannot narrow the filter at all (a `not`, a `$headingPath` condition, or an
 * `or` with such a branch). Each comparison or `exists` is one read of the postings; `and` and
 * `or` intersect and unite the sorted lists.
 * @param fields The field ids of each path the filter names, in the scope's namespace.
 * @param read Reads the postings table (`readPostings`).
 * @param limit When given, a set of more than `limit` seqs may come back cut short (still longer
 *   than `limit`): for a caller that needs the members of small sets and only the size of large
 *   ones. A single comparison then decodes no more than it needs (a 10% filter over a million
 *   chunks would be 100,000 seqs).
 */
export async function narrowFilter(
  node: FilterNode,
  fields: (path: FilterPath) => PathFields,
  read: PostingReader,
  limit?: number,
): Promise<SeqList | undefined> {
  if ((node.kind === 'cmp' || node.kind === 'exists') && node.field === 'headingPath') return undefined;
  switch (node.kind) {
    case 'cmp':
      return narrowComparison(node, fields(node.path), (condition) => read(condition, limit));
    case 'exists': {
      const ids = [...fields(node.path).values()];
      let seqs: number[] = [];
      for (const id of ids) seqs = unionSorted(seqs, await read({ sql: 'p.field = ?', params: [id] }, limit));
      return { seqs, exact: true };
    }
    case 'not':
      return undefined;
    case 'and': {
      let seqs: number[] | undefined;
      let exact = true;
      for (const child of node.children) {
        const set = await narrowFilter(child, fields, read);
        if (set === undefined) {
          exact = false;
          continue;
        }
        exact &&= set.exact;
        seqs = seqs === undefined ? set.seqs : intersectSorted(seqs, set.seqs);
        if (seqs.length === 0) return EMPTY;
      }
      return seqs === undefined ? undefined : { seqs, exact };
    }
    case 'or': {
      let seqs: number[] = [];
      let exact = true;
      for (const child of node.children) {
        const set = await narrowFilter(child, fields, read);
        if (set === undefined) return undefined;
        exact &&= set.exact;
        seqs = unionSorted(seqs, set.seqs);
      }
      return { seqs, exact };
    }
  }
}

const RANGE_SQL = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

async function narrowComparison(
  node: ComparisonNode,
  fields: PathFields,
  read: PostingReader,
): Promise<SeqList> {
  if (node.op === 'eq') {
    const operand = operandEntry(node.value);
    const field = fields.get(operand.kind);
    if (field === undefined) return EMPTY;
    return {
      seqs: await read({ sql: 'p.field = ? AND p.value = ?', params: [field, operand.value] }),
      exact: true,
    };
  }
  if (node.op === 'in') {
    const byKind = new Map<FieldKind, Array<string | number>>();
    for (const value of node.value) {
      const operand = operandEntry(value);
      if (!fields.has(operand.kind)) continue;
      byKind.set(operand.kind, [...(byKind.get(operand.kind) ?? []), operand.value]);
    }
    let seqs: number[] = [];
    for (const [kind, values] of byKind) {
      const found = await read({
        sql: 'p.field = ? AND p.value IN (SELECT value FROM json_each(?))',
        params: [fields.get(kind)!, JSON.stringify(values)],
      });
      seqs = unionSorted(seqs, found);
    }
    return { seqs, exact: true };
  }
  const kind: FieldKind = typeof node.value === 'number' ? 'n' : 't';
  const field = fields.get(kind);
  if (field === undefined) return EMPTY;
  return {
    seqs: await read({ sql: `p.field = ? AND p.value ${RANGE_SQL[node.op]} ?`, params: [field, node.value] }),
    exact: true,
  };
}

/** Every path a filter names, for looking up their field ids. */
export function filterPaths(node: FilterNode): FilterPath[] {
  switch (node.kind) {
    case 'cmp':
    case 'exists':
      return node.field === 'headingPath' ? [] : [node.path];
    case 'not':
      return filterPaths(node.child);
    case 'and':
    case 'or':
      return node.children.flatMap(filterPaths);
  }
}

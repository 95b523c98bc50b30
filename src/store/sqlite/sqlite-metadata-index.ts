/**
 * The metadata index of a SQLite collection (schema version 3): every scalar of a chunk's
 * metadata, array elements included, as one `(field, value, seq)` row of `<t>_meta`, where a
 * field id stands for one (namespace, JSON path, JSON type class) of `<t>_fields`. Filter
 * conditions are then answered from the table's B-tree — `{ bucket: 7 }` is one range of
 * `(field, value)` — before any row is read or any distance computed.
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
import type { SqlFragment, SqlValue } from './sqlite-filter.js';

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

/**
 * The index entries of one chunk's metadata: one per scalar reached through plain objects, one
 * presence entry per object or array, one per distinct scalar element of an array.
 */
export function metadataEntries(metadata: Metadata): MetadataEntry[] {
  const entries: MetadataEntry[] = [];
  const walk = (object: { [key: string]: JsonValue }, path: string[]) => {
    for (const key of Object.keys(object)) {
      const value = object[key]!;
      const at = [...path, key];
      const keyText = pathKey(at);
      const scalar = scalarEntry(value);
      if (scalar !== undefined) {
        entries.push({ path: keyText, ...scalar });
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
        walk(value, at);
      }
    }
  };
  walk(metadata, []);
  return entries;
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

/** A set of chunk seqs from the metadata index, as SQL selecting a column `seq`. */
export interface SeqSet extends SqlFragment {
  /** True when every seq in the set passes the filter and every passing chunk is in it. */
  exact: boolean;
}

const EMPTY: SeqSet = { sql: 'SELECT 0 AS seq WHERE 0', params: [], exact: true };

/**
 * The seqs the metadata index can tell pass `node` (a superset when `exact` is false), or
 * `undefined` when it cannot narrow the filter at all (a `not`, a `$headingPath` condition, or an
 * `or` with such a branch).
 * @param meta The quoted `<t>_meta` table.
 * @param fields The field ids of each path the filter names, in the scope's namespace.
 */
export function narrowFilter(
  node: FilterNode,
  meta: string,
  fields: (path: FilterPath) => PathFields,
): SeqSet | undefined {
  // The heading path is not in the metadata index: checked on the rows read, like a `not`.
  if ((node.kind === 'cmp' || node.kind === 'exists') && node.field === 'headingPath') return undefined;
  switch (node.kind) {
    case 'cmp':
      return narrowComparison(node, meta, fields(node.path));
    case 'exists': {
      const ids = [...fields(node.path).values()];
      if (ids.length === 0) return EMPTY;
      return {
        sql: `SELECT DISTINCT seq FROM ${meta} WHERE field IN (${ids.map(() => '?').join(', ')})`,
        params: ids,
        exact: true,
      };
    }
    case 'not':
      return undefined;
    case 'and': {
      const narrowed = node.children.map((child) => narrowFilter(child, meta, fields));
      const sets = narrowed.filter((set): set is SeqSet => set !== undefined);
      if (sets.length === 0) return undefined;
      if (sets.some((set) => set === EMPTY)) return EMPTY;
      const exact = sets.length === narrowed.length && sets.every((set) => set.exact);
      return combine(sets, 'INTERSECT', exact);
    }
    case 'or': {
      if (node.children.length === 0) return EMPTY;
      const sets: SeqSet[] = [];
      for (const child of node.children) {
        const set = narrowFilter(child, meta, fields);
        if (set === undefined) return undefined;
        if (set !== EMPTY) sets.push(set);
      }
      if (sets.length === 0) return EMPTY;
      return combine(
        sets,
        'UNION',
        sets.every((set) => set.exact),
      );
    }
  }
}

function combine(sets: SeqSet[], operator: 'INTERSECT' | 'UNION', exact: boolean): SeqSet {
  if (sets.length === 1) return { ...sets[0]!, exact };
  return {
    sql: sets.map((set) => `SELECT seq FROM (${set.sql})`).join(` ${operator} `),
    params: sets.flatMap((set) => set.params),
    exact,
  };
}

const RANGE_SQL = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

function narrowComparison(node: ComparisonNode, meta: string, fields: PathFields): SeqSet {
  if (node.op === 'eq') {
    const operand = operandEntry(node.value);
    const field = fields.get(operand.kind);
    if (field === undefined) return EMPTY;
    return {
      sql: `SELECT seq FROM ${meta} WHERE field = ? AND value = ?`,
      params: [field, operand.value],
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
    if (byKind.size === 0) return EMPTY;
    const parts: string[] = [];
    const params: SqlValue[] = [];
    for (const [kind, values] of byKind) {
      parts.push('(field = ? AND value IN (SELECT value FROM json_each(?)))');
      params.push(fields.get(kind)!, JSON.stringify(values));
    }
    return {
      sql: `SELECT DISTINCT seq FROM ${meta} WHERE ${parts.join(' OR ')}`,
      params,
      exact: true,
    };
  }
  const kind: FieldKind = typeof node.value === 'number' ? 'n' : 't';
  const field = fields.get(kind);
  if (field === undefined) return EMPTY;
  return {
    sql: `SELECT DISTINCT seq FROM ${meta} WHERE field = ? AND value ${RANGE_SQL[node.op]} ?`,
    params: [field, node.value],
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

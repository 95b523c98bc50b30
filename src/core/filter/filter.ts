/**
 * The portable metadata filter language, the same for every store.
 *
 * A filter is an object. A plain key names a metadata field (dotted paths reach into nested
 * objects, e.g. `"author.name"`); its value is either a literal (equality) or an operator object.
 * Operators: `$eq $ne $gt $gte $lt $lte $in $nin $exists`; logical: `$and $or $not`.
 * When the stored field is an array, `$eq` and `$in` match if any element matches.
 *
 * @example
 * ```ts
 * const filter: Filter = { year: { $gte: 2020 }, $or: [{ lang: 'en' }, { tags: { $in: ['x'] } }] };
 * ```
 * @module
 */

/** A scalar a filter compares against. */
export type FilterScalar = string | number | boolean | null;

/** Operators applicable to one field. */
export interface FieldOperators {
  $eq?: FilterScalar;
  $ne?: FilterScalar;
  $gt?: number | string;
  $gte?: number | string;
  $lt?: number | string;
  $lte?: number | string;
  $in?: FilterScalar[];
  $nin?: FilterScalar[];
  $exists?: boolean;
}

/** A metadata filter. See the module documentation for the grammar. */
export interface Filter {
  $and?: Filter[];
  $or?: Filter[];
  $not?: Filter;
  [field: string]: FilterScalar | FieldOperators | Filter[] | Filter | undefined;
}

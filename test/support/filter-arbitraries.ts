/**
 * fast-check arbitraries of chunk metadata and filters, with the awkward keys and values that
 * filter compilers get wrong (quotes, SQL text, Unicode, NUL, numbers at the edge of doubles),
 * shared by the property tests that hold a filter compiler or index to the reference evaluator.
 * @module
 */
import fc from 'fast-check';
import type { Filter } from '../../src/core/filter/filter.js';
import type { JsonValue, Metadata } from '../../src/core/types.js';

const keys = ['a', 'b', 'c d', 'q"k', "'; x", 'é'];
const strings = ['', 'a', 'A', 'b', 'é', 'e\u0301', '😀', '\uFF5E', 'a"b', "it's", 'x\u0000y', '10', 'true'];

const scalar = fc.oneof(
  fc.constantFrom(...strings),
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom(0.5, -1.5, 1e20, 2 ** 53),
  fc.boolean(),
  fc.constant(null),
);

const { value } = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...keys), tie('value'), { maxKeys: 3 }),
  ),
}));

/** One chunk's metadata: up to four keys, values nested up to a few levels. */
export const metadataArbitrary = fc.dictionary(fc.constantFrom(...keys), value, {
  maxKeys: 4,
}) as fc.Arbitrary<Metadata>;

const path = fc
  .array(fc.constantFrom(...keys), { minLength: 1, maxLength: 2 })
  .map((parts) => parts.join('.'));
const ordered = fc.oneof(fc.constantFrom(...strings), fc.integer({ min: -3, max: 3 }), fc.constant(0.5));
const operator = fc.oneof(
  scalar.map((operand) => ({ $eq: operand })),
  scalar.map((operand) => ({ $ne: operand })),
  ordered.map((operand) => ({ $gt: operand })),
  ordered.map((operand) => ({ $gte: operand })),
  ordered.map((operand) => ({ $lt: operand })),
  ordered.map((operand) => ({ $lte: operand })),
  fc.array(scalar, { maxLength: 3 }).map((operand) => ({ $in: operand })),
  fc.array(scalar, { maxLength: 3 }).map((operand) => ({ $nin: operand })),
  fc.boolean().map((operand) => ({ $exists: operand })),
);
const leaf = fc
  .tuple(path, fc.oneof(scalar, operator))
  .map(([key, condition]) => ({ [key]: condition }) as Filter);

/** A filter of every operator, nested with `$and`, `$or` and `$not`. */
export const { filter: filterArbitrary } = fc.letrec<{ filter: Filter }>((tie) => ({
  filter: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('filter'), { minLength: 1, maxLength: 3 }).map((children) => ({ $and: children })),
    fc.array(tie('filter'), { minLength: 1, maxLength: 3 }).map((children) => ({ $or: children })),
    tie('filter').map((child) => ({ $not: child })),
  ),
}));

/**
 * Code-point string order without iterating code points.
 * @module
 */

/**
 * Orders two strings by Unicode code point, as SQLite's binary collation does: the same answer as
 * `compareCodePoints` in `src/core/filter`, but comparing UTF-16 code units and correcting
 * only where they disagree with code points (a surrogate against U+E000–U+FFFF), so it is fast
 * enough to sort large id lists.
 * @returns A negative number, zero or a positive number.
 */
export function compareCodePointOrder(left: string, right: string): number {
  const length = Math.min(left.length, right.length);
  for (let i = 0; i < length; i++) {
    const a = left.charCodeAt(i);
    const b = right.charCodeAt(i);
    if (a !== b) return a >= 0xd800 && b >= 0xd800 ? shiftSurrogates(a) - shiftSurrogates(b) : a - b;
  }
  return left.length - right.length;
}

/** Moves surrogates (code points above U+FFFF) after U+E000–U+FFFF; keeps the order within each. */
function shiftSurrogates(unit: number): number {
  return unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;
}

/** The index of the first element of `sorted` (in code-point order) that is greater than `value`. */
export function upperBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareCodePointOrder(sorted[middle]!, value) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

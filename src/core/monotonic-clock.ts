/**
 * A monotonic clock in milliseconds, for durations (differences of two readings; the origin is
 * arbitrary). On Node it reads `process.hrtime`: the global `performance` loads Node's perf_hooks
 * module and ten of its internal modules on first access, which `cairn search` and `cairn ask`
 * would load for one duration each (test/lazy-loading.test.ts). Elsewhere `performance.now()`.
 * @module
 */

const hrtime = typeof process === 'object' ? process.hrtime?.bigint : undefined;

/** Milliseconds since an arbitrary origin, fractional, never decreasing within a process. */
export const monotonicMilliseconds: () => number =
  typeof hrtime === 'function' ? () => Number(hrtime()) / 1e6 : () => performance.now();

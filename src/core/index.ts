export * from './error-codes.js';
export * from './errors.js';
export type * from './filter/filter.js';
export type * from './ports.js';
export type * from './types.js';

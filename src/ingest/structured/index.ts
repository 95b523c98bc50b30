/**
 * Structured sources: CSV, TSV, JSON and JSON Lines, one chunk per record (or group of small
 * records), chosen fields as text and the rest as metadata.
 * @module
 */
export { CsvParser, type CsvParserOptions } from './csv-parser.js';
export { JsonParser } from './json-parser.js';
export { JsonlParser } from './jsonl-parser.js';
export { type RecordChunksInput, recordChunks } from './record-chunks.js';
export { resolveStructuredOptions, type StructuredOptions } from './structured-options.js';

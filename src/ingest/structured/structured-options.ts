/**
 * Settings of the structured parsers (CSV, TSV, JSON, JSONL): which fields are text, which one
 * identifies a record, and how many small records share a chunk.
 * @module
 */
import { InvalidArgumentError } from '../../core/errors.js';

/** Options of the structured parsers; `cairn ingest --text-fields a,b --id-field id --records-per-chunk N`. */
export interface StructuredOptions {
  /**
   * Top-level fields whose values are the record's text, in this order; every other field is
   * metadata. Default: every field is text (as `field: value` lines) and also metadata.
   */
  textFields?: readonly string[];
  /**
   * The field that identifies a record: required and unique in every record (a record without
   * it, or repeating an earlier id, is malformed), kept as metadata and used as the chunk's
   * heading path, so citations name the record. Default none.
   */
  idField?: string;
  /**
   * Consecutive records packed into one chunk, for files of many tiny records; a positive
   * integer, default 1. A group's metadata keeps a field's value when all its records agree,
   * and otherwise the list of their distinct values (filters match any element of a list).
   */
  recordsPerChunk?: number;
}

/** The options checked, with defaults applied. */
export interface ResolvedStructuredOptions {
  textFields: readonly string[] | undefined;
  idField: string | undefined;
  recordsPerChunk: number;
}

/**
 * Checks structured options.
 * @throws {InvalidArgumentError} naming the option when a field name is empty or repeated, or
 *   `recordsPerChunk` is not a positive integer.
 */
export function resolveStructuredOptions(options: StructuredOptions = {}): ResolvedStructuredOptions {
  const { textFields, idField, recordsPerChunk = 1 } = options;
  if (textFields !== undefined) {
    if (textFields.length === 0) throw new InvalidArgumentError('textFields', 'name at least one field');
    for (const field of textFields) {
      if (typeof field !== 'string' || field.trim() === '') {
        throw new InvalidArgumentError('textFields', 'field names must be non-empty strings');
      }
    }
    const repeated = textFields.find((field, i) => textFields.indexOf(field) !== i);
    if (repeated !== undefined) throw new InvalidArgumentError('textFields', `"${repeated}" is named twice`);
  }
  if (idField !== undefined && (typeof idField !== 'string' || idField.trim() === '')) {
    throw new InvalidArgumentError('idField', 'must be a non-empty field name');
  }
  if (!Number.isInteger(recordsPerChunk) || recordsPerChunk < 1) {
    throw new InvalidArgumentError('recordsPerChunk', `must be a positive integer, got ${recordsPerChunk}`);
  }
  return { textFields, idField, recordsPerChunk };
}

/** The settings as a parser-fingerprint suffix, e.g. `?text=title,body&id=sku&group=1`. */
export function structuredFingerprint(options: ResolvedStructuredOptions): string {
  const parts = [
    ...(options.textFields ? [`text=${options.textFields.map(encodeURIComponent).join(',')}`] : []),
    ...(options.idField !== undefined ? [`id=${encodeURIComponent(options.idField)}`] : []),
    `group=${options.recordsPerChunk}`,
  ];
  return `?${parts.join('&')}`;
}

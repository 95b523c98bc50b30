/**
 * JSON Lines (NDJSON) sources: one JSON object per line. A line that is not valid JSON, or not
 * an object, is reported with its number and left out; the other lines go in. Blank lines are
 * skipped.
 * @module
 */
import { MalformedRecordError } from '../../core/errors.js';
import type { Parser } from '../../core/ports.js';
import type { JsonValue, ParsedDocument, Source } from '../../core/types.js';
import { decodeTextSource } from '../parsers/text-parser.js';
import { buildRecords, type RawRecord } from './build-records.js';
import { describeJsonType } from './json-parser.js';
import {
  type ResolvedStructuredOptions,
  resolveStructuredOptions,
  type StructuredOptions,
  structuredFingerprint,
} from './structured-options.js';

/** JSONL: one record per line. */
export class JsonlParser implements Parser {
  readonly specificationVersion = 'v1' as const;
  readonly fingerprint: string;
  readonly mediaTypes = ['application/jsonl', 'application/x-ndjson'] as const;
  readonly #options: ResolvedStructuredOptions;

  /** @throws {InvalidArgumentError} for bad {@link StructuredOptions}. */
  constructor(options: StructuredOptions = {}) {
    this.#options = resolveStructuredOptions(options);
    this.fingerprint = `jsonl/v2${structuredFingerprint(this.#options)}`;
  }

  /**
   * @throws {EmptyDocumentError} for a file of blank lines.
   * @throws {ParseError} when no line can be read.
   */
  async parse(source: Source): Promise<ParsedDocument> {
    const text = decodeTextSource(source);
    const raw: RawRecord[] = [];
    const failures: MalformedRecordError[] = [];
    for (const [index, line] of text.split('\n').entries()) {
      if (line.trim() === '') continue;
      const number = index + 1;
      let value: JsonValue;
      try {
        value = JSON.parse(line) as JsonValue;
      } catch (error) {
        const reason = (error as Error).message.replace(
          / in JSON at position (\d+)/,
          (_match, position: string) => ` at column ${Number(position) + 1}`,
        );
        failures.push(new MalformedRecordError(source.name, number, `not valid JSON: ${reason}`));
        continue;
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        failures.push(
          new MalformedRecordError(
            source.name,
            number,
            `a record must be an object, got ${describeJsonType(value)}`,
          ),
        );
        continue;
      }
      raw.push({ lineStart: number, lineEnd: number, fields: value });
    }
    return buildRecords(source.name, 'application/jsonl', raw, failures, this.#options);
  }
}

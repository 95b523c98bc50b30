/**
 * CSV and TSV sources (csv-parse): the first row names the fields, each further row is a record.
 * A row with the wrong number of fields, or a quote left open, is reported with its line and
 * left out; the other rows go in.
 * @module
 */
import { type CsvError, parse } from 'csv-parse/sync';
import { MalformedRecordError, ParseError } from '../../core/errors.js';
import type { Parser } from '../../core/ports.js';
import type { JsonValue, ParsedDocument, Source } from '../../core/types.js';
import { decodeTextSource } from '../parsers/text-parser.js';
import { buildRecords, type RawRecord } from './build-records.js';
import {
  type ResolvedStructuredOptions,
  resolveStructuredOptions,
  type StructuredOptions,
  structuredFingerprint,
} from './structured-options.js';

/** Options of {@link CsvParser}. */
export interface CsvParserOptions extends StructuredOptions {
  /** Field delimiter; default `,` (`\t` for TSV, chosen by the router for `text/tab-separated-values`). */
  delimiter?: string;
}

/** A decimal number without leading zeros (so `007` and ZIP codes stay text). */
const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** A cell's metadata value: numbers as numbers, everything else as the text it is. */
function cellValue(cell: string): JsonValue {
  return NUMBER.test(cell) && Number.isFinite(Number(cell)) ? Number(cell) : cell;
}

/** Lines a record's raw text spans after its first line (leading blank lines and the final line break aside). */
function extraLines(raw: string): number {
  const body = raw.replace(/\r?\n$/, '').replace(/^(\s*\r?\n)+/, '');
  return body.split('\n').length - 1;
}

function describeCsvError(error: CsvError): string {
  switch (error.code) {
    case 'CSV_RECORD_INCONSISTENT_COLUMNS':
      return `has ${(error as CsvError & { record?: unknown[] }).record?.length ?? 'another number of'} fields; the header has ${
        (error as CsvError & { columns?: unknown[] }).columns?.length ?? 'a different number'
      }`;
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted field is not closed before the end of the file';
    default:
      return error.message.replace(/^[^:]*:\s*/, '');
  }
}

/** CSV (and TSV): one record per row under a header row. */
export class CsvParser implements Parser {
  readonly specificationVersion = 'v1' as const;
  readonly fingerprint: string;
  readonly mediaTypes = ['text/csv', 'text/tab-separated-values'] as const;
  readonly #options: ResolvedStructuredOptions;
  readonly #delimiter: string | undefined;

  /** @throws {InvalidArgumentError} for bad {@link StructuredOptions}. */
  constructor(options: CsvParserOptions = {}) {
    this.#options = resolveStructuredOptions(options);
    this.#delimiter = options.delimiter;
    const delimiter =
      options.delimiter === undefined ? '' : `&delimiter=${encodeURIComponent(options.delimiter)}`;
    this.fingerprint = `csv/v1${structuredFingerprint(this.#options)}${delimiter}`;
  }

  /**
   * @throws {EmptyDocumentError} for a file with no rows under its header.
   * @throws {ParseError} when the header cannot be read, or no row can.
   */
  async parse(source: Source): Promise<ParsedDocument> {
    const text = decodeTextSource(source);
    const tab = /tab-separated|\.tsv$/i.test(`${source.mediaType ?? ''} ${source.name}`);
    const delimiter = this.#delimiter ?? (tab ? '\t' : ',');
    const raw: RawRecord[] = [];
    const failures: MalformedRecordError[] = [];
    let rows: Array<{ record: Record<string, string>; info: { lines: number }; raw: string }>;
    try {
      rows = parse(text, {
        columns: (header: string[]) => header.map((name) => name.trim()),
        delimiter,
        info: true,
        raw: true,
        skip_empty_lines: true,
        skip_records_with_error: true,
        on_skip: (error: CsvError | undefined) => {
          if (!error) return;
          const skipped = error as CsvError & { lines: number; raw?: string };
          const line = skipped.lines - (skipped.raw === undefined ? 0 : extraLines(skipped.raw));
          failures.push(new MalformedRecordError(source.name, line, describeCsvError(error)));
        },
      });
    } catch (error) {
      throw new ParseError(source.name, `cannot read the CSV header: ${(error as Error).message}`, {
        cause: error,
      });
    }
    for (const row of rows) {
      const fields: Record<string, JsonValue> = {};
      for (const [name, cell] of Object.entries(row.record)) {
        if (name !== '' && cell.trim() !== '') fields[name] = cellValue(cell.trim());
      }
      const lineEnd = row.info.lines;
      raw.push({ lineStart: lineEnd - extraLines(row.raw), lineEnd, fields });
    }
    return buildRecords(source.name, 'text/csv', raw, failures, this.#options);
  }
}

/**
 * Records to {@link ParsedRecord}s: the chosen fields become the text, the rest metadata; the id
 * field is checked (present, scalar, unique); small records are grouped when asked.
 * @module
 */
import { EmptyDocumentError, MalformedRecordError, ParseError } from '../../core/errors.js';
import type { JsonValue, Metadata, ParsedDocument, ParsedRecord, RecordIssue } from '../../core/types.js';
import type { ResolvedStructuredOptions } from './structured-options.js';

/** A record as a structured parser read it: its fields and where it lies in the source. */
export interface RawRecord {
  /** 1-based first and last line. */
  lineStart: number;
  lineEnd: number;
  /** Top-level fields; absent values (empty CSV cells) are left out. */
  fields: Record<string, JsonValue>;
  /**
   * The names the record was listed under, outermost first: `["cancellation"]` for each object of
   * a wrapper's `"cancellation": [{…}, …]` (see `json-parser.ts`). Its heading path, before its id.
   */
  listedUnder?: readonly string[];
  /**
   * True for an object's own fields that are no row of a list (a JSON source's one top-level
   * object, or a wrapper's fields beside the lists it wraps): its fields are written a paragraph
   * each, as a document's parts, not as one row's cells (see `recordText`).
   */
  standalone?: boolean;
}

/** A malformed record as the parser found it. */
export type RecordFailure = MalformedRecordError;

/**
 * A field's value as a reader reads it: strings as they are, other scalars printed; a list's items
 * in order, apart by "; " (by a space after an item that ends its sentence); an object's fields as
 * "name: value", apart by ", " (by "; " when its values hold commas). Nested lists and objects are
 * read the same way, within: `{"private_hire": 150, "refund": "within 10 days"}` reads
 * "private_hire: 150, refund: within 10 days", not as JSON. Empty values are left out.
 */
function valueText(value: JsonValue): string {
  if (value === null) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) {
    const items = value.map(valueText).filter((text) => text !== '');
    return items
      .map((item, i) => (i === items.length - 1 ? item : `${item}${/[.!?]$/.test(item) ? ' ' : '; '}`))
      .join('');
  }
  const fields = Object.entries(value)
    .map(([name, field]) => [name, valueText(field)] as const)
    .filter(([, text]) => text !== '');
  const apart = fields.some(([, text]) => text.includes(',')) ? '; ' : ', ';
  return fields.map(([name, text]) => `${name}: ${text}`).join(apart);
}

/** A record's text: a line per field (`name: value` when `labelled`), or a paragraph per field when `standalone`. */
function recordText(
  fields: Record<string, JsonValue>,
  names: readonly string[],
  labelled: boolean,
  standalone = false,
): string {
  const parts: string[] = [];
  for (const name of names) {
    const value = fields[name];
    if (value === undefined) continue;
    const text = valueText(value);
    if (text !== '') parts.push(labelled ? `${name}: ${text}` : text);
  }
  return parts.join(standalone ? '\n\n' : '\n');
}

function sameValue(a: JsonValue, b: JsonValue): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Metadata of a group: a field's value where all records agree, else the list of distinct values. */
function mergeMetadata(records: readonly ParsedRecord[]): Metadata {
  const keys = [...new Set(records.flatMap((r) => Object.keys(r.metadata)))];
  const merged: Metadata = {};
  for (const key of keys) {
    const values: JsonValue[] = [];
    for (const record of records) {
      const value = record.metadata[key];
      if (value === undefined) continue;
      for (const element of Array.isArray(value) ? value : [value]) {
        if (!values.some((seen) => sameValue(seen, element))) values.push(element);
      }
    }
    const first = records[0]!.metadata[key];
    const agreed =
      first !== undefined &&
      records.every((r) => r.metadata[key] !== undefined && sameValue(r.metadata[key]!, first));
    merged[key] = agreed ? first : values;
  }
  return merged;
}

function group(records: ParsedRecord[], size: number): ParsedRecord[] {
  if (size === 1) return records;
  const groups: ParsedRecord[] = [];
  for (let i = 0; i < records.length; i += size) {
    const members = records.slice(i, i + size);
    if (members.length === 1) {
      groups.push(members[0]!);
      continue;
    }
    groups.push({
      text: members.map((m) => m.text).join('\n\n'),
      metadata: mergeMetadata(members),
      headingPath: [],
      lineStart: members[0]!.lineStart,
      lineEnd: members.at(-1)!.lineEnd,
    });
  }
  return groups;
}

/**
 * Builds the parse result of a structured source from its records and the malformed ones.
 * Issues are reported in line order.
 * @throws {EmptyDocumentError} when the source holds no records at all.
 * @throws {ParseError} when none of `textFields` occurs in any record, or no record could be read.
 */
export function buildRecords(
  sourceName: string,
  mediaType: string,
  raw: readonly RawRecord[],
  failures: readonly RecordFailure[],
  options: ResolvedStructuredOptions,
): ParsedDocument {
  if (raw.length === 0 && failures.length === 0) throw new EmptyDocumentError(sourceName, 'no records');
  const { textFields, idField } = options;
  if (textFields && raw.length > 0 && !raw.some((r) => textFields.some((f) => r.fields[f] !== undefined))) {
    const seen = [...new Set(raw.flatMap((r) => Object.keys(r.fields)))].slice(0, 20);
    throw new ParseError(
      sourceName,
      `none of the text fields ${textFields.map((f) => `"${f}"`).join(', ')} occurs in any record; ` +
        `its fields are: ${seen.join(', ')}`,
    );
  }
  const issues: MalformedRecordError[] = [...failures];
  const records: ParsedRecord[] = [];
  const idLines = new Map<string, number>();
  for (const record of raw) {
    const fail = (reason: string) =>
      issues.push(new MalformedRecordError(sourceName, record.lineStart, reason));
    const names = textFields ?? Object.keys(record.fields);
    const text = recordText(
      record.fields,
      names,
      textFields === undefined || textFields.length > 1,
      record.standalone === true && textFields === undefined,
    );
    if (text === '') {
      fail(
        textFields
          ? `no text: ${textFields.map((f) => `"${f}"`).join(', ')} empty or missing`
          : 'every field is empty',
      );
      continue;
    }
    let headingPath: string[] = [...(record.listedUnder ?? [])];
    if (idField !== undefined) {
      const id = record.fields[idField];
      if (id === undefined || id === null || id === '') {
        fail(`no value in the id field "${idField}"`);
        continue;
      }
      if (typeof id === 'object') {
        fail(
          `the id field "${idField}" holds ${Array.isArray(id) ? 'a list' : 'an object'}, not a string or number`,
        );
        continue;
      }
      const key = String(id);
      const earlier = idLines.get(key);
      if (earlier !== undefined) {
        fail(`id "${key}" repeats the record on line ${earlier}`);
        continue;
      }
      idLines.set(key, record.lineStart);
      headingPath = [...headingPath, key];
    }
    const metadata: Metadata = {};
    for (const [name, value] of Object.entries(record.fields)) {
      if (textFields === undefined || !textFields.includes(name) || name === idField) metadata[name] = value;
    }
    records.push({ text, metadata, headingPath, lineStart: record.lineStart, lineEnd: record.lineEnd });
  }
  issues.sort((a, b) => a.line - b.line);
  const recordIssues: RecordIssue[] = issues.map((e) => ({ line: e.line, message: e.reason }));
  if (records.length === 0) {
    const shown = recordIssues.slice(0, 3).map((i) => `line ${i.line}: ${i.message}`);
    const more = recordIssues.length > 3 ? `; and ${recordIssues.length - 3} more` : '';
    throw new ParseError(sourceName, `no record could be read (${shown.join('; ')}${more})`);
  }
  const grouped = group(records, options.recordsPerChunk);
  return {
    mediaType,
    pages: [{ pageNumber: 1, markdown: grouped.map((r) => r.text).join('\n\n') }],
    records: grouped,
    ...(recordIssues.length > 0 ? { recordIssues } : {}),
  };
}

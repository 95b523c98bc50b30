/**
 * JSON sources (jsonc-parser, which recovers from syntax errors and reports their offsets): an
 * array of objects is one record per object; an object wrapping lists of objects is one record per
 * listed object and one of its other fields; any other single object is one record. An element that is
 * not an object, or holds a syntax error, is reported with its line and left out; the other
 * elements go in.
 * @module
 */
import {
  getNodeValue,
  type ParseError as JsonSyntaxError,
  type Node,
  parseTree,
  printParseErrorCode,
} from 'jsonc-parser';
import { EmptyDocumentError, MalformedRecordError, ParseError } from '../../core/errors.js';
import type { Parser } from '../../core/ports.js';
import type { JsonValue, ParsedDocument, Source } from '../../core/types.js';
import { decodeTextSource } from '../parsers/text-parser.js';
import { buildRecords, type RawRecord } from './build-records.js';
import { LineIndex } from './line-index.js';
import {
  type ResolvedStructuredOptions,
  resolveStructuredOptions,
  type StructuredOptions,
  structuredFingerprint,
} from './structured-options.js';

/** `CloseBraceExpected` → `close brace expected`. */
export function describeSyntaxError(error: JsonSyntaxError): string {
  return printParseErrorCode(error.error)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

/** `number` → `a number`, for "a record must be an object, got …". */
export function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * The records of a top-level object that wraps lists of them (`{"club": …, "meetings": [{…}, …]}`):
 * the elements of each of its fields holding a list of two or more objects, in order, and its other
 * fields; undefined when no field holds such a list (the object is one record).
 */
function wrappedRecords(
  root: Node,
): { elements: Node[]; listedUnder: Map<Node, string>; fields: Record<string, JsonValue> } | undefined {
  const elements: Node[] = [];
  const listedUnder = new Map<Node, string>();
  const fields: Record<string, JsonValue> = {};
  for (const property of root.children ?? []) {
    const [key, value] = property.children ?? [];
    if (key === undefined || value === undefined) continue;
    const items = value.type === 'array' ? (value.children ?? []) : [];
    if (items.length >= 2 && items.every((item) => item.type === 'object')) {
      elements.push(...items);
      for (const item of items) listedUnder.set(item, String(key.value));
    } else fields[String(key.value)] = getNodeValue(value) as JsonValue;
  }
  return elements.length === 0 ? undefined : { elements, listedUnder, fields };
}

/**
 * JSON: one record per object of a top-level array; of a top-level object that wraps lists of
 * objects (see {@link wrappedRecords}), one per object of those lists and one of its other fields;
 * else the one top-level object.
 */
export class JsonParser implements Parser {
  readonly specificationVersion = 'v1' as const;
  readonly fingerprint: string;
  readonly mediaTypes = ['application/json'] as const;
  readonly #options: ResolvedStructuredOptions;

  /** @throws {InvalidArgumentError} for bad {@link StructuredOptions}. */
  constructor(options: StructuredOptions = {}) {
    this.#options = resolveStructuredOptions(options);
    this.fingerprint = `json/v4${structuredFingerprint(this.#options)}`;
  }

  /**
   * @throws {EmptyDocumentError} for an empty file or an empty array.
   * @throws {ParseError} when the top level is not an array or object, or no record can be read.
   */
  async parse(source: Source): Promise<ParsedDocument> {
    const text = decodeTextSource(source);
    const lines = new LineIndex(text);
    const errors: JsonSyntaxError[] = [];
    const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
    if (!root) {
      const first = errors[0];
      if (!first) throw new EmptyDocumentError(source.name);
      throw new ParseError(source.name, `line ${lines.lineOf(first.offset)}: ${describeSyntaxError(first)}`);
    }
    const wrapped = root.type === 'object' ? wrappedRecords(root) : undefined;
    const elements: Node[] = root.type === 'array' ? (root.children ?? []) : (wrapped?.elements ?? [root]);
    if (root.type !== 'array' && root.type !== 'object') {
      throw new ParseError(
        source.name,
        `a JSON source of records holds an array of objects or one object, not ${describeJsonType(getNodeValue(root))}`,
      );
    }
    const raw: RawRecord[] = [];
    const failures: MalformedRecordError[] = [];
    const explained = new Set<JsonSyntaxError>();
    // Elements and errors both run in offset order: one pass pairs them.
    const sorted = [...errors].sort((a, b) => a.offset - b.offset);
    let next = 0;
    for (const element of elements) {
      const end = element.offset + element.length;
      while (next < sorted.length && sorted[next]!.offset <= element.offset) next++;
      const inside: JsonSyntaxError[] = [];
      while (next < sorted.length && sorted[next]!.offset <= end) inside.push(sorted[next++]!);
      const lineStart = lines.lineOf(element.offset);
      for (const e of inside) explained.add(e);
      if (inside.length > 0) {
        const first = inside[0]!;
        failures.push(
          new MalformedRecordError(
            source.name,
            lineStart,
            `${describeSyntaxError(first)}${lines.lineOf(first.offset) === lineStart ? '' : ` on line ${lines.lineOf(first.offset)}`}`,
          ),
        );
        continue;
      }
      const value = getNodeValue(element) as JsonValue;
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        failures.push(
          new MalformedRecordError(
            source.name,
            lineStart,
            `a record must be an object, got ${describeJsonType(value)}`,
          ),
        );
        continue;
      }
      const list = wrapped?.listedUnder.get(element);
      raw.push({
        lineStart,
        lineEnd: lines.lineOf(Math.max(element.offset, end - 1)),
        fields: value,
        ...(list === undefined ? {} : { listedUnder: [list] }),
        // The one top-level object is a document, not a row of a list.
        ...(element === root ? { standalone: true } : {}),
      });
    }
    // A wrapper object's other fields ("club", "venue" beside "meetings") are a record of their own,
    // first, where no text or id field is asked for (they would have neither).
    if (
      wrapped &&
      Object.keys(wrapped.fields).length > 0 &&
      !this.#options.textFields &&
      !this.#options.idField
    ) {
      const line = lines.lineOf(root.offset);
      raw.unshift({ lineStart: line, lineEnd: line, fields: wrapped.fields, standalone: true });
    }
    // Syntax errors between records (a missing comma) leave both records whole: reported, nothing dropped.
    for (const error of errors) {
      if (explained.has(error)) continue;
      failures.push(
        new MalformedRecordError(source.name, lines.lineOf(error.offset), describeSyntaxError(error)),
      );
    }
    return buildRecords(source.name, 'application/json', raw, failures, this.#options);
  }
}

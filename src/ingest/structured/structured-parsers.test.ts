import { describe, expect, it } from 'vitest';
import { isCairnError } from '../../core/errors.js';
import type { ParsedDocument, Source } from '../../core/types.js';
import { parseSource, routeSource } from '../route.js';
import { CsvParser } from './csv-parser.js';
import { JsonParser } from './json-parser.js';
import { JsonlParser } from './jsonl-parser.js';

const source = (name: string, text: string, mediaType?: string): Source => ({
  name,
  bytes: new TextEncoder().encode(text),
  ...(mediaType ? { mediaType } : {}),
});

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isCairnError(error)) return error;
    throw error;
  }
  throw new Error('expected a CairnError');
}

const PRODUCTS = [
  'sku,name,description,price,zip,color',
  'P-1,Red mug,A stoneware mug,4.5,01234,red',
  'P-2,Blue teapot,"Holds a litre,',
  'glazed inside",12,,blue',
  'P-3,Broken,too,many,fields,here,extra',
  'P-4,Green bowl,Deep bowl,8,,green',
  '',
].join('\n');

describe('CsvParser', () => {
  it('makes one record per row: chosen fields as text, the rest as metadata, numbers typed', async () => {
    const parser = new CsvParser({ textFields: ['name', 'description'], idField: 'sku' });
    const parsed = await parser.parse(source('products.csv', PRODUCTS));
    expect(parsed.records).toEqual([
      {
        text: 'name: Red mug\ndescription: A stoneware mug',
        metadata: { sku: 'P-1', price: 4.5, zip: '01234', color: 'red' },
        headingPath: ['P-1'],
        lineStart: 2,
        lineEnd: 2,
      },
      {
        text: 'name: Blue teapot\ndescription: Holds a litre,\nglazed inside',
        metadata: { sku: 'P-2', price: 12, color: 'blue' },
        headingPath: ['P-2'],
        lineStart: 3,
        lineEnd: 4,
      },
      {
        text: 'name: Green bowl\ndescription: Deep bowl',
        metadata: { sku: 'P-4', price: 8, color: 'green' },
        headingPath: ['P-4'],
        lineStart: 6,
        lineEnd: 6,
      },
    ]);
    expect(parsed.recordIssues).toEqual([{ line: 5, message: 'has 7 fields; the header has 6' }]);
    expect(parsed.pages).toHaveLength(1);
    expect(parser.fingerprint).toBe('csv/v1?text=name,description&id=sku&group=1');
  });

  it('renders one text field bare, and every field as text and metadata by default', async () => {
    const one = await new CsvParser({ textFields: ['name'] }).parse(source('p.csv', 'name,n\nMug,1\n'));
    expect(one.records?.[0]).toMatchObject({ text: 'Mug', metadata: { n: 1 }, headingPath: [] });
    const all = await new CsvParser().parse(source('p.csv', 'name,n\nMug,1\n'));
    expect(all.records?.[0]).toMatchObject({ text: 'name: Mug\nn: 1', metadata: { name: 'Mug', n: 1 } });
  });

  it('reports a quote left open with the line it opens on, keeping the rows before it', async () => {
    const parsed = await new CsvParser().parse(source('q.csv', 'a,b\n1,ok\n2,"open\n3,lost\n'));
    expect(parsed.records?.map((r) => r.metadata.a)).toEqual([1]);
    expect(parsed.recordIssues).toEqual([
      { line: 3, message: 'a quoted field is not closed before the end of the file' },
    ]);
  });

  it('leaves out rows without an id or repeating one, naming the earlier line', async () => {
    const parsed = await new CsvParser({ idField: 'id' }).parse(
      source('ids.csv', 'id,name\n7,first\n,nameless\n7,again\n8,last\n'),
    );
    expect(parsed.records?.map((r) => r.headingPath)).toEqual([['7'], ['8']]);
    expect(parsed.recordIssues).toEqual([
      { line: 3, message: 'no value in the id field "id"' },
      { line: 4, message: 'id "7" repeats the record on line 2' },
    ]);
  });

  it('leaves out a row whose text fields are all empty', async () => {
    const parsed = await new CsvParser({ textFields: ['body'] }).parse(
      source('t.csv', 'title,body\nA,some text\nB,\n'),
    );
    expect(parsed.records).toHaveLength(1);
    expect(parsed.recordIssues).toEqual([{ line: 3, message: 'no text: "body" empty or missing' }]);
  });

  it('reads TSV by its extension or media type', async () => {
    const tsv = 'name\tnote\nMug\ta, b and c\n';
    for (const input of [source('p.tsv', tsv), source('p', tsv, 'text/tab-separated-values')]) {
      const parsed = await new CsvParser().parse(input);
      expect(parsed.records?.[0]?.metadata).toEqual({ name: 'Mug', note: 'a, b and c' });
    }
  });

  it('fails the file when no text field occurs in any record, listing the fields there are', async () => {
    const error = await failure(new CsvParser({ textFields: ['titel'] }).parse(source('x.csv', PRODUCTS)));
    expect(error.code).toBe('PARSE_FAILED');
    expect(error.message).toMatch(
      /x\.csv: none of the text fields "titel" occurs in any record; its fields are: sku, name/,
    );
  });

  it('skips a file with a header and no rows as empty, and fails one whose every row is malformed', async () => {
    expect((await failure(new CsvParser().parse(source('h.csv', 'a,b\n')))).code).toBe('EMPTY_DOCUMENT');
    const error = await failure(new CsvParser().parse(source('bad.csv', 'a,b\n1,2,3\n4,5,6\n')));
    expect(error.code).toBe('PARSE_FAILED');
    expect(error.message).toMatch(/no record could be read \(line 2: has 3 fields.*; line 3: has 3 fields/);
  });
});

describe('JsonParser', () => {
  const parse = (text: string, parser = new JsonParser()): Promise<ParsedDocument> =>
    parser.parse(source('items.json', text));

  it('makes one record per object of an array, keeping nested values as metadata', async () => {
    const parsed = await parse(
      JSON.stringify(
        [
          { id: 1, title: 'Otters', tags: ['sea'], author: { name: 'Ada' } },
          { id: 2, title: 'Pikas' },
        ],
        null,
        2,
      ),
      new JsonParser({ textFields: ['title'], idField: 'id' }),
    );
    expect(parsed.records?.map((r) => [r.text, r.metadata, r.headingPath, r.lineStart])).toEqual([
      ['Otters', { id: 1, tags: ['sea'], author: { name: 'Ada' } }, ['1'], 2],
      ['Pikas', { id: 2 }, ['2'], 12],
    ]);
  });

  it('reads one top-level object as one record, a paragraph a field: a document, not a row (stop 71)', async () => {
    const parsed = await parse('{"name": "cairn", "kind": "engine"}');
    expect(parsed.records).toEqual([
      {
        text: 'name: cairn\n\nkind: engine',
        metadata: { name: 'cairn', kind: 'engine' },
        headingPath: [],
        lineStart: 1,
        lineEnd: 1,
      },
    ]);
  });

  it('reads an object wrapping a list of objects as a record of each, and one of its other fields (stop 66)', async () => {
    const text = [
      '{',
      '  "club": "Harbour Readers",',
      '  "meetings": [',
      '    {"month": "2027-01", "title": "Nine Bridges"},',
      '    {"month": "2027-02", "title": "Small Hours", "pages": 196}',
      '  ],',
      '  "tags": ["books"]',
      '}',
    ].join('\n');
    const parsed = await parse(text);
    expect(parsed.records?.map((r) => [r.text, r.lineStart])).toEqual([
      ['club: Harbour Readers\n\ntags: books', 1],
      ['month: 2027-01\ntitle: Nine Bridges', 4],
      ['month: 2027-02\ntitle: Small Hours\npages: 196', 5],
    ]);
    // Each listed record is headed by the name of its list: "cancellation" of a record writing only
    // "notice" and "charge" (stop 71).
    expect(parsed.records?.map((r) => r.headingPath)).toEqual([[], ['meetings'], ['meetings']]);
    // A list of one object, or of scalars, is a field of the one record.
    const single = await parse('{"name": "cairn", "authors": [{"name": "Ada"}], "tags": ["a", "b"]}');
    expect(single.records).toHaveLength(1);
    // With an id field asked for, the wrapper's own fields (which have none) make no record.
    const keyed = await parse(text, new JsonParser({ idField: 'month' }));
    expect(keyed.records?.map((r) => r.headingPath)).toEqual([
      ['meetings', '2027-01'],
      ['meetings', '2027-02'],
    ]);
    expect(keyed.recordIssues ?? []).toEqual([]);
  });

  it('reads nested lists and objects as text, not as JSON (stop 71)', async () => {
    const parsed = await parse(
      JSON.stringify({
        included: ['tables and chairs', 'free Wi-Fi'],
        deposit: { community: 0, private: 150, refund: 'within 10 days, less any damage' },
        conditions: ['Rooms close at 11pm.', 'No glitter.'],
        ferry: {
          times: [
            { leave: '09:00', arrive: '09:40' },
            { leave: '12:00', arrive: null },
          ],
        },
        empty: [],
      }),
    );
    expect(parsed.records?.[0]?.text.split('\n\n')).toEqual([
      'included: tables and chairs; free Wi-Fi',
      'deposit: community: 0; private: 150; refund: within 10 days, less any damage',
      'conditions: Rooms close at 11pm. No glitter.',
      'ferry: times: leave: 09:00, arrive: 09:40; leave: 12:00',
    ]);
    // The values stay whole in the metadata.
    expect(parsed.records?.[0]?.metadata.deposit).toEqual({
      community: 0,
      private: 150,
      refund: 'within 10 days, less any damage',
    });
  });

  it('leaves out an element with a syntax error or of another type, naming its line; the rest goes in', async () => {
    const text = ['[', '  {"a": 1},', '  {"a": 2,, "b": 3},', '  42,', '  {"a": 4}', ']'].join('\n');
    const parsed = await parse(text);
    expect(parsed.records?.map((r) => r.metadata)).toEqual([{ a: 1 }, { a: 4 }]);
    expect(parsed.recordIssues).toEqual([
      { line: 3, message: 'property name expected' },
      { line: 4, message: 'a record must be an object, got a number' },
    ]);
  });

  it('keeps both records around a missing comma, and reports where it is missing', async () => {
    const parsed = await parse('[\n{"a": 1}\n{"a": 2}\n]');
    expect(parsed.records?.map((r) => r.metadata)).toEqual([{ a: 1 }, { a: 2 }]);
    expect(parsed.recordIssues).toEqual([{ line: 3, message: 'comma expected' }]);
  });

  it('fails a top-level scalar, and skips an empty array as empty', async () => {
    const scalar = await failure(parse('"just a string"'));
    expect(scalar).toMatchObject({ code: 'PARSE_FAILED' });
    expect(scalar.message).toMatch(/an array of objects or one object, not a string/);
    expect((await failure(parse('[]'))).code).toBe('EMPTY_DOCUMENT');
  });
});

describe('JsonlParser', () => {
  it('makes one record per line and names each malformed line', async () => {
    const parsed = await new JsonlParser({ textFields: ['q'] }).parse(
      source('log.jsonl', '{"q": "first", "n": 1}\n\n{"q": }\n[1, 2]\n{"q": "last", "n": 5}\n'),
    );
    expect(parsed.records?.map((r) => [r.text, r.metadata, r.lineStart])).toEqual([
      ['first', { n: 1 }, 1],
      ['last', { n: 5 }, 5],
    ]);
    expect(parsed.recordIssues?.map((i) => i.line)).toEqual([3, 4]);
    expect(parsed.recordIssues?.[0]?.message).toMatch(/^not valid JSON: /);
    expect(parsed.recordIssues?.[1]?.message).toBe('a record must be an object, got a list');
  });
});

describe('recordsPerChunk', () => {
  it('groups consecutive records, keeping agreed values and listing differing ones', async () => {
    const rows = [
      '{"t": "a", "team": "ops", "n": 1}',
      '{"t": "b", "team": "ops", "n": 2}',
      '{"t": "c", "team": "dev"}',
    ];
    const parsed = await new JsonlParser({ textFields: ['t'], recordsPerChunk: 2 }).parse(
      source('g.jsonl', rows.join('\n')),
    );
    expect(parsed.records).toEqual([
      { text: 'a\n\nb', metadata: { team: 'ops', n: [1, 2] }, headingPath: [], lineStart: 1, lineEnd: 2 },
      { text: 'c', metadata: { team: 'dev' }, headingPath: [], lineStart: 3, lineEnd: 3 },
    ]);
  });

  it('must be a positive integer', () => {
    expect(() => new CsvParser({ recordsPerChunk: 0 })).toThrow(
      /recordsPerChunk: must be a positive integer/,
    );
    expect(() => new JsonParser({ textFields: [] })).toThrow(/textFields: name at least one field/);
  });
});

describe('routing of structured sources', () => {
  it.each([
    ['a.csv', undefined, 'csv', 'text/csv'],
    ['a.tsv', undefined, 'csv', 'text/tab-separated-values'],
    ['a.json', undefined, 'json', 'application/json'],
    ['a.jsonl', undefined, 'jsonl', 'application/jsonl'],
    ['a.ndjson', undefined, 'jsonl', 'application/jsonl'],
    ['upload', 'text/csv; charset=utf-8', 'csv', 'text/csv'],
    ['upload', 'application/json', 'json', 'application/json'],
    ['upload', 'application/x-ndjson', 'jsonl', 'application/x-ndjson'],
    ['upload', 'application/jsonl', 'jsonl', 'application/jsonl'],
  ])('routes %s (%s) to %s', (name, mediaType, format, routed) => {
    expect(routeSource(source(name, '{}', mediaType))).toEqual({ format, mediaType: routed });
  });

  it('parses with the structured settings given to parseSource', async () => {
    const parsed = await parseSource(source('p.csv', 'sku,name\nA1,Mug\n'), {
      structured: { textFields: ['name'], idField: 'sku' },
    });
    expect(parsed.parserFingerprint).toBe('csv/v1?text=name&id=sku&group=1');
    expect(parsed.records?.[0]).toMatchObject({ text: 'Mug', headingPath: ['A1'] });
  });
});

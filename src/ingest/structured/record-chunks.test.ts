import { describe, expect, it } from 'vitest';
import type { ParsedRecord } from '../../core/types.js';
import { MarkdownChunker } from '../chunk/markdown-chunker.js';
import { recordChunks } from './record-chunks.js';

const record = (text: string, sku: string, extra: Record<string, string> = {}): ParsedRecord => ({
  text,
  metadata: { sku, ...extra },
  headingPath: [sku],
  lineStart: 2,
  lineEnd: 2,
});

describe('recordChunks', () => {
  it('makes one chunk per record, numbered across the document, record fields over document metadata', () => {
    const chunks = recordChunks(new MarkdownChunker(), {
      documentId: 'p.csv',
      records: [record('Red mug', 'P-1', { team: 'shop' }), record('Blue teapot', 'P-2')],
      metadata: { team: 'ops', source: 'import' },
    });
    expect(chunks.map((c) => [c.id, c.ordinal, c.text, c.headingPath, c.metadata])).toEqual([
      ['p.csv:0', 0, 'Red mug', ['P-1'], { team: 'shop', source: 'import', sku: 'P-1' }],
      ['p.csv:1', 1, 'Blue teapot', ['P-2'], { team: 'ops', source: 'import', sku: 'P-2' }],
    ]);
  });

  it('splits a record longer than the budget into several chunks that all carry its metadata', () => {
    const long = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} describes the kettle.`).join(' ');
    const chunks = recordChunks(new MarkdownChunker({ chunkSize: 40, chunkOverlap: 0 }), {
      documentId: 'p.jsonl',
      records: [record(long, 'K-1'), record('Short one', 'K-2')],
    });
    expect(chunks.length).toBeGreaterThan(3);
    const kettle = chunks.filter((c) => c.metadata.sku === 'K-1');
    expect(kettle.length).toBe(chunks.length - 1);
    expect(kettle.every((c) => c.headingPath[0] === 'K-1' && c.tokenCount <= 40)).toBe(true);
    expect(chunks.map((c) => c.ordinal)).toEqual(chunks.map((_, i) => i));
    expect(chunks.at(-1)).toMatchObject({ text: 'Short one', metadata: { sku: 'K-2' } });
  });
});

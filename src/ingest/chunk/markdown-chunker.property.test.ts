import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../core/types.js';
import {
  type ChunkedDocument,
  MarkdownChunker,
  type MarkdownChunkerOptions,
  PAGE_SEPARATOR,
} from './markdown-chunker.js';
import { countTokens } from './tokenizer.js';

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** Runs per property; raise `CHUNK_PROPERTY_RUNS` for a deeper search. */
const RUNS = Number(process.env.CHUNK_PROPERTY_RUNS ?? 150);

const word = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.constantFrom('alpha', 'Beta', 'gamma', 'token', 'naïve', 'x', 'pipe|cell', '#tag'),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '👨‍👩‍👧‍👦',
      '🏳️‍🌈',
      '👍🏽',
      '🇫🇷🇩🇪',
      'cafe\u0301',
      'x\u0323\u0307',
      '\u0301',
      '结构感知的文本分块方法',
      '日本語のテキストです',
      'हिन्दी',
      'ภาษาไทยไม่มีช่องว่าง',
      'a\u200db',
      '\u0600123',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 10, maxLength: 60 }) },
);
const separator = fc.constantFrom(' ', ' ', ' ', '', '  ', '\t', '\u00a0');
const sentence = fc
  .tuple(
    fc.array(fc.tuple(word, separator), { minLength: 1, maxLength: 14 }),
    fc.constantFrom('.', '!', '?', '。', ''),
  )
  .map(([words, end]) => words.map(([text, space]) => text + space).join('') + end);
const paragraph = fc.array(sentence, { minLength: 1, maxLength: 6 }).map((sentences) => sentences.join(' '));
const atxHeading = fc
  .tuple(fc.integer({ min: 1, max: 7 }), sentence, fc.boolean())
  .map(([level, text, closed]) => `${'#'.repeat(level)} ${text}${closed ? ' ##' : ''}`);
const setextHeading = fc
  .tuple(sentence, fc.constantFrom('===', '---', '-'))
  .map(([text, underline]) => `${text}\n${underline}`);
const list = fc
  .array(sentence, { minLength: 1, maxLength: 8 })
  .map((items) => items.map((item, i) => `${i % 2 ? '-' : `${i + 1}.`} ${item}`).join('\n'));
const cell = fc
  .array(word, { minLength: 0, maxLength: 4 })
  .map((words) => words.join(' ').replaceAll('|', '/'));
const table = fc
  .integer({ min: 1, max: 4 })
  .chain((columns) =>
    fc
      .tuple(
        fc.array(cell, { minLength: columns, maxLength: columns }),
        fc.array(fc.array(cell, { minLength: 1, maxLength: columns + 1 }), { maxLength: 14 }),
      )
      .map(([header, rows]) =>
        [header, Array(columns).fill('---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n'),
      ),
  );
const codeLine = fc.oneof(
  sentence,
  fc.constant(''),
  fc.constant('# not a heading'),
  fc.string({ unit: 'grapheme-ascii', maxLength: 80 }),
);
const code = fc
  .tuple(
    fc.constantFrom('```', '~~~', '````'),
    fc.constantFrom('', 'ts', 'py title="a b"'),
    fc.array(codeLine, { maxLength: 16 }),
    fc.boolean(),
  )
  .map(([fence, info, lines, closed]) =>
    [`${fence}${info}`, ...lines, ...(closed ? [fence] : [])].join('\n'),
  );
const block = fc.oneof(
  { weight: 5, arbitrary: paragraph },
  { weight: 2, arbitrary: atxHeading },
  { weight: 1, arbitrary: setextHeading },
  { weight: 2, arbitrary: list },
  { weight: 2, arbitrary: table },
  { weight: 2, arbitrary: code },
  { weight: 1, arbitrary: fc.constantFrom('', '   ', '---', '> quoted line') },
);
const blockBreak = fc.constantFrom('\n\n', '\n\n', '\n', '\r\n\r\n', '\n\n\n');
const pageMarkdown = fc
  .array(fc.tuple(block, blockBreak), { maxLength: 10 })
  .map((blocks) => blocks.map(([text, after]) => text + after).join(''));
const pages = fc
  .array(pageMarkdown, { minLength: 1, maxLength: 3 })
  .map((texts): Page[] => texts.map((markdown, i) => ({ pageNumber: i + 1, markdown })));
const settings = fc
  .tuple(
    fc.constantFrom(2, 5, 12, 40, 160),
    fc.constantFrom(0, 0.25, 0.5, 0.9),
    fc.constantFrom('page' as const, 'document' as const),
    fc.constantFrom('rows' as const, 'whole' as const),
  )
  .map(([chunkSize, ratio, pageBounds, largeTables]) => ({
    chunkSize,
    chunkOverlap: Math.floor(chunkSize * ratio),
    pageBounds,
    largeTables,
  }));
type Settings = MarkdownChunkerOptions & { chunkSize: number; chunkOverlap: number };

function chunkAll(input: Page[], options: Settings): ChunkedDocument {
  const result = new MarkdownChunker(options).chunkWithSpans({ documentId: 'doc', pages: input });
  expect(result.source).toBe(input.map((page) => page.markdown).join(PAGE_SEPARATOR));
  expect(result.spans).toHaveLength(result.chunks.length);
  return result;
}

describe('MarkdownChunker over random Markdown', () => {
  it('emits chunks in source order (span starts never decrease)', () => {
    fc.assert(
      fc.property(pages, settings, (input, options) => {
        const { spans, chunks } = chunkAll(input, options);
        spans.forEach((span, i) => {
          expect(span.end).toBeGreaterThan(span.start);
          expect(chunks[i]!.ordinal).toBe(i);
          if (i > 0) expect(span.start).toBeGreaterThanOrEqual(spans[i - 1]!.start);
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('covers every non-whitespace character of the source, and spans are honest', () => {
    fc.assert(
      fc.property(pages, settings, (input, options) => {
        const { source, chunks, spans } = chunkAll(input, options);
        const covered = new Uint8Array(source.length);
        spans.forEach((span, i) => {
          covered.fill(1, span.start, span.end);
          expect(chunks[i]!.text).toContain(source.slice(span.start, span.end));
        });
        for (let at = 0; at < source.length; at++) {
          if (!covered[at] && /\S/.test(source[at]!)) {
            throw new Error(`character ${JSON.stringify(source[at])} at ${at} is in no chunk`);
          }
        }
        if (!/\S/.test(source)) expect(chunks).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps every chunk within chunkSize tokens unless it is marked indivisible', () => {
    fc.assert(
      fc.property(pages, settings, (input, options) => {
        for (const chunk of chunkAll(input, options).chunks) {
          expect(chunk.tokenCount).toBe(countTokens(chunk.text));
          expect(chunk.indivisible === true).toBe(chunk.tokenCount > options.chunkSize);
          expect(chunk.pageStart).toBeGreaterThanOrEqual(1);
          expect(chunk.pageEnd).toBeGreaterThanOrEqual(chunk.pageStart);
          expect(chunk.pageEnd).toBeLessThanOrEqual(input.length);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps each chunk on one page with page bounds, unless it holds a fence left open across pages', () => {
    fc.assert(
      fc.property(pages, settings, (input, options) => {
        for (const chunk of chunkAll(input, { ...options, pageBounds: 'page' }).chunks) {
          if (chunk.pageStart !== chunk.pageEnd && !/```|~~~/.test(chunk.text)) {
            throw new Error(`chunk ${chunk.ordinal} spans pages ${chunk.pageStart}-${chunk.pageEnd}`);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('never cuts inside a grapheme cluster', () => {
    fc.assert(
      fc.property(pages, settings, (input, options) => {
        const { source, spans } = chunkAll(input, options);
        const boundaries = new Set([...graphemes.segment(source)].map((part) => part.index));
        boundaries.add(source.length);
        for (const span of spans) {
          if (!boundaries.has(span.start) || !boundaries.has(span.end)) {
            throw new Error(`span [${span.start}, ${span.end}) cuts a grapheme cluster`);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });
});

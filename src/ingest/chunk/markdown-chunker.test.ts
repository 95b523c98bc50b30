import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, isCairnError } from '../../core/errors.js';
import type { Chunk, Page } from '../../core/types.js';
import { MarkdownChunker, type MarkdownChunkerOptions } from './markdown-chunker.js';
import { countTokens } from './tokenizer.js';

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

function chunkPages(pages: Page[], options: MarkdownChunkerOptions = {}) {
  return new MarkdownChunker(options).chunkWithSpans({ documentId: 'doc', pages });
}

function chunkMarkdown(markdown: string, options: MarkdownChunkerOptions = {}): Chunk[] {
  return chunkPages([{ pageNumber: 1, markdown }], options).chunks;
}

/** Sentences of distinct numbered words, so every chunk's content can be located. */
function prose(sentences: number, tag = 'w'): string {
  return Array.from(
    { length: sentences },
    (_, s) => `Sentence ${tag}${s} has several plain words in it.`,
  ).join(' ');
}

function expectWithinBudget(chunks: Chunk[], chunkSize: number): void {
  for (const chunk of chunks) {
    expect(chunk.tokenCount).toBe(countTokens(chunk.text));
    expect(chunk.tokenCount).toBeLessThanOrEqual(chunkSize);
    expect(chunk.indivisible).toBeUndefined();
  }
}

describe('new MarkdownChunker(options)', () => {
  it.each([
    [{ chunkSize: 0 }, 'chunkSize'],
    [{ chunkSize: -5 }, 'chunkSize'],
    [{ chunkSize: 12.5 }, 'chunkSize'],
    [{ chunkSize: Number.NaN }, 'chunkSize'],
    [{ chunkOverlap: -1 }, 'chunkOverlap'],
    [{ chunkOverlap: 1.5 }, 'chunkOverlap'],
    [{ chunkSize: 64, chunkOverlap: 64 }, 'chunkOverlap'],
    [{ chunkSize: 64, chunkOverlap: 100 }, 'chunkOverlap'],
    [{ chunkSize: 32 }, 'chunkOverlap'],
  ])('rejects %o naming %s', (options, argument) => {
    let thrown: unknown;
    try {
      new MarkdownChunker(options);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidArgumentError);
    expect(isCairnError(thrown) && thrown.code).toBe('INVALID_ARGUMENT');
    expect((thrown as InvalidArgumentError).argument).toBe(argument);
    expect((thrown as Error).message).toContain(argument);
  });

  it('encodes its settings in the fingerprint, with defaults 512/64/cl100k, page bounds, rows', () => {
    expect(new MarkdownChunker().fingerprint).toBe(
      'markdown-chunker/v1?size=512&overlap=64&tok=cl100k&pages=page',
    );
    expect(new MarkdownChunker({ chunkSize: undefined, chunkOverlap: undefined }).fingerprint).toBe(
      'markdown-chunker/v1?size=512&overlap=64&tok=cl100k&pages=page',
    );
    const tokenizer = { name: 'chars', count: (text: string) => text.length };
    // The chunks of earlier versions (packed across pages) keep their fingerprint.
    expect(
      new MarkdownChunker({ chunkSize: 100, chunkOverlap: 0, tokenizer, pageBounds: 'document' }).fingerprint,
    ).toBe('markdown-chunker/v1?size=100&overlap=0&tok=chars');
    expect(new MarkdownChunker({ largeTables: 'whole' }).fingerprint).toBe(
      'markdown-chunker/v1?size=512&overlap=64&tok=cl100k&pages=page&tables=whole',
    );
  });

  it.each([
    ['pageBounds', { pageBounds: 'pages' }],
    ['largeTables', { largeTables: 'split' }],
  ])('refuses an unknown %s with INVALID_ARGUMENT', (argument, options) => {
    let thrown: unknown;
    try {
      new MarkdownChunker(options as MarkdownChunkerOptions);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidArgumentError);
    expect((thrown as InvalidArgumentError).argument).toBe(argument);
  });

  it('counts with the tokenizer it is given', () => {
    const tokenizer = { name: 'chars', count: (text: string) => text.length };
    const chunks = chunkMarkdown(prose(6), { chunkSize: 80, chunkOverlap: 0, tokenizer });
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      expect(chunk.tokenCount).toBe(chunk.text.length);
      expect(chunk.text.length).toBeLessThanOrEqual(80);
    }
  });
});

describe('chunk() input', () => {
  it('rejects a missing documentId and malformed pages, naming them', () => {
    const chunker = new MarkdownChunker();
    expect(() => chunker.chunk({ documentId: '', pages: [] })).toThrow(/documentId/);
    expect(() => chunker.chunk({ documentId: 'd', pages: [{ pageNumber: 0, markdown: 'x' }] })).toThrow(
      /pages\[0\]\.pageNumber/,
    );
    const outOfOrder = [
      { pageNumber: 2, markdown: 'b' },
      { pageNumber: 1, markdown: 'a' },
    ];
    expect(() => chunker.chunk({ documentId: 'd', pages: outOfOrder })).toThrow(/pages\[1\]\.pageNumber/);
  });

  it('returns [] for no pages, empty pages and whitespace-only pages', () => {
    expect(chunkPages([]).chunks).toEqual([]);
    expect(chunkPages([{ pageNumber: 1, markdown: '' }]).chunks).toEqual([]);
    expect(
      chunkPages([
        { pageNumber: 1, markdown: ' \n\t\n' },
        { pageNumber: 2, markdown: '\u3000 ' },
      ]).chunks,
    ).toEqual([]);
  });
});

describe('chunk.id, chunk.ordinal, chunk.metadata', () => {
  it('numbers chunks from 0 and copies the metadata onto each', () => {
    const metadata = { source: 'a.md', tags: ['x', 'y'], nested: { year: 2024 } };
    const chunks = new MarkdownChunker({ chunkSize: 30, chunkOverlap: 0 }).chunk({
      documentId: 'doc-7',
      pages: [{ pageNumber: 1, markdown: `# Intro\n\n${prose(4)}\n\n## More\n\n${prose(3, 'm')}` }],
      metadata,
    });
    expect(chunks.length).toBeGreaterThan(3);
    chunks.forEach((chunk, index) => {
      expect(chunk.ordinal).toBe(index);
      expect(chunk.id).toBe(`doc-7:${index}`);
      expect(chunk.documentId).toBe('doc-7');
      expect(chunk.metadata).toEqual(metadata);
      expect(chunk.metadata).not.toBe(metadata);
    });
    chunks[0]!.metadata.source = 'changed';
    expect(chunks[1]!.metadata.source).toBe('a.md');
  });

  it('gives {} as metadata when none is passed', () => {
    expect(chunkMarkdown('Hello.')[0]!.metadata).toEqual({});
  });
});

describe('chunk.headingPath', () => {
  const markdown = [
    '# A',
    'text under a',
    '## B',
    'text under b',
    '### C',
    'text under c',
    '## D',
    'text under d',
    '# E',
    'text under e',
  ].join('\n\n');

  it('follows ATX headings; a heading closes open headings of its level and deeper', () => {
    const chunks = chunkMarkdown(markdown);
    expect(chunks.map((chunk) => chunk.headingPath)).toEqual([
      ['A'],
      ['A', 'B'],
      ['A', 'B', 'C'],
      ['A', 'D'],
      ['E'],
    ]);
    expect(chunks.map((chunk) => chunk.text.split('\n')[0])).toEqual(['# A', '## B', '### C', '## D', '# E']);
    expect(chunks[3]!.text).toBe('## D\n\ntext under d');
  });

  it('never packs two sections into one chunk', () => {
    for (const chunk of chunkMarkdown(markdown, { chunkSize: 4000 })) {
      expect(chunk.text.match(/^#+ /gm)).toHaveLength(1);
    }
  });

  it('reads setext headings (= level 1, - level 2), including multi-line ones', () => {
    const chunks = chunkMarkdown(
      'Top\n===\n\nintro\n\nSub part\ncontinued\n---\n\nbody\n\n## Deeper\n\nmore',
    );
    expect(chunks.map((chunk) => chunk.headingPath)).toEqual([
      ['Top'],
      ['Top', 'Sub part continued'],
      ['Top', 'Deeper'],
    ]);
    expect(chunks[1]!.text).toBe('Sub part\ncontinued\n---\n\nbody');
  });

  it('strips closing hashes and ignores #-lines that are not headings', () => {
    const chunks = chunkMarkdown(
      '## Title ##\n\n#hashtag is text\n\n```sh\n# a shell comment\n```\n\n    # indented code\n\n####### seven',
    );
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.headingPath).toEqual(['Title']);
  });

  it('starts a section chunk with a lone parent heading that is followed by a deeper one', () => {
    const chunks = chunkMarkdown('# Guide\n\n## Install\n\nRun the installer.\n\n## Use\n\nCall it.');
    expect(chunks.map((chunk) => chunk.text)).toEqual([
      '# Guide\n\n## Install\n\nRun the installer.',
      '## Use\n\nCall it.',
    ]);
    expect(chunks[0]!.headingPath).toEqual(['Guide', 'Install']);
  });

  it('holds the text of a heading that is a link, not its Markdown or URL', () => {
    const chunks = chunkMarkdown(
      '# [Guide](https://example.com/guide "The guide")\n\n## ![logo](logo.png) Setup <https://x.org>\n\nBody text.',
    );
    expect(chunks.map((chunk) => chunk.headingPath)).toEqual([['Guide', 'logo Setup https://x.org']]);
    expect(chunks[0]!.text).toContain('[Guide](https://example.com/guide');
  });

  it('is [] for text before the first heading', () => {
    const chunks = chunkMarkdown('preamble\n\n# H\n\nbody');
    expect(chunks[0]!.headingPath).toEqual([]);
    expect(chunks[0]!.text).toBe('preamble');
  });
});

describe('packing and splitting', () => {
  it('packs consecutive small blocks of a section into one chunk', () => {
    const markdown = '# H\n\nFirst paragraph.\n\nSecond paragraph.\n\n- item one\n- item two';
    expect(chunkMarkdown(markdown).map((chunk) => chunk.text)).toEqual([markdown]);
  });

  it('splits an over-budget paragraph at sentence starts and keeps every chunk within budget', () => {
    const text = prose(30);
    const chunks = chunkMarkdown(text, { chunkSize: 40, chunkOverlap: 0 });
    expect(chunks.length).toBeGreaterThan(5);
    expectWithinBudget(chunks, 40);
    for (const chunk of chunks) expect(chunk.text).toMatch(/^Sentence w\d+ .*\.$/s);
    expect(chunks.map((chunk) => chunk.text).join(' ')).toBe(text);
  });

  it('falls back to word starts when a sentence is over budget', () => {
    const sentence = `${Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ')}.`;
    const chunks = chunkMarkdown(sentence, { chunkSize: 25, chunkOverlap: 0 });
    expectWithinBudget(chunks, 25);
    expect(chunks.map((chunk) => chunk.text).join(' ')).toBe(sentence);
    for (const chunk of chunks) expect(chunk.text).toMatch(/^word\d+\b/);
  });

  it('starts a section with its heading even when the first paragraph alone nearly fills the budget', () => {
    const paragraph = prose(5);
    const chunkSize = countTokens(paragraph) + 2;
    const chunks = chunkMarkdown(`## A long heading for this section\n\n${paragraph}`, {
      chunkSize,
      chunkOverlap: 0,
    });
    expect(chunks.length).toBe(2);
    expect(chunks[0]!.text).toMatch(/^## A long heading for this section\n\nSentence w0 /);
    expectWithinBudget(chunks, chunkSize);
  });

  it('cuts a word longer than the budget at grapheme boundaries, in pieces within the budget', () => {
    const word = 'x'.repeat(300);
    const chunks = chunkMarkdown(`Short start.\n\n${word}\n\nShort end.`, { chunkSize: 10, chunkOverlap: 0 });
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.map((chunk) => chunk.text.replace(/\s+/g, '')).join('')).toBe(
      `Shortstart.${word}Shortend.`,
    );
    expectWithinBudget(chunks, 10);
    expect(chunks.some((chunk) => chunk.indivisible)).toBe(false);
  });

  it('keeps a long run of letters linear in time and never splits a grapheme cluster', () => {
    const family = '👨\u200d👩\u200d👧\u200d👦';
    const run = `${'y'.repeat(200_000)}${family.repeat(50)}`;
    const started = performance.now();
    const chunks = chunkMarkdown(run, { chunkSize: 512, chunkOverlap: 0 });
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(run);
    expectWithinBudget(chunks, 512);
    for (const chunk of chunks)
      expect(chunk.text.split(family).join('')).not.toMatch(/[\u200d\u{1F466}-\u{1F469}]/u);
  });

  it('marks one grapheme cluster over the budget indivisible and keeps it whole', () => {
    const family = '👨\u200d👩\u200d👧\u200d👦';
    const chunks = chunkMarkdown(`Short start.\n\n${family}\n\nShort end.`, {
      chunkSize: 3,
      chunkOverlap: 0,
    });
    const whole = chunks.find((chunk) => chunk.text.includes('👨'));
    expect(whole!.text).toBe(family);
    expect(whole!.indivisible).toBe(true);
    expect(whole!.tokenCount).toBeGreaterThan(3);
  });

  it('cuts a long hyphenated run at word-segment boundaries before calling it indivisible', () => {
    const run = Array.from({ length: 60 }, (_, i) => `part${i}`).join('-');
    const chunks = chunkMarkdown(run, { chunkSize: 12, chunkOverlap: 0 });
    expect(chunks.length).toBeGreaterThan(3);
    expectWithinBudget(chunks, 12);
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(run);
  });
});

describe('tables', () => {
  const header = '| id | name | score |';
  const delimiter = '|---:|:-----|-------|';
  const rows = Array.from({ length: 30 }, (_, i) => `| ${i} | person number ${i} | ${i * 7} |`);
  const table = [header, delimiter, ...rows].join('\n');

  it('keeps a table that fits the budget whole, separate from prose that does not fit beside it', () => {
    const before = prose(3);
    const chunkSize = countTokens(table) + 5;
    const chunks = chunkMarkdown(`${before}\n\n${table}\n\nAfter the table.`, {
      chunkSize,
      chunkOverlap: 16,
    });
    const withTable = chunks.filter((chunk) => chunk.text.includes(header));
    expect(withTable).toHaveLength(1);
    expect(withTable[0]!.text.startsWith(table)).toBe(true);
    expectWithinBudget(chunks, chunkSize);
  });

  it('splits an over-budget table between rows, repeating header and delimiter rows in each part', () => {
    const chunks = chunkMarkdown(`# Scores\n\n${table}`, { chunkSize: 60, chunkOverlap: 20 });
    expect(chunks.length).toBeGreaterThan(3);
    expectWithinBudget(chunks, 60);
    expect(chunks[0]!.text.startsWith(`# Scores\n\n${header}\n${delimiter}\n`)).toBe(true);
    const bodies = chunks.map((chunk, index) => {
      const lines = chunk.text.split('\n').slice(index === 0 ? 2 : 0);
      expect(lines.slice(0, 2)).toEqual([header, delimiter]);
      return lines.slice(2);
    });
    expect(bodies.flat()).toEqual(rows);
  });

  it("with largeTables 'whole', keeps an over-budget table as one indivisible chunk", () => {
    const chunks = chunkMarkdown(`# Scores\n\nBefore.\n\n${table}\n\nAfter.`, {
      chunkSize: 60,
      chunkOverlap: 20,
      largeTables: 'whole',
    });
    const withRows = chunks.filter((chunk) => chunk.text.includes('person number'));
    expect(withRows).toHaveLength(1);
    expect(withRows[0]!.text).toBe(table);
    expect(withRows[0]!.indivisible).toBe(true);
    expect(withRows[0]!.tokenCount).toBe(countTokens(table));
    expect(chunks.some((chunk) => chunk.text.includes('After.'))).toBe(true);
  });

  it('does not take pipe lines without a delimiter row for a table', () => {
    const lines = ['left | right', ...Array.from({ length: 30 }, (_, i) => `cell ${i} | value ${i}`)];
    const chunks = chunkMarkdown(lines.join('\n'), { chunkSize: 30, chunkOverlap: 0 });
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.filter((chunk) => chunk.text.includes('left | right'))).toHaveLength(1);
  });
});

describe('fenced code', () => {
  const lines = Array.from({ length: 40 }, (_, i) => `  const value${i} = compute(${i}); // line ${i}`);

  it.each([
    ['```ts title="x.ts"', '```'],
    ['~~~~python', '~~~~'],
  ])('splits over-budget code %s at line ends with balanced fences', (opener, closer) => {
    const code = [opener, ...lines, closer].join('\n');
    const chunks = chunkMarkdown(`Intro.\n\n${code}\n\nOutro.`, { chunkSize: 50, chunkOverlap: 10 });
    const parts = chunks.filter((chunk) => chunk.text.includes('const value'));
    expect(parts.length).toBeGreaterThan(3);
    expectWithinBudget(chunks, 50);
    const body: string[] = [];
    for (const part of parts) {
      const partLines = part.text.split('\n');
      const open = partLines.indexOf(opener);
      expect(open).toBeGreaterThanOrEqual(0);
      const close = partLines.indexOf(closer, open + 1);
      expect(close).toBeGreaterThan(open);
      expect(partLines.filter((line) => line === opener || line === closer)).toHaveLength(2);
      body.push(...partLines.slice(open + 1, close));
    }
    expect(body).toEqual(lines);
  });

  it('keeps code that fits whole, and never reads headings inside it', () => {
    const code = ['```md', '# not a heading', '', 'text', '```'].join('\n');
    const chunks = chunkMarkdown(`# Real\n\n${code}`);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.text).toBe(`# Real\n\n${code}`);
    expect(chunks[0]!.headingPath).toEqual(['Real']);
  });

  it('closes every part of a never-closed fence', () => {
    const chunks = chunkMarkdown(['```', ...lines].join('\n'), { chunkSize: 50, chunkOverlap: 0 });
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      expect(chunk.text.startsWith('```\n')).toBe(true);
      expect(chunk.text.endsWith('\n```')).toBe(true);
    }
  });

  it('closes a never-closed fence that fits one chunk', () => {
    const chunks = chunkMarkdown('# Setup\n\n```sh\nnpm ci\nnpm test');
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.text).toBe('# Setup\n\n```sh\nnpm ci\nnpm test\n```');
    expect(chunks[0]!.tokenCount).toBe(countTokens(chunks[0]!.text));
  });

  it('marks a single code line over budget indivisible', () => {
    const long = `x = [${Array.from({ length: 200 }, (_, i) => i).join(', ')}]`;
    const chunks = chunkMarkdown(['```py', 'a = 1', long, 'b = 2', '```'].join('\n'), {
      chunkSize: 30,
      chunkOverlap: 0,
    });
    const over = chunks.filter((chunk) => chunk.indivisible);
    expect(over).toHaveLength(1);
    expect(over[0]!.text).toBe(`\`\`\`py\n${long}\n\`\`\``);
    expect(chunks.filter((chunk) => !chunk.indivisible).every((chunk) => chunk.tokenCount <= 30)).toBe(true);
  });
});

describe('overlap', () => {
  it('starts the next chunk of a section with a tail of the previous one, cut at a word start', () => {
    const chunkSize = 40;
    const chunkOverlap = 12;
    const chunks = chunkMarkdown(prose(20), { chunkSize, chunkOverlap });
    expectWithinBudget(chunks, chunkSize);
    let overlapping = 0;
    for (let i = 1; i < chunks.length; i++) {
      const previous = chunks[i - 1]!.text;
      const next = chunks[i]!.text;
      let shared = Math.min(previous.length, next.length);
      while (shared > 0 && !previous.endsWith(next.slice(0, shared))) shared--;
      if (shared === 0) continue;
      overlapping++;
      const tail = next.slice(0, shared);
      expect(countTokens(tail)).toBeLessThanOrEqual(chunkOverlap);
      expect(previous.length - shared === 0 || /\s/.test(previous[previous.length - shared - 1]!)).toBe(true);
    }
    expect(overlapping).toBe(chunks.length - 1);
  });

  it('prefers a sentence start for the tail', () => {
    const text = Array.from({ length: 12 }, (_, i) => `Short sentence ${i}.`).join(' ');
    const chunks = chunkMarkdown(text, { chunkSize: 20, chunkOverlap: 8 });
    for (const chunk of chunks) expect(chunk.text).toMatch(/^Short sentence \d+\./);
    expect(chunks[1]!.text.startsWith(chunks[0]!.text.split('. ').at(-1)!)).toBe(true);
  });

  it('does not repeat text across sections, tables or code', () => {
    const table = ['| k | v |', '|---|---|', ...Array.from({ length: 20 }, (_, i) => `| key${i} | v${i} |`)];
    const markdown = `# One\n\n${prose(6)}\n\n${table.join('\n')}\n\n# Two\n\n${prose(6, 'z')}`;
    const { chunks, spans } = chunkPages([{ pageNumber: 1, markdown }], { chunkSize: 40, chunkOverlap: 20 });
    for (let i = 1; i < chunks.length; i++) {
      const startsSection = /^# /.test(chunks[i]!.text);
      const startsTable = chunks[i]!.text.startsWith('| k | v |');
      if (startsSection || startsTable) expect(spans[i]!.start).toBeGreaterThanOrEqual(spans[i - 1]!.end);
    }
    expect(chunks.some((chunk) => chunk.text.startsWith('| k | v |'))).toBe(true);
  });

  it('is off with chunkOverlap 0: spans do not overlap', () => {
    const { spans } = chunkPages([{ pageNumber: 1, markdown: prose(20) }], {
      chunkSize: 30,
      chunkOverlap: 0,
    });
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.start).toBeGreaterThan(spans[i - 1]!.end);
  });
});

describe('chunk.pageStart, chunk.pageEnd', () => {
  const pages: Page[] = [
    { pageNumber: 4, markdown: `# Report\n\n${prose(3, 'a')}` },
    { pageNumber: 5, markdown: '   ' },
    { pageNumber: 6, markdown: prose(2, 'b') },
  ];

  it("with pageBounds 'document', spans pages when a chunk does, with the input page numbers", () => {
    const { chunks } = chunkPages(pages, { pageBounds: 'document' });
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({ pageStart: 4, pageEnd: 6 });
  });

  it('by default ends a chunk at each page boundary, even with room to spare', () => {
    const { chunks } = chunkPages(pages);
    expect(chunks.map((chunk) => [chunk.pageStart, chunk.pageEnd])).toEqual([
      [4, 4],
      [6, 6],
    ]);
    expect(chunks[0]!.text).toContain('Sentence a2');
    expect(chunks[0]!.text).not.toContain('Sentence b0');
    expect(chunks[1]!.text.startsWith('Sentence b0')).toBe(true);
    // The section goes on: the second page's chunk keeps the heading path.
    expect(chunks[1]!.headingPath).toEqual(['Report']);
  });

  it('never repeats the previous page as overlap', () => {
    const long: Page[] = [
      { pageNumber: 1, markdown: prose(8, 'a') },
      { pageNumber: 2, markdown: prose(8, 'b') },
    ];
    const { chunks } = chunkPages(long, { chunkSize: 30, chunkOverlap: 15 });
    for (const chunk of chunks) {
      expect(chunk.pageStart).toBe(chunk.pageEnd);
      if (chunk.pageStart === 2) expect(chunk.text).not.toMatch(/Sentence a/);
    }
    // Overlap still works within a page.
    const firstPage = chunks.filter((chunk) => chunk.pageStart === 1);
    expect(firstPage.length).toBeGreaterThan(1);
  });

  it("opens the next page's chunk with a heading left at the foot of a page, naming that page", () => {
    const { chunks } = chunkPages([
      { pageNumber: 1, markdown: `${prose(2, 'a')}\n\n## Findings` },
      { pageNumber: 2, markdown: prose(2, 'b') },
    ]);
    expect(chunks).toHaveLength(2);
    expect(chunks[1]!.text.startsWith('## Findings\n\nSentence b0')).toBe(true);
    expect(chunks[1]).toMatchObject({ pageStart: 2, pageEnd: 2, headingPath: ['Findings'] });
  });

  it('gives each chunk the pages of its own text', () => {
    const { chunks } = chunkPages(pages, { chunkSize: 20, chunkOverlap: 0, pageBounds: 'document' });
    for (const chunk of chunks) {
      const onFirst = /Sentence a\d|^# Report/.test(chunk.text);
      const onLast = /Sentence b\d/.test(chunk.text);
      expect(chunk.pageStart).toBe(onFirst ? 4 : 6);
      expect(chunk.pageEnd).toBe(onLast ? 6 : 4);
    }
    expect(new Set(chunks.map((chunk) => chunk.pageStart))).toEqual(new Set([4, 6]));
  });
});

describe('grapheme safety', () => {
  function expectWholeGraphemes(markdown: string, options: MarkdownChunkerOptions): Chunk[] {
    const { source, chunks, spans } = chunkPages([{ pageNumber: 1, markdown }], options);
    const boundaries = new Set([...graphemes.segment(source)].map((part) => part.index));
    boundaries.add(source.length);
    spans.forEach((span, index) => {
      expect(boundaries.has(span.start)).toBe(true);
      expect(boundaries.has(span.end)).toBe(true);
      expect(chunks[index]!.text).toBe(source.slice(span.start, span.end));
    });
    return chunks;
  }

  it('never cuts an emoji ZWJ sequence', () => {
    const family = '👨‍👩‍👧‍👦';
    for (const markdown of [
      `${family} `.repeat(40),
      family.repeat(40),
      `Family ${family}${family} here. `.repeat(10),
    ]) {
      const chunks = expectWholeGraphemes(markdown, { chunkSize: 8, chunkOverlap: 3 });
      expect(chunks.length).toBeGreaterThan(2);
      for (const chunk of chunks) {
        for (const { segment } of graphemes.segment(chunk.text)) {
          if (/\p{Extended_Pictographic}/u.test(segment)) expect(segment).toBe(family);
        }
      }
    }
  });

  it('never separates a combining mark from its base', () => {
    const word = 'cafe\u0301 n\u0303o x\u0323\u0307 ';
    const chunks = expectWholeGraphemes(word.repeat(30), { chunkSize: 6, chunkOverlap: 2 });
    for (const chunk of chunks) expect(chunk.text).not.toMatch(/^\p{M}/u);
  });

  it('keeps clusters that word and sentence boundaries would cut (a mark on a space, a prepended sign)', () => {
    const text = 'alpha \u0301beta gamma\u0600 delta. '.repeat(12);
    expectWholeGraphemes(text, { chunkSize: 3, chunkOverlap: 0 });
    expectWholeGraphemes(text, { chunkSize: 5, chunkOverlap: 2 });
    expectWholeGraphemes(text, { chunkSize: 12, chunkOverlap: 0 });
  });

  it('cuts CJK text without spaces between words, within budget', () => {
    const sentence = '我们在研究结构感知的文本分块方法并且测试它的正确性';
    const text = `${sentence}。`.repeat(6) + sentence.repeat(4);
    const chunks = expectWholeGraphemes(text, { chunkSize: 12, chunkOverlap: 0 });
    expect(chunks.length).toBeGreaterThan(5);
    expectWithinBudget(chunks, 12);
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(text);
  });
});

describe('linear time', () => {
  /** The default tokenizer, recording how many UTF-16 units it was asked to count. */
  function countingChunker() {
    let counted = 0;
    const chunker = new MarkdownChunker({
      tokenizer: {
        name: 'counting',
        count: (text) => {
          counted += text.length;
          return countTokens(text);
        },
      },
    });
    return { chunker, counted: () => counted };
  }

  const shapes: Record<string, (size: number) => string> = {
    'one paragraph with long runs of mixed whitespace': (size) =>
      Array.from({ length: Math.ceil(size / 45) }, (_, i) => `w${i}${' \t'.repeat(20)}`).join(''),
    'a 1,000-level nested list': (size) =>
      Array.from({ length: Math.ceil(size / 1_000_000) }, () =>
        Array.from({ length: 1000 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n'),
      ).join('\n\n'),
    'one line of words': (size) =>
      Array.from({ length: Math.ceil(size / 8) }, (_, i) => `word${i}`).join(' '),
    'runs of 5,000 spaces': (size) =>
      Array.from({ length: Math.ceil(size / 5006) }, (_, i) => `w${i}${' '.repeat(5000)}`).join(''),
  };

  it.each(Object.entries(shapes))('counts each character a bounded number of times: %s', (_, make) => {
    const work = [250_000, 1_000_000].map((size) => {
      const markdown = make(size);
      const { chunker, counted } = countingChunker();
      const chunks = chunker.chunk({ documentId: 'doc', pages: [{ pageNumber: 1, markdown }] });
      expect(chunks.length).toBeGreaterThan(0);
      return counted() / markdown.length;
    });
    // Characters counted per input character: bounded, and no larger for the larger input.
    expect(work[0]).toBeLessThan(12);
    expect(work[1]).toBeLessThan(12);
    expect(work[1]!).toBeLessThan(work[0]! * 1.5 + 1);
  });
});

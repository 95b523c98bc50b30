import { describe, expect, it } from 'vitest';
import type { Answer, Hit } from '../../core/types.js';
import {
  formatExpansions,
  formatIngestReport,
  formatScore,
  formatSources,
  formatWatchBatch,
  printable,
  printableText,
  snippet,
} from './format.js';

describe('printable', () => {
  it('escapes escape sequences, line breaks, tabs, C1 controls and bidirectional overrides', () => {
    expect(printable('evil\u001b[31mred\nforged\tline\r\u009b2J\u202egpj.exe')).toBe(
      'evil\\x1b[31mred\\nforged\\tline\\r\\x9b2J\\u202egpj.exe',
    );
  });

  it('leaves ordinary names, accents and emoji alone', () => {
    expect(printable('reports/Ångström – résumé 📄.pdf')).toBe('reports/Ångström – résumé 📄.pdf');
  });
});

describe('printableText', () => {
  it('keeps lines and tabs but escapes the rest', () => {
    expect(printableText('line one\n\tline two\u001b]0;title\u0007')).toBe(
      'line one\n\tline two\\x1b]0;title\\x07',
    );
  });
});

describe('human-readable output', () => {
  it('escapes names and reasons in the ingest summary, and snippets', () => {
    const text = formatIngestReport({
      items: [
        {
          documentId: 'a\u001b[2Jb.txt',
          sourceName: 'a\u001b[2Jb.txt',
          status: 'skipped',
          reason: 'empty',
          pages: 0,
          chunks: 0,
          milliseconds: 1,
        },
      ],
      pruned: ['gone\n0 ingested, 0 unchanged.md'],
      totals: {
        ingested: 0,
        unchanged: 0,
        skipped: 1,
        failed: 0,
        pages: 0,
        chunks: 0,
        pruned: 0,
        deletedChunks: 0,
        seconds: 0.1,
      },
    });
    expect(text).not.toMatch(/\u001b/);
    expect(text.split('\n')).toEqual([
      'skipped a\\x1b[2Jb.txt (empty)',
      'pruned gone\\n0 ingested, 0 unchanged.md',
      '0 ingested, 0 unchanged, 1 skipped, 0 failed; 0 pages, 0 chunks in 0.1 s',
    ]);
    expect(snippet('bell\u0007 and \u001b[0m reset')).toBe('bell\\x07 and \\x1b[0m reset');
  });
});

describe('formatWatchBatch', () => {
  const item = (documentId: string, status: 'ingested' | 'unchanged' | 'skipped' | 'failed', extra = {}) => ({
    documentId,
    sourceName: documentId,
    status,
    pages: 1,
    chunks: 0,
    milliseconds: 1,
    ...extra,
  });
  const totals = {
    ingested: 1,
    unchanged: 1,
    skipped: 0,
    failed: 1,
    pages: 1,
    chunks: 3,
    pruned: 0,
    removed: 2,
    deletedChunks: 4,
    seconds: 0.1,
  };

  it('prints a line per change, names and reasons escaped', () => {
    const text = formatWatchBatch({
      kind: 'change',
      items: [
        item('guide.md', 'ingested', { chunks: 3 }),
        item('one.md', 'ingested', { chunks: 1 }),
        item('same.md', 'unchanged'),
        item('bad\u001b[2J.pdf', 'failed', { reason: 'truncated\nforged line' }),
      ],
      pruned: [],
      removed: ['gone.md', 'evil\r\nremoved all.md'],
      totals,
    });
    expect(text).toBe(
      [
        'ingested guide.md (3 chunks)',
        'ingested one.md (1 chunk)',
        'unchanged same.md',
        'failed bad\\x1b[2J.pdf (truncated\\nforged line)',
        'removed gone.md',
        'removed evil\\r\\nremoved all.md',
        '',
      ].join('\n'),
    );
  });
});

describe('formatIngestReport of a stopped run', () => {
  it('says the run stopped before its end', () => {
    const totals = {
      ingested: 0,
      unchanged: 0,
      skipped: 0,
      failed: 0,
      pages: 0,
      chunks: 0,
      pruned: 0,
      deletedChunks: 0,
      seconds: 0,
    };
    expect(formatIngestReport({ items: [], pruned: [], totals, stopped: true })).toMatch(
      /^stopped: the files after/,
    );
    expect(formatIngestReport({ items: [], pruned: [], totals })).not.toMatch(/stopped/);
  });
});

describe('formatExpansions', () => {
  it('says how each abbreviation was read, escaped, and nothing without any', () => {
    expect(formatExpansions([{ abbreviation: 'R&D', expansion: 'research and development' }])).toBe(
      'Read "R&D" as "research and development".\n',
    );
    expect(
      formatExpansions([
        { abbreviation: 'SG&A', expansion: 'selling, general and administrative' },
        { abbreviation: 'AVL', expansion: 'automatic\u001bvehicle location' },
      ]),
    ).toBe(
      'Read "SG&A" as "selling, general and administrative", "AVL" as "automatic\\x1bvehicle location".\n',
    );
    expect(formatExpansions([])).toBe('');
  });
});

describe('formatScore', () => {
  it('keeps four decimals, and shows tiny scores in significant digits instead of 0.0000', () => {
    expect(formatScore(0.0491803)).toBe('0.0492');
    expect(formatScore(12.3456789)).toBe('12.3457');
    expect(formatScore(0)).toBe('0.0000');
    expect(formatScore(9.7e-7)).toBe('9.7e-7');
    expect(formatScore(-2.5e-5)).toBe('-0.000025');
    expect(formatScore(0.0001)).toBe('0.0001');
  });
});

describe('formatSources', () => {
  const hit: Hit = {
    chunk: {
      id: 'report.md:0',
      documentId: 'report.md',
      sourceId: 'report.md',
      ordinal: 0,
      text: 'Payments made in connection with business acquisitions, net',
      headingPath: ['Cash flows'],
      pageStart: 1,
      pageEnd: 1,
      tokenCount: 8,
      metadata: {},
    },
    score: 1,
    scores: { lexical: 1 },
    sourceName: 'report.md',
  };
  const answer = (notFound: boolean): Answer => ({
    text: 'x [1]',
    sources: [{ n: 1, hit }],
    cited: [1],
    notFound,
    answeredBy: 'extractive',
  });

  it('lists the cited sources of an answer, and where a "not found" looked under its own title', () => {
    expect(formatSources(answer(false))).toBe('\nSources:\n[1] report.md, p. 1, Cash flows');
    expect(formatSources(answer(true))).toBe('\nLooked in:\n[1] report.md, p. 1, Cash flows');
  });
});

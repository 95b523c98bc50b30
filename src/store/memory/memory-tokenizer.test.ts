import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { FTS_TOKENIZER } from '../sqlite/sqlite-schema.js';
import { indexTerm, queryIndexTerms, tokenize } from './memory-tokenizer.js';

/** The terms FTS5 indexes for each text, in order, with the SQLite store's tokenizer. */
function fts5Terms(texts: string[]): string[][] {
  const db = new Database(':memory:');
  try {
    db.exec(`CREATE VIRTUAL TABLE t USING fts5(content, tokenize = '${FTS_TOKENIZER}');
      CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance');`);
    const insert = db.prepare('INSERT INTO t (rowid, content) VALUES (?, ?)');
    texts.forEach((text, i) => {
      insert.run(i + 1, text);
    });
    const terms = texts.map((): string[] => []);
    const rows = db.prepare('SELECT doc, term FROM v ORDER BY doc, "offset"').all() as Array<{
      doc: number;
      term: string;
    }>;
    for (const row of rows) terms[row.doc - 1]!.push(row.term);
    return terms;
  } finally {
    db.close();
  }
}

const SAME_AS_FTS5 = [
  'The quick brown fox jumps over the lazy dog',
  'Foxes are quick and clever; quick foxes hunt at dusk',
  'A café in Paris serves strong coffee to running visitors',
  'Relational generalization of hopeful skies: conditional sensibilities, agreed, feed, happily',
  'naïve façade coöperate Straße ŁÓDŹ Ærøskøbing déjà-vu',
  'decomposed e\u0301te\u0301 and cafe\u0301',
  'snake_case kebab-case dot.ted 3.14 1,000 C++ e-mail x2 2024 ²³ ½',
  'Ελληνικά κείμενα ΆΈΉ Ωmega',
  'Русский язык йод Ёлка мир',
  '日本語のテキストです 한국어 텍스트 東京',
  'emoji🚀rocket “quoted” (parens) [brackets] {braces} <angle>',
  'Line\nbreak\ttab',
  `${'x'.repeat(70)}ing ${'y'.repeat(63)}s ${'z'.repeat(61)}ing`,
  'ıi İstanbul DŽ ǅ ǆ',
  // Units and Greek letters of biomedical text; the micro sign folds to mu as in FTS5.
  'IL-6 CD4+ 5-HT β-catenin TNF-α NF-κB 1α,25(OH)2D3 Na+/K+-ATPase 37°C Ca²⁺ H₂O',
  '5 µg/kg 5 μg/kg 10 µM ΛΌΓΟΣ λόγος ſtraße ẛ ϐ ϑ ϕ ϖ ϰ ϱ ϵ \u1fbe',
];

describe('tokenize', () => {
  it('indexes the same terms as FTS5 for Latin, Greek, Cyrillic and CJK text', () => {
    const expected = fts5Terms(SAME_AS_FTS5);
    SAME_AS_FTS5.forEach((text, i) => {
      expect(tokenize(text), text).toEqual(expected[i]);
    });
  });

  it('keeps words with non-Latin combining marks whole, where FTS5 splits them', () => {
    expect(tokenize('हिन्दी भाषा')).toEqual(['हिन्दी', 'भाषा']);
    expect(fts5Terms(['हिन्दी'])[0]!.length).toBeGreaterThan(1);
  });
});

describe('queryIndexTerms', () => {
  it('maps each query word to one index term, keeping words that stem alike', () => {
    expect(queryIndexTerms('Running "runs" -CAFÉ NEAR(dusk) run')).toEqual([
      'run',
      'run',
      'cafe',
      'near',
      'dusk',
      'run',
    ]);
    expect(queryIndexTerms('!!! ... ()')).toEqual([]);
  });

  it('agrees with tokenize on every word', () => {
    for (const text of SAME_AS_FTS5) {
      expect(queryIndexTerms(text).every((term) => tokenize(text).includes(term))).toBe(true);
    }
    expect(indexTerm('Visitors')).toBe(tokenize('visitors')[0]);
  });
});

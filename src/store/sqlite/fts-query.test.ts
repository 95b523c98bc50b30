import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ftsMatchExpression } from './fts-query.js';
import { FTS_TOKENIZER } from './sqlite-schema.js';

const db = new Database(':memory:');
db.exec(`CREATE VIRTUAL TABLE f USING fts5(content, headings, tokenize = '${FTS_TOKENIZER}')`);
db.prepare('INSERT INTO f (content, headings) VALUES (?, ?)').run('near the content of a café', 'OR heading');
afterAll(() => db.close());
const search = (expression: string) => db.prepare('SELECT rowid FROM f WHERE f MATCH ?').all(expression);

describe('ftsMatchExpression', () => {
  it('quotes each word and joins them with OR', () => {
    expect(ftsMatchExpression('NEAR(a b) -x')).toBe('"NEAR" OR "a" OR "b" OR "x"');
    expect(ftsMatchExpression('content:foo "unbalanced')).toBe('"content" OR "foo" OR "unbalanced"');
    expect(ftsMatchExpression('Café café CAFÉ')).toBe('"Café"');
  });

  it('returns undefined for text without words', () => {
    for (const text of ['', ' ', '!!!', '()', '*', '"', '-', ':', '^', '…', '\u0301']) {
      expect(ftsMatchExpression(text)).toBeUndefined();
    }
  });

  it('makes operator words and column prefixes plain terms', () => {
    expect(search(ftsMatchExpression('OR')!)).toHaveLength(1);
    expect(search(ftsMatchExpression('near')!)).toHaveLength(1);
    expect(search(ftsMatchExpression('headings:cafe')!)).toHaveLength(1);
    expect(search(ftsMatchExpression('AND NOT')!)).toHaveLength(0);
  });

  it('always yields an expression FTS5 accepts', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        fc.string({ unit: 'binary', maxLength: 40 }),
        (a, b) => {
          for (const text of [a, b, `${a} ${b}`]) {
            const expression = ftsMatchExpression(text);
            if (expression === undefined) continue;
            expect(expression).toMatch(/^"[^"]+"( OR "[^"]+")*$/);
            expect(() => search(expression)).not.toThrow();
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

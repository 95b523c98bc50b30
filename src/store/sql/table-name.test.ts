import { describe, expect, it } from 'vitest';
import { tableNameFor } from './table-name.js';

describe('tableNameFor', () => {
  it('is a readable slug plus a hash of the exact name', () => {
    expect(tableNameFor('My Docs')).toMatch(/^cairn_c_my_docs_[0-9a-f]{12}$/);
    expect(tableNameFor('Ünïcödé')).toMatch(/^cairn_c_unicode_[0-9a-f]{12}$/);
    expect(tableNameFor('🚀')).toMatch(/^cairn_c_[0-9a-f]{12}$/);
    expect(tableNameFor('My Docs')).toBe(tableNameFor('My Docs'));
  });

  it('keeps names that slug alike apart', () => {
    const names = ['a b', 'a_b', 'A B', 'a-b', 'a  b', ' a b', 'a b '];
    expect(new Set(names.map(tableNameFor)).size).toBe(names.length);
  });

  it('uses only [a-z0-9_] and stays within 53 characters', () => {
    for (const name of ["'; DROP TABLE x; --", '"quoted"', 'x'.repeat(5000), '名前', 'a\u0000b', '___']) {
      const table = tableNameFor(name);
      expect(table).toMatch(/^[a-z0-9_]+$/);
      expect(table.length).toBeLessThanOrEqual(53);
      expect(table).not.toMatch(/__|_$/);
    }
  });
});

/**
 * Cuts a GFM table into atoms: whole when it fits the budget, else one atom per body row, each
 * later row carrying the header and delimiter rows to repeat when it opens a chunk.
 * @module
 */
import { type Atom, type AtomContext, affix, countSpan } from './atom.js';
import type { TableBlock } from './markdown-blocks.js';

/**
 * Atoms for `table` (holding `tokens` tokens). When split, the first atom runs from the header
 * to the first body row, so every part of the table starts with its header and delimiter rows.
 * A row that does not fit beside the header is an atom over budget. With `wholeTables` a table
 * over budget is one atom over budget.
 */
export function tableAtoms(context: AtomContext, table: TableBlock, tokens: number): Atom[] {
  const { header, delimiter, rows } = table;
  if (tokens <= context.budget || rows.length <= 1 || context.wholeTables) {
    return [{ kind: 'table', start: table.start, end: table.end, tokens }];
  }
  const headerText = context.source.slice({ start: header.start, end: delimiter.end });
  const lead = affix(context, `${headerText}\n`);
  const first = { start: header.start, end: rows[0]!.end };
  const atoms: Atom[] = [{ kind: 'table', ...first, tokens: countSpan(context, first) }];
  for (const row of rows.slice(1)) {
    atoms.push({ kind: 'table', start: row.start, end: row.end, tokens: countSpan(context, row), lead });
  }
  return atoms;
}

/**
 * Turns one section into the atoms the packer joins: its heading lines, then each block whole
 * or cut (prose by sentence and word, tables by row, code by line).
 * @module
 */
import { type Atom, type AtomContext, countProse, countSpan } from './atom.js';
import { codeAtoms } from './code-atoms.js';
import type { Section } from './sections.js';
import { tableAtoms } from './table-atoms.js';
import { textAtoms } from './text-atoms.js';

/**
 * Atoms of `section`, in source order. Every block is counted once (prose far too long to fit is
 * cut without being counted). A block over the budget is cut; so is the first paragraph when it
 * does not fit beside the heading lines, so that the heading opens a chunk with content rather
 * than alone. Tables and code that fit the budget stay whole even then.
 */
export function sectionAtoms(context: AtomContext, section: Section): Atom[] {
  const atoms: Atom[] = [];
  const add = (more: Atom[]): void => {
    for (const atom of more) atoms.push(atom);
  };
  for (const heading of section.headings) {
    add(textAtoms(context, 'heading', heading, countProse(context, heading, context.budget)));
  }
  const headingTokens = atoms.reduce((sum, atom) => sum + atom.tokens + 1, 0);
  section.blocks.forEach((block, index) => {
    if (block.kind === 'table') add(tableAtoms(context, block, countSpan(context, block)));
    else if (block.kind === 'code') add(codeAtoms(context, block, countSpan(context, block)));
    else {
      const room = context.budget - (index === 0 ? headingTokens : 0);
      const tokens = countProse(context, block, context.budget);
      add(textAtoms(context, 'text', block, tokens, room > 0 ? room : context.budget));
    }
  });
  return atoms;
}

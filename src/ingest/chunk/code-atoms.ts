/**
 * Cuts a fenced code block into atoms: whole when it fits the budget, else one atom per line,
 * with fences added so every part opens and closes its fence (keeping the info string).
 * @module
 */
import { type Atom, type AtomContext, affix, countSpan } from './atom.js';
import type { CodeBlock } from './markdown-blocks.js';

/**
 * Atoms for `code` (holding `tokens` tokens). When split, there is one atom per non-blank body
 * line, blank lines going with the line after them; the first runs from the opening fence line.
 * A later atom reopens the fence (`lead`: the original opening line, info string included) when
 * it starts a chunk, and an atom before the closing fence closes it (`trail`) when it ends one.
 * A never-closed block gets a closing fence on every part, and when it is whole (it fits) too.
 * A line that does not fit between the fences is an atom over budget.
 */
export function codeAtoms(context: AtomContext, code: CodeBlock, tokens: number): Atom[] {
  const { opener, body, closer } = code;
  const trail = affix(context, `\n${code.fence}`);
  // A block never closed (it runs to the end of the document) is closed in its chunk too.
  const whole: Atom = { kind: 'code', start: code.start, end: code.end, tokens };
  if (!closer) whole.trail = trail;
  if (tokens + (closer ? 0 : trail.tokens) <= context.budget || body.length === 0) return [whole];
  const lead = affix(context, `${context.source.slice(opener)}\n`);
  const atoms: Atom[] = [];
  let blankSince: number | undefined;
  for (const line of body) {
    if (!/\S/.test(context.source.slice(line))) {
      blankSince ??= line.start;
      continue;
    }
    const span = { start: atoms.length === 0 ? opener.start : (blankSince ?? line.start), end: line.end };
    const atom: Atom = { kind: 'code', ...span, tokens: countSpan(context, span), trail };
    if (atoms.length > 0) atom.lead = lead;
    atoms.push(atom);
    blankSince = undefined;
  }
  if (atoms.length === 0) return [whole];
  const last = atoms.at(-1)!;
  if (closer) {
    last.end = code.end;
    last.tokens = countSpan(context, last);
    delete last.trail;
  }
  return atoms;
}

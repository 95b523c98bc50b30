/**
 * Cuts prose (paragraphs, over-long headings) into atoms: whole when it fits, else sentences,
 * else words, else any word-segment boundary; never inside a word segment or grapheme cluster.
 * @module
 */
import { type Atom, type AtomContext, countProse, countSpan } from './atom.js';
import type { SourceSpan } from './source-text.js';
import { piecesBetween, sentenceCuts, wordCuts, wordSegments } from './text-boundaries.js';

/**
 * Atoms for the prose `span` holding `tokens` tokens (`Infinity` when too long to count, see
 * {@link countProse}). The first atom is made to fit `room` tokens (at most the budget: what a
 * section's heading leaves) when the text allows; every other atom fits the budget unless it is
 * a single word segment longer than the budget.
 */
export function textAtoms(
  context: AtomContext,
  kind: 'heading' | 'text',
  span: SourceSpan,
  tokens: number,
  room = context.budget,
): Atom[] {
  if (tokens <= room) return [{ kind, start: span.start, end: span.end, tokens }];
  const atoms: Atom[] = [];
  const sentences = piecesBetween(context.source, span, sentenceCuts(context.source, span));
  for (const sentence of sentences) {
    const limit = atoms.length === 0 ? room : context.budget;
    const count = sentences.length === 1 ? tokens : countProse(context, sentence, context.budget);
    if (count <= limit) atoms.push({ kind, ...sentence, tokens: count });
    else for (const atom of wordAtoms(context, kind, sentence, limit)) atoms.push(atom);
  }
  return atoms;
}

function wordAtoms(context: AtomContext, kind: Atom['kind'], span: SourceSpan, room: number): Atom[] {
  const { source, budget } = context;
  const segments = wordSegments(source, span);
  const atoms: Atom[] = [];
  for (const piece of piecesBetween(source, span, wordCuts(source, segments, 'preferred'))) {
    const tokens = countSpan(context, piece);
    if (tokens <= (atoms.length === 0 ? room : budget)) {
      atoms.push({ kind, ...piece, tokens });
      continue;
    }
    for (const part of piecesBetween(source, piece, wordCuts(source, segments, 'any', piece))) {
      atoms.push({ kind, ...part, tokens: countSpan(context, part) });
    }
  }
  return atoms;
}

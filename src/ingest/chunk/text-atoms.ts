/**
 * Cuts prose (paragraphs, over-long headings) into atoms: whole when it fits, else sentences,
 * else words, else any word-segment boundary; never inside a grapheme cluster, and inside a word
 * segment only when that segment alone is longer than the budget in characters.
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
    const tokens = countProse(context, piece, budget);
    if (tokens <= (atoms.length === 0 ? room : budget)) {
      atoms.push({ kind, ...piece, tokens });
      continue;
    }
    for (const part of piecesBetween(source, piece, wordCuts(source, segments, 'any', piece))) {
      // A single word segment longer than the budget in characters (a hash, a run of letters, a
      // base64 blob) is no word a reader would keep whole: cut it at grapheme boundaries without
      // counting it whole, which tokenizers do in quadratic time on such runs.
      if (part.end - part.start > budget) atoms.push(...graphemeWindows(context, kind, part));
      else atoms.push({ kind, ...part, tokens: countSpan(context, part) });
    }
  }
  return atoms;
}

/**
 * Cuts `span` into pieces of at most `budget / 2` UTF-16 units, each ending on a grapheme
 * boundary, halving any piece that still counts over the budget. A piece that is one grapheme
 * cluster stays whole (and is then marked indivisible by the chunker if it is over budget).
 */
function graphemeWindows(context: AtomContext, kind: Atom['kind'], span: SourceSpan): Atom[] {
  const { source, budget } = context;
  const width = Math.max(1, Math.floor(budget / 2));
  const atoms: Atom[] = [];
  const pending: SourceSpan[] = [];
  for (let start = span.start; start < span.end; ) {
    let end = Math.min(span.end, source.floorBoundary(start + width));
    if (end <= start) end = Math.min(span.end, source.ceilBoundary(start + 1));
    pending.push({ start, end });
    start = end;
  }
  while (pending.length > 0) {
    const piece = pending.shift()!;
    const tokens = countSpan(context, piece);
    const middle = source.floorBoundary(piece.start + Math.floor((piece.end - piece.start) / 2));
    if (tokens > budget && middle > piece.start) {
      pending.unshift({ start: piece.start, end: middle }, { start: middle, end: piece.end });
      continue;
    }
    atoms.push({ kind, ...piece, tokens });
  }
  return atoms;
}

/**
 * Cuts prose (paragraphs, over-long headings) into atoms: whole when it fits, else sentences,
 * else words, else any word-segment boundary; never inside a grapheme cluster, and inside a word
 * segment only when that segment alone is longer than the budget in characters.
 * @module
 */
import { type Atom, type AtomContext, countProse, countSpan } from './atom.js';
import type { SourceSpan } from './source-text.js';
import { piecesBetween, preferredWordCuts, sentenceCuts, wordCuts, wordSegments } from './text-boundaries.js';

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

/**
 * Word atoms of a sentence over budget. Short words are gathered into groups of at most
 * `budget / 8` UTF-16 units, counted once per group rather than once per word (a group that does
 * not fit falls back to its words), so that text with millions of words costs millions of
 * characters of counting, not millions of tokenizer calls. A chunk then ends at a group's end,
 * which is still a word start.
 */
function wordAtoms(context: AtomContext, kind: Atom['kind'], span: SourceSpan, room: number): Atom[] {
  const { source, budget } = context;
  const atoms: Atom[] = [];
  const groupChars = Math.max(1, Math.floor(budget / 8));
  const addPiece = (piece: SourceSpan, tokens = countProse(context, piece, budget)): void => {
    if (tokens <= (atoms.length === 0 ? room : budget)) {
      atoms.push({ kind, ...piece, tokens });
      return;
    }
    // Only a piece that does not fit is segmented word by word (it is whitespace-delimited, so
    // segmenting it alone finds the boundaries segmenting it in place would).
    for (const part of piecesBetween(source, piece, wordCuts(source, wordSegments(source, piece), 'any'))) {
      // A single word segment longer than the budget in characters (a hash, a run of letters, a
      // base64 blob) is no word a reader would keep whole: cut it at grapheme boundaries without
      // counting it whole, which tokenizers do in quadratic time on such runs.
      if (part.end - part.start > budget) atoms.push(...graphemeWindows(context, kind, part));
      else atoms.push({ kind, ...part, tokens: countSpan(context, part) });
    }
  };
  let group: SourceSpan[] = [];
  const flush = (): void => {
    if (group.length === 0) return;
    const whole = { start: group[0]!.start, end: group.at(-1)!.end };
    const tokens = countSpan(context, whole);
    if (group.length === 1) addPiece(whole, tokens);
    else if (tokens <= (atoms.length === 0 ? room : budget)) atoms.push({ kind, ...whole, tokens });
    else for (const piece of group) addPiece(piece);
    group = [];
  };
  for (const piece of piecesBetween(source, span, preferredWordCuts(source, span))) {
    if (piece.end - piece.start > groupChars) {
      flush();
      addPiece(piece);
    } else {
      if (group.length > 0 && piece.end - group[0]!.start > groupChars) flush();
      group.push(piece);
    }
  }
  flush();
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
  for (const window of pending) {
    // Halvings of one window, the next piece on top (a stack, so each step is constant time).
    const halves: SourceSpan[] = [window];
    while (halves.length > 0) {
      const piece = halves.pop()!;
      const tokens = countSpan(context, piece);
      const middle = source.floorBoundary(piece.start + Math.floor((piece.end - piece.start) / 2));
      if (tokens > budget && middle > piece.start) {
        halves.push({ start: middle, end: piece.end }, { start: piece.start, end: middle });
        continue;
      }
      atoms.push({ kind, ...piece, tokens });
    }
  }
  return atoms;
}

/**
 * Greedy packing of a section's atoms into chunk drafts within the token budget, with overlap.
 * @module
 */
import type { Atom, AtomContext } from './atom.js';
import { findOverlap, type Overlap } from './overlap.js';
import type { SourceSpan } from './source-text.js';

/** Settings of {@link packAtoms}. */
export interface PackContext extends AtomContext {
  /** Most tokens a chunk repeats from the one before it (the chunker's `chunkOverlap`). */
  overlap: number;
}

/** A chunk's text and token count, and the source span its text comes from. */
export interface Draft extends SourceSpan {
  text: string;
  tokens: number;
}

/**
 * Packs `atoms` (one section, in order) into drafts. Each draft takes as many whole atoms as fit
 * the budget by estimate (the sum of atom counts plus one token per join that is not a single
 * space); its text is then counted once (not at all when it is exactly one atom's text) and, while
 * over budget, hands its last atom to the next draft. A draft is over budget only when it is one
 * atom that is. A draft that opens with prose right after prose first repeats a tail of the
 * previous draft (see {@link findOverlap}), short enough for it and the first atom to fit.
 */
export function packAtoms(context: PackContext, atoms: readonly Atom[]): Draft[] {
  const drafts: Draft[] = [];
  let previous: { draft: Draft; first: number } | undefined;
  let index = 0;
  while (index < atoms.length) {
    let overlap = previous ? overlapBefore(context, atoms, index, previous) : undefined;
    let end = greedyEnd(context, atoms, index, overlap);
    let draft = build(context, atoms, index, end, overlap);
    if (draft.tokens > context.budget && end - index > 1) {
      ({ end, draft } = shrink(context, atoms, index, end, overlap));
    }
    if (draft.tokens > context.budget && overlap) {
      overlap = undefined;
      draft = build(context, atoms, index, end, overlap);
    }
    drafts.push(draft);
    previous = { draft, first: index };
    index = end;
  }
  return drafts;
}

/**
 * Gaps between atoms longer than this many UTF-16 units are counted rather than estimated:
 * runs of mixed whitespace cost up to a token per character.
 */
const COUNTED_GAP = 8;

/**
 * Estimated tokens added by the text between two atoms: a lone space merges into a word, a short
 * gap (a line break, a blank line, indentation) is one token, and a longer one is counted.
 */
function joinCost(context: AtomContext, from: number, to: number): number {
  const length = to - from;
  if (length === 0 || (length === 1 && context.source.text[from] === ' ')) return 0;
  if (length <= COUNTED_GAP) return 1;
  return Math.max(1, context.tokenizer.count(context.source.text.slice(from, to)));
}

/**
 * The longest draft from `atoms[index]` that fits the budget, given that the one ending before
 * `end` does not: the draft one atom shorter first (the usual case), then by bisection, so a
 * greedy estimate that was far off costs a logarithmic number of counts rather than one per atom.
 * Assumes that a draft of more atoms has no fewer tokens. Returns a one-atom draft when nothing
 * longer fits.
 */
function shrink(
  context: PackContext,
  atoms: readonly Atom[],
  index: number,
  end: number,
  overlap: Overlap | undefined,
): { end: number; draft: Draft } {
  let tooLong = end;
  let fits = index + 1;
  let draft = build(context, atoms, index, tooLong - 1, overlap);
  if (draft.tokens <= context.budget || tooLong - 1 === fits) return { end: tooLong - 1, draft };
  tooLong--;
  let fitting = build(context, atoms, index, fits, overlap);
  while (tooLong - fits > 1) {
    const middle = (tooLong + fits) >> 1;
    draft = build(context, atoms, index, middle, overlap);
    if (draft.tokens <= context.budget) {
      fits = middle;
      fitting = draft;
    } else {
      tooLong = middle;
    }
  }
  return { end: fits, draft: fitting };
}

function overlapBefore(
  context: PackContext,
  atoms: readonly Atom[],
  index: number,
  previous: { draft: Draft; first: number },
): Overlap | undefined {
  const first = atoms[index]!;
  const last = atoms[index - 1]!;
  if (context.overlap === 0 || first.kind !== 'text' || last.kind !== 'text') return undefined;
  const room = context.budget - first.tokens - joinCost(context, last.end, first.start);
  const limit = Math.min(context.overlap, room);
  if (limit <= 0) return undefined;
  let runStart = index - 1;
  while (runStart > previous.first && atoms[runStart - 1]!.kind === 'text') runStart--;
  const regionStart = runStart === previous.first ? previous.draft.start : atoms[runStart]!.start;
  return findOverlap(context, { start: regionStart, end: last.end }, previous.draft.start, limit);
}

/** One past the last atom that fits, by estimate, in a draft opening with `atoms[index]`. */
function greedyEnd(
  context: PackContext,
  atoms: readonly Atom[],
  index: number,
  overlap: Overlap | undefined,
): number {
  const first = atoms[index]!;
  const opening = overlap
    ? overlap.tokens + joinCost(context, atoms[index - 1]!.end, first.start)
    : (first.lead?.tokens ?? 0);
  let used = opening + first.tokens;
  let end = index + 1;
  for (; end < atoms.length; end++) {
    const next = atoms[end]!;
    const added = joinCost(context, atoms[end - 1]!.end, next.start) + next.tokens;
    if (used + added + (next.trail?.tokens ?? 0) > context.budget) break;
    used += added;
  }
  return end;
}

function build(
  context: PackContext,
  atoms: readonly Atom[],
  index: number,
  end: number,
  overlap: Overlap | undefined,
): Draft {
  const first = atoms[index]!;
  const last = atoms[end - 1]!;
  const start = overlap ? overlap.start : first.start;
  const lead = overlap ? '' : (first.lead?.text ?? '');
  const trail = last.trail?.text ?? '';
  const text = lead + context.source.text.slice(start, last.end) + trail;
  const alone = first === last && text.length === last.end - last.start;
  return { start, end: last.end, text, tokens: alone ? first.tokens : context.tokenizer.count(text) };
}

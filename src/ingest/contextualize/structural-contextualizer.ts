/**
 * A contextualizer that needs no model: each chunk is embedded as a context header — the
 * document's label (title and file name, see {@link documentLabel}), its heading path, and a
 * bounded window of the paragraphs before and after it — followed by the chunk verbatim. The
 * whole header is held to one token ceiling (`maxContextTokens`), as the ragsage seed's
 * `HeadingWindowContextualizer`; windows are cut only at paragraph or sentence boundaries, so no
 * context ends mid-sentence.
 * @module
 */
import { InvalidArgumentError } from '../../core/errors.js';
import type { Contextualizer, ContextualizerInput } from '../../core/ports.js';
import { lazySegmenter, segmentsOf } from '../chunk/segments.js';
import { cl100kTokenizer, type Tokenizer } from '../chunk/tokenizer.js';
import { documentLabel } from '../embedding-text.js';

/** Options of {@link StructuralContextualizer}. */
export interface StructuralContextualizerOptions {
  /** Tokens of neighbouring text taken before and (separately) after a chunk; default 64. 0 disables. */
  windowTokens?: number;
  /**
   * Ceiling on the whole context header (label, heading path and both windows, with the blank
   * lines between them), in tokens; default 128 (two default windows, the seed's
   * `max_context_tokens`). When it bites, the after window goes first, then the before window,
   * then header lines from the innermost; the chunk itself is never cut.
   */
  maxContextTokens?: number;
  tokenizer?: Tokenizer;
}

interface Paragraph {
  start: number;
  end: number;
  text: string;
}

const sentenceSegmenter = lazySegmenter('sentence');

/** Most UTF-16 units one token can stand for, give or take (a run of spaces). */
const MAX_CHARS_PER_TOKEN = 64;

/**
 * The document's paragraphs (runs of text between blank lines), in order: one scan, so that a
 * document of any shape is split in linear time.
 */
function paragraphsOf(source: string): Paragraph[] {
  const out: Paragraph[] = [];
  const blankLine = /\n[ \t\r\f\v]*(?=\n)/g;
  let start = 0;
  const push = (end: number) => {
    const raw = source.slice(start, end);
    const text = raw.trim();
    if (text !== '') {
      const offset = start + raw.search(/\S/);
      out.push({ start: offset, end: offset + raw.trimStart().trimEnd().length, text });
    }
  };
  for (let match = blankLine.exec(source); match !== null; match = blankLine.exec(source)) {
    push(match.index);
    start = match.index + match[0].length;
  }
  push(source.length);
  return out;
}

/** Index of the first paragraph that starts at or after `offset` (`paragraphs.length` if none). */
function firstStartingAt(paragraphs: readonly Paragraph[], offset: number): number {
  let low = 0;
  let high = paragraphs.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (paragraphs[middle]!.start < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Index one past the last paragraph that ends at or before `offset`. */
function endOfEndingBy(paragraphs: readonly Paragraph[], offset: number): number {
  let low = 0;
  let high = paragraphs.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (paragraphs[middle]!.end <= offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** `paragraphs[from]`, `paragraphs[from + step]`, … while in range. */
function* walk(paragraphs: readonly Paragraph[], from: number, step: 1 | -1): Generator<Paragraph> {
  for (let i = from; i >= 0 && i < paragraphs.length; i += step) yield paragraphs[i]!;
}

/** Structural contextualizer: document label, heading path, neighbouring paragraphs. */
export class StructuralContextualizer implements Contextualizer {
  readonly specificationVersion = 'v1' as const;
  readonly fingerprint: string;
  readonly windowTokens: number;
  readonly maxContextTokens: number;
  readonly #tokenizer: Tokenizer;

  /** @throws {InvalidArgumentError} when `windowTokens` or `maxContextTokens` is not a non-negative integer. */
  constructor(options: StructuralContextualizerOptions = {}) {
    const windowTokens = options.windowTokens ?? 64;
    const maxContextTokens = options.maxContextTokens ?? 128;
    for (const [name, value] of [
      ['windowTokens', windowTokens],
      ['maxContextTokens', maxContextTokens],
    ] as const) {
      if (!Number.isSafeInteger(value) || value < 0) {
        throw new InvalidArgumentError(name, `must be a non-negative integer, got ${value}`);
      }
    }
    this.windowTokens = windowTokens;
    this.maxContextTokens = maxContextTokens;
    this.#tokenizer = options.tokenizer ?? cl100kTokenizer;
    this.fingerprint =
      `structural/v3?window=${windowTokens}&max=${maxContextTokens}` +
      `&tok=${encodeURIComponent(this.#tokenizer.name)}`;
  }

  /**
   * Whole sentences from one end of `text` that fit in `budget` tokens. Only the end of a long
   * text that `budget` tokens could cover is segmented, and a sentence the cut went through is
   * left out, so the work per chunk is bounded whatever the paragraph's length.
   */
  #sentences(text: string, budget: number, fromEnd: boolean): string {
    const reach = budget * MAX_CHARS_PER_TOKEN;
    const cut = text.length > reach;
    const part = !cut ? text : fromEnd ? text.slice(text.length - reach) : text.slice(0, reach);
    const sentences = Array.from(segmentsOf(sentenceSegmenter(), part), (s) => s.segment);
    if (cut) {
      if (fromEnd) sentences.shift();
      else sentences.pop();
    }
    if (fromEnd) sentences.reverse();
    const kept: string[] = [];
    let used = 0;
    for (const sentence of sentences) {
      const tokens = this.#tokenizer.count(sentence);
      if (used + tokens > budget) break;
      kept.push(sentence);
      used += tokens;
    }
    if (fromEnd) kept.reverse();
    return kept.join('').trim();
  }

  /** Paragraphs walking away from the chunk, whole while they fit `budget`, then sentences of the next one. */
  #window(paragraphs: Iterable<Paragraph>, fromEnd: boolean, budget: number): string {
    const parts: string[] = [];
    if (budget <= 0) return '';
    for (const paragraph of paragraphs) {
      const tokens = this.#tokenizer.count(paragraph.text);
      if (tokens <= budget) {
        parts.push(paragraph.text);
        budget -= tokens;
        continue;
      }
      const partial = this.#sentences(paragraph.text, budget, fromEnd);
      if (partial) parts.push(partial);
      break;
    }
    if (fromEnd) parts.reverse();
    return parts.join('\n\n');
  }

  /**
   * Per chunk, in order: the context header (document label, heading path, the window before,
   * the window after; blank lines between), then a blank line and the chunk text verbatim. The
   * header never exceeds {@link maxContextTokens}; a chunk with no context is its text alone.
   */
  async contextualize(input: ContextualizerInput): Promise<string[]> {
    const paragraphs = input.spans && this.windowTokens > 0 ? paragraphsOf(input.source) : [];
    const count = (text: string) => this.#tokenizer.count(text);
    return input.chunks.map((chunk, i) => {
      const header: string[] = [];
      const titled = input.title !== undefined && input.title === chunk.headingPath[0];
      const label = documentLabel(
        { ...(input.title ? { title: input.title } : {}), name: input.documentId },
        titled,
      );
      if (label !== undefined) header.push(label);
      if (chunk.headingPath.length > 0) header.push(chunk.headingPath.join(' > '));
      // Header lines kept whole while they fit the ceiling.
      const lines: string[] = [];
      let left = this.maxContextTokens;
      for (const line of header) {
        const tokens = count(line);
        if (tokens <= left) {
          lines.push(line);
          left -= tokens;
        }
      }
      const span = input.spans?.[i];
      let before = '';
      let after = '';
      if (span && paragraphs.length > 0 && left > 0) {
        const side = Math.min(this.windowTokens, Math.floor(left / 2));
        before = this.#window(walk(paragraphs, endOfEndingBy(paragraphs, span.start) - 1, -1), true, side);
        const rest = Math.min(this.windowTokens, left - (before ? count(before) : 0));
        after = this.#window(walk(paragraphs, firstStartingAt(paragraphs, span.end), 1), false, rest);
      }
      // Separators count too: drop what overflows, the after window first, then the before
      // window, then header lines from the innermost.
      const assemble = () => [lines.join('\n'), before, after].filter((part) => part.length > 0).join('\n\n');
      let context = assemble();
      while (context !== '' && count(context) > this.maxContextTokens) {
        if (after) after = '';
        else if (before) before = '';
        else lines.pop();
        context = assemble();
      }
      return context === '' ? chunk.text : `${context}\n\n${chunk.text}`;
    });
  }
}

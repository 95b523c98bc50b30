/**
 * A contextualizer that needs no model: each chunk is embedded with the document's label (title
 * and file name, see {@link documentLabel}), its heading path, and a bounded window of the
 * paragraphs around it. Windows are measured in
 * tokens and cut only at paragraph or sentence boundaries, so no context ends mid-sentence.
 * @module
 */
import { InvalidArgumentError } from '../../core/errors.js';
import type { Contextualizer, ContextualizerInput } from '../../core/ports.js';
import { cl100kTokenizer, type Tokenizer } from '../chunk/tokenizer.js';
import { documentLabel } from '../embedding-text.js';

/** Options of {@link StructuralContextualizer}. */
export interface StructuralContextualizerOptions {
  /** Tokens of neighbouring text taken before and (separately) after a chunk; default 64. 0 disables. */
  windowTokens?: number;
  tokenizer?: Tokenizer;
}

interface Paragraph {
  start: number;
  end: number;
  text: string;
}

const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

function paragraphsOf(source: string): Paragraph[] {
  const out: Paragraph[] = [];
  const pattern = /\S[\s\S]*?(?=\n\s*\n|$)/g;
  for (const match of source.matchAll(pattern)) {
    out.push({ start: match.index, end: match.index + match[0].length, text: match[0].trim() });
  }
  return out;
}

/** Structural contextualizer: document label, heading path, neighbouring paragraphs. */
export class StructuralContextualizer implements Contextualizer {
  readonly specificationVersion = 'v1' as const;
  readonly fingerprint: string;
  readonly windowTokens: number;
  readonly #tokenizer: Tokenizer;

  /** @throws {InvalidArgumentError} when `windowTokens` is not a non-negative integer. */
  constructor(options: StructuralContextualizerOptions = {}) {
    const windowTokens = options.windowTokens ?? 64;
    if (!Number.isSafeInteger(windowTokens) || windowTokens < 0) {
      throw new InvalidArgumentError('windowTokens', `must be a non-negative integer, got ${windowTokens}`);
    }
    this.windowTokens = windowTokens;
    this.#tokenizer = options.tokenizer ?? cl100kTokenizer;
    this.fingerprint = `structural/v2?window=${windowTokens}&tok=${encodeURIComponent(this.#tokenizer.name)}`;
  }

  /** Whole sentences from one end of `text` that fit in `budget` tokens. */
  #sentences(text: string, budget: number, fromEnd: boolean): string {
    const sentences = [...sentenceSegmenter.segment(text)].map((s) => s.segment);
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

  /** Paragraphs walking away from the chunk, whole while they fit, then sentences of the next one. */
  #window(paragraphs: Paragraph[], fromEnd: boolean): string {
    const parts: string[] = [];
    let budget = this.windowTokens;
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

  async contextualize(input: ContextualizerInput): Promise<string[]> {
    const paragraphs = input.spans && this.windowTokens > 0 ? paragraphsOf(input.source) : [];
    return input.chunks.map((chunk, i) => {
      const header: string[] = [];
      const titled = input.title !== undefined && input.title === chunk.headingPath[0];
      const label = documentLabel(
        { ...(input.title ? { title: input.title } : {}), name: input.documentId },
        titled,
      );
      if (label !== undefined) header.push(label);
      if (chunk.headingPath.length > 0) header.push(chunk.headingPath.join(' > '));
      const span = input.spans?.[i];
      let before = '';
      let after = '';
      if (span && paragraphs.length > 0) {
        before = this.#window(paragraphs.filter((p) => p.end <= span.start).reverse(), true);
        after = this.#window(
          paragraphs.filter((p) => p.start >= span.end),
          false,
        );
      }
      return [header.join('\n'), before, chunk.text, after].filter((part) => part.length > 0).join('\n\n');
    });
  }
}

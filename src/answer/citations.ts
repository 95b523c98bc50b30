/**
 * Citation markers: `[n]` (or `[n, m]`, `[n][m]`) in answer text refer to source n (1-based).
 * @module
 */
import type { Answer } from '../core/types.js';

/** Result of {@link validateCitations}. */
export interface CitationCheck {
  /** The text with markers that point at no source removed. */
  text: string;
  /** Source numbers cited, ascending, without duplicates. */
  cited: number[];
  /** Markers removed because no source has that number. */
  invalid: number[];
}

const marker = /\[(\d+(?:\s*,\s*\d+)*)\]/g;

/** What a marker may still become: `[`, `[1`, `[1,`, `[1, 2 `… (no `]` yet). */
const unfinishedMarker = /\[(?:\d+(?:\s*,\s*\d+)*\s*,?\s*)?$/;

/** Replaces each marker by the numbers of it that point at a source, recording both kinds. */
function replaceMarkers(text: string, sourceCount: number, cited: Set<number>, invalid: Set<number>): string {
  return text.replace(marker, (_whole, list: string) => {
    const kept = list
      .split(',')
      .map((n) => Number.parseInt(n.trim(), 10))
      .filter((n) => {
        const ok = n >= 1 && n <= sourceCount;
        (ok ? cited : invalid).add(n);
        return ok;
      });
    return kept.length === 0 ? '' : `[${kept.join(', ')}]`;
  });
}

/** Spaces left before punctuation or doubled (e.g. where a marker was removed) are dropped. */
function tidySpaces(text: string): string {
  return text.replace(/ +([.,;:!?])/g, '$1').replace(/ {2,}/g, ' ');
}

/** Parses `[n]` markers, drops those outside `1..sourceCount`, and lists what is cited. */
export function validateCitations(text: string, sourceCount: number): CitationCheck {
  const cited = new Set<number>();
  const invalid = new Set<number>();
  return {
    text: tidySpaces(replaceMarkers(text, sourceCount, cited, invalid)),
    cited: [...cited].sort((a, b) => a - b),
    invalid: [...invalid].sort((a, b) => a - b),
  };
}

/**
 * Validates citation markers in a streamed reply, so that a marker pointing at no source never
 * reaches the reader: each {@link push} returns the part of the text that can no longer change —
 * text before a `[` that may still become a marker, and before trailing whitespace (a removed
 * marker takes the space before it along) — and {@link end} the rest. The concatenation of
 * everything returned equals `validateCitations(reply.trim(), sourceCount).text`, however the
 * reply was split.
 */
export class CitationStreamFilter {
  readonly #sourceCount: number;
  #raw = '';
  #emitted = '';

  /** @param sourceCount sources offered to the model, numbered 1…sourceCount. */
  constructor(sourceCount: number) {
    this.#sourceCount = sourceCount;
  }

  /** The text so far, as it will stay: markers resolved, unsettled tail held back. */
  #settled(): string {
    const text = this.#raw.trimStart();
    const open = text.lastIndexOf('[');
    const held = open >= 0 && unfinishedMarker.test(text.slice(open)) ? open : text.length;
    const resolved = replaceMarkers(text.slice(0, held), this.#sourceCount, new Set(), new Set());
    return tidySpaces(resolved.replace(/\s+$/, ''));
  }

  #advance(next: string): string {
    // The settled text only ever grows; guard the invariant rather than emit a contradiction.
    if (!next.startsWith(this.#emitted)) return '';
    const delta = next.slice(this.#emitted.length);
    this.#emitted = next;
    return delta;
  }

  /** Adds a delta of the reply; returns the text that can be shown now (often `''`). */
  push(delta: string): string {
    this.#raw += delta;
    return this.#advance(this.#settled());
  }

  /** Ends the reply; returns the rest of the validated text. */
  end(): string {
    return this.#advance(validateCitations(this.#raw.trim(), this.#sourceCount).text);
  }
}

/** Where a cited source comes from, for listing under an answer. */
export interface CitedSource {
  /** The `[n]` number used in the answer text. */
  n: number;
  chunkId: string;
  documentId: string;
  /** Display name of the document (its path), or the documentId when none was recorded. */
  sourceName: string;
  /** First and last 1-based page of the cited chunk. */
  pageStart: number;
  pageEnd: number;
  /** Headings enclosing the cited chunk, outermost first. */
  headingPath: string[];
}

/** The sources an answer actually cites (`answer.cited`), in citation-number order. */
export function citedSources(answer: Pick<Answer, 'sources' | 'cited'>): CitedSource[] {
  const cited = new Set(answer.cited);
  return answer.sources
    .filter((source) => cited.has(source.n))
    .sort((a, b) => a.n - b.n)
    .map(({ n, hit }) => ({
      n,
      chunkId: hit.chunk.id,
      documentId: hit.chunk.documentId,
      sourceName: hit.sourceName ?? hit.chunk.documentId,
      pageStart: hit.chunk.pageStart,
      pageEnd: hit.chunk.pageEnd,
      headingPath: [...hit.chunk.headingPath],
    }));
}

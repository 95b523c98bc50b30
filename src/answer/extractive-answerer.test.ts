import { describe, expect, it } from 'vitest';
import type { Hit } from '../core/types.js';
import { answerFromHits, NOT_FOUND_TEXT } from './ask.js';
import { extractAnswer } from './extractive-answerer.js';
import { relevantHits } from './relevance.js';

function hit(id: string, text: string): Hit {
  return {
    chunk: {
      id: `${id}:0`,
      documentId: id,
      sourceId: id,
      ordinal: 0,
      text,
      headingPath: [],
      pageStart: 1,
      pageEnd: 1,
      tokenCount: 1,
      metadata: {},
    },
    score: 1,
    scores: { lexical: 1 },
  };
}

const hits = [
  hit('a', 'The weather was clear. On final approach the airplane struck trees and then utility wires.'),
  hit('b', 'The pilot held a private certificate. The airplane was a Piper.'),
];

describe('extractAnswer', () => {
  it('quotes the sentences that best match the question, each with its source number', () => {
    const { text, cited } = extractAnswer('What did the airplane strike on final approach?', hits);
    expect(text).toContain('On final approach the airplane struck trees and then utility wires. [1]');
    expect(text).not.toContain('weather');
    expect(cited).toContain(1);
  });

  it('does not quote a heading, nor a passage sharing only one common word with the question', () => {
    const runbook = hit(
      'runbook.md',
      '# Pager fires\n\nWhen the pager fires, acknowledge the page within five minutes.\n\nLog every page.',
    );
    const report = hit('ntsb.pdf', 'The airplane impacted terrain. A postimpact fire ensued.');
    const { text, cited } = extractAnswer('What should I do when the pager fires?', [runbook, report]);
    expect(text).toBe('When the pager fires, acknowledge the page within five minutes. [1]');
    expect(cited).toEqual([1]);
  });

  it('returns nothing for a question made only of stop words', () => {
    expect(extractAnswer('what is it?', hits)).toEqual({ text: '', cited: [] });
  });
});

describe('relevantHits', () => {
  it('keeps hits holding at least half of the question terms', () => {
    expect(relevantHits('airplane struck trees', hits).map((h) => h.chunk.documentId)).toEqual(['a']);
    expect(relevantHits('boiling point of nitrogen', hits)).toEqual([]);
  });

  it('accepts a hit on dense similarity alone when a floor is given', () => {
    const dense = { ...hits[1]!, scores: { dense: 0.9 } };
    expect(relevantHits('boiling point of nitrogen', [dense], { minSimilarity: 0.8 })).toHaveLength(1);
  });
});

describe('answerFromHits without a chat model', () => {
  it('answers extractively and lists the sources', async () => {
    const answer = await answerFromHits('What did the airplane strike on final approach?', hits, undefined);
    expect(answer).toMatchObject({ notFound: false, answeredBy: 'extractive' });
    expect(answer.sources[0]!.n).toBe(1);
  });

  it('says not found when no hit is relevant', async () => {
    const answer = await answerFromHits('boiling point of nitrogen', hits, undefined);
    expect(answer).toMatchObject({ notFound: true, text: NOT_FOUND_TEXT, sources: [] });
  });
});

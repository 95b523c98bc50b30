import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

/**
 * A water utility's quarterly reports (three quarters: only the second mentions the reservoir,
 * only the first the treatment chemicals) and a transit authority's (two quarters: only the
 * newest mentions electric buses).
 */
const QUARTERLY = path.resolve('test/fixtures/quarterly-tables');

// "What does the latest X say about Y": the recency cue prefers the newest report among those that
// hold Y, so a report that alone holds the answer leads; when no report holds Y the answer is
// "not found", whatever words name the series.
describe('a recency question is answered from the newest version that holds its topic (SQLite file)', {
  timeout: 120_000,
}, () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'quarterly.db')) });
    await engine.ingestPaths([QUARTERLY], { include: ['**/*.md'] });
  }, 120_000);
  afterAll(() => engine.close());

  const firstCited = (answer: Awaited<ReturnType<Engine['ask']>>) => {
    const n = Number(/\[(\d+)\]/.exec(answer.text)?.[1]);
    return answer.sources[n - 1]?.hit.chunk.documentId;
  };

  it('leads with the older report that alone mentions the topic, and says the newest does not', async () => {
    const answer = await engine.ask(
      'What does the most recent Kestrel Valley Water report say about the reservoir?',
    );
    expect(answer.notFound).toBe(false);
    expect(answer.text).toMatch(
      /^The newest version, kestrel-valley-water-report-2023-q3\.md, does not mention "reservoir"; from kestrel-valley-water-report-2023-q2\.md: Quarter ended 2023-06-30/,
    );
    expect(firstCited(answer)).toBe('kestrel-valley-water-report-2023-q2.md');
    const search = await engine.search(
      'What does the latest Kestrel Valley Water report say about treatment chemicals?',
    );
    const recency = search.hits.flatMap((hit) => hit.boosts ?? []).find((b) => b.kind === 'recency');
    expect(recency?.passedOver).toEqual({
      documentId: 'kestrel-valley-water-report-2023-q3.md',
      lacks: ['treatment', 'chemicals'],
    });
    expect(search.hits[0]?.chunk.documentId).toBe('kestrel-valley-water-report-2023-q1.md');
  });

  it('keeps the newest report when it holds the topic', async () => {
    const answer = await engine.ask(
      'What does the latest Marlow Harbour Transit report say about electric buses?',
    );
    expect(answer.notFound).toBe(false);
    expect(firstCited(answer)).toBe('marlow-harbour-transit-report-2023-q3.md');
    expect(answer.text).not.toContain('does not mention');
  });

  it('says "not found" when no report holds the topic, not counting the words that name the series', async () => {
    const answer = await engine.ask(
      'What does the latest Kestrel Valley Water report say about chemical spills?',
    );
    expect(answer.notFound).toBe(true);
    expect(answer.text).toContain('"spills"');
  });
});

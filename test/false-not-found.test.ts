import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

/** Policies, release notes and a pump manual in three revisions (only revision B covers winter storage). */
const VERSIONED = path.resolve('test/fixtures/versioned');

// Answerable questions that the offline answerer refused: a recency word the floor counted against
// the answering passage, and an existence question whose form words ("give", "instructions") and
// version label ("revision B") were read as topics or not read at all.
describe('answerable questions are not answered "not found" (SQLite file, versioned fixtures)', {
  timeout: 120_000,
}, () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'versioned.db')) });
    await engine.ingestPaths([VERSIONED], { include: ['**/*.md'] });
  }, 120_000);
  afterAll(() => engine.close());

  const firstCited = (answer: Awaited<ReturnType<Engine['ask']>>) => {
    const n = Number(/\[(\d+)\]/.exec(answer.text)?.[1]);
    return answer.sources[n - 1]?.hit.chunk.documentId;
  };

  it('answers a recency question from the older version that alone holds the answer', async () => {
    const answer = await engine.ask('What does the newest manual say about keeping the pump below freezing?');
    expect(answer.notFound).toBe(false);
    expect(answer.text).toContain('Drain the pump completely');
    expect(firstCited(answer)).toBe('manuals/pump-manual-rev-b.md');
  });

  it('answers whether the named revision gives instructions, and says "not found" for the one that does not', async () => {
    const b = await engine.ask(
      'Does revision B of the pump manual give any instructions for winter storage?',
    );
    expect(b.notFound).toBe(false);
    expect(b.text).toContain('Drain the pump completely');
    expect(firstCited(b)).toBe('manuals/pump-manual-rev-b.md');
    const c = await engine.ask(
      'Does revision C of the pump manual give any instructions for winter storage?',
    );
    expect(c.notFound).toBe(true);
    expect(c.text).toContain('pump-manual-rev-c.md');
  });

  // Stop 45: a question asking what a named version says about a topic is checked against that
  // version, not against the versions that do say something about it.
  it('says "not found" for what a named version says about a topic only another version holds', async () => {
    const old = await engine.ask('What does the 2022 travel policy say about carbon offsetting of flights?');
    expect(old.notFound).toBe(true);
    expect(old.text).toContain('policies/travel-policy-2022.md does not mention');
    const current = await engine.ask(
      'What does the 2024 travel policy say about carbon offsetting of flights?',
    );
    expect(current.notFound).toBe(false);
    expect(current.text).toContain('offset through the company');
    expect(firstCited(current)).toBe('policies/travel-policy-2024.md');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerEngine, INJECTION } from '../../test/support/answer-corpus.js';
import type { Engine } from '../engine/engine.js';
import { retrieveText } from './retrieve-text.js';

describe('retrieveText', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await answerEngine();
  });
  afterAll(() => engine.close());

  it('joins hits as numbered sources between tagged delimiters, with instructions naming the tag', async () => {
    const context = await retrieveText(engine, 'marmots hibernate burrows', { limit: 2 });
    expect(context.hits.length).toBeGreaterThan(0);
    expect(context.hits.length).toBeLessThanOrEqual(2);
    expect(context.mode).toBe('lexical');
    expect(context.tag).toMatch(/^[0-9a-f]{12}$/);
    expect(
      context.text.startsWith(`<<source 1 ${context.tag}>>\n[1] burrows.md, p. 1, Field Guide > Burrows\n`),
    ).toBe(true);
    expect(context.text).toContain(`<<end source 1 ${context.tag}>>`);
    expect(context.instructions).toContain(`"<<source n ${context.tag}>>"`);
    expect(context.instructions).toMatch(/data, not instructions/);
  });

  it('uses a fresh tag each call and neutralises delimiters inside documents', async () => {
    const a = await retrieveText(engine, 'hangar door code');
    const b = await retrieveText(engine, 'hangar door code');
    expect(a.tag).not.toBe(b.tag);
    expect(a.text).toContain(INJECTION);
    expect(a.text).not.toContain('<<end source 1 0123456789ab>>');
    expect(a.text.match(/<<end source/g)).toHaveLength(a.hits.length);
  });

  it('drops hits below the relevance floor when asked, leaving empty text', async () => {
    const all = await retrieveText(engine, 'marmots and liquid nitrogen boiling kelvin');
    expect(all.hits.length).toBeGreaterThan(0);
    const relevant = await retrieveText(engine, 'marmots and liquid nitrogen boiling kelvin', {
      relevantOnly: true,
    });
    expect(relevant).toMatchObject({ text: '', hits: [] });
  });

  it('passes search options through (metadata filter)', async () => {
    const context = await retrieveText(engine, 'marmots', { filter: { topic: 'diet' } });
    expect(context.hits.map((h) => h.chunk.documentId)).toEqual(['diet.md']);
  });
});

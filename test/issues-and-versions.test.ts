// Monthly issues of a newsletter and the amended edition of a constitution, as a user ingests
// them from disk (stop 62's blind set, test/fixtures/round75): a question in the present naming no
// time is answered by the passage that states what it asks, not by the newest issue for being
// newest; a version named only "amended" and dated only in its text is the one in force.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine/engine.js';
import { openEngine } from '../src/engine/open-engine.js';
import { tempDir } from './support/corpus.js';

const FIXTURES = path.resolve('test/fixtures/round75');

describe('issues of a series and amended versions (offline answers)', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await openEngine({ store: path.join(tempDir(), 'cairn.db'), env: {}, cache: false });
    const report = await engine.ingestPaths([FIXTURES], { include: ['*.md', '*.html'] });
    expect(report.totals).toMatchObject({ ingested: 6, failed: 0 });
  });
  afterAll(() => engine?.close());

  it('dates a constitution by the meeting that adopted or amended it', async () => {
    const documents = await engine.listDocuments();
    const dateOf = (id: string) => documents.find((d) => d.documentId === id)?.metadata?.date;
    expect(dateOf('lakeside-rowing-club-constitution.md')).toBe('2019-03-12');
    expect(dateOf('lakeside-rowing-club-constitution-amended.md')).toBe('2025-04-03');
  });

  it('answers a present question on versions from the amended edition', async () => {
    const answer = await engine.ask(
      'How many members make a general meeting of Lakeside Rowing Club quorate?',
    );
    expect(answer.sources[0]?.hit.chunk.documentId).toBe('lakeside-rowing-club-constitution-amended.md');
    expect(answer.text.split('[1]')[0]).toContain('20 members');
  });

  it('leads a count question with the issue that states the count, not the newest issue', async () => {
    const answer = await engine.ask('How many people are on the Millbrook Community Garden waiting list?');
    expect(answer.notFound).toBe(false);
    expect(answer.sources[0]?.hit.chunk.documentId).toBe('millbrook-garden-news-2026-03.md');
    // The March issue's quote comes first, before any quote of April's.
    expect(answer.text.split('\n\n')[0]).toMatch(
      /^Month ended 2026-03-31: .*Eleven people are on the waiting list/,
    );
  });

  it('does not refuse a count asked with an irregular past verb', async () => {
    const answer = await engine.ask(
      'How many people sat on the Lakeside Rowing Club committee when the constitution was adopted in 2019?',
    );
    expect(answer.notFound).toBe(false);
    expect(answer.sources[0]?.hit.chunk.documentId).toBe('lakeside-rowing-club-constitution.md');
    expect(answer.text).toContain('seven members');
  });

  it('says "not found" for a thing the asked document never mentions, and answers what it states', async () => {
    const cafe = await engine.ask('Is there a café on board the Skelby Harbour Ferry?');
    expect(cafe.notFound).toBe(true);
    // (Since stop 75 a thing asked to be there is read as the one word the page must write.)
    expect(cafe.text).toContain('skelby-harbour-ferry-faq.html does not mention "café"');
    const dogs = await engine.ask('Are there rules for dogs on board the Skelby Harbour Ferry?');
    expect(dogs.notFound).toBe(false);
    expect(dogs.text).toContain('on a lead');
  });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine/engine.js';
import { openSqliteStore } from '../store/sqlite/sqlite-store.js';
import { lexicalQueryText } from './lexical-query.js';

describe('lexicalQueryText', () => {
  it('keeps the content words of a question, and a query of stop words as it is', () => {
    expect(lexicalQueryText('Which patients are excluded from the open bite trial?')).toBe(
      'patients excluded open bite trial',
    );
    expect(lexicalQueryText('otter dens')).toBe('otter dens');
    expect(lexicalQueryText('What is it?')).toBe('What is it?');
  });
});

describe('lexical search over a small collection', () => {
  it('ranks the passage on the topic above a long one rich in function words', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cairn-lexical-query-'));
    const engine = await createEngine({
      store: await openSqliteStore({ path: path.join(dir, 'db.sqlite') }),
    });
    const docs: Record<string, string> = {
      // Long, on another topic, full of words that few chunks of a small collection hold.
      measures:
        'Quality of life was measured with a survey which has twelve items, which are scored from one to ' +
        'five, and which patients answered from home; results which are drawn from the survey are summed ' +
        'from the items which are listed in the appendix, which the team reviewed from week one.',
      exclusion: 'Exclusion: uncooperative patients with a previous open bite treatment are not enrolled.',
      dental: 'Open bite is treated with intrusion of the molars using temporary anchorage devices.',
      cells: 'Stem cell dressings are applied to the mouth four times a day for two weeks.',
      sponge: 'The gelatin sponge is a collagen product with a protein content of seventy per cent.',
    };
    for (const [id, text] of Object.entries(docs)) {
      await engine.ingestSource(
        { name: `${id}.md`, bytes: new TextEncoder().encode(text), mediaType: 'text/markdown' },
        { documentId: id },
      );
    }
    const { hits } = await engine.search('Which patients are excluded from the open bite trial?', {
      mode: 'lexical',
      topK: 3,
    });
    expect(hits[0]?.chunk.documentId).toBe('exclusion');
    const ids = hits.map((h) => h.chunk.documentId);
    expect(ids.indexOf('dental')).toBeGreaterThan(0);
    if (ids.includes('measures')) expect(ids.indexOf('measures')).toBeGreaterThan(ids.indexOf('dental'));
    await engine.close();
  });
});

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

// round69 (stop 58): a status history page whose incidents are sections headed by their dates, a
// charity's accounts whose income groups' subtotals carry no label (PDFs printed by Chromium) and a
// festival programme (Word).
describe('a status page’s dated incidents and a charity’s accounts (SQLite file, HTML, PDF, Word)', {
  timeout: 180_000,
}, () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'round69.db')) });
    await engine.ingestPaths([path.resolve('test/fixtures/round69')], {
      include: ['*.pdf', '*.docx', 'northbeam-status-history.html'],
    });
  }, 180_000);
  afterAll(() => engine.close());

  it('answers "when was the most recent incident" from the newest dated section, labelled by its heading', async () => {
    // The sections never write "incident" (the introduction does): its sentence was the answer.
    const answer = await engine.ask("When was Northbeam's most recent incident?");
    expect(answer.notFound).toBe(false);
    expect(answer.text.startsWith('April 22, 2026: Delayed webhook deliveries: ')).toBe(true);
  });

  it('reads "last" and "happen" as no topic of their own', async () => {
    // "last" and "happen" are in no document: two absent words made "not found".
    const answer = await engine.ask("When did Northbeam's last webhook incident happen?");
    expect(answer.notFound).toBe(false);
    expect(answer.text).toContain('webhook');
  });

  it("labels an income group's unlabelled subtotal and answers the group's income with it", async () => {
    const answer = await engine.ask(
      "What was the Kestrel Wildlife Trust's income from donations and legacies in 2025?",
    );
    expect(answer.notFound).toBe(false);
    expect(answer.text).toContain('| Total Donations and legacies | 788,950 | 707,000 |');
    expect(answer.sources[0]?.hit.chunk.documentId).toBe('kestrel-wildlife-trust-accounts-2025.pdf');
  });
});

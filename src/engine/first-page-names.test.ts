import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/support/corpus.js';
import { documentWrite, storedChunk } from '../../test/support/store-records.js';
import type { Store } from '../core/ports.js';
import type { Hit } from '../core/types.js';
import { createEngine, type Engine } from './engine.js';
import { openStore } from './store-schemes.js';

const encode = (text: string) => new TextEncoder().encode(text);
/** Rank of the named report's passage on costs, which does not hold its name. */
const costsRank = (hits: Hit[]) =>
  hits.findIndex(
    (hit) => /^0+\d+\.md$/.test(hit.chunk.documentId) && hit.chunk.text.includes('Fuel costs rose'),
  );
const focusReasons = (hits: Hit[]) => hits.flatMap((hit) => hit.boosts ?? []).map((boost) => boost.reason);

/** A report whose file name is a number and whose title is generic: only its first page names its issuer. */
const NAMED =
  '# Quarterly Report\n\nZephyrine Logistics Ltd.\n\n## Costs\n\nFuel costs rose by a tenth in the quarter.\n';

/**
 * Writes `count` one-chunk reports straight to the store, as the pipeline would (same title, same
 * topic), with `nameTerms` when given (a record of this version) or without (one written before).
 */
async function writeReports(store: Store, count: number, nameTerms: string[] | undefined): Promise<void> {
  for (let i = 0; i < count; i++) {
    const id = `report-${String(i).padStart(5, '0')}.md`;
    const text = `Fuel costs changed little: fuel costs were steady for fleet ${i}.`;
    await store.replaceDocument(
      { collection: 'default' },
      documentWrite(
        id,
        [storedChunk(id, 0, { text, headingPath: ['Quarterly Report'], embedding: undefined })],
        {
          title: 'Quarterly Report',
          ...(nameTerms ? { nameTerms } : {}),
        },
      ),
    );
  }
}

describe('names read from first pages, above 2,000 documents (SQLite)', { timeout: 300_000 }, () => {
  let engine: Engine;

  beforeAll(async () => {
    const store = await openStore(path.join(tempDir(), 'reports.db'));
    engine = await createEngine({ store });
    await engine.ingestSource(
      { name: '0001234567.md', bytes: encode(NAMED), mediaType: 'text/markdown' },
      { documentId: '0001234567.md' },
    );
    // More documents than the engine used to read first pages for (2,000): the name terms are
    // kept with each record, so none is read again.
    await writeReports(store, 2_050, ['quarterli', 'report']);
  }, 300_000);
  afterAll(async () => {
    await engine.close();
  });

  it('keeps the first page name terms with the record', async () => {
    const record = await engine.store.getDocument({ collection: 'default' }, '0001234567.md');
    expect(record?.nameTerms).toEqual(expect.arrayContaining(['zephyrin', 'logist', 'ltd']));
  });

  it('focuses the document a first-page name names, saying which word', async () => {
    const question = 'How did Zephyrine fuel costs change?';
    const { hits } = await engine.search(question, { mode: 'lexical' });
    expect(hits[0]!.chunk.documentId).toBe('0001234567.md');
    // Its passage on costs (which does not hold the name) leads every other report's.
    const unfocused = await engine.search(question, { mode: 'lexical', documentFocus: false });
    expect([0, 1]).not.toContain(costsRank(unfocused.hits));
    expect(costsRank(hits)).toBe(1);
    expect(focusReasons(hits)).toEqual(expect.arrayContaining([expect.stringContaining('"zephyrine"')]));
    // The shared title word names nothing.
    const shared = await engine.search('quarterly fuel costs', { mode: 'lexical' });
    expect(focusReasons(shared.hits)).toEqual([]);
  });
});

describe('names read from first pages of records written before they were kept', () => {
  it('reads the first pages of records without name terms when the index is built', async () => {
    const store = await openStore(path.join(tempDir(), 'legacy.db'));
    const engine = await createEngine({ store });
    try {
      await engine.ingestSource(
        {
          name: 'seed.md',
          bytes: encode('# Quarterly Report\n\nFuel costs were flat.\n'),
          mediaType: 'text/markdown',
        },
        { documentId: 'seed.md' },
      );
      await writeReports(store, 20, undefined);
      const id = '0007654321.md';
      await store.replaceDocument(
        { collection: 'default' },
        documentWrite(
          id,
          [
            storedChunk(id, 0, {
              text: 'Zephyrine Logistics Ltd.',
              headingPath: ['Quarterly Report'],
              embedding: undefined,
            }),
            storedChunk(id, 1, {
              text: 'Fuel costs rose by a tenth in the quarter.',
              headingPath: ['Quarterly Report', 'Costs'],
              embedding: undefined,
            }),
          ],
          { title: 'Quarterly Report' },
        ),
      );
      expect((await store.getDocument({ collection: 'default' }, id))?.nameTerms).toBeUndefined();
      const { hits } = await engine.search('How did Zephyrine fuel costs change?', { mode: 'lexical' });
      expect(hits[0]!.chunk.documentId).toBe(id);
      expect(costsRank(hits)).toBe(1);
      expect(focusReasons(hits)).toEqual(expect.arrayContaining([expect.stringContaining('"zephyrine"')]));
    } finally {
      await engine.close();
    }
  });
});

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../../test/support/corpus.js';
import type { Store } from '../core/ports.js';
import { createEngine, type Engine } from './engine.js';
import { openStore } from './store-schemes.js';

const encode = (text: string) => new TextEncoder().encode(text);

/**
 * A quarterly report whose expense rows spell out what a question abbreviates ("Research and
 * development"), and whose overview holds the question's other words ("expenses", "quarter") many
 * times: searched by those words alone, the overview comes first.
 */
const REPORT = `# Halvorsen Instruments Quarterly Report

## Overview

Expenses in the quarter were managed closely. Quarter by quarter, expenses followed orders, and the
expenses of the quarter stayed within plan. Revenue and deferred income are recognised on delivery.

## Operating expenses

| | Three months ended March 31, 2024 | Three months ended March 31, 2023 |
|---|---|---|
| Research and development | 14,820 | 13,150 |
| Selling, general and administrative | 22,400 | 21,050 |

## Balance sheet

| | March 31, 2024 | December 31, 2023 |
|---|---|---|
| Property, plant and equipment, net | 96,300 | 91,800 |
| Long-term debt | 55,000 | 57,500 |
`;

/** Another report, so that terms have document frequencies below one. */
const OTHER = `# Tarn Valley Water Quarterly Report

## Service

The authority supplied 10.1 million cubic metres of water in the quarter. Expenses rose with chemical prices.
`;

describe('a query asking by an abbreviation its documents spell out (SQLite, lexical)', () => {
  let engine: Engine;
  let store: Store;

  beforeAll(async () => {
    store = await openStore(path.join(tempDir(), 'abbreviations.db'));
    engine = await createEngine({ store, chunkSize: 80 });
    for (const [name, text] of [
      ['halvorsen-2024-q1.md', REPORT],
      ['tarn-valley-2024-q1.md', OTHER],
    ] as const) {
      await engine.ingestSource(
        { name, bytes: encode(text), mediaType: 'text/markdown' },
        { documentId: name },
      );
    }
  });
  afterAll(async () => {
    await engine.close();
  });

  it('finds the row that spells it out first, and says how it read the abbreviation', async () => {
    const result = await engine.search("What were Halvorsen's R&D expenses in the quarter?", {
      mode: 'lexical',
      topK: 3,
    });
    expect(result.hits[0]?.chunk.text).toContain('Research and development | 14,820');
    expect(result.scoring.expansions).toEqual([
      { abbreviation: 'R&D', expansion: 'research and development' },
    ]);
  });

  it('answers offline with the row, for "&" abbreviations of several initials too', async () => {
    const rd = await engine.ask("What were Halvorsen's R&D expenses in the quarter?", { mode: 'lexical' });
    expect(rd.notFound).toBe(false);
    expect(rd.text.split('[1]')[0]).toContain('Research and development | 14,820');
    const ppe = await engine.ask("What was Halvorsen's PP&E at the end of March 2024?", { mode: 'lexical' });
    expect(ppe.text.split('[1]')[0]).toContain('Property, plant and equipment, net | 96,300');
  });

  it('leaves a query whose abbreviation no passage spells out as it is, searching it once', async () => {
    const searches = vi.spyOn(store, 'lexicalSearch');
    try {
      const result = await engine.search('What is the M&A strategy for the quarter?', {
        mode: 'lexical',
        documentFocus: false,
      });
      expect(result.scoring.expansions).toBeUndefined();
      expect(result.hits.length).toBeGreaterThan(0);
      // The first search, which found nothing to spell out, is the search itself.
      expect(searches).toHaveBeenCalledTimes(1);
    } finally {
      searches.mockRestore();
    }
  });
});

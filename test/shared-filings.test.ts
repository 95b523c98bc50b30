import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Chunk } from '../src/core/types.js';
import { createEngine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

const FILINGS = path.resolve('../shared/data/sec-10-q');
const present = existsSync(FILINGS);

describe.skipIf(!present)('SEC 10-Q filings (../shared/data/sec-10-q; skipped when absent)', () => {
  it('get a title, heading paths on their chunks, whole tables and no running footers', async () => {
    const engine = await createEngine({ store: await openStore(path.join(tempDir(), 'filings.db')) });
    const names = ['2022 Q3 AAPL.pdf', '2022 Q3 INTC.pdf', '2023 Q1 MSFT.pdf'];
    const report = await engine.ingestPaths(
      names.map((name) => path.join(FILINGS, name)),
      {},
    );
    expect(report.totals).toMatchObject({ ingested: 3, failed: 0 });
    const titles = Object.fromEntries((await engine.listDocuments()).map((d) => [d.documentId, d.title]));
    expect(titles).toEqual({
      '2022 Q3 AAPL.pdf': 'Apple Inc.',
      '2022 Q3 INTC.pdf': '10-Q - 10/28/2022 - Intel Corporation',
      '2023 Q1 MSFT.pdf': 'Form 10-Q for Microsoft Corp filed 01/24/2023',
    });
    const chunks = async (documentId: string): Promise<Chunk[]> => {
      const all: Chunk[] = [];
      for await (const batch of engine.store.iterChunks({ collection: 'default', documentIds: [documentId] }))
        all.push(...batch);
      return all;
    };
    const apple = await chunks('2022 Q3 AAPL.pdf');
    const intel = await chunks('2022 Q3 INTC.pdf');
    const microsoft = await chunks('2023 Q1 MSFT.pdf');
    for (const [list, top] of [
      [apple, 'Apple Inc.'],
      [intel, 'INTEL CORPORATION'],
      [microsoft, 'MICROSOFT CORPORATION'],
    ] as const) {
      const under = list.filter((chunk) => chunk.headingPath[0] === top).length;
      expect(under / list.length, top).toBeGreaterThan(0.9);
    }
    const appleText = apple.map((chunk) => chunk.text).join('\n');
    expect(appleText).toContain('| Total net sales | 82,959 | 81,434 | 304,182 | 282,457 |');
    expect(appleText).toContain('|  | Three Months Ended June 25, 2022 | Three Months Ended June 26, 2021 |');
    expect(
      apple.some(
        (c) =>
          c.headingPath.at(-1) === 'Note 7 – Benefit Plans' ||
          c.headingPath.includes('Note 7 – Benefit Plans'),
      ),
    ).toBe(true);
    const intelText = intel.map((chunk) => chunk.text).join('\n');
    expect(intelText).toMatch(
      /^\| Adjusted free cash flow \| We reference a non-GAAP financial measure of adjusted free cash flow, which is used by management/m,
    );
    // Section footers (`MD&A | 41`) and headers (`PART II` / `Item 1A`) repeated on consecutive pages are gone.
    expect(intelText).not.toMatch(/^MD&A \| \d+$/m);
    const microsoftText = microsoft.map((chunk) => chunk.text).join('\n');
    expect(microsoftText.match(/^Item 1A$/gm) ?? []).toHaveLength(0);
    await engine.close();
  });
});

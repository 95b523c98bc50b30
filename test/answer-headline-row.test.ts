import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

/**
 * A quarterly report whose summary table leads with revenue, above the expenses and income rows a
 * question about net income names.
 */
const REPORT = [
  '# Harbor Instruments quarterly report',
  '',
  '## Second quarter summary',
  '',
  'The summary of our results for the quarter was as follows ($ in millions):',
  '',
  '| Second Quarter Summary | Three Months Ended June 30, 2024 | Three Months Ended June 30, 2023 |',
  '| --- | --- | --- |',
  '| Revenue | $4,210 | $3,905 |',
  '| Gross margin | 61.2 % | 58.4 % |',
  '| Operating expenses | $1,102 | $1,050 |',
  '| Operating income | $1,475 | $1,230 |',
  '| Net income | $1,201 | $998 |',
  '| Net income per diluted share | $0.81 | $0.67 |',
  '',
  '## Liquidity',
  '',
  'Cash and cash equivalents were $2.3 billion at the end of the quarter.',
  '',
].join('\n');

// Ingest and one offline answer over SQLite: generous limits for a busy machine, no timing asserted.
describe('offline answer quoting a summary table (engine, SQLite)', { timeout: 300_000 }, () => {
  let engine: Engine;

  beforeAll(async () => {
    const folder = tempDir();
    writeFileSync(path.join(folder, 'harbor-2024-q2.md'), REPORT);
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'headline.db')) });
    await engine.ingestPaths([folder], {});
  }, 300_000);

  afterAll(async () => {
    await engine?.close();
  });

  it('quotes the table’s headline row beside the rows the question names', async () => {
    // Before, the three-row limit kept the income rows and cut revenue, the table's first figure.
    const answer = await engine.ask('What were the main contributors to net income in the second quarter?');
    expect(answer.notFound).toBe(false);
    expect(answer.text).toContain('| Net income | $1,201 | $998 |');
    expect(answer.text).toContain('| Revenue | $4,210 | $3,905 |');
  });
});

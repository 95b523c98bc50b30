import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

/** A season report whose table names costs in its own words ("Pickers' wages"), not the reader's ("labour"). */
const SEASON = `# Contoso Vineyards Season Report

For the season ended October 31, 2024.

## Season costs

Season costs (in thousands of euros):

| | 2024 season | 2023 season |
|---|---|---|
| Fertiliser and sprays | 310 | 290 |
| Irrigation | 145 | 160 |
| Machinery fuel | 98 | 120 |
| Barrels and bottling | 520 | 505 |
| Pickers' wages | 1,240 | 1,105 |
| Cellar crew | 415 | 388 |

Labour was scarce all season: pickers' wages rose with the regional minimum, and the cellar crew worked extra shifts during the late harvest.

## Harvest

The estate picked 2,310 tonnes of grapes from 410 hectares.
`;

const TASTING = `# Contoso Vineyards Tasting Room Notes

The tasting room opens at 10:00 and closes at 18:00. Groups of more than eight book ahead.
`;

// The offline answer quotes a table's rows by how well they match the question: a row in the
// document's own words matched none, and the table's first rows were quoted instead.
describe('an offline answer states a figure written in the document’s words (SQLite file)', {
  timeout: 120_000,
}, () => {
  let engine: Engine;
  beforeAll(async () => {
    const folder = tempDir();
    writeFileSync(path.join(folder, 'season-2024.md'), SEASON);
    writeFileSync(path.join(folder, 'tasting-room.md'), TASTING);
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'season.db')) });
    await engine.ingestPaths([folder], { include: ['**/*.md'] });
  }, 120_000);
  afterAll(() => engine.close());

  it('quotes the wage rows for a question about labour', async () => {
    const answer = await engine.ask('What did Contoso Vineyards pay for labour in the 2024 season?');
    expect(answer.notFound).toBe(false);
    expect(answer.text).toContain("| Pickers' wages | 1,240 | 1,105 |");
    const n = Number(/\[(\d+)\]/.exec(answer.text)?.[1]);
    expect(answer.sources[n - 1]?.hit.chunk.documentId).toBe('season-2024.md');
  });

  it('quotes the row that writes the question’s own words', async () => {
    const answer = await engine.ask('What did Contoso Vineyards spend on machinery fuel in the 2024 season?');
    expect(answer.text).toContain('| Machinery fuel | 98 | 120 |');
  });
});

// Two documents holding the same passage tie in every ranking; which comes first must not depend
// on which was written first (ingests run several documents at once and commit as parses finish).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openEngine } from '../src/engine/open-engine.js';
import { tempDir } from './support/corpus.js';

const PASSAGE = 'Peregrine falcons nest on the north cliff ledges from March.';

/** Ingests the named files one at a time, in the order given, and returns a search's document ids. */
async function rankingAfterIngesting(order: string[]): Promise<string[]> {
  const dir = tempDir();
  writeFileSync(path.join(dir, 'harbour.md'), `# Harbour notes\n\n${PASSAGE}\n\nBoats moor by the quay.\n`);
  writeFileSync(path.join(dir, 'uplands.md'), `# Upland notes\n\n${PASSAGE}\n\nSheep graze by the fells.\n`);
  writeFileSync(path.join(dir, 'kelp.md'), '# Kelp notes\n\nKelp forests grow fast in cold water.\n');
  const engine = await openEngine({ store: path.join(tempDir(), 'cairn.db'), env: {}, cache: false });
  try {
    await engine.ingestPaths([path.join(dir, 'kelp.md')]);
    // force: a document ingested again is written again, not skipped as unchanged.
    for (const name of order) await engine.ingestPaths([path.join(dir, name)], { force: true });
    const hits = (await engine.search('peregrine falcons cliff ledges', { mode: 'lexical' })).hits;
    return hits.map((hit) => hit.chunk.documentId);
  } finally {
    await engine.close();
  }
}

describe('tied passages', () => {
  it('rank the same whichever document was ingested first', async () => {
    const forwards = await rankingAfterIngesting(['harbour.md', 'uplands.md']);
    const backwards = await rankingAfterIngesting(['uplands.md', 'harbour.md']);
    expect(forwards).toEqual(['harbour.md', 'uplands.md']);
    expect(backwards).toEqual(forwards);
  });

  it('rank the same after one of them is ingested again', async () => {
    expect(await rankingAfterIngesting(['harbour.md', 'uplands.md', 'harbour.md'])).toEqual([
      'harbour.md',
      'uplands.md',
    ]);
  });
});

// A file ingested by name and then through its folder (or the other way round) gets another
// document id each time (ids are paths relative to what was named); the second run replaces the
// first, so the file is stored once.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openEngine } from '../src/engine/open-engine.js';
import { tempDir } from './support/corpus.js';

function docs(): string {
  const dir = tempDir();
  mkdirSync(path.join(dir, 'guide'));
  writeFileSync(
    path.join(dir, 'guide', 'otters.md'),
    '# Otters\n\nSea otters hold hands while they sleep.\n',
  );
  writeFileSync(path.join(dir, 'kelp.md'), '# Kelp\n\nKelp grows fast.\n');
  return dir;
}

const ids = async (engine: Awaited<ReturnType<typeof openEngine>>) =>
  (await engine.listDocuments()).map((doc) => doc.documentId).sort();

describe('ingestPaths: one file named two ways', () => {
  it('the folder run replaces the document of the file run', async () => {
    const dir = docs();
    const engine = await openEngine({ store: path.join(tempDir(), 'cairn.db'), env: {}, cache: false });
    try {
      await engine.ingestPaths([path.join(dir, 'guide', 'otters.md')]);
      expect(await ids(engine)).toEqual(['otters.md']);
      const report = await engine.ingestPaths([dir]);
      expect(await ids(engine)).toEqual(['guide/otters.md', 'kelp.md']);
      expect(report.pruned).toEqual(['otters.md']);
      expect(report.totals).toMatchObject({ ingested: 2, pruned: 1, deletedChunks: 1 });
      const hits = (await engine.search('otters hold hands')).hits;
      expect(hits.map((hit) => hit.chunk.documentId)).toEqual(['guide/otters.md']);
    } finally {
      await engine.close();
    }
  });

  it('the file run replaces the document of the folder run', async () => {
    const dir = docs();
    const engine = await openEngine({ store: path.join(tempDir(), 'cairn.db'), env: {}, cache: false });
    try {
      await engine.ingestPaths([dir]);
      await engine.ingestPaths([path.join(dir, 'guide', 'otters.md')]);
      expect(await ids(engine)).toEqual(['kelp.md', 'otters.md']);
    } finally {
      await engine.close();
    }
  });

  it('keeps a document of the same name and other content, and one whose name is not nested', async () => {
    const dir = docs();
    const other = tempDir();
    writeFileSync(path.join(other, 'otters.md'), '# Otters\n\nRiver otters live in burrows.\n');
    writeFileSync(path.join(other, 'copy.md'), '# Otters\n\nSea otters hold hands while they sleep.\n');
    const engine = await openEngine({ store: path.join(tempDir(), 'cairn.db'), env: {}, cache: false });
    try {
      await engine.ingestPaths([path.join(other, 'otters.md'), path.join(other, 'copy.md')]);
      const report = await engine.ingestPaths([dir]);
      expect(report.pruned).toEqual([]);
      expect(await ids(engine)).toEqual(['copy.md', 'guide/otters.md', 'kelp.md', 'otters.md']);
    } finally {
      await engine.close();
    }
  });
});

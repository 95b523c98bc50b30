import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

describe('ingest edge cases', () => {
  it('refuses a second file with the same document id instead of overwriting the first', async () => {
    const root = tempDir();
    for (const [dir, text] of [
      ['x', 'Alpha uses postgres'],
      ['y', 'Beta uses mongodb'],
    ] as const) {
      mkdirSync(path.join(root, dir));
      writeFileSync(path.join(root, dir, 'README.md'), text);
    }
    const engine = await createEngine({ store: await openStore(path.join(tempDir(), 'dup.db')) });
    const report = await engine.ingestPaths([path.join(root, 'x'), path.join(root, 'y')]);
    expect(report.totals).toMatchObject({ ingested: 1, failed: 1 });
    expect(report.items.find((i) => i.status === 'failed')?.reason).toMatch(/duplicate document id/);
    expect((await engine.search('postgres')).hits[0]?.chunk.text).toBe('Alpha uses postgres');
    await engine.close();
  });

  it('removes the stored version of a file that became empty', async () => {
    const root = tempDir();
    writeFileSync(path.join(root, 'notes.txt'), 'The cafeteria opens at 7am.');
    const engine = await createEngine({ store: await openStore(path.join(tempDir(), 'empty.db')) });
    await engine.ingestPaths([root]);
    expect((await engine.search('cafeteria')).hits).toHaveLength(1);
    writeFileSync(path.join(root, 'notes.txt'), '  \n');
    const report = await engine.ingestPaths([root]);
    expect(report.items[0]).toMatchObject({
      status: 'skipped',
      reason: 'empty; its previous version was removed',
    });
    expect((await engine.search('cafeteria')).hits).toEqual([]);
    expect(await engine.listDocuments()).toEqual([]);
    await engine.close();
  });

  it('re-ingests an unchanged file when its metadata changes', async () => {
    const root = tempDir();
    writeFileSync(path.join(root, 'notes.txt'), 'The cafeteria opens at 7am.');
    const engine = await createEngine({ store: await openStore(path.join(tempDir(), 'meta.db')) });
    await engine.ingestPaths([root], { metadata: { team: 'a' } });
    expect((await engine.ingestPaths([root], { metadata: { team: 'a' } })).totals.unchanged).toBe(1);
    expect((await engine.ingestPaths([root], { metadata: { team: 'x' } })).totals.ingested).toBe(1);
    expect((await engine.search('cafeteria', { filter: { team: 'x' } })).hits).toHaveLength(1);
    expect((await engine.search('cafeteria', { filter: { team: 'a' } })).hits).toEqual([]);
    await engine.close();
  });
});

describe('collecting files', () => {
  it('follows symlinks to files, not to folders, and ignores dangling links', async () => {
    const outside = tempDir();
    writeFileSync(path.join(outside, 'target.md'), 'Linked notes about lighthouses.');
    const root = tempDir();
    writeFileSync(path.join(root, 'plain.md'), 'Plain notes about tides.');
    symlinkSync(path.join(outside, 'target.md'), path.join(root, 'link.md'));
    symlinkSync(root, path.join(root, 'loop'));
    symlinkSync(path.join(outside, 'missing.md'), path.join(root, 'dangling.md'));
    const engine = await createEngine({ store: await openStore(path.join(tempDir(), 'links.db')) });
    const report = await engine.ingestPaths([root]);
    expect(report.items.map((i) => i.documentId).sort()).toEqual(['link.md', 'plain.md']);
    expect((await engine.search('lighthouses')).hits[0]?.chunk.documentId).toBe('link.md');
    await engine.close();
  });
});

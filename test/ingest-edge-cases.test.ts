import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { encodePng } from '../src/ingest/ocr/png.js';
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

  it('reports an illegible scan as skipped, illegible, with the setting to try', async () => {
    let seed = 7;
    const noise = encodePng({
      width: 240,
      height: 120,
      channels: 1,
      data: Uint8Array.from({ length: 240 * 120 }, (_, i) => {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        const blotch = Math.sin((i % 240) / 7) + Math.cos(Math.floor(i / 240) / 5) > 1.2;
        return (seed >> 16) % 3 === 0 || blotch ? 0 : 255;
      }),
    });
    const engine = await createEngine({ store: await openStore(path.join(tempDir(), 'illegible.db')) });
    const item = await engine.ingestSource({ name: 'noise.png', bytes: noise });
    expect(item.status).toBe('skipped');
    expect(item.reason).toMatch(
      /^illegible: OCR confidence \d+ is below ocr\.minConfidence 60, so the text was discarded as illegible; lower ocr\.minConfidence, rescan at a higher resolution, or read it with a vision model \(--vision\)$/,
    );
    await engine.close();
  });

  it('turns NUL characters into spaces whatever the format, so words stay apart', async () => {
    const engine = await createEngine({ store: await openStore(path.join(tempDir(), 'nul.db')) });
    await engine.ingestSource({
      name: 'a.txt',
      bytes: new TextEncoder().encode('Quarterly\u0000summary of sales'),
    });
    await engine.ingestSource({
      name: 'b.html',
      bytes: new TextEncoder().encode('<html><body><p>Annual\u0000report of costs</p></body></html>'),
    });
    expect((await engine.search('summary')).hits[0]?.chunk.text).toBe('Quarterly summary of sales');
    expect((await engine.search('report')).hits[0]?.chunk.text).toBe('Annual report of costs');
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
  function linkedFolder() {
    const outside = tempDir();
    writeFileSync(path.join(outside, 'target.md'), 'Linked notes about lighthouses.');
    const root = tempDir();
    writeFileSync(path.join(root, 'plain.md'), 'Plain notes about tides.');
    mkdirSync(path.join(root, 'sub'));
    writeFileSync(path.join(root, 'sub', 'inner.md'), 'Inner notes about harbours.');
    symlinkSync(path.join(outside, 'target.md'), path.join(root, 'link.md'));
    symlinkSync(path.join(root, 'sub', 'inner.md'), path.join(root, 'inside.md'));
    symlinkSync(root, path.join(root, 'loop'));
    symlinkSync(path.join(outside, 'missing.md'), path.join(root, 'dangling.md'));
    return { outside, root };
  }

  it('refuses a symlink to a file outside the folder, naming the setting; follows links inside it', async () => {
    const { outside, root } = linkedFolder();
    const engine = await createEngine({ store: await openStore(path.join(tempDir(), 'refused.db')) });
    const report = await engine.ingestPaths([root]);
    expect(report.items.map((i) => [i.documentId, i.status])).toEqual([
      ['dangling.md', 'skipped'],
      ['inside.md', 'ingested'],
      ['link.md', 'skipped'],
      ['plain.md', 'ingested'],
      ['sub/inner.md', 'ingested'],
    ]);
    const refused = report.items.find((i) => i.documentId === 'link.md')!;
    expect(refused.reason).toContain(path.join(outside, 'target.md'));
    expect(refused.reason).toMatch(/outside the folder being ingested; pass --follow-symlinks/);
    expect((await engine.search('lighthouses')).hits).toEqual([]);
    await engine.close();
  });

  it('follows symlinks to files outside with followSymlinks, never to folders, and reports dangling links skipped', async () => {
    const { outside, root } = linkedFolder();
    const engine = await createEngine({ store: await openStore(path.join(tempDir(), 'links.db')) });
    const report = await engine.ingestPaths([root], { followSymlinks: true });
    const dangling = report.items.find((i) => i.documentId === 'dangling.md');
    expect(dangling).toMatchObject({ status: 'skipped' });
    expect(dangling!.reason).toContain(
      `is a symbolic link to ${path.join(outside, 'missing.md')} that leads to no file`,
    );
    expect(report.items.map((i) => i.documentId).sort()).toEqual([
      'dangling.md',
      'inside.md',
      'link.md',
      'plain.md',
      'sub/inner.md',
    ]);
    expect((await engine.search('lighthouses')).hits[0]?.chunk.documentId).toBe('link.md');
    await engine.close();
  });

  it('reads a file named as an argument wherever its link leads (the caller named it)', async () => {
    const { root } = linkedFolder();
    const engine = await createEngine({ store: await openStore(path.join(tempDir(), 'named.db')) });
    const report = await engine.ingestPaths([path.join(root, 'link.md')]);
    expect(report.items.map((i) => [i.documentId, i.status])).toEqual([['link.md', 'ingested']]);
    await engine.close();
  });

  it('skips files larger than maxFileSize before reading them, and ingests the rest', async () => {
    const root = tempDir();
    writeFileSync(path.join(root, 'big.txt'), 'x '.repeat(600_000));
    writeFileSync(path.join(root, 'small.txt'), 'Small notes about tides.');
    const engine = await createEngine({
      store: await openStore(path.join(tempDir(), 'size.db')),
      maxFileSize: 2 * 1024 * 1024,
    });
    const report = await engine.ingestPaths([root]);
    expect(report.items.map((i) => [i.documentId, i.status])).toEqual([
      ['big.txt', 'ingested'],
      ['small.txt', 'ingested'],
    ]);
    const limited = await engine.ingestPaths([root], { maxFileSize: 500_000, force: true });
    expect(limited.items[0]).toMatchObject({
      documentId: 'big.txt',
      status: 'skipped',
      reason: '1.1 MiB, larger than the 488.3 KiB limit; raise --max-file-size (maxFileSize) to ingest it',
    });
    expect(limited.items[1]).toMatchObject({ documentId: 'small.txt', status: 'ingested' });
    const source = { name: 'in-memory.txt', bytes: new Uint8Array(600_000).fill(0x61) };
    expect(await engine.ingestSource(source, { maxFileSize: 100_000 })).toMatchObject({ status: 'skipped' });
    await expect(engine.ingestPaths([root], { maxFileSize: -1 })).rejects.toThrow(/maxFileSize/);
    await engine.close();
  });
});

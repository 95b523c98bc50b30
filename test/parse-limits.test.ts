import { copyFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Parser } from '../src/core/ports.js';
import { createEngine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';
import { pdfDecompressionBomb } from './support/hostile-files.js';

const EXAMPLE_PDF = path.resolve('examples/20071229X02007.pdf');

/** A folder with a hostile PDF between two ordinary files. */
async function batchWithBomb(mib: number): Promise<string> {
  const root = tempDir();
  writeFileSync(path.join(root, 'a-notes.md'), '# Notes\n\nMarmots hibernate in burrows.');
  writeFileSync(path.join(root, 'b-bomb.pdf'), await pdfDecompressionBomb(mib));
  copyFileSync(EXAMPLE_PDF, path.join(root, 'c-piper.pdf'));
  return root;
}

describe('parse limits', () => {
  it('stops a PDF decompression bomb at the memory cap, and ingests the rest of the batch', async () => {
    const engine = await createEngine({
      store: await openStore(path.join(tempDir(), 'memory.db')),
      parseLimits: { memoryMb: 256, timeoutMs: 150_000 },
    });
    const report = await engine.ingestPaths([await batchWithBomb(1024)]);
    expect(report.items.map((i) => [i.documentId, i.status])).toEqual([
      ['a-notes.md', 'ingested'],
      ['b-bomb.pdf', 'failed'],
      ['c-piper.pdf', 'ingested'],
    ]);
    expect(report.items[1]!.reason).toBe(
      'parse exceeded the 256 MB memory cap; raise --parse-memory (parseLimits.memoryMb) if the file is just large',
    );
    expect((await engine.search('Piper')).hits[0]?.chunk.documentId).toBe('c-piper.pdf');
    await engine.close();
  });

  it('stops a parse at its deadline, even in the middle of synchronous inflation', async () => {
    const engine = await createEngine({
      store: await openStore(path.join(tempDir(), 'time.db')),
      parseLimits: { timeoutMs: 150_000, memoryMb: 4096 },
    });
    const batch = await batchWithBomb(4096);
    // The deadline applies to the bomb alone: on a busy machine the other files may take longer
    // than the bomb's 1.5 s to parse. The bomb inflates to 4 GiB, far longer than its deadline.
    const bomb = await engine.ingestPaths([path.join(batch, 'b-bomb.pdf')], {
      parseLimits: { timeoutMs: 1500, memoryMb: 4096 },
    });
    expect(bomb.items[0]).toMatchObject({ documentId: 'b-bomb.pdf', status: 'failed' });
    expect(bomb.items[0]!.reason).toMatch(/^parse exceeded 1\.5 s; raise --parse-timeout/);
    const rest = await engine.ingestPaths([path.join(batch, 'c-piper.pdf')]);
    expect(rest.items[0]).toMatchObject({ documentId: 'c-piper.pdf', status: 'ingested' });
    await engine.close();
  });

  it("holds the deadline in this process for a parser of the caller's own, and without isolation", async () => {
    const stuck: Parser = {
      specificationVersion: 'v1',
      fingerprint: 'never-ends/v1',
      mediaTypes: ['application/pdf'],
      parse: () => new Promise(() => undefined),
    };
    const engine = await createEngine({
      store: await openStore(path.join(tempDir(), 'own.db')),
      parse: { parsers: { pdf: stuck } },
      parseLimits: { timeoutMs: 300 },
    });
    const source = { name: 'stuck.pdf', bytes: new Uint8Array(Buffer.from('%PDF-1.4\n')) };
    expect(await engine.ingestSource(source)).toMatchObject({
      status: 'failed',
      reason: expect.stringMatching(/^parse exceeded 0\.3 s/),
    });
    await engine.close();
  });

  it('refuses limits out of range before any work', async () => {
    await expect(
      createEngine({ store: await openStore('memory:'), parseLimits: { memoryMb: 10 } }),
    ).rejects.toThrow(/parseLimits\.memoryMb: must be a number of MB, at least 128/);
    const engine = await createEngine({ store: await openStore(path.join(tempDir(), 'range.db')) });
    await expect(engine.ingestPaths([tempDir()], { parseLimits: { timeoutMs: 0 } })).rejects.toThrow(
      /parseLimits\.timeoutMs/,
    );
    await engine.close();
  });
});

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { hasSharedData, SHARED_DATA, tempDir } from './support/corpus.js';

const PDFS = path.join(SHARED_DATA, 'pdfs');

/** Deterministic PRNG (mulberry32) so failures reproduce. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Damaged copies of the shared PDFs (../shared/data/pdfs), absent from a clean clone.
describe.skipIf(!hasSharedData('pdfs'))('a corpus of 200 damaged PDFs (needs ../shared/data/pdfs)', () => {
  it('ends every file as failed with a reason or as parsed text, without crashing or hanging', async () => {
    const originals = ['ntsb', 'nih'].flatMap((folder) =>
      readdirSync(path.join(PDFS, folder)).map((name) => readFileSync(path.join(PDFS, folder, name))),
    );
    const next = random(2026);
    const dir = tempDir('cairn-corrupt-');
    for (let i = 0; i < 200; i++) {
      const original = originals[i % originals.length]!;
      let bytes: Buffer;
      if (i % 2 === 0) {
        bytes = original.subarray(0, Math.floor(next() * original.length));
      } else {
        bytes = Buffer.from(original);
        const flips = 1 + Math.floor(next() * 200);
        for (let f = 0; f < flips; f++) {
          const at = Math.floor(next() * bytes.length);
          bytes[at] = bytes[at]! ^ (1 + Math.floor(next() * 255));
        }
      }
      writeFileSync(path.join(dir, `damaged-${String(i).padStart(3, '0')}.pdf`), bytes);
    }
    const engine = await createEngine({
      store: await openStore(path.join(tempDir(), 'corrupt.db')),
      parse: { ocr: false },
    });
    const report = await engine.ingestPaths([dir]);
    expect(report.items).toHaveLength(200);
    for (const item of report.items) {
      expect(['ingested', 'failed', 'skipped']).toContain(item.status);
      if (item.status !== 'ingested') expect(item.reason, item.documentId).toBeTruthy();
      else expect(item.chunks).toBeGreaterThan(0);
    }
    expect(report.totals.failed).toBeGreaterThan(0);
    expect(report.totals.ingested).toBeGreaterThan(0);
    const stored = await engine.store.countChunks({ collection: 'default' });
    expect(stored).toBe(report.totals.chunks);
    await engine.close();
  }, 240_000);
});

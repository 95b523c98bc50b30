import { afterAll, describe, expect, it } from 'vitest';
import { runFuzz } from '../scripts/fuzz/harness.mjs';
import { createEngine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import type { ParseLimits } from '../src/ingest/isolate/parse-limits.js';
import { disposeOcr } from '../src/ingest/ocr/tesseract-ocr.js';

afterAll(disposeOcr);

describe('fuzzed ingestion (fixed seed)', () => {
  it('ingests 300 mutated files of every format: no crashed batch, no hang, an outcome and reason for each', async () => {
    const results = await runFuzz({
      createEngine: async (store: string, parseLimits: ParseLimits) =>
        createEngine({ store: await openStore(store), parseLimits }),
      seed: 20_261_201,
      count: 300,
      batchSize: 50,
      timeoutMs: 20_000,
      memoryMb: 512,
    });
    expect(results.crashes).toEqual([]);
    expect(results).toMatchObject({
      batches: 6,
      crashedBatches: 0,
      hangs: 0,
      filesWithoutOutcome: 0,
      reasonsMissing: 0,
    });
    const { ingested, unchanged, skipped, failed } = results.byStatus;
    expect(ingested + unchanged + skipped + failed).toBe(300);
    expect(Object.keys(results.byFormat).sort()).toEqual([
      'audio',
      'docx',
      'html',
      'image',
      'markdown',
      'pdf',
      'pptx',
      'text',
    ]);
    // Mutations leave many files readable: the run is not only rejections.
    expect(ingested).toBeGreaterThan(50);
    // 300 parses: 11 s on two idle cores, past 3 minutes at load average 24.
  }, 600_000);
});

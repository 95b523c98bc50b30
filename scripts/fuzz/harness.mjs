// The fuzz harness: mutated seed files of every format, ingested in batches through the real
// pipeline (the engine the caller builds), checking that no batch crashes, none hangs past its
// deadline, and every file ends with an outcome (and a reason when skipped or failed).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fuzzedFile, prng } from './mutate.mjs';
import { seedFiles } from './seeds.mjs';

const STATUSES = new Set(['ingested', 'unchanged', 'skipped', 'failed']);

/**
 * Runs `count` fuzzed files in batches of `batchSize`. `createEngine(dbPath, limits)` returns an
 * engine (cairn's createEngine from src or dist). A batch that rejects, or that an unhandled
 * rejection or exception escapes from, is crashed; one that outlasts its deadline (its files'
 * parse deadlines plus 30 s) is a hang. Returns the counts and, per format, the outcomes.
 */
export async function runFuzz(options) {
  const {
    createEngine,
    seed = 1,
    count = 100,
    batchSize = 50,
    timeoutMs = 20_000,
    memoryMb = 512,
    onBatch,
  } = options;
  const random = prng(seed);
  const seeds = await seedFiles();
  const work = mkdtempSync(path.join(tmpdir(), 'cairn-fuzz-'));
  const escaped = [];
  const onEscape = (error) =>
    escaped.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  process.on('unhandledRejection', onEscape);
  process.on('uncaughtException', onEscape);
  const results = {
    seed,
    count,
    batchSize,
    parseLimits: { timeoutMs, memoryMb },
    batches: 0,
    crashedBatches: 0,
    hangs: 0,
    filesWithoutOutcome: 0,
    reasonsMissing: 0,
    slowestFileMs: 0,
    byFormat: {},
    byStatus: { ingested: 0, unchanged: 0, skipped: 0, failed: 0 },
    reasons: {},
    crashes: [],
    seconds: 0,
  };
  const began = performance.now();
  const engine = await createEngine(path.join(work, 'fuzz.db'), { timeoutMs, memoryMb });
  try {
    for (let done = 0; done < count; done += batchSize) {
      const dir = path.join(work, `batch-${results.batches}`);
      mkdirSync(dir);
      const files = [];
      for (let i = done; i < Math.min(count, done + batchSize); i++) {
        const file = fuzzedFile(seeds, random, i);
        writeFileSync(path.join(dir, file.name), file.bytes);
        files.push(file);
      }
      results.batches++;
      const before = escaped.length;
      const deadline = files.length * timeoutMs + 30_000;
      let timer;
      const outcome = await Promise.race([
        engine.ingestPaths([dir], { collection: 'fuzz' }).then(
          (report) => ({ report }),
          (error) => ({ error }),
        ),
        new Promise((resolve) => {
          timer = setTimeout(() => resolve({ hang: true }), deadline);
        }),
      ]);
      clearTimeout(timer);
      if (outcome.hang) {
        results.hangs++;
        results.crashes.push({ batch: results.batches, hang: true });
        break;
      }
      if (outcome.error || escaped.length > before) {
        results.crashedBatches++;
        results.crashes.push({
          batch: results.batches,
          error: outcome.error ? String(outcome.error.stack ?? outcome.error) : undefined,
          escaped: escaped.slice(before),
        });
        continue;
      }
      const byId = new Map(outcome.report.items.map((item) => [item.documentId, item]));
      for (const file of files) {
        const item = byId.get(file.name);
        results.byFormat[file.format] ??= { ingested: 0, unchanged: 0, skipped: 0, failed: 0 };
        const format = results.byFormat[file.format];
        if (!item || !STATUSES.has(item.status)) {
          results.filesWithoutOutcome++;
          continue;
        }
        format[item.status]++;
        results.byStatus[item.status]++;
        results.slowestFileMs = Math.max(results.slowestFileMs, Math.round(item.milliseconds));
        if ((item.status === 'skipped' || item.status === 'failed') && !item.reason) results.reasonsMissing++;
        if (item.reason) {
          // Group reasons by their wording, numbers and quoted parts aside.
          const kind = item.reason.replace(/\(.*$/, '').replace(/\d+/g, 'N').slice(0, 80).trim();
          results.reasons[kind] = (results.reasons[kind] ?? 0) + 1;
        }
      }
      rmSync(dir, { recursive: true, force: true });
      onBatch?.(results);
    }
  } finally {
    process.off('unhandledRejection', onEscape);
    process.off('uncaughtException', onEscape);
    await engine.close();
    rmSync(work, { recursive: true, force: true });
  }
  results.seconds = +((performance.now() - began) / 1000).toFixed(1);
  results.reasons = Object.fromEntries(
    Object.entries(results.reasons)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25),
  );
  return results;
}

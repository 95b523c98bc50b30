// Writes a benchmark's results file with the machine it ran on and how busy that machine was:
// the load average when the script started (this module is imported before any work) and when
// the results were written, so a figure measured beside other work says so.
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';

const loadAtStart = loadavg();

/**
 * Writes `results` as indented JSON to `file` (folders made as needed), with an `environment`
 * entry: cores, CPU model, memory, Node.js version and the 1-minute load average at the start
 * and at the end of the run.
 * @param {string} file
 * @param {Record<string, unknown>} results
 */
export function writeResult(file, results) {
  const environment = {
    cores: availableParallelism(),
    cpu: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadAverage: { atStart: +loadAtStart[0].toFixed(2), atEnd: +loadavg()[0].toFixed(2) },
  };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...results, environment }, null, 2)}\n`);
}

// Keeps N threads busy (default 8) until the process is stopped: the CPU load under which CI runs
// the test suite once (.ci/run), to prove that no test depends on the machine's speed. Linux
// counts each runnable thread in the load average, so 8 threads give a load of about 8.
//
//   node scripts/cpu-load.mjs [threads]
import { Worker } from 'node:worker_threads';

const threads = Number(process.argv[2] ?? 8);
if (!Number.isInteger(threads) || threads < 1)
  throw new Error(`threads must be a whole number ≥ 1, got ${process.argv[2]}`);
for (let i = 0; i < threads; i++) new Worker('for (;;) {}', { eval: true });
console.error(`cpu-load: ${threads} busy threads (pid ${process.pid})`);

import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Deadlines are generous so that the suite passes on a busy two-core machine (CI runs it once
// under CPU load: .ci/run); no test asserts how fast anything runs (bench/ does).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 300_000,
    teardownTimeout: 60_000,
    // `expect.poll` gives up after 1 s by default; a loaded machine needs longer.
    expect: { poll: { timeout: 120_000 } },
    pool: 'forks',
    // Vitest runs one file at a time on two cores (its default is a worker fewer than the cores),
    // yet much of the suite waits on child processes, servers and back-off delays: two files at a
    // time keep both cores busy. Files are parallel-safe: each uses its own temporary folders,
    // ports chosen by the system and its own database on the PostgreSQL server.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});

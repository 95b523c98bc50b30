import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files in the isolated folders (src/store, src/engine) that test pure functions and classes: no
 * server, child process, native engine, global, environment variable or timer. They share the
 * unit project's process like every other such file of src/. Matched by file name (the folder is
 * for the reader): no other test file under those folders may have one of these names.
 */
const SHARED_IN_ISOLATED_FOLDERS = [
  'collection/parse-options',
  'collection/schema-version',
  'collection/validation',
  'sql/table-name',
  'postgres/postgres-connection-error',
  'postgres/postgres-sql',
  'memory/memory-tokenizer',
  'memory/memory-ranking',
  'memory/memory-bm25',
  'sqlite/fts-query',
  'model-specs',
];

/** The test files under `folder` but those of {@link SHARED_IN_ISOLATED_FOLDERS} (a picomatch extglob). */
const isolatedUnder = (folder: string): string =>
  `${folder}/**/!(${SHARED_IN_ISOLATED_FOLDERS.map((name) => name.split('/').at(-1)).join('|')}).test.ts`;

/**
 * Unit tests of src/ that run in a fresh process each (vitest's default): those that start
 * servers, child processes or native engines (the stores, the watcher, OCR, the parse pool, ONNX
 * models), change globals (the explorer's DOM stubs, OpenTelemetry's global providers, fake
 * timers) or the environment. Every other file of src/ shares its worker's process with the files
 * before it (`isolate: false`): they import the same modules, which a fresh process per file
 * loaded again each time, and importing was most of their time (40 small files: 11.5 CPU-s shared
 * against 40 CPU-s isolated). Such a file must leave no state behind: no global, environment
 * variable, timer or registered scheme it does not restore.
 */
const ISOLATED_UNIT_TESTS = [
  isolatedUnder('src/store'),
  isolatedUnder('src/engine'),
  'src/ingest/ocr/**',
  'src/ingest/isolate/**',
  'src/ingest/audio/**',
  'src/interfaces/http/explorer/**',
  'src/interfaces/cli/cli-trace.test.ts',
  'src/interfaces/cli/span-tree.test.ts',
  'src/testing/**',
  'src/core/otel-api.test.ts',
  'src/core/tracing*.test.ts',
  'src/providers/transformers/**',
];

// Deadlines are generous so that the suite passes on a busy two-core machine (CI runs it once
// under CPU load: .ci/run); no test asserts how fast anything runs (bench/ does).
export default defineConfig({
  test: {
    testTimeout: 180_000,
    hookTimeout: 300_000,
    teardownTimeout: 60_000,
    // `expect.poll` gives up after 1 s by default; a loaded machine needs longer.
    expect: { poll: { timeout: 120_000 } },
    pool: 'forks',
    // One temporary folder per run (TMPDIR), removed at its end: test/support/temp-root.ts.
    globalSetup: ['test/support/temp-root.ts'],
    // Vitest runs one file at a time on two cores (its default is a worker fewer than the cores),
    // yet much of the suite waits on child processes, servers and back-off delays: two files at a
    // time keep both cores busy. Files are parallel-safe: each uses its own temporary folders,
    // ports chosen by the system and its own database on the PostgreSQL server.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ISOLATED_UNIT_TESTS],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: [
            'test/**/*.test.ts',
            ...ISOLATED_UNIT_TESTS.map((glob) => (glob.endsWith('/**') ? `${glob}/*.test.ts` : glob)),
          ],
        },
      },
    ],
  },
});

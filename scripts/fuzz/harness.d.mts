// Types of harness.mjs for the TypeScript tests that run it.
export interface FuzzResults {
  seed: number;
  count: number;
  batchSize: number;
  parseLimits: { timeoutMs: number; memoryMb: number };
  batches: number;
  crashedBatches: number;
  hangs: number;
  filesWithoutOutcome: number;
  reasonsMissing: number;
  slowestFileMs: number;
  byFormat: Record<string, { ingested: number; unchanged: number; skipped: number; failed: number }>;
  byStatus: { ingested: number; unchanged: number; skipped: number; failed: number };
  reasons: Record<string, number>;
  crashes: Array<{ batch: number; hang?: boolean; error?: string; escaped?: string[] }>;
  seconds: number;
}

/** The engine the harness ingests with: `ingestPaths` and `close` are all it calls. */
export interface FuzzEngine {
  ingestPaths(
    paths: string[],
    options: { collection: string },
  ): Promise<{ items: Array<{ documentId: string; status: string; reason?: string; milliseconds: number }> }>;
  close(): Promise<void>;
}

export function runFuzz(options: {
  createEngine: (store: string, parseLimits: { timeoutMs: number; memoryMb: number }) => Promise<FuzzEngine>;
  seed?: number;
  count?: number;
  batchSize?: number;
  timeoutMs?: number;
  memoryMb?: number;
  onBatch?: (results: FuzzResults) => void;
}): Promise<FuzzResults>;

// A model that fails every request (no API key, a server that cannot be reached, a local model
// that cannot be loaded) stops an ingest with its error, said once, instead of failing each
// document with it: on the library's ingestPaths and on the CLI.

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isCairnError } from '../src/core/errors.js';
import { createMemoryStore } from '../src/engine/embedded-stores.js';
import { createEngine } from '../src/engine/engine.js';
import { OpenAIEmbedder } from '../src/providers/openai/openai-embedder.js';
import { tempDir } from './support/corpus.js';
import { ensureBuilt } from './support/ensure-built.js';
import { startOpenAICompatibleServer } from './support/openai-compatible-server.js';
import { runCairn } from './support/run-cli.js';

function threeFiles(): string {
  const dir = tempDir();
  for (const name of ['a', 'b', 'c'])
    writeFileSync(path.join(dir, `${name}.md`), `# ${name}\n\nOtters ${name}.\n`);
  return dir;
}

describe('a model that fails every request', () => {
  beforeAll(() => ensureBuilt());

  it('ingestPaths rejects with the missing key once, and stores nothing', async () => {
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      const store = createMemoryStore();
      const engine = await createEngine({
        store,
        // The default API root needs a key; OPENAI_API_KEY is unset.
        embedder: new OpenAIEmbedder({ model: 'text-embedding-3-small', dimension: 1536 }),
      });
      const failure = await engine.ingestPaths([threeFiles()]).catch((error: unknown) => error);
      expect(isCairnError(failure)).toBe(true);
      expect((failure as Error).message).toMatch(/no API key: set OPENAI_API_KEY/);
      // Nothing was written: not even the collection.
      await expect(engine.listDocuments()).rejects.toThrow(/collection "default" does not exist/);
      await engine.close();
    } finally {
      if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
    }
  });

  it('cairn ingest prints a refused key once, as one line, after one request, and exits non-zero', async () => {
    const server = await startOpenAICompatibleServer({ failures: [401, 401, 401, 401] });
    try {
      const result = await runCairn(
        [
          'ingest',
          threeFiles(),
          '--db',
          path.join(tempDir(), 'x.db'),
          '--embedder',
          'openai:text-embedding-3-small',
        ],
        { OPENAI_API_KEY: 'sk-wrong', OPENAI_BASE_URL: server.baseURL },
      );
      expect(result.code).not.toBe(0);
      const lines = result.stderr.split('\n').filter((line) => line.includes('HTTP 401'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^error: openai-compatible \(HTTP 401\)/);
      expect(result.stdout).not.toMatch(/failed [abc]\.md/);
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

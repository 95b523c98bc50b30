// Opening a SQLite store and searching it lexically loads neither native engine of dense search
// (sqlite-vec's extension, usearch's addon) and opens no cache file; the first dense search loads
// them. Checked in a fresh process by the shared objects it has loaded (process.report).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from './support/ensure-built.js';

const url = (file: string) => JSON.stringify(pathToFileURL(path.resolve(file)).href);

/** Runs `body` (an ES module's code) in a fresh Node process and parses the JSON it prints. */
function run(body: string): Record<string, unknown> {
  const script = [
    `const { openEngine, openSqliteStore, createEngine } = await import(${url('dist/index.js')});`,
    `const { HashingEmbedder } = await import(${url('dist/exports/testing.js')});`,
    "const loaded = () => process.report.getReport().sharedObjects.map((file) => file.split('/').pop());",
    "const engines = () => ({ vec: loaded().some((f) => f.startsWith('vec0')), usearch: loaded().some((f) => f.startsWith('usearch')) });",
    body,
  ].join('\n');
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 120_000,
    }),
  );
}

describe('native engines load when their feature is used', () => {
  let dir: string;
  beforeAll(() => {
    ensureBuilt();
    dir = mkdtempSync(path.join(tmpdir(), 'cairn-lazy-'));
    writeFileSync(path.join(dir, 'otters.md'), '# Otters\n\nSea otters hold hands while they sleep.\n');
  });

  it('a lexical search loads neither sqlite-vec nor usearch, and creates no cache file', () => {
    const db = path.join(dir, 'lexical', 'cairn.db');
    const result = run(
      [
        `const engine = await openEngine({ store: ${JSON.stringify(db)}, env: {} });`,
        `await engine.ingestPaths([${JSON.stringify(path.join(dir, 'otters.md'))}]);`,
        'await engine.close();',
        `const reader = await openEngine({ store: ${JSON.stringify(db)}, env: {}, create: false });`,
        "const hits = (await reader.search('otters')).hits.length;",
        'const after = engines();',
        'await reader.close();',
        'console.log(JSON.stringify({ hits, ...after }));',
      ].join('\n'),
    );
    expect(result).toEqual({ hits: 1, vec: false, usearch: false });
    // The ingest parsed through the cache; a store whose cache was never used has no file.
    expect(existsSync(path.join(dir, 'lexical', 'cache.db'))).toBe(true);
    const untouched = path.join(dir, 'untouched', 'cairn.db');
    run(
      `const engine = await openEngine({ store: ${JSON.stringify(untouched)}, env: {} }); await engine.search('otters').catch(() => {}); await engine.close(); console.log('{}');`,
    );
    expect(existsSync(path.join(dir, 'untouched', 'cache.db'))).toBe(false);
  });

  it('the first dense search loads them: exact search sqlite-vec, approximate search usearch', () => {
    const db = path.join(dir, 'dense', 'cairn.db');
    const result = run(
      [
        `const store = await openSqliteStore({ path: ${JSON.stringify(db)}, vectorIndex: { scanBelow: 0, breadth: 1, partitionAbove: 32 } });`,
        "const engine = await createEngine({ store, embedder: new HashingEmbedder({ dimension: 8 }), collection: 'docs' });",
        `await engine.ingestPaths([${JSON.stringify(path.join(dir, 'otters.md'))}]);`,
        'const opened = engines();',
        'const vector = Array.from({ length: 8 }, (_, i) => (i === 0 ? 1 : 0));',
        "const exact = (await store.denseSearch({ collection: 'docs', vector, topK: 1, exact: true })).length;",
        'const afterExact = engines();',
        "await store.denseSearch({ collection: 'docs', vector, topK: 1 });",
        'const afterApproximate = engines();',
        'await engine.close();',
        'console.log(JSON.stringify({ opened, exact, afterExact, afterApproximate, dense: store.capabilities.dense }));',
      ].join('\n'),
    );
    expect(result.opened).toEqual({ vec: false, usearch: false });
    expect(result.exact).toBe(1);
    expect(result.afterExact).toEqual({ vec: true, usearch: false });
    if (result.dense === 'approximate') expect(result.afterApproximate).toEqual({ vec: true, usearch: true });
  });
});

import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from './support/ensure-built.js';

const run = promisify(execFile);

/** Imports `specifier` as a user of the package would (a self-reference through `exports`) and lists its exports. */
async function exportsOf(specifier: string): Promise<string[]> {
  const script = `const m = await import(${JSON.stringify(specifier)}); console.log(JSON.stringify(Object.keys(m).sort()));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd: process.cwd(),
  });
  return JSON.parse(stdout) as string[];
}

/** Every module specifier a built file imports statically. */
function importsOf(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]!);
}

describe('framework subpath exports of the built package', () => {
  beforeAll(() => ensureBuilt());

  it.each([
    ['cairn/langchain', ['CairnRetriever', 'CairnVectorStore', 'CollectionEmbeddings', 'hitToDocument']],
    ['cairn/llamaindex', ['CairnRetriever', 'hitToNode']],
    [
      'cairn/testing',
      [
        'HashingEmbedder',
        'MemoryCache',
        'ScriptedChatModel',
        'TermOverlapReranker',
        'createTestEngine',
        'hashEmbedding',
        'startSpanRecorder',
      ],
    ],
    ['cairn/http', ['createCairnServer', 'parseApiKeys', 'serveCairn']],
    [
      'cairn/ai-sdk',
      ['cairnTools', 'streamAnswer', 'toAiSdkTools', 'toTextStream', 'toUIMessageStreamResponse'],
    ],
  ])('%s resolves and exports its adapters', async (specifier, names) => {
    expect(await exportsOf(specifier)).toEqual(expect.arrayContaining(names));
  });

  it('keeps the optional peers out of everything but their own subpath', () => {
    const dist = path.resolve('dist');
    const own = ['interfaces/langchain/', 'interfaces/llamaindex/', 'interfaces/ai-sdk/'];
    const offenders: string[] = [];
    for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
      const file = path.join(entry.parentPath, entry.name);
      const relative = path.relative(dist, file).split(path.sep).join('/');
      if (own.some((prefix) => relative.startsWith(prefix))) continue;
      for (const specifier of importsOf(file)) {
        if (/^(@langchain\/|@llamaindex\/|ai$|ai\/)/.test(specifier))
          offenders.push(`${relative} imports ${specifier}`);
      }
    }
    expect(offenders).toEqual([]);
    // The scan sees imports: the adapters themselves do import their peers.
    expect(importsOf(path.join(dist, 'interfaces/langchain/cairn-retriever.js'))).toContain(
      '@langchain/core/retrievers',
    );
  });
});

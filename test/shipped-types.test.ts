/**
 * The shipped types are self-contained: a consumer type-checks against the built `dist` with
 * `skipLibCheck: false`, seeing only what an install of cairn gives it — cairn's own files and
 * its runtime dependencies — and none of cairn's dev setup (no `@types/better-sqlite3`, no
 * optional peers). And the package's files match what it ships: a LICENSE, no source maps.
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/corpus.js';
import { ensureBuilt } from './support/ensure-built.js';

const root = path.resolve('.');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  exports: Record<string, unknown>;
  files: string[];
};

/** Links `name` from the repository's node_modules, then its runtime dependencies, recursively. */
function linkWithDependencies(name: string, into: string, done = new Set<string>()): void {
  if (done.has(name)) return;
  done.add(name);
  const source = path.join(root, 'node_modules', name);
  if (!existsSync(source)) return; // nested inside a linked parent instead
  const target = path.join(into, name);
  mkdirSync(path.dirname(target), { recursive: true });
  symlinkSync(source, target, 'dir');
  const pkg = JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  for (const dependency of Object.keys(pkg.dependencies ?? {})) linkWithDependencies(dependency, into, done);
}

const consumer = `
import {
  createEngine,
  createMemoryStore,
  ERROR_STATUS,
  errorStatus,
  isCairnError,
  openEngine,
  openSqliteStore,
  openStore,
  registerStoreScheme,
  type AnswerPart,
  type Engine,
  type Hit,
  type Store,
} from 'cairn';
import { AnthropicChatModel } from 'cairn/anthropic';
import { CohereReranker } from 'cairn/cohere';
import { TransformersEmbedder } from 'cairn/local';
import { createCairnServer, parseApiKeys, type RunningCairnServer, serveCairn } from 'cairn/http';
import { createCairnMcpServer } from 'cairn/mcp';
import { OpenAIEmbedder } from 'cairn/openai';
import { createCairnTools } from 'cairn/tools';
import { VoyageEmbedder } from 'cairn/voyage';
import { reciprocalRankFusion } from 'cairn/retrieve';
import { extractAnswer } from 'cairn/answer';
import { ndcgAt } from 'cairn/eval';
import { MarkdownChunker, parseSource } from 'cairn/ingest';
import { CollectionStore, defineCapabilities, MemoryBackend } from 'cairn/store';

const store: Store = createMemoryStore();
const custom: Store = new CollectionStore(new MemoryBackend());
const capabilities = defineCapabilities({ lexical: 'none' });
const engine: Engine = await createEngine({
  store,
  embedder: new OpenAIEmbedder({ model: 'text-embedding-3-small', dimension: 1536 }),
  chatModel: new AnthropicChatModel({ model: 'claude-sonnet-4-5' }),
  reranker: new CohereReranker(),
});
const sqlite: Store = await openSqliteStore({ path: ':memory:' });
registerStoreScheme('custom', async () => createMemoryStore());
const opened: Engine = await openEngine({ store: 'memory:', embedder: 'none', env: {} });
const hits: Hit[] = (await engine.search('q', { topK: 3 })).hits;
for await (const part of engine.stream('q')) {
  const p: AnswerPart = part;
  if (p.type === 'text') p.delta.toUpperCase();
  else p.answer.cited.map((n: number) => n + 1);
}
const status: number = errorStatus(new Error('x')).httpStatus + ERROR_STATUS.NOT_FOUND.exitCode;
const known: boolean = isCairnError(null);
const tools = createCairnTools(engine);
const server = createCairnMcpServer(engine);
const http = createCairnServer(engine, { keys: parseApiKeys('aaaaaaaaaaaaaaaa:ns:read'), corsOrigins: ['*'] });
const running: RunningCairnServer = await serveCairn(engine, { auth: false, port: 0 });
const response: Response = await http.fetch(new Request('http://localhost/v1/health'));
const local = new TransformersEmbedder({ model: 'Xenova/bge-small-en-v1.5' });
const voyage = new VoyageEmbedder({ model: 'voyage-3', dimension: 1024 });
const fused: Hit[] = reciprocalRankFusion([hits, hits]);
const extracted = extractAnswer('q', hits);
const score: number = ndcgAt(10, ['a'], new Map([['a', 1]]));
const chunker = new MarkdownChunker({ chunkSize: 256 });
const parsed = await parseSource({ name: 'a.md', bytes: new Uint8Array() });
await Promise.all([store, sqlite, opened, openStore('memory:')].map(async (s) => s));
console.log(http.openApiDocument(), running.url, response.status, custom, capabilities.lexical, status, known, tools, server, local, voyage, fused, extracted, score, chunker, parsed);
`;

describe('the shipped package', () => {
  beforeAll(() => ensureBuilt());

  it('type-checks a consumer with skipLibCheck false and none of cairn’s dev setup', () => {
    const app = tempDir('cairn-consumer-');
    const modules = path.join(app, 'node_modules');
    const cairn = path.join(modules, 'cairn');
    mkdirSync(cairn, { recursive: true });
    cpSync(path.join(root, 'dist'), path.join(cairn, 'dist'), { recursive: true });
    cpSync(path.join(root, 'package.json'), path.join(cairn, 'package.json'));
    const linked = new Set<string>();
    for (const dependency of [...Object.keys(manifest.dependencies), '@types/node']) {
      linkWithDependencies(dependency, modules, linked);
    }
    expect(existsSync(path.join(modules, '@types', 'better-sqlite3'))).toBe(false);
    expect(existsSync(path.join(modules, '@huggingface', 'transformers'))).toBe(false);
    writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'consumer', type: 'module' }));
    writeFileSync(path.join(app, 'main.ts'), consumer);
    writeFileSync(
      path.join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          preserveSymlinks: true,
          types: ['node'],
        },
        files: ['main.ts'],
      }),
    );
    let output = '';
    try {
      execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', app], {
        cwd: app,
        encoding: 'utf8',
      });
    } catch (error) {
      output = (error as { stdout?: string }).stdout ?? String(error);
    }
    expect(output).toBe('');
    // A whole tsc run: 18 s on two idle cores, 6 minutes at load average 24.
  }, 600_000);

  it('ships a LICENSE and no source maps, and every export resolves to a built file', () => {
    expect(manifest.files).toContain('LICENSE');
    expect(readFileSync(path.join(root, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    const maps = readdirSync(path.join(root, 'dist'), { recursive: true }).filter((f) =>
      String(f).endsWith('.map'),
    );
    expect(maps).toEqual([]);
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (typeof target === 'string') continue;
      const { types, import: js } = target as { types: string; import: string };
      expect(existsSync(path.join(root, types)), `${subpath} types`).toBe(true);
      expect(existsSync(path.join(root, js)), `${subpath} import`).toBe(true);
    }
  });
});

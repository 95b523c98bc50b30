/**
 * What loads when: importing the library's root, and `cairn --help`, load no database driver,
 * PDF reader, model runtime, audio decoder, file watcher, tokenizer tables, zod or OpenTelemetry
 * SDK; each loads when first used (the SDK only with `--trace`). `cairn search` and `cairn ask` on
 * a lexical-only SQLite database load the SQLite driver and nothing for chunking, validation,
 * parsing or tracing, nor Node's crypto or perf_hooks modules.
 * A module-resolution hook (node:module `register`) records every package the child process
 * resolves as an ES module, and a preloaded script lists the CommonJS modules it required (those
 * loaded with `createRequire` never pass the hook) when it exits.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/corpus.js';
import { ensureBuilt } from './support/ensure-built.js';

const HEAVY = [
  'better-sqlite3',
  'sqlite-vec',
  'unpdf',
  'audio-decode',
  'wave-resampler',
  '@huggingface/transformers',
  'tesseract.js',
  'pg',
  '@electric-sql/pglite',
  'chokidar',
  '@opentelemetry/sdk-trace-base',
  '@opentelemetry/context-async-hooks',
  'gpt-tokenizer',
  'zod',
  '@opentelemetry/api',
];

/** What a search or an answer on a lexical-only SQLite database has no use for. */
const NOT_FOR_LEXICAL_SEARCH = [
  'gpt-tokenizer',
  'zod',
  '@opentelemetry/api',
  'unpdf',
  'mammoth',
  'linkedom',
  'turndown',
  'jszip',
  'csv-parse',
  'chokidar',
  'cli-progress',
  'hono',
  '@hono/node-server',
  '@modelcontextprotocol/sdk',
  '@huggingface/transformers',
  'pg',
  '@electric-sql/pglite',
];

/** Packages (by name) that `args` makes node resolve. */
function packagesLoaded(args: string[]): Set<string> {
  const dir = tempDir('cairn-loads-');
  const log = path.join(dir, 'resolved.log');
  const hooks = path.join(dir, 'hooks.mjs');
  writeFileSync(
    hooks,
    [
      "import { appendFileSync } from 'node:fs';",
      'export async function resolve(specifier, context, next) {',
      '  const result = await next(specifier, context);',
      `  appendFileSync(${JSON.stringify(log)}, result.url + '\\n');`,
      '  return result;',
      '}',
    ].join('\n'),
  );
  const register = path.join(dir, 'register.mjs');
  writeFileSync(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
  );
  const required = path.join(dir, 'required.cjs');
  writeFileSync(
    required,
    [
      "const { appendFileSync } = require('node:fs');",
      "process.on('exit', () => {",
      "  const files = Object.keys(require('node:module')._cache);",
      `  appendFileSync(${JSON.stringify(log)}, files.map((file) => file + '\\n').join(''));`,
      '});',
    ].join('\n'),
  );
  writeFileSync(log, '');
  execFileSync(process.execPath, ['--require', required, '--import', pathToFileURL(register).href, ...args], {
    cwd: path.resolve('.'),
    encoding: 'utf8',
    env: { ...process.env, CAIRN_EMBEDDER: '', CAIRN_CHAT_MODEL: '' },
  });
  const names = new Set<string>();
  for (const url of readFileSync(log, 'utf8').split('\n')) {
    const match = /[/\\]node_modules[/\\]((?:@[^/\\]+[/\\])?[^/\\]+)[/\\]/.exec(url);
    if (match) names.add(match[1]!.replace('\\', '/'));
  }
  return names;
}

/** Node's built-in modules that `args` loads. */
function builtinsLoaded(args: string[]): string[] {
  const dir = tempDir('cairn-builtins-');
  const list = path.join(dir, 'builtins.json');
  const hook = path.join(dir, 'builtins.cjs');
  writeFileSync(
    hook,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, JSON.stringify(process.moduleLoadList)));\n`,
  );
  execFileSync(process.execPath, ['--require', hook, ...args], {
    cwd: path.resolve('.'),
    env: { ...process.env, CAIRN_EMBEDDER: '', CAIRN_CHAT_MODEL: '' },
  });
  return (JSON.parse(readFileSync(list, 'utf8')) as string[])
    .filter((entry) => entry.startsWith('NativeModule '))
    .map((entry) => entry.slice('NativeModule '.length));
}

describe('lazy loading', () => {
  beforeAll(() => ensureBuilt());

  it('importing the root and searching a memory store loads no heavy package', () => {
    const script = [
      "const cairn = await import('./dist/index.js');",
      'const engine = await cairn.createEngine({ store: cairn.createMemoryStore() });',
      "await engine.ingestSource({ name: 'a.md', bytes: new TextEncoder().encode('# Otters\\n\\nOtters hold hands.') });",
      "if ((await engine.search('otters')).hits.length !== 1) throw new Error('no hit');",
      'await engine.close();',
    ].join('\n');
    const loaded = packagesLoaded(['--input-type=module', '-e', script]);
    // Ingesting counts tokens, so the tokenizer's table loads; nothing else heavy does.
    expect(loaded.has('gpt-tokenizer')).toBe(true);
    for (const name of HEAVY.filter((name) => name !== 'gpt-tokenizer'))
      expect(loaded.has(name), name).toBe(false);
  });

  it('importing the root loads no heavy package and no BPE table', () => {
    const loaded = packagesLoaded(['--input-type=module', '-e', "await import('./dist/index.js');"]);
    for (const name of HEAVY) expect(loaded.has(name), name).toBe(false);
  });

  it('loads better-sqlite3 once a SQLite store is opened', () => {
    const db = path.join(tempDir(), 'lazy.db');
    const script = [
      "const cairn = await import('./dist/index.js');",
      `const store = await cairn.openSqliteStore({ path: ${JSON.stringify(db)} });`,
      'await store.close();',
    ].join('\n');
    const loaded = packagesLoaded(['--input-type=module', '-e', script]);
    expect(loaded.has('better-sqlite3')).toBe(true);
    expect(loaded.has('unpdf')).toBe(false);
  });

  it('loads the OpenTelemetry SDK for cairn search --trace only', () => {
    const dir = tempDir();
    const db = path.join(dir, 'trace.db');
    writeFileSync(path.join(dir, 'otters.md'), '# Otters\n\nOtters hold hands.');
    const sdk = ['@opentelemetry/sdk-trace-base', '@opentelemetry/context-async-hooks'];
    const ingest = packagesLoaded(['dist/cli/cairn.cjs', 'ingest', path.join(dir, 'otters.md'), '--db', db]);
    for (const name of sdk) expect(ingest.has(name), name).toBe(false);
    const plain = packagesLoaded(['dist/cli/cairn.cjs', 'search', 'otters', '--db', db]);
    for (const name of sdk) expect(plain.has(name), name).toBe(false);
    const traced = packagesLoaded(['dist/cli/cairn.cjs', 'search', 'otters', '--db', db, '--trace']);
    for (const name of sdk) expect(traced.has(name), name).toBe(true);
  });

  it('cairn search and ask on a lexical-only SQLite database load no tokenizer, zod, parser, tracing, crypto or perf_hooks', () => {
    const dir = tempDir();
    const db = path.join(dir, 'lexical.db');
    writeFileSync(path.join(dir, 'otters.md'), '# Otters\n\nOtters hold hands while they sleep.');
    const ingest = packagesLoaded(['dist/cli/cairn.cjs', 'ingest', path.join(dir, 'otters.md'), '--db', db]);
    expect(ingest.has('gpt-tokenizer'), 'ingest counts tokens').toBe(true);
    for (const args of [
      ['search', 'otters'],
      ['ask', 'What do otters hold?'],
    ]) {
      const loaded = packagesLoaded(['dist/cli/cairn.cjs', ...args, '--db', db]);
      expect(loaded.has('better-sqlite3'), args[0]).toBe(true);
      for (const name of NOT_FOR_LEXICAL_SEARCH) expect(loaded.has(name), `${args[0]}: ${name}`).toBe(false);
    }
    // commander requires node:child_process (and with it net, stream and dgram) only to run an
    // executable subcommand, which cairn's never are; the CLI's bundle defers it.
    const builtins = builtinsLoaded(['dist/cli/cairn.cjs', 'search', 'otters', '--db', db]);
    expect(builtins).toContain('fs');
    expect(builtins).not.toContain('child_process');
    expect(builtins).not.toContain('dgram');
    // Reading an existing database neither hashes nor draws random bytes (node:crypto is required
    // at first use, src/core/node-crypto.ts), and durations are read from process.hrtime (the
    // global `performance` loads perf_hooks, src/core/monotonic-clock.ts).
    for (const args of [
      ['search', 'otters'],
      ['ask', 'What do otters hold?'],
    ]) {
      const loaded = builtinsLoaded(['dist/cli/cairn.cjs', ...args, '--db', db]);
      expect(loaded, args[0]).not.toContain('crypto');
      expect(loaded, args[0]).not.toContain('perf_hooks');
    }
  });

  // commander is bundled into the CLI's entry (scripts/build-cli.mjs), so no package loads at all.
  it('cairn --help loads no package', () => {
    const loaded = packagesLoaded(['dist/cli/cairn.cjs', '--help']);
    expect([...loaded]).toEqual([]);
    const search = packagesLoaded(['dist/cli/cairn.cjs', 'search', '--help']);
    expect([...search]).toEqual([]);
  });
});

/**
 * The README's library example and `docs/http-api.md`'s code example run as written, offline: no
 * OPENAI_API_KEY, no CAIRN_API_KEYS, against the built package (`cairn` linked into a fresh
 * project's node_modules, ES modules). The HTTP example gets port 0 instead of 8787 (a free port)
 * and a `close()` after it, so that it ends.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/corpus.js';
import { ensureBuilt } from './support/ensure-built.js';

const run = promisify(execFile);

/** The first ```ts block after the heading `heading` in the Markdown file `file`. */
function exampleAfter(file: string, heading: string): string {
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf(`\n${heading}\n`);
  expect(at, `${file} has "${heading}"`).toBeGreaterThan(-1);
  const block = /```ts\n([\s\S]*?)```/.exec(text.slice(at));
  expect(block, `${file} has a ts block after "${heading}"`).not.toBeNull();
  return block![1]!;
}

/** A fresh ES module project with `cairn` installed (linked), holding `code` as `main.mjs`. */
function project(code: string): string {
  const dir = tempDir('cairn-example-');
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'example', type: 'module', private: true }),
  );
  mkdirSync(path.join(dir, 'node_modules'));
  symlinkSync(path.resolve('.'), path.join(dir, 'node_modules', 'cairn'), 'dir');
  const js = ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  writeFileSync(path.join(dir, 'main.mjs'), js);
  return dir;
}

/** Runs `main.mjs` in `dir` with no model or API keys in the environment. */
async function runExample(dir: string): Promise<{ stdout: string; stderr: string }> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of Object.keys(env))
    if (name.startsWith('CAIRN_') || name.startsWith('OPENAI_')) delete env[name];
  return run(process.execPath, ['main.mjs'], { cwd: dir, env, encoding: 'utf8' });
}

describe('documentation examples, as written', () => {
  beforeAll(() => ensureBuilt());

  it("the README's library example ingests, searches and answers offline", async () => {
    const dir = project(exampleAfter('README.md', '## Library'));
    mkdirSync(path.join(dir, 'docs'));
    writeFileSync(
      path.join(dir, 'docs', 'keys.md'),
      '# Signing keys\n\nRotate signing keys every ninety days with the key manager.',
    );
    const { stdout } = await runExample(dir);
    expect(stdout).toContain('ninety days');
    expect(stdout).toContain('keys.md');
  });

  it("docs/http-api.md's example serves without CAIRN_API_KEYS and closes", async () => {
    const code = exampleAfter('docs/http-api.md', '## In code').replace('port: 8787', 'port: 0');
    const dir = project(
      `${code}\nconsole.log(running.url);\nawait running.close();\nconsole.log('closed');\n`,
    );
    const { stdout } = await runExample(dir);
    expect(stdout).toMatch(/^http:\/\/(127\.0\.0\.1|localhost|\[::1\]):\d+\nclosed\n$/);
  });
});

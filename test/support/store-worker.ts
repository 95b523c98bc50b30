/**
 * Runs the store in a separate Node process: transpiles `src/core`, `src/store` and the name terms
 * the SQL stores' upgrade reads (`src/retrieve/name-terms.ts` and the term analysis it uses) to plain
 * JavaScript in a temporary folder (Vitest loads TypeScript through Vite; a child process has no
 * such loader) next to a worker script that imports them as `./store/…`.
 * @module
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * @param root A temporary folder to write into.
 * @param script The worker's ES module source; it imports e.g. `./store/sqlite/sqlite-store.js`.
 * @returns The worker script's path.
 */
export function compileStoreWorker(root: string, script: string): string {
  const source = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src');
  const out = mkdtempSync(join(root, 'worker-'));
  const retrieve = ['name-terms.ts', 'terms.ts', 'english-stop-words.ts'].map((name) =>
    join(source, 'retrieve', name),
  );
  for (const files of [listTs(join(source, 'core')), listTs(join(source, 'store')), retrieve]) {
    for (const file of files) {
      const target = join(out, relative(source, file)).replace(/\.ts$/, '.js');
      mkdirSync(dirname(target), { recursive: true });
      const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
        compilerOptions: {
          module: ts.ModuleKind.ESNext,
          target: ts.ScriptTarget.ES2022,
          verbatimModuleSyntax: true,
        },
      });
      writeFileSync(target, outputText);
    }
  }
  symlinkSync(join(source, '..', 'node_modules'), join(out, 'node_modules'), 'dir');
  writeFileSync(join(out, 'package.json'), '{"type":"module"}');
  const worker = join(out, 'worker.js');
  writeFileSync(worker, script);
  return worker;
}

function listTs(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return listTs(path);
    return entry.name.endsWith('.ts') &&
      !entry.name.endsWith('.test.ts') &&
      !entry.name.endsWith('.contract.ts')
      ? [path]
      : [];
  });
}

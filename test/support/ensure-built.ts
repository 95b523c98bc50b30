/**
 * Builds `dist/` for the CLI tests when it is missing or older than the sources, so
 * `npx vitest run` works on its own as well as through `npm test`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(dir: string, pattern = /\.ts$/): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && pattern.test(entry.name)) {
      newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/** Whether `built` exists and is newer than every file of `dir` matching `pattern`. */
function fresh(built: string, dir: string, pattern?: RegExp): boolean {
  return existsSync(built) && statSync(built).mtimeMs >= newestMtime(dir, pattern);
}

/**
 * Runs `tsc -p tsconfig.build.json` unless `dist/` is newer than every source file, and the
 * explorer's build (`scripts/build-explorer.mjs`) unless its output is newer than its sources.
 */
export function ensureBuilt(): void {
  const explorer = path.resolve('src/interfaces/http/explorer');
  if (!fresh(path.resolve('dist/interfaces/http/explorer/app.js'), explorer, /\.(ts|html|css|json)$/)) {
    execFileSync(process.execPath, [path.resolve('scripts/build-explorer.mjs')], { stdio: 'inherit' });
  }
  if (fresh(path.resolve('dist/interfaces/cli/main.js'), path.resolve('src'))) return;
  execFileSync(
    process.execPath,
    [path.resolve('node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
    {
      stdio: 'inherit',
    },
  );
}

/**
 * Builds `dist/` for the CLI tests when it is missing or older than the sources, so
 * `npx vitest run` works on its own as well as through `npm test`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.ts')) {
      newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/** Runs `tsc -p tsconfig.build.json` unless `dist/` is newer than every source file. */
export function ensureBuilt(): void {
  const cli = path.resolve('dist/interfaces/cli/main.js');
  if (existsSync(cli) && statSync(cli).mtimeMs >= newestMtime(path.resolve('src'))) return;
  execFileSync(
    process.execPath,
    [path.resolve('node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
    {
      stdio: 'inherit',
    },
  );
}

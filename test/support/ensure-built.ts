/**
 * Builds `dist/` for the CLI tests when it is missing or older than the sources, so
 * `npx vitest run` works on its own as well as through `npm test`. Test files run in parallel
 * (vitest.config.ts): one builds at a time, under a lock, and the others then find it fresh.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
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
 * Runs `tsc -p tsconfig.build.json` unless `dist/` is newer than every source file, the CLI's
 * bundle (`scripts/build-cli.mjs`) unless it is newer than the build, and the explorer's build
 * (`scripts/build-explorer.mjs`) unless its output is newer than its sources.
 */
export function ensureBuilt(): void {
  if (builtFresh()) return;
  withBuildLock(() => {
    if (!builtFresh()) build();
  });
}

const explorerFresh = () =>
  fresh(
    path.resolve('dist/interfaces/http/explorer/app.js'),
    path.resolve('src/interfaces/http/explorer'),
    /\.(ts|html|css|json)$/,
  );
const libraryFresh = () => fresh(path.resolve('dist/interfaces/cli/main.js'), path.resolve('src'));
/**
 * The CLI's bundle is newer than the library build it bundles (tsc writes every file of dist/, so
 * main.js's time is the build's) and than the script that makes it.
 */
function cliFresh(): boolean {
  const bundle = statSync(path.resolve('dist/cli/cairn.cjs'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const inputs = ['dist/interfaces/cli/main.js', 'scripts/build-cli.mjs'].map(
    (file) => statSync(path.resolve(file), { throwIfNoEntry: false })?.mtimeMs ?? Number.POSITIVE_INFINITY,
  );
  return inputs.every((mtime) => bundle >= mtime);
}
const builtFresh = () => explorerFresh() && libraryFresh() && cliFresh();

/** A lock left by a build that was killed is taken over after this long (a build takes minutes on a busy machine). */
const STALE_LOCK_MS = 15 * 60_000;

/** Runs `work` holding a lock folder beside `node_modules`' caches, waiting while another process holds it. */
function withBuildLock(work: () => void): void {
  const lock = path.resolve('node_modules/.cache/cairn-ensure-built.lock');
  mkdirSync(path.dirname(lock), { recursive: true });
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(pause, 0, 0, 250);
    }
  }
  try {
    work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function build(): void {
  if (!explorerFresh()) {
    execFileSync(process.execPath, [path.resolve('scripts/build-explorer.mjs')], { stdio: 'inherit' });
  }
  if (!libraryFresh()) {
    execFileSync(
      process.execPath,
      [path.resolve('node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
      {
        stdio: 'inherit',
      },
    );
  }
  if (!cliFresh()) {
    execFileSync(process.execPath, [path.resolve('scripts/build-cli.mjs')], { stdio: 'inherit' });
  }
}

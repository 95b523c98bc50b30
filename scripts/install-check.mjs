// The README's install (`npm ci`) on the npm versions users have: npm 9 (Debian's `npm` package),
// npm 10 (what Node.js 20 and 22 ship) and npm 11 (Node.js 24 and later). Each runs
// `npm ci --dry-run` on a copy of package.json, package-lock.json and .npmrc in a scratch folder
// (a dry run still empties node_modules, so never here), which fails when that npm reads the lock
// file as out of sync with package.json — as npm 10 did when an optional peer of a dev dependency's
// dependency asked for a version the lock file had not nested (fixed by package.json's
// `overrides`). It also checks that the project .npmrc tells onnxruntime-node's install script to
// skip its download from outside the registry on npms that ignore package.json's allowScripts.
//
//   node scripts/install-check.mjs [--only 10]
//
// Needs the npm registry (npx fetches each npm). Exits non-zero naming the npm that failed.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const NPM_MAJORS = ['9', '10', '11'];
const FILES = ['package.json', 'package-lock.json', '.npmrc'];

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const root = path.resolve(import.meta.dirname, '..');
const majors = values.only ? [values.only] : NPM_MAJORS;

let failed = 0;
const npmrc = readFileSync(path.join(root, '.npmrc'), 'utf8');
if (!/^onnxruntime-node-install\s*=\s*skip\s*$/m.test(npmrc)) {
  console.error('install-check: .npmrc does not set onnxruntime-node-install=skip');
  failed++;
}
for (const major of majors) {
  const dir = mkdtempSync(path.join(tmpdir(), `cairn-install-check-npm${major}-`));
  try {
    for (const file of FILES) {
      if (existsSync(path.join(root, file))) copyFileSync(path.join(root, file), path.join(dir, file));
    }
    execFileSync(
      'npx',
      ['-y', `npm@${major}`, 'ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'],
      { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', timeout: 10 * 60_000 },
    );
    console.log(`install-check: npm ${major} accepts package-lock.json`);
  } catch (error) {
    failed++;
    const output = `${error.stdout ?? ''}${error.stderr ?? ''}`
      .split('\n')
      .filter((line) => /npm (error|ERR!)/.test(line))
      .slice(0, 12)
      .join('\n');
    console.error(`install-check: npm ${major} ci fails:\n${output || error.message}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
process.exit(failed ? 1 : 0);

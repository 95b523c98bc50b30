// The engines only benchmarks compare cairn with (LanceDB, hnswlib, Apache Arrow, autocannon) are
// not development dependencies: a development install stays lean. A benchmark that needs them
// calls `requireEngines`, which installs the pinned versions below into bench/.engines (git-ignored)
// with npm on first use, saying so, and loads them from there.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The benchmark-only packages and the versions the committed figures were measured with. */
export const BENCH_ENGINES = {
  '@lancedb/lancedb': '^0.30.0',
  'apache-arrow': '^18.1.0',
  autocannon: '^9.0.0',
  'hnswlib-node': '^3.0.0',
};

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.engines');

/**
 * Loads `names` (keys of {@link BENCH_ENGINES}) from bench/.engines, installing any that are
 * missing there first (npm, from the registry; about a minute the first time).
 * @returns The modules, by name (CommonJS `require` results).
 */
export function requireEngines(...names) {
  const require = createRequire(path.join(folder, 'package.json'));
  const missing = names.filter((name) => {
    try {
      require.resolve(name);
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length > 0) {
    const specs = missing.map((name) => `${name}@${BENCH_ENGINES[name]}`);
    process.stderr.write(`installing ${specs.join(', ')} into bench/.engines for this benchmark (once)\n`);
    mkdirSync(folder, { recursive: true });
    const manifest = path.join(folder, 'package.json');
    if (!existsSync(manifest))
      writeFileSync(manifest, '{ "private": true, "allowScripts": { "hnswlib-node": true } }\n');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = spawnSync(npm, ['install', '--prefix', folder, '--no-audit', '--no-fund', ...specs], {
      stdio: 'inherit',
    });
    if (result.status !== 0) {
      throw new Error(
        `npm install --prefix bench/.engines ${specs.join(' ')} failed; run it by hand and retry`,
      );
    }
  }
  return Object.fromEntries(names.map((name) => [name, require(name)]));
}

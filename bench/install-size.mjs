// Size of a lexical-only install of cairn, as a new app gets it: `npm pack` the repository, then
// `npm install` the tarball into an empty temporary app with no cairn-related environment
// variables (no ONNXRUNTIME_NODE_INSTALL, no npm_config_*), and measure its node_modules with
// `du`. Optional peers (model runtimes, PGlite, pg, OCR, audio decoders) are not installed.
// Writes bench/results/install-size.json.
//
//   node bench/install-size.mjs [--limit-mb 150]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeResult } from './support/write-result.mjs';

const { values } = parseArgs({ options: { 'limit-mb': { type: 'string', default: '150' } } });
const limitMb = Number(values['limit-mb']);
const root = process.cwd();

/** The environment of a fresh shell: no install switches inherited from this one. */
const env = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !/^(npm_|ONNXRUNTIME_)/i.test(key)),
);

/** Bytes under `dir`, as `du -sb` counts them (apparent size). */
const du = (dir) => Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]);

const work = mkdtempSync(path.join(tmpdir(), 'cairn-install-size-'));
try {
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8', env }),
  )[0];
  const tarball = path.join(work, packed.filename);
  const app = path.join(work, 'app');
  mkdirSync(app);
  writeFileSync(
    path.join(app, 'package.json'),
    `${JSON.stringify({ name: 'app', private: true, type: 'module' })}\n`,
  );
  const began = performance.now();
  execFileSync('npm', ['install', tarball, '--no-audit', '--no-fund'], { cwd: app, stdio: 'inherit', env });
  const installSeconds = (performance.now() - began) / 1000;
  const modules = path.join(app, 'node_modules');
  // A smoke test of the installed library: the root export loads, and a lexical engine on SQLite
  // (better-sqlite3 built by its install script) answers.
  const smoke = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      [
        "import { openEngine } from 'cairn';",
        "const engine = await openEngine({ store: 'smoke/cairn.db', env: {} });",
        "await engine.ingestSource({ name: 'a.md', bytes: new TextEncoder().encode('# Otters\\n\\nOtters hold hands.') });",
        "const { hits } = await engine.search('otters');",
        'console.log(hits.length);',
        'await engine.close();',
      ].join('\n'),
    ],
    { cwd: app, encoding: 'utf8', env },
  ).trim();
  const packages = [];
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith('.')) continue;
    const names = entry.startsWith('@')
      ? readdirSync(path.join(modules, entry)).map((n) => `${entry}/${n}`)
      : [entry];
    for (const name of names) packages.push({ name, bytes: du(path.join(modules, name)) });
  }
  packages.sort((a, b) => b.bytes - a.bytes);
  const installedBytes = du(modules);
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    npm: execFileSync('npm', ['--version'], { encoding: 'utf8', env }).trim(),
    tarballBytes: packed.size,
    unpackedBytes: packed.unpackedSize,
    installedBytes,
    installedMB: Number((installedBytes / 1e6).toFixed(1)),
    limitMB: limitMb,
    withinLimit: installedBytes / 1e6 <= limitMb,
    installSeconds: Number(installSeconds.toFixed(1)),
    topLevelPackages: packages.length,
    largest: packages.slice(0, 12).map((p) => ({ name: p.name, MB: Number((p.bytes / 1e6).toFixed(1)) })),
    smokeTestHits: Number(smoke),
  };
  writeResult('bench/results/install-size.json', results);
  console.log(JSON.stringify(results, null, 2));
  if (!results.withinLimit) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}

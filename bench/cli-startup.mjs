// Start-up time of the CLI: wall time of `cairn --help`, `cairn ingest --help`, and `cairn search`
// and `cairn ask` on a small database (three Markdown files, lexical-only, made once in a temporary
// folder) against bare `node -e 0`, each a fresh process, runs interleaved so that machine load hits
// them alike. Reports medians and their ratios to bare Node; the targets (issue 24) are
// `--help` ≤ 1.3× and `search` ≤ 2× bare Node.
// Each run's CPU time (user + system, every thread, as the process reports it at exit) is
// recorded beside its wall time: on a machine other work keeps busy, wall times mostly measure
// the wait for a core, while CPU time stays close to what an idle machine would see.
// The `cairn` command is the bundle in dist/cli/ (scripts/build-cli.mjs); `--help` and `search`
// are also timed through the unbundled dist/interfaces/cli/main.js, to show what the bundle saves.
// Writes bench/results/cli-startup.json. Run after `npm run build`.
//
//   node bench/cli-startup.mjs [--runs 21]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { processTimer } from './support/process-timer.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '21' } } });
const runs = Number(values.runs);
const cli = path.resolve('dist/cli/cairn.cjs');
const unbundled = path.resolve('dist/interfaces/cli/main.js');
for (const file of [cli, unbundled]) {
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
}

// Environment of every run: no models configured (the database is lexical-only) and no config file.
const env = {
  ...process.env,
  CAIRN_EMBEDDER: '',
  CAIRN_CHAT_MODEL: '',
  CAIRN_RERANKER: '',
  CAIRN_CONFIG: '',
};
const dir = mkdtempSync(path.join(tmpdir(), 'cairn-startup-'));
const db = path.join(dir, 'small.db');
const docs = {
  'otters.md': '# Otters\n\nSea otters hold hands while they sleep so that they do not drift apart.\n',
  'kelp.md': '# Kelp forests\n\nKelp grows up to half a metre a day; otters keep urchins from eating it.\n',
  'tides.md': '# Tides\n\nTwo high tides a day come from the Moon pulling on the oceans.\n',
};
for (const [name, text] of Object.entries(docs)) writeFileSync(path.join(dir, name), text);
const ingest = spawnSync(process.execPath, [cli, 'ingest', dir, '--include', '*.md', '--db', db], {
  env,
  encoding: 'utf8',
});
if (ingest.status !== 0) throw new Error(`ingest failed: ${ingest.stderr}`);

const commands = {
  node: ['-e', '0'],
  help: [cli, '--help'],
  ingestHelp: [cli, 'ingest', '--help'],
  search: [cli, 'search', 'otters', '--db', db],
  ask: [cli, 'ask', 'What do otters do while they sleep?', '--db', db],
  helpUnbundled: [unbundled, '--help'],
  searchUnbundled: [unbundled, 'search', 'otters', '--db', db],
};

/** Wall and CPU milliseconds one fresh process takes to run `args` to its end. */
const time = processTimer(dir, env);

const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const samples = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
const first = Object.fromEntries(Object.entries(commands).map(([name, args]) => [name, time(args)]));
for (let i = 0; i < runs; i++) {
  for (const [name, args] of Object.entries(commands)) samples[name].push(time(args));
}
rmSync(dir, { recursive: true, force: true });
const summary = (key) =>
  Object.fromEntries(
    Object.entries(samples).map(([name, xs]) => {
      const values = xs.map((x) => x[key]);
      return [
        name,
        {
          median: Number(median(values).toFixed(1)),
          min: Number(Math.min(...values).toFixed(1)),
          first: Number(first[name][key].toFixed(1)),
        },
      ];
    }),
  );
const ms = summary('wall');
const cpu = summary('cpu');
const overNode = (name) => Number((ms[name].median / ms.node.median).toFixed(2));
const cpuOverNode = (name) => Number((cpu[name].median / cpu.node.median).toFixed(2));
const targets = { help: 1.3, search: 2 };
const results = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: (await import('node:os')).cpus().length,
  loadAverage: (await import('node:os')).loadavg().map((x) => Number(x.toFixed(2))),
  runs,
  milliseconds: ms,
  overNode: {
    help: overNode('help'),
    ingestHelp: overNode('ingestHelp'),
    search: overNode('search'),
    ask: overNode('ask'),
    helpUnbundled: overNode('helpUnbundled'),
    searchUnbundled: overNode('searchUnbundled'),
  },
  cpuMilliseconds: cpu,
  cpuOverNode: {
    help: cpuOverNode('help'),
    ingestHelp: cpuOverNode('ingestHelp'),
    search: cpuOverNode('search'),
    ask: cpuOverNode('ask'),
    helpUnbundled: cpuOverNode('helpUnbundled'),
    searchUnbundled: cpuOverNode('searchUnbundled'),
  },
  targets,
};
results.withinTargets = Object.entries(targets).every(([name, target]) => results.overNode[name] <= target);
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/cli-startup.json', `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
if (!results.withinTargets) process.exitCode = 1;

// Start-up time of the CLI: wall time of `cairn --help` (and `cairn ingest --help`) against bare
// `node -e 0`, each a fresh process, runs interleaved so that machine load hits both alike.
// Reports medians and their ratio; the target is `cairn --help` ≤ 4× bare Node.
// Writes bench/results/cli-startup.json. Run after `npm run build`.
//
//   node bench/cli-startup.mjs [--runs 21]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '21' } } });
const runs = Number(values.runs);
const cli = 'dist/interfaces/cli/main.js';
if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run build first`);

const commands = {
  node: ['-e', '0'],
  help: [cli, '--help'],
  ingestHelp: [cli, 'ingest', '--help'],
};

/** Milliseconds one fresh process takes to run `args` to its end. */
function time(args) {
  const began = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}`);
  return Number(process.hrtime.bigint() - began) / 1e6;
}

const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const samples = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
const first = Object.fromEntries(Object.entries(commands).map(([name, args]) => [name, time(args)]));
for (let i = 0; i < runs; i++) {
  for (const [name, args] of Object.entries(commands)) samples[name].push(time(args));
}
const ms = Object.fromEntries(
  Object.entries(samples).map(([name, xs]) => [
    name,
    {
      median: Number(median(xs).toFixed(1)),
      min: Number(Math.min(...xs).toFixed(1)),
      first: Number(first[name].toFixed(1)),
    },
  ]),
);
const results = {
  date: new Date().toISOString(),
  node: process.version,
  runs,
  milliseconds: ms,
  helpOverNode: Number((ms.help.median / ms.node.median).toFixed(2)),
  ingestHelpOverNode: Number((ms.ingestHelp.median / ms.node.median).toFixed(2)),
  target: 4,
};
results.withinTarget = results.helpOverNode <= results.target;
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/cli-startup.json', `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
if (!results.withinTarget) process.exitCode = 1;

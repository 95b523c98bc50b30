// Runs package.json scripts at the same time and exits with the first failure's status, printing
// each script's output whole when it ends (so that outputs never interleave). `npm test` runs the
// lint, the type check and the build this way: the type check and the build are each one
// single-threaded tsc, so on two cores they take the time of the longer one instead of the sum,
// and the lint (2 s of CPU) fits beside them (42 s against 57 s with the lint first, at load 6).
//
//   node scripts/run-parallel.mjs lint typecheck build
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) throw new Error('name the package.json scripts to run, e.g. typecheck build');

// npm sets npm_execpath to its own CLI when it runs a script; elsewhere `npm` is on the PATH.
const npm = process.env.npm_execpath;
const command = npm?.endsWith('.js') || npm?.endsWith('.cjs') ? process.execPath : 'npm';
const prefix = command === process.execPath ? [npm] : [];

function run(name) {
  return new Promise((resolve) => {
    const began = Date.now();
    const child = spawn(command, [...prefix, 'run', name], {
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: command === 'npm' && process.platform === 'win32',
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      const status = code ?? 1;
      const seconds = ((Date.now() - began) / 1000).toFixed(0);
      process.stdout.write(Buffer.concat(output));
      process.stdout.write(
        `${name}: ${status === 0 ? 'done' : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s\n`,
      );
      resolve(status);
    });
  });
}

const statuses = await Promise.all(names.map(run));
process.exitCode = statuses.find((status) => status !== 0) ?? 0;

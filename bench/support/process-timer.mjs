// Wall and CPU time of fresh Node processes, as the start-up benches measure them: a hook
// preloaded into every process (bare `node -e 0` too) writes its CPU time (user + system) at exit.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A timer of fresh processes whose hook and CPU file live in `dir`; each run has environment
 * `env` and working folder `dir`.
 * @returns `time(args, { capture })`: runs `node ARGS` to its end and returns `{ wall, cpu }` in
 * milliseconds (and `stdout` when `capture`); throws when the process exits non-zero.
 */
export function processTimer(dir, env = process.env) {
  const cpuFile = path.join(dir, 'cpu.txt');
  const cpuHook = path.join(dir, 'cpu-hook.cjs');
  writeFileSync(
    cpuHook,
    `process.on('exit', () => { const u = process.cpuUsage(); require('node:fs').writeFileSync(${JSON.stringify(cpuFile)}, String((u.user + u.system) / 1000)); });\n`,
  );
  return (args, { capture = false } = {}) => {
    const began = process.hrtime.bigint();
    const result = spawnSync(process.execPath, ['--require', cpuHook, ...args], {
      env,
      cwd: dir,
      ...(capture ? { encoding: 'utf8' } : { stdio: 'ignore' }),
    });
    if (result.status !== 0) {
      throw new Error(`node ${args.join(' ')} exited ${result.status}${capture ? `: ${result.stderr}` : ''}`);
    }
    const wall = Number(process.hrtime.bigint() - began) / 1e6;
    const cpu = Number(readFileSync(cpuFile, 'utf8'));
    return capture ? { wall, cpu, stdout: result.stdout } : { wall, cpu };
  };
}

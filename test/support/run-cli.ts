/**
 * Runs the built CLI (the file package.json's `bin` names: `dist/cli/cairn.cjs`, the bundle
 * `scripts/build-cli.mjs` makes) as a child process, as a user would, and returns its exit code and output. Model settings from the caller's environment are cleared
 * (`CAIRN_EMBEDDER`, `CAIRN_CHAT_MODEL`, `CAIRN_VISION_MODEL`, `CAIRN_TRANSCRIBER`), so a test
 * configures only what it passes in `env`.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const cli = path.resolve(
  (JSON.parse(readFileSync('package.json', 'utf8')) as { bin: { cairn: string } }).bin.cairn,
);

/** What the CLI did. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `cairn args…` with `env` added to a cleared model environment, in `cwd` (default: here). */
export async function runCairn(
  args: string[],
  env: Record<string, string> = {},
  options: { cwd?: string } = {},
): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], {
      cwd: options.cwd,
      env: {
        ...process.env,
        CAIRN_EMBEDDER: '',
        CAIRN_CHAT_MODEL: '',
        CAIRN_VISION_MODEL: '',
        CAIRN_TRANSCRIBER: '',
        ...env,
      },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** A CLI process left running, its output collected as it comes. */
export interface RunningCli {
  child: ChildProcess;
  /** Everything written to standard output so far. */
  stdout(): string;
  /** Everything written to standard error so far. */
  stderr(): string;
  /** Settles when the process has exited and its output is read: its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `cairn args…` as {@link runCairn} would, without waiting for it to end. */
export function spawnCairn(
  args: string[],
  env: Record<string, string> = {},
  options: { cwd?: string } = {},
): RunningCli {
  const child = spawn(process.execPath, [cli, ...args], {
    cwd: options.cwd,
    env: {
      ...process.env,
      CAIRN_EMBEDDER: '',
      CAIRN_CHAT_MODEL: '',
      CAIRN_VISION_MODEL: '',
      CAIRN_TRANSCRIBER: '',
      ...env,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/**
 * Runs `cairn serve` from the built CLI as a child process, as an operator would, and waits for
 * it to say where it listens. Model settings from the caller's environment are cleared, as in
 * `run-cli.ts`; a test configures only what it passes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const cli = path.resolve('dist/cli/cairn.cjs');

/** A running `cairn serve`. */
export interface ServeProcess {
  url: string;
  child: ChildProcess;
  /** Everything it wrote to standard error so far. */
  stderr(): string;
  /** Sends `signal` (default SIGTERM) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `cairn serve ARGS` (add `--port 0` for a free port) with `env` over a cleared model environment. */
export function startServe(
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 30_000,
): Promise<ServeProcess> {
  const child = spawn(process.execPath, [cli, 'serve', ...args], {
    env: {
      ...process.env,
      CAIRN_EMBEDDER: '',
      CAIRN_CHAT_MODEL: '',
      CAIRN_VISION_MODEL: '',
      CAIRN_TRANSCRIBER: '',
      CAIRN_API_KEYS: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`cairn serve did not start in ${timeoutMs} ms: ${stderr}`));
    }, timeoutMs);
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (text: string) => {
      stderr += text;
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve({
          url: match[1]!,
          child,
          stderr: () => stderr,
          stop: (signal = 'SIGTERM') => {
            if (child.exitCode === null) child.kill(signal);
            return exited;
          },
        });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`cairn serve exited with ${code} before listening: ${stderr}`));
    });
  });
}

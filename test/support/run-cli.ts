/**
 * Runs the built CLI (`dist/interfaces/cli/main.js`) as a child process, as a user would, and
 * returns its exit code and output. Model settings from the caller's environment are cleared
 * (`CAIRN_EMBEDDER`, `CAIRN_CHAT_MODEL`, `CAIRN_VISION_MODEL`, `CAIRN_TRANSCRIBER`), so a test
 * configures only what it passes in `env`.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const cli = path.resolve('dist/interfaces/cli/main.js');

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

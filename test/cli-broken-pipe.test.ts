/**
 * The built CLI piped into a reader that stops early (`| head -1`), through a real shell pipe:
 * the writes after the reader left fail with EPIPE, which must end the CLI quietly.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from './support/ensure-built.js';

const cli = path.resolve('dist/cli/cairn.cjs');

/** `cairn args… | head -1` in bash: the first line, the CLI's exit code and its standard error. */
function pipedToHead(args: string[]): { line: string; code: number; stderr: string } {
  const quoted = args.map((arg) => `'${arg}'`).join(' ');
  const script = `"${process.execPath}" "${cli}" ${quoted} 2>"$ERR_FILE" | head -1; echo "exit=\${PIPESTATUS[0]}"; cat "$ERR_FILE"`;
  const result = spawnSync('bash', ['-c', script], {
    encoding: 'utf8',
    env: {
      ...process.env,
      ERR_FILE: path.join(process.env.TMPDIR ?? '/tmp', `cairn-epipe-${process.pid}.txt`),
    },
  });
  const [line = '', exit = '', ...stderr] = result.stdout.split('\n');
  return { line, code: Number(exit.replace('exit=', '')), stderr: stderr.join('\n') };
}

describe('cairn piped into a reader that closes early', () => {
  beforeAll(() => ensureBuilt());

  it('exits 0 without an EPIPE trace after help text', () => {
    for (const args of [
      ['search', '--help'],
      ['--help'],
      ['help', 'ingest'],
      ['collections', 'create', '--help'],
    ]) {
      const { line, code, stderr } = pipedToHead(args);
      expect(line, args.join(' ')).toMatch(/^Usage: cairn/);
      expect(stderr, args.join(' ')).not.toMatch(/EPIPE|Unhandled/);
      expect(code, args.join(' ')).toBe(0);
    }
  });
});

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { applyConfigFile, guardedSettings, loadConfigFile, MAX_CONFIG_FILE_BYTES } from './config-file.js';

const root = mkdtempSync(path.join(tmpdir(), 'cairn-config-file-'));

function program(): { program: Command; ingest: Command } {
  const program = new Command('cairn').exitOverride();
  const ingest = program
    .command('ingest')
    .option('--db <url>')
    .option('--follow-symlinks')
    .option('--chunk-size <n>');
  return { program, ingest };
}

describe('loadConfigFile', () => {
  it('refuses a FIFO, a device and a link to one as --config, at once', async () => {
    const fifo = path.join(root, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    const toZero = path.join(root, 'zero.json');
    symlinkSync('/dev/zero', toZero);
    await expect(loadConfigFile(fifo)).rejects.toMatchObject({
      code: 'CONFIG_ERROR',
      message: expect.stringMatching(/fifo\.json: is a FIFO/),
    });
    await expect(loadConfigFile('/dev/zero')).rejects.toThrow(/is a character device/);
    await expect(loadConfigFile(toZero)).rejects.toThrow(/is a character device/);
  });

  it('refuses a FIFO found by walking up instead of waiting on it, and a file over the size cap', async () => {
    const top = mkdtempSync(path.join(root, 'walk-'));
    const below = path.join(top, 'a', 'b');
    mkdirSync(below, { recursive: true });
    execFileSync('mkfifo', [path.join(top, 'cairn.config.json')]);
    await expect(loadConfigFile(undefined, below, top)).rejects.toThrow(/is a FIFO/);
    const big = path.join(root, 'big.json');
    writeFileSync(big, `{"db":"${'x'.repeat(MAX_CONFIG_FILE_BYTES)}"}`);
    await expect(loadConfigFile(big)).rejects.toThrow(/more than the 1048576 allowed/);
  });

  it('finds a file in a parent folder, and says which guarded settings it applies; a named file is trusted', async () => {
    const top = mkdtempSync(path.join(root, 'parent-'));
    const below = path.join(top, 'project');
    mkdirSync(below);
    const file = path.join(top, 'cairn.config.json');
    writeFileSync(
      file,
      JSON.stringify({ db: 'postgres://elsewhere/kb', ingest: { followSymlinks: true, chunkSize: 300 } }),
    );
    const found = await loadConfigFile(undefined, below, top);
    expect(found).toMatchObject({ file, found: true });
    const { ingest } = program();
    ingest.parseOptions([]);
    const applied = applyConfigFile(ingest, found!, {});
    expect(applied.sort()).toEqual(['chunkSize', 'db', 'followSymlinks']);
    expect(guardedSettings(found!, ingest, applied).sort()).toEqual(['--db', '--follow-symlinks']);
    const named = await loadConfigFile(file, below, top);
    expect(named?.found).toBe(false);
    expect(guardedSettings(named!, ingest, applied)).toEqual([]);
  });

  it('refuses a configuration nested too deep', async () => {
    const deep = path.join(root, 'deep.json');
    writeFileSync(deep, `{"search":{"filter":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}}`);
    await expect(loadConfigFile(deep)).rejects.toThrow(/nests deeper than 64 levels/);
  });
});

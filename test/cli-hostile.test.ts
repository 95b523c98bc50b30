import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/corpus.js';
import { ensureBuilt } from './support/ensure-built.js';
import { runCairn as cairn } from './support/run-cli.js';

const EVIL = 'evil\u001b[31mred\nforged line.md';

describe('cairn CLI on hostile inputs', () => {
  beforeAll(() => ensureBuilt());

  it('escapes control characters of names in every human-readable output; JSON stays exact', async () => {
    const root = tempDir();
    writeFileSync(path.join(root, EVIL), '# Lighthouses\n\nThe Fresnel lens concentrates light.');
    writeFileSync(path.join(root, 'blank\u001b[2J.txt'), '   ');
    const db = path.join(tempDir(), 'names.db');

    const ingest = await cairn(['ingest', root, '--db', db]);
    expect(ingest.code).toBe(0);
    expect(ingest.stdout).toContain('skipped blank\\x1b[2J.txt (empty)');
    const json = JSON.parse((await cairn(['documents', '--db', db, '--json'])).stdout);
    expect(json.map((d: { documentId: string }) => d.documentId)).toEqual([EVIL]);

    for (const args of [
      ['documents', '--db', db],
      ['search', 'Fresnel lens', '--db', db],
      ['ask', 'What does the Fresnel lens do?', '--db', db],
      ['delete', EVIL, '--db', db],
    ]) {
      const { stdout, stderr } = await cairn(args);
      expect(`${stdout}${stderr}`, args[0]).not.toMatch(/\u001b/);
      expect(stdout, args[0]).toContain('evil\\x1b[31mred\\nforged line.md');
    }
    expect((await cairn(['documents', '--db', db])).stdout.trim()).toBe('No documents.');
  });

  it('takes --max-file-size, --follow-symlinks and parse limits, refusing bad values with exit 2', async () => {
    const outside = tempDir();
    writeFileSync(path.join(outside, 'secret.txt'), 'root:x:0:0:root:/root:/bin/bash');
    const root = tempDir();
    mkdirSync(path.join(root, 'docs'));
    writeFileSync(path.join(root, 'docs', 'big.txt'), 'word '.repeat(300_000));
    writeFileSync(path.join(root, 'docs', 'small.txt'), 'Tides follow the moon.');
    symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'docs', 'passwd.txt'));
    const db = path.join(tempDir(), 'flags.db');

    const first = JSON.parse(
      (await cairn(['ingest', root, '--db', db, '--max-file-size', '1MB', '--parse-timeout', '30', '--json']))
        .stdout,
    );
    expect(first.items.map((i: { documentId: string; status: string }) => [i.documentId, i.status])).toEqual([
      ['docs/big.txt', 'skipped'],
      ['docs/passwd.txt', 'skipped'],
      ['docs/small.txt', 'ingested'],
    ]);
    expect(first.items[0].reason).toMatch(/^1\.4 MiB, larger than the 1 MiB limit; raise --max-file-size/);
    expect(first.items[1].reason).toMatch(/outside the folder being ingested; pass --follow-symlinks/);
    const search = JSON.parse((await cairn(['search', 'root', '--db', db, '--json'])).stdout);
    expect(search.hits).toEqual([]);

    const second = JSON.parse(
      (await cairn(['ingest', root, '--db', db, '--follow-symlinks', '--max-file-size', '2MiB', '--json']))
        .stdout,
    );
    expect(second.totals).toMatchObject({ ingested: 2, unchanged: 1, skipped: 0 });

    for (const bad of [
      ['--max-file-size', 'lots'],
      ['--parse-timeout', '0'],
      ['--parse-memory', '12'],
    ]) {
      const refused = await cairn(['ingest', root, '--db', db, ...bad]);
      expect(refused.code, bad.join(' ')).toBe(2);
      expect(refused.stderr, bad.join(' ')).toMatch(
        bad[0] === '--parse-memory' ? /parseLimits\.memoryMb/ : new RegExp(bad[0]!),
      );
    }
  });
});

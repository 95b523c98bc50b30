/**
 * `cairn documents` from the built CLI on a real SQLite file: every document by default (read a
 * page at a time), or one page with `--limit`/`--offset`, searched with `--search` and sorted with
 * `--sort`/`--desc`; a bad option value is one error line naming the option, and exits 2.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/corpus.js';
import { ensureBuilt } from './support/ensure-built.js';
import { runCairn as cairn } from './support/run-cli.js';

describe('cairn documents', () => {
  let db: string;
  beforeAll(async () => {
    ensureBuilt();
    const dir = tempDir();
    const docs = path.join(dir, 'notes');
    mkdirSync(docs);
    // Sizes grow with the letter, so "size" and "name" sort alike.
    for (const [i, name] of [
      'alpine-marmot',
      'beaver',
      'capybara',
      'dormouse',
      'european-badger',
    ].entries()) {
      writeFileSync(path.join(docs, `${name}.md`), `# ${name}\n\n${'The animal digs. '.repeat(i + 1)}\n`);
    }
    db = path.join(dir, 'animals.db');
    const ingested = await cairn(['ingest', docs, '--db', db]);
    expect(ingested.code, ingested.stderr).toBe(0);
  });

  const ids = (stdout: string) =>
    (JSON.parse(stdout) as Array<{ documentId: string }>).map((d) => d.documentId);

  it('lists every document by default, in document-id order', async () => {
    const all = await cairn(['documents', '--db', db, '--json']);
    expect(all.code, all.stderr).toBe(0);
    expect(ids(all.stdout)).toEqual([
      'alpine-marmot.md',
      'beaver.md',
      'capybara.md',
      'dormouse.md',
      'european-badger.md',
    ]);
  });

  it('prints one page with --limit and --offset, and says which part of how many on stderr', async () => {
    const page = await cairn([
      'documents',
      '--db',
      db,
      '--sort',
      'size',
      '--desc',
      '--limit',
      '2',
      '--offset',
      '1',
    ]);
    expect(page.code, page.stderr).toBe(0);
    expect(
      page.stdout
        .trim()
        .split('\n')
        .map((line) => line.split('\t')[0]),
    ).toEqual(['dormouse.md', 'capybara.md']);
    expect(page.stderr).toContain('documents 2-3 of 5');
    const json = await cairn(['documents', '--db', db, '--json', '--sort', 'name', '--limit', '2']);
    expect(ids(json.stdout)).toEqual(['alpine-marmot.md', 'beaver.md']);
  });

  it('searches titles, source names and ids with --search', async () => {
    const found = await cairn(['documents', '--db', db, '--json', '--search', 'MARMOT']);
    expect(ids(found.stdout)).toEqual(['alpine-marmot.md']);
    const none = await cairn(['documents', '--db', db, '--search', 'okapi']);
    expect(none.stdout.trim()).toBe('No documents.');
    const past = await cairn(['documents', '--db', db, '--offset', '9']);
    expect(past.stdout.trim()).toBe('No documents at offset 9 (5 in all).');
  });

  it('refuses a bad --sort, --limit or --offset with one error line and exit 2', async () => {
    for (const [args, pattern] of [
      [['--sort', 'colour'], /--sort .*colour.*name, date, size, chunks/],
      [['--limit', '0'], /--limit must be a positive integer, got "0"/],
      [['--offset', '-1'], /--offset must be an integer ≥ 0, got "-1"/],
    ] as const) {
      const refused = await cairn(['documents', '--db', db, ...args]);
      expect(refused.code, refused.stderr).toBe(2);
      const [line, ...rest] = refused.stderr.trim().split('\n');
      expect(line).toMatch(pattern);
      // The usual usage hint, and no stack trace.
      expect(rest).toEqual(['(add --help for usage)']);
    }
  });
});

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/corpus.js';
import { ensureBuilt } from './support/ensure-built.js';
import { runCairn } from './support/run-cli.js';

/**
 * Three short accident reports (Markdown; the configuration is what these tests check, not
 * parsing, and parsing the example PDFs was most of their time), a text file an include of
 * `*.md` leaves out, and a configuration file.
 */
function project(config: unknown, name = 'cairn.config.json'): string {
  const dir = tempDir('cairn-config-');
  const docs = path.join(dir, 'docs');
  mkdirSync(docs);
  writeFileSync(
    path.join(docs, 'piper.md'),
    '# Piper PA-22 accident\n\nThe aircraft struck trees on final approach near Tallahassee, Florida.\n',
  );
  writeFileSync(
    path.join(docs, 'cessna.md'),
    '# Cessna 172 accident\n\nThe aircraft lost engine power shortly after takeoff.\n',
  );
  writeFileSync(
    path.join(docs, 'beech.md'),
    '# Beech 35 accident\n\nThe aircraft landed short of the runway in fog.\n',
  );
  writeFileSync(path.join(docs, 'notes.txt'), 'Notes kept beside the reports.\n');
  writeFileSync(path.join(dir, name), typeof config === 'string' ? config : JSON.stringify(config));
  return dir;
}

describe('cairn.config.json', () => {
  beforeAll(() => ensureBuilt());

  it('supplies options no flag or variable set: top level for every command, a section for one', async () => {
    const dir = project({
      db: 'kb/cairn.db',
      collection: 'reports',
      ingest: { include: ['*.md'] },
      search: { topK: 1 },
    });
    const ingest = await runCairn(['ingest', 'docs', '--json'], {}, { cwd: dir });
    expect(ingest.code, ingest.stderr).toBe(0);
    expect(JSON.parse(ingest.stdout).totals.ingested).toBe(3);
    expect(existsSync(path.join(dir, 'kb', 'cairn.db'))).toBe(true);
    const one = JSON.parse((await runCairn(['search', 'Tallahassee', '--json'], {}, { cwd: dir })).stdout);
    expect(one.hits).toHaveLength(1);
    const three = JSON.parse(
      (await runCairn(['search', 'aircraft', '--json', '--top-k', '3'], {}, { cwd: dir })).stdout,
    );
    expect(three.hits).toHaveLength(3);
    const collections = await runCairn(['collections', '--json'], {}, { cwd: dir });
    expect(JSON.parse(collections.stdout).map((c: { name: string }) => c.name)).toEqual(['reports']);
  });

  it('loses to the environment variable of an option, and doctor says where each setting came from', async () => {
    const dir = project({ db: 'from-file.db', namespace: 'team' });
    const ingest = await runCairn(
      ['ingest', 'docs', '--include', '*.md'],
      { CAIRN_DB: 'from-env.db' },
      { cwd: dir },
    );
    expect(ingest.code, ingest.stderr).toBe(0);
    expect(existsSync(path.join(dir, 'from-env.db'))).toBe(true);
    expect(existsSync(path.join(dir, 'from-file.db'))).toBe(false);
    const doctor = await runCairn(
      ['doctor', '--json', '--collection', 'default'],
      { CAIRN_DB: 'from-env.db' },
      { cwd: dir },
    );
    const report = JSON.parse(doctor.stdout);
    expect(report.config.file).toBe(path.join(dir, 'cairn.config.json'));
    expect(report.settings.db).toEqual({ value: 'from-env.db', from: 'environment' });
    expect(report.settings.namespace).toEqual({ value: 'team', from: 'config file' });
    expect(report.settings.collection).toEqual({ value: 'default', from: 'flag' });
  });

  it('is named by --config, and refuses unknown options and commands naming the file and the key', async () => {
    const dir = project({ search: { topK: 2 } }, 'other.json');
    const ingest = await runCairn(
      ['--config', 'other.json', 'ingest', 'docs', '--include', '*.md'],
      {},
      { cwd: dir },
    );
    expect(ingest.code, ingest.stderr).toBe(0);
    const found = JSON.parse(
      (await runCairn(['--config', 'other.json', 'search', 'aircraft', '--json'], {}, { cwd: dir })).stdout,
    );
    expect(found.hits).toHaveLength(2);
    for (const [config, message] of [
      [{ topk: 3 }, /unknown option "topk"/],
      [{ serach: { topK: 3 } }, /"serach" is no cairn command/],
      [{ search: { include: ['*.md'] } }, /"search" has no option "include"/],
      [{ search: { topK: 'many' } }, /topK: --top-k must be a positive integer/],
      ['{ "db": ', /not valid JSON/],
      // JSON.parse keeps __proto__ as a key; assigned into the options it became their prototype.
      ['{"__proto__": {"topK": 3}}', /the key __proto__ \(at __proto__\) is not allowed/],
      ['{"search": {"filter": {"__proto__": {"a": 1}}}}', /at search\.filter\.__proto__/],
    ] as const) {
      const bad = project(config);
      const result = await runCairn(['search', 'x'], {}, { cwd: bad });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).toContain(bad);
    }
  });

  it('says on standard error what a file found in a parent folder changes of the store and the guards', async () => {
    const top = project({ db: 'elsewhere/cairn.db', ingest: { followSymlinks: true } });
    const below = path.join(top, 'docs');
    const ingest = await runCairn(['ingest', '.', '--include', '*.md'], {}, { cwd: below });
    expect(ingest.code, ingest.stderr).toBe(0);
    expect(ingest.stderr).toContain(
      `${path.join(top, 'cairn.config.json')} (found from the working folder up, not named with --config) sets --db, --follow-symlinks`,
    );
    // Named, the same file is trusted: nothing is said.
    const named = await runCairn(
      ['--config', '../cairn.config.json', 'search', 'aircraft'],
      {},
      { cwd: below },
    );
    expect(named.code, named.stderr).toBe(0);
    expect(named.stderr).not.toContain('found from the working folder up');
    // A device or a FIFO as --config is refused at once (exit 2), not read forever.
    const fifo = path.join(top, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    for (const [file, what] of [
      ['/dev/zero', 'is a character device'],
      [fifo, 'is a FIFO'],
    ] as const) {
      const refused = await runCairn(['--config', file, 'documents'], {}, { cwd: top });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(what);
    }
  });
});

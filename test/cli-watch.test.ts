/**
 * `cairn ingest DIR --watch` as a user runs it: the built CLI in a child process, real files
 * changed under it, its output read as it comes, then SIGINT or SIGTERM. Every expectation is
 * polled for with a generous deadline, so it holds on a loaded machine.
 */
import { mkdirSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';
import { ensureBuilt } from './support/ensure-built.js';
import { type RunningCli, runCairn, spawnCairn } from './support/run-cli.js';

async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The documents stored in `db`: id → chunk count. */
async function stored(db: string): Promise<Record<string, number>> {
  const listed = await runCairn(['documents', '--db', db, '--json']);
  expect(listed.code, listed.stderr).toBe(0);
  const docs = JSON.parse(listed.stdout) as Array<{ documentId: string; chunkCount: number }>;
  return Object.fromEntries(docs.map((d) => [d.documentId, d.chunkCount]));
}

const running: RunningCli[] = [];
afterEach(() => {
  for (const cli of running.splice(0)) if (cli.child.exitCode === null) cli.child.kill('SIGKILL');
});

describe('cairn ingest --watch', () => {
  beforeAll(() => ensureBuilt());

  it('prints a line per change and stops on SIGINT with exit 0, the store in step', async () => {
    const dir = tempDir('cairn-watch-cli-');
    writeFileSync(path.join(dir, 'guide.md'), '# Guide\n\nMarmots dig burrows.');
    writeFileSync(path.join(dir, 'old.md'), '# Old\n\nTo be deleted.');
    // The database inside the watched folder: its writes are not changes to ingest.
    const db = path.join(dir, 'kb.db');
    const cli = spawnCairn(['ingest', dir, '--watch', '--debounce', '100', '--db', db]);
    running.push(cli);
    await waitFor('watching', () => cli.stderr().includes('for changes (Ctrl-C stops)'));
    expect(cli.stdout()).toMatch(/^2 ingested, 0 unchanged, 0 skipped, 0 failed/);

    writeFileSync(path.join(dir, 'new.md'), '# New\n\nQuokkas live on Rottnest Island.');
    await waitFor('new.md', () => cli.stdout().includes('ingested new.md (1 chunk)'));
    writeFileSync(path.join(dir, 'guide.md.tmp'), '# Guide\n\nPikas gather hay.');
    renameSync(path.join(dir, 'guide.md.tmp'), path.join(dir, 'guide.md'));
    await waitFor('guide.md', () => cli.stdout().includes('ingested guide.md (1 chunk)'));
    unlinkSync(path.join(dir, 'old.md'));
    await waitFor('old.md', () => cli.stdout().includes('removed old.md'));
    mkdirSync(path.join(dir, 'sub'));
    renameSync(path.join(dir, 'new.md'), path.join(dir, 'sub', 'moved.md'));
    await waitFor('the move', () => cli.stdout().includes('removed new.md'));
    await waitFor('the move', () => cli.stdout().includes('ingested sub/moved.md (1 chunk)'));

    cli.child.kill('SIGINT');
    const { code } = await cli.exited;
    expect(code, cli.stderr()).toBe(0);
    expect(cli.stderr()).toMatch(/SIGINT: stopping/);
    expect(cli.stdout()).not.toMatch(/kb\.db/);
    expect(await stored(db)).toEqual({ 'guide.md': 1, 'sub/moved.md': 1 });
    const search = await runCairn(['search', 'pikas', '--db', db, '--json']);
    expect(
      JSON.parse(search.stdout).hits.map((h: { chunk: { documentId: string } }) => h.chunk.documentId),
    ).toEqual(['guide.md']);
  });

  it('--json prints one JSON object per batch, a line each, and stops on SIGTERM with exit 0', async () => {
    const dir = tempDir('cairn-watch-cli-');
    writeFileSync(path.join(dir, 'a.md'), '# A\n\nOtters float.');
    const db = path.join(tempDir(), 'kb.db');
    const cli = spawnCairn(['ingest', dir, '--watch', '--json', '--debounce', '100', '--db', db]);
    running.push(cli);
    const batches = () =>
      cli
        .stdout()
        .split('\n')
        .filter((line) => line.endsWith('}'))
        .map(
          (line) =>
            JSON.parse(line) as { kind: string; items: Array<{ documentId: string }>; removed: string[] },
        );
    await waitFor('the initial batch', () => batches().length === 1);
    expect(batches()[0]).toMatchObject({ kind: 'initial', totals: { ingested: 1 } });
    writeFileSync(path.join(dir, 'b.md'), '# B\n\nBeavers build dams.');
    await waitFor('b.md', () => batches().some((b) => b.items.some((item) => item.documentId === 'b.md')));
    unlinkSync(path.join(dir, 'a.md'));
    await waitFor('a.md removed', () => batches().some((b) => b.removed.includes('a.md')));
    cli.child.kill('SIGTERM');
    const { code } = await cli.exited;
    expect(code, cli.stderr()).toBe(0);
    expect(
      batches()
        .slice(1)
        .every((b) => b.kind === 'change'),
    ).toBe(true);
    expect(Object.keys(await stored(db))).toEqual(['b.md']);
  });

  it('SIGINT while a batch runs: exit 0, and every document whole, old or new', async () => {
    const dir = tempDir('cairn-watch-cli-');
    const count = 80;
    const body = (version: string, i: number) =>
      `# Doc ${i}\n\n${Array.from({ length: 300 }, (_, k) => `Paragraph ${k}, ${version}word ${i}.`).join('\n\n')}`;
    for (let i = 0; i < count; i++) writeFileSync(path.join(dir, `d${i}.md`), body('old', i));
    const db = path.join(tempDir(), 'kb.db');
    const cli = spawnCairn(['ingest', dir, '--watch', '--debounce', '50', '--db', db]);
    running.push(cli);
    await waitFor('watching', () => cli.stderr().includes('for changes'));
    for (let i = 0; i < count; i++) writeFileSync(path.join(dir, `d${i}.md`), body('new', i));
    // The batch is under way once a new version is stored (read beside the CLI, as SQLite allows).
    const reader = await createEngine({ store: await openStore(db, { create: false }) });
    try {
      await waitFor('the batch under way', async () => (await reader.search('newword')).hits.length > 0);
    } finally {
      await reader.close();
    }
    cli.child.kill('SIGINT');
    const { code } = await cli.exited;
    expect(code, cli.stderr()).toBe(0);
    const docs = await stored(db);
    expect(Object.keys(docs)).toHaveLength(count);
    for (const version of ['old', 'new']) {
      const search = await runCairn(['search', `${version}word`, '--db', db, '--json', '--top-k', '1000']);
      const hits = JSON.parse(search.stdout).hits as Array<{ chunk: { documentId: string } }>;
      const perDoc = new Map<string, number>();
      for (const hit of hits) perDoc.set(hit.chunk.documentId, (perDoc.get(hit.chunk.documentId) ?? 0) + 1);
      // A document's chunks all hold the one version or the other: all of them, or none.
      for (const [id, n] of perDoc) expect(n, `${id} (${version})`).toBe(docs[id]);
    }
  });

  it('refuses --watch with --dry-run or a URL, with exit 2', async () => {
    const dir = tempDir();
    const dry = await runCairn(['ingest', dir, '--watch', '--dry-run', '--db', path.join(dir, 'kb.db')]);
    expect(dry.code).toBe(2);
    expect(dry.stderr).toMatch(/--watch: cannot be combined with --dry-run/);
    const url = await runCairn([
      'ingest',
      'https://example.com/a.html',
      '--watch',
      '--db',
      path.join(dir, 'kb.db'),
    ]);
    expect(url.code).toBe(2);
    expect(url.stderr).toMatch(/is a URL, which cannot be watched/);
  });
});

/**
 * Watch mode on real files, a real SQLite store and real chokidar: every expectation is polled
 * for with a generous deadline (no fixed sleeps, no fake timers), so it holds on a loaded machine.
 */
import {
  chmodSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PIPER_REPORT, tempDir } from '../../../test/support/corpus.js';
import { isCairnError } from '../../core/errors.js';
import { createEngine, type Engine } from '../engine.js';
import { openStore } from '../store-schemes.js';
import type { IngestWatch, WatchBatch, WatchOptions } from './watch-types.js';

/** Polls `check` until it returns a value other than `undefined`/`false`, or fails after `ms`. */
async function waitFor<T>(what: string, check: () => Promise<T> | T, ms = 45_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false && value !== null) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Watching {
  dir: string;
  engine: Engine;
  watch: IngestWatch;
  batches: WatchBatch[];
  warnings: string[];
  /** Stored document ids, sorted. */
  ids(): Promise<string[]>;
  /** Ids of the documents whose chunks hold `word`. */
  holding(word: string): Promise<string[]>;
}

const open: Watching[] = [];

afterEach(async () => {
  for (const w of open.splice(0)) {
    await w.watch.close();
    await w.engine.close();
  }
});

/** A folder with `files`, an engine on a SQLite file outside it, and a watch of the folder. */
async function watching(files: Record<string, string>, options: WatchOptions = {}): Promise<Watching> {
  const dir = tempDir('cairn-watch-');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  const engine = await createEngine({ store: await openStore(path.join(tempDir(), 'cairn.db')) });
  const batches: WatchBatch[] = [];
  const warnings: string[] = [];
  const watch = await engine.watch([dir], {
    debounceMs: 100,
    ...options,
    onBatch: (batch) => batches.push(batch),
    onWarning: (message) => warnings.push(message),
  });
  const w: Watching = {
    dir,
    engine,
    watch,
    batches,
    warnings,
    ids: () => storedIds(engine),
    holding: async (word) =>
      [
        ...new Set((await engine.search(word, { mode: 'lexical' })).hits.map((h) => h.chunk.documentId)),
      ].sort(),
  };
  open.push(w);
  return w;
}

/** Stored document ids, sorted (none before the collection exists). */
async function storedIds(engine: Engine): Promise<string[]> {
  if (!(await engine.store.getCollection('default'))) return [];
  return (await engine.listDocuments()).map((doc) => doc.documentId).sort();
}

/** The texts of a document's chunks, in order. */
async function chunkTexts(engine: Engine, documentId: string): Promise<string[]> {
  const texts: string[] = [];
  const request = {
    collection: 'default',
    namespace: 'default',
    documentIds: [documentId],
    includeEmbeddings: false,
  };
  for await (const batch of engine.store.iterChunks(request)) texts.push(...batch.map((c) => c.text));
  return texts;
}

const changeBatches = (w: Watching) => w.batches.filter((b) => b.kind === 'change');
const statusesOf = (w: Watching, id: string) =>
  w.batches.flatMap((b) => b.items.filter((i) => i.documentId === id).map((i) => i.status));

describe('engine.watch', () => {
  it('ingests the paths first, then files created and changed, and removes deleted ones', async () => {
    const w = await watching({ 'guide.md': '# Guide\n\nMarmots dig burrows.' });
    expect(w.batches[0]).toMatchObject({ kind: 'initial', totals: { ingested: 1 } });
    expect(await w.ids()).toEqual(['guide.md']);

    writeFileSync(path.join(w.dir, 'notes.md'), '# Notes\n\nQuokkas live on Rottnest Island.');
    await waitFor('notes.md ingested', async () => (await w.holding('quokkas')).includes('notes.md'));

    writeFileSync(path.join(w.dir, 'guide.md'), '# Guide\n\nPikas gather hay.');
    await waitFor('guide.md re-ingested', async () => (await w.holding('pikas')).includes('guide.md'));
    expect(await w.holding('marmots')).toEqual([]);

    unlinkSync(path.join(w.dir, 'notes.md'));
    await waitFor('notes.md removed', async () => !(await w.ids()).includes('notes.md'));
    expect(await w.holding('quokkas')).toEqual([]);
    await w.watch.idle();
    expect(changeBatches(w).flatMap((b) => b.removed)).toEqual(['notes.md']);
    expect(changeBatches(w).some((b) => b.totals.deletedChunks > 0)).toBe(true);
  });

  it('loses no change made while the watch starts', async () => {
    const dir = tempDir('cairn-watch-');
    for (let i = 0; i < 200; i++) writeFileSync(path.join(dir, `f${i}.md`), `# F${i}\n\nfile ${i}`);
    const engine = await createEngine({ store: await openStore(path.join(tempDir(), 'cairn.db')) });
    const starting = engine.watch([dir], { debounceMs: 50 });
    const late: string[] = [];
    for (let i = 0; i < 20; i++) {
      writeFileSync(path.join(dir, `late${i}.md`), `# Late ${i}`);
      late.push(`late${i}.md`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const watch = await starting;
    open.push({
      dir,
      engine,
      watch,
      batches: [],
      warnings: [],
      ids: async () => [],
      holding: async () => [],
    });
    await waitFor('every file', async () => (await storedIds(engine)).length === 220);
    expect(await storedIds(engine)).toEqual(expect.arrayContaining(late));
  });

  it('a rename within the folder deletes the old id and ingests the new one', async () => {
    const w = await watching({ 'a.md': '# A\n\nNarwhals have tusks.' });
    mkdirSync(path.join(w.dir, 'sub'));
    renameSync(path.join(w.dir, 'a.md'), path.join(w.dir, 'sub', 'b.md'));
    await waitFor('the rename', async () => (await w.ids()).join() === 'sub/b.md');
    expect(await w.holding('narwhals')).toEqual(['sub/b.md']);
  });

  it("survives editors' saves by rename: the document is re-ingested, never removed", async () => {
    const w = await watching({ 'a.md': '# A\n\nversion one: ocelots.' });
    // A temporary file written beside, renamed over the original (VS Code, JetBrains, sed -i).
    writeFileSync(path.join(w.dir, 'a.md.tmp'), '# A\n\nversion two: ibexes.');
    renameSync(path.join(w.dir, 'a.md.tmp'), path.join(w.dir, 'a.md'));
    await waitFor('the rename over', async () => (await w.holding('ibexes')).includes('a.md'));
    // vim: a test file to check the folder is writable, the original renamed to a backup, the
    // new version written, the backup deleted.
    writeFileSync(path.join(w.dir, '4913'), '');
    unlinkSync(path.join(w.dir, '4913'));
    renameSync(path.join(w.dir, 'a.md'), path.join(w.dir, 'a.md~'));
    writeFileSync(path.join(w.dir, 'a.md'), '# A\n\nversion three: tapirs.');
    unlinkSync(path.join(w.dir, 'a.md~'));
    await waitFor('the vim save', async () => (await w.holding('tapirs')).includes('a.md'));
    await w.watch.idle();
    expect(await w.ids()).toEqual(['a.md']);
    expect(await w.holding('ocelots')).toEqual([]);
    expect(await w.holding('ibexes')).toEqual([]);
    expect(changeBatches(w).flatMap((b) => b.removed)).not.toContain('a.md');
  });

  it('coalesces changes within the debounce: many writes of one file are one ingest', async () => {
    const w = await watching({ 'a.md': '# A\n\nstart' }, { debounceMs: 1000 });
    for (let i = 1; i <= 30; i++) writeFileSync(path.join(w.dir, 'a.md'), `# A\n\nwrite ${i} of 30: lemurs.`);
    await waitFor('the last write', async () => (await w.holding('lemurs')).includes('a.md'));
    await w.watch.idle();
    expect((await chunkTexts(w.engine, 'a.md')).join()).toContain('write 30 of 30');
    expect(statusesOf(w, 'a.md').filter((s) => s === 'ingested')).toHaveLength(2); // initial + one
  });

  it('coalesces a burst of 1,000 new files into a few batches, each file ingested once', async () => {
    const w = await watching({}, { debounceMs: 300 });
    mkdirSync(path.join(w.dir, 'burst'));
    for (let i = 0; i < 1000; i++)
      writeFileSync(path.join(w.dir, 'burst', `f${i}.md`), `# F${i}\n\nfile ${i}`);
    await waitFor('1,000 documents', async () => (await w.ids()).length === 1000, 120_000);
    await w.watch.idle();
    const batches = changeBatches(w);
    expect(batches.length).toBeLessThanOrEqual(10);
    const ingested = batches.flatMap((b) =>
      b.items.filter((i) => i.status === 'ingested').map((i) => i.documentId),
    );
    expect(ingested).toHaveLength(1000);
    expect(new Set(ingested).size).toBe(1000);
  }, 180_000);

  it('a file that fails while half written is ingested once the write completes', async () => {
    const pdf = readFileSync(PIPER_REPORT);
    const w = await watching({});
    writeFileSync(path.join(w.dir, 'report.pdf'), pdf.subarray(0, 2000));
    await waitFor('the failure', () => statusesOf(w, 'report.pdf').includes('failed'));
    expect(await w.ids()).toEqual([]);
    writeFileSync(path.join(w.dir, 'report.pdf'), pdf);
    await waitFor('the retry', async () => (await w.ids()).includes('report.pdf'));
    expect(statusesOf(w, 'report.pdf').at(-1)).toBe('ingested');
    expect(await w.holding('Tallahassee')).toEqual(['report.pdf']);
  });

  it('a file replaced by a folder is removed and the folder watched; a folder replaced by a file too', async () => {
    const w = await watching({
      'a.md': '# A\n\nwombats',
      'b/one.md': '# One\n\nkoalas',
      'b/two.md': '# Two\n\nkoalas',
    });
    unlinkSync(path.join(w.dir, 'a.md'));
    mkdirSync(path.join(w.dir, 'a.md'));
    writeFileSync(path.join(w.dir, 'a.md', 'inner.md'), '# Inner\n\nechidnas');
    await waitFor('a.md/inner.md', async () => (await w.ids()).includes('a.md/inner.md'));
    await waitFor('a.md removed', async () => !(await w.ids()).includes('a.md'));
    writeFileSync(path.join(w.dir, 'a.md', 'later.md'), '# Later\n\nbilbies');
    await waitFor('a file in the new folder', async () =>
      (await w.holding('bilbies')).includes('a.md/later.md'),
    );

    rmSync(path.join(w.dir, 'b'), { recursive: true });
    writeFileSync(path.join(w.dir, 'b'), 'dingoes');
    await waitFor('b as a file', async () => (await w.ids()).join() === 'a.md/inner.md,a.md/later.md,b');
    expect(await w.holding('koalas')).toEqual([]);
  });

  it('a watched folder removed has its documents removed, and is ingested again when it comes back', async () => {
    const w = await watching({ 'a.md': '# A\n\nquolls', 'sub/b.md': '# B\n\nquolls' });
    rmSync(w.dir, { recursive: true });
    await waitFor('the documents removed', async () => (await w.ids()).length === 0);
    await waitFor('a warning', () => w.warnings.some((m) => m.includes('watched folder was removed')));
    mkdirSync(w.dir);
    writeFileSync(path.join(w.dir, 'c.md'), '# C\n\nnumbats');
    await waitFor('the folder back', async () => (await w.ids()).join() === 'c.md');
    writeFileSync(path.join(w.dir, 'd.md'), '# D\n\nnumbats');
    await waitFor('a change in it', async () => (await w.ids()).join() === 'c.md,d.md');
    expect(w.warnings.some((m) => m.includes('is back'))).toBe(true);
  });

  it('keeps to the scope of include/exclude, and never reads hidden files or node_modules', async () => {
    const dir = tempDir('cairn-watch-');
    writeFileSync(path.join(dir, 'keep.txt'), 'kept as stored');
    const engine = await createEngine({ store: await openStore(path.join(tempDir(), 'cairn.db')) });
    await engine.ingestPaths([dir]); // keep.txt is stored, outside the watch's include
    const batches: WatchBatch[] = [];
    const watch = await engine.watch([dir], {
      include: ['*.md'],
      debounceMs: 100,
      onBatch: (b) => batches.push(b),
    });
    open.push({ dir, engine, watch, batches, warnings: [], ids: async () => [], holding: async () => [] });
    mkdirSync(path.join(dir, 'node_modules'));
    mkdirSync(path.join(dir, '.git'));
    writeFileSync(path.join(dir, 'node_modules', 'x.md'), '# X');
    writeFileSync(path.join(dir, '.git', 'y.md'), '# Y');
    writeFileSync(path.join(dir, '.hidden.md'), '# H');
    writeFileSync(path.join(dir, 'notes.txt'), 'not selected');
    unlinkSync(path.join(dir, 'keep.txt'));
    writeFileSync(path.join(dir, 'seen.md'), '# Seen');
    const ids = async () => (await engine.listDocuments()).map((d) => d.documentId).sort();
    await waitFor('seen.md', async () => (await ids()).includes('seen.md'));
    await watch.idle();
    expect(await ids()).toEqual(['keep.txt', 'seen.md']);
  });

  it('a link to a file outside the folder is skipped with the reason', async () => {
    const outside = path.join(tempDir(), 'secret.md');
    writeFileSync(outside, '# Secret\n\npasswords');
    const w = await watching({});
    symlinkSync(outside, path.join(w.dir, 'link.md'));
    await waitFor('the refusal', () => statusesOf(w, 'link.md').includes('skipped'));
    const item = w.batches.flatMap((b) => b.items).find((i) => i.documentId === 'link.md');
    expect(item?.reason).toMatch(/outside the folder being ingested/);
    expect(await w.ids()).toEqual([]);
  });

  it.skipIf(process.getuid?.() === 0)(
    'a file that cannot be read fails with the reason and is ingested once it can (not as root, who reads any file)',
    async () => {
      const w = await watching({});
      const file = path.join(w.dir, 'locked.md');
      writeFileSync(file, '# Locked\n\nmeerkats');
      chmodSync(file, 0);
      writeFileSync(path.join(w.dir, 'open.md'), '# Open');
      await waitFor('the failure', () => statusesOf(w, 'locked.md').includes('failed'));
      expect(w.batches.flatMap((b) => b.items).find((i) => i.documentId === 'locked.md')?.reason).toMatch(
        /EACCES/,
      );
      chmodSync(file, 0o644);
      writeFileSync(file, '# Locked\n\nmeerkats again');
      await waitFor('the retry', async () => (await w.ids()).includes('locked.md'));
    },
  );

  it('watches a named file: changed, deleted and written back, with its folder too', async () => {
    const dir = tempDir('cairn-watch-');
    const file = path.join(dir, 'one.md');
    writeFileSync(file, '# One\n\naardvarks');
    const engine = await createEngine({ store: await openStore(path.join(tempDir(), 'cairn.db')) });
    const watch = await engine.watch([file], { debounceMs: 100 });
    open.push({
      dir,
      engine,
      watch,
      batches: [],
      warnings: [],
      ids: async () => [],
      holding: async () => [],
    });
    const ids = async () => (await engine.listDocuments()).map((d) => d.documentId);
    const holding = async (word: string) => (await engine.search(word, { mode: 'lexical' })).hits.length > 0;
    expect(await ids()).toEqual(['one.md']);
    writeFileSync(`${file}.tmp`, '# One\n\npangolins');
    renameSync(`${file}.tmp`, file);
    await waitFor('the save by rename', () => holding('pangolins'));
    unlinkSync(file);
    await waitFor('the removal', async () => (await ids()).length === 0);
    writeFileSync(file, '# One\n\nokapis');
    await waitFor('the file written back', () => holding('okapis'));
    rmSync(dir, { recursive: true });
    await waitFor('the removal with its folder', async () => (await ids()).length === 0);
    mkdirSync(dir);
    writeFileSync(file, '# One\n\nserows');
    await waitFor('the file and its folder back', () => holding('serows'));
  });

  it('close() during a batch finishes the file in progress: each document is whole, old or new', async () => {
    const count = 120;
    const body = (version: string, i: number) =>
      `# Doc ${i}\n\n${Array.from({ length: 400 }, (_, k) => `Paragraph ${k} of ${version} ${i}: ${version}word.`).join('\n\n')}`;
    const files = Object.fromEntries(Array.from({ length: count }, (_, i) => [`d${i}.md`, body('old', i)]));
    const w = await watching(files, { debounceMs: 50 });
    for (let i = 0; i < count; i++) writeFileSync(path.join(w.dir, `d${i}.md`), body('new', i));
    await waitFor('the batch under way', async () => (await w.holding('newword')).length > 0);
    await w.watch.close();
    const settled = await w.engine.listDocuments();
    let fresh = 0;
    for (const doc of settled) {
      const texts = await chunkTexts(w.engine, doc.documentId);
      expect(texts).toHaveLength(doc.chunkCount);
      const versions = new Set(texts.map((text) => (text.includes('newword') ? 'new' : 'old')));
      expect(versions.size, doc.documentId).toBe(1);
      if (versions.has('new')) fresh++;
    }
    expect(settled).toHaveLength(count);
    expect(fresh).toBeGreaterThan(0);
    expect(fresh, 'close stopped the batch before its end').toBeLessThan(count);
    // Nothing is written after close() resolved.
    const hashes = settled.map((d) => d.contentHash).join();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await w.engine.listDocuments()).map((d) => d.contentHash).join()).toBe(hashes);
  });

  it('refuses URLs, dry runs, a bad debounce and missing paths, with typed errors', async () => {
    const engine = await createEngine({ store: await openStore(':memory:') });
    try {
      const refused = async (paths: string[], options: WatchOptions & { dryRun?: boolean }) => {
        const error = await engine.watch(paths, options).catch((e: unknown) => e);
        expect(isCairnError(error)).toBe(true);
        return error as Error & { code: string };
      };
      const dir = tempDir();
      expect((await refused(['https://example.com/a.html'], {})).message).toMatch(
        /URL, which cannot be watched/,
      );
      expect((await refused([dir], { dryRun: true })).code).toBe('INVALID_ARGUMENT');
      expect((await refused([dir], { debounceMs: -1 })).message).toMatch(/debounceMs/);
      expect((await refused([path.join(dir, 'missing')], {})).code).toBe('NOT_FOUND');
    } finally {
      await engine.close();
    }
  });
});

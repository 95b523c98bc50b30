import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/support/corpus.js';
import { collectSourceFiles } from './collect-sources.js';

describe('collectSourceFiles include and exclude globs', () => {
  let root: string;
  const ids = async (options: { include?: string[]; exclude?: string[] }) =>
    (await collectSourceFiles([root], options)).map((f) => f.documentId);

  beforeAll(() => {
    root = tempDir();
    for (const file of ['keys.md', 'drafts/d.md', 'drafts/old/e.md', 'guides/setup.md', 'guides/map.pdf']) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), 'text');
    }
  });

  it('matches a glob with a slash against the relative path', async () => {
    expect(await ids({ exclude: ['drafts/**'] })).toEqual(['guides/map.pdf', 'guides/setup.md', 'keys.md']);
    expect(await ids({ include: ['drafts/*.md'] })).toEqual(['drafts/d.md']);
    expect(await ids({ include: ['**/*.md'], exclude: ['drafts/**'] })).toEqual([
      'guides/setup.md',
      'keys.md',
    ]);
  });

  it('matches a glob without a slash against the base name at any depth', async () => {
    expect(await ids({ include: ['*.md'] })).toEqual([
      'drafts/d.md',
      'drafts/old/e.md',
      'guides/setup.md',
      'keys.md',
    ]);
    expect(await ids({ exclude: ['e.md', '*.pdf'] })).toEqual(['drafts/d.md', 'guides/setup.md', 'keys.md']);
    expect(await ids({ include: ['*.pdf', 'drafts/old/**'] })).toEqual(['drafts/old/e.md', 'guides/map.pdf']);
  });
});

describe('collectSourceFiles with root', () => {
  let root: string;
  let outside: string;
  const collect = (paths: string[], options: { include?: string[]; exclude?: string[] } = {}) =>
    collectSourceFiles(
      paths.map((p) => path.join(root, p)),
      { ...options, root },
    );

  beforeAll(() => {
    root = tempDir();
    outside = tempDir();
    for (const file of ['a.md', 'guides/setup.md', 'guides/deep/b.md', '.hidden/c.md', 'node_modules/d.md']) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), 'text');
    }
    writeFileSync(path.join(outside, 'secret.md'), 'secret');
    symlinkSync(path.join(outside, 'secret.md'), path.join(root, 'link.md'));
    symlinkSync(outside, path.join(root, 'linked-folder'));
    symlinkSync(path.join(root, 'gone.md'), path.join(root, 'guides', 'dangling.md'));
  });

  it('gives files and folders inside the root their ids relative to it', async () => {
    const files = await collect(['guides/deep/b.md', 'guides']);
    expect(files.map((f) => f.documentId)).toEqual([
      'guides/dangling.md',
      'guides/deep/b.md',
      'guides/setup.md',
    ]);
    expect(new Set(files.map((f) => f.root))).toEqual(new Set([realpathSync(root)]));
  });

  it('tests the id, as a walk of the root would: hidden parts, node_modules and globs', async () => {
    expect(await collect(['.hidden/c.md', 'node_modules/d.md', '.hidden'])).toEqual([]);
    expect(
      (await collect(['a.md', 'guides/setup.md'], { exclude: ['guides/**'] })).map((f) => f.documentId),
    ).toEqual(['a.md']);
    expect((await collect(['guides'], { include: ['deep/*.md'] })).map((f) => f.documentId)).toEqual([]);
    expect((await collect(['guides'], { include: ['guides/deep/*.md'] })).map((f) => f.documentId)).toEqual([
      'guides/deep/b.md',
    ]);
  });

  it('reports a dangling link, refused with the reason, instead of dropping it', async () => {
    const [dangling] = (await collect(['guides'])).filter((f) => f.documentId === 'guides/dangling.md');
    expect(dangling?.refused).toMatch(/is a symbolic link to .*gone\.md that leads to no file \(ENOENT\)/);
  });

  it('refuses a link out of the root, and does not go through a link to a folder', async () => {
    const [link] = await collect(['link.md']);
    expect(link?.refused).toMatch(/outside the folder being ingested/);
    expect(await collect(['linked-folder/secret.md', 'linked-folder'])).toEqual([]);
  });

  it('throws for a path outside the root or missing', async () => {
    await expect(collectSourceFiles([path.join(outside, 'secret.md')], { root })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    await expect(collect(['gone.md'])).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

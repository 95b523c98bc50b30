import { mkdirSync, writeFileSync } from 'node:fs';
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

import { describe, expect, it } from 'vitest';
import { resolveSqliteStoreOptions } from './sqlite-option-defaults.js';
import { parseSqliteStoreOptions } from './sqlite-options.js';

describe('resolveSqliteStoreOptions', () => {
  it('resolves a path alone exactly as the zod schema does', async () => {
    for (const options of [
      { path: 'a.db' },
      { path: 'a.db', provision: false },
      { path: ':memory:', provision: true },
    ]) {
      expect(await resolveSqliteStoreOptions(options)).toEqual(parseSqliteStoreOptions(options));
    }
  });

  it('validates any other option with the schema', async () => {
    await expect(resolveSqliteStoreOptions({ path: 'a.db', busyTimeoutMs: -1 })).rejects.toThrow(
      /options\.busyTimeoutMs/,
    );
    await expect(resolveSqliteStoreOptions({ path: '' })).rejects.toThrow(/options\.path/);
    await expect(resolveSqliteStoreOptions({ path: 'a.db', provision: 'yes' as never })).rejects.toThrow(
      /options\.provision/,
    );
    expect(
      (await resolveSqliteStoreOptions({ path: 'a.db', vectorIndex: { probes: 3 } })).vectorIndex,
    ).toMatchObject({
      probes: 3,
      breadth: 200,
    });
  });

  it('reads CAIRN_SQLITE_MMAP_BYTES on the path without the schema too', async () => {
    const before = process.env.CAIRN_SQLITE_MMAP_BYTES;
    try {
      process.env.CAIRN_SQLITE_MMAP_BYTES = '4096';
      expect((await resolveSqliteStoreOptions({ path: 'a.db' })).mmapSizeBytes).toBe(4096);
      process.env.CAIRN_SQLITE_MMAP_BYTES = 'lots';
      await expect(resolveSqliteStoreOptions({ path: 'a.db' })).rejects.toThrow(/CAIRN_SQLITE_MMAP_BYTES/);
    } finally {
      if (before === undefined) delete process.env.CAIRN_SQLITE_MMAP_BYTES;
      else process.env.CAIRN_SQLITE_MMAP_BYTES = before;
    }
  });
});

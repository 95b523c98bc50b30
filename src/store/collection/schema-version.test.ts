import { describe, expect, it } from 'vitest';
import { MemoryBackend, type MemoryTransaction } from '../memory/memory-backend.js';
import type { SchemaUpgrade, StoredCollection } from './backend.js';
import { CollectionStore } from './collection-store.js';
import { applyUpgrades, schemaAction } from './schema-version.js';

const info: StoredCollection = {
  name: 'c',
  location: 't',
  model: null,
  dimension: null,
  vectorType: 'float32',
  schemaVersion: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  metadata: {},
};

describe('schemaAction', () => {
  it('is ready at the target, upgrades below it, refuses above it', () => {
    expect(schemaAction(info, 1, false)).toBe('ready');
    expect(schemaAction(info, 2, true)).toBe('upgrade');
    expect(() => schemaAction(info, 2, false)).toThrow(/provision: true/);
    expect(() => schemaAction({ ...info, schemaVersion: 3 }, 2, true)).toThrow(
      /newer than this cairn supports \(2\)/,
    );
  });
});

describe('applyUpgrades', () => {
  it('runs the numbered steps in order and records each version', async () => {
    const seen: string[] = [];
    let recorded = 1;
    const step = (from: number): SchemaUpgrade<string> => ({
      from,
      description: `step ${from}`,
      apply: async (tx, collection) => {
        seen.push(`${tx}:${from}:${collection.schemaVersion}:${recorded}`);
      },
    });
    const record = async (version: number) => {
      recorded = version;
    };
    expect(await applyUpgrades('tx', info, 3, [step(2), step(1)], record)).toBe(3);
    expect(seen).toEqual(['tx:1:1:1', 'tx:2:2:2']);
    expect(recorded).toBe(3);
    await expect(applyUpgrades('tx', { ...info, schemaVersion: 3 }, 5, [step(4)], record)).rejects.toThrow(
      /no upgrade step leads from it/,
    );
  });
});

/** A memory backend whose layout version can be raised, with one upgrade step that counts its runs. */
class VersionedBackend extends MemoryBackend {
  override schemaVersion = 1;
  runs: string[] = [];
  override readonly upgrades: SchemaUpgrade<MemoryTransaction>[] = [
    {
      from: 1,
      description: 'count the run',
      apply: async (_tx, collection) => {
        this.runs.push(collection.name);
      },
    },
  ];
}

describe('CollectionStore schema upgrades', () => {
  it('upgrade an older collection once, on its first scoped call, and record the version', async () => {
    const backend = new VersionedBackend();
    const store = new CollectionStore(backend);
    await store.createCollection('old');
    backend.schemaVersion = 2;
    await store.createCollection('new');
    expect((await store.getCollection('old'))?.schemaVersion).toBe(1);
    expect(await store.countChunks({ collection: 'old' })).toBe(0);
    expect(await store.countChunks({ collection: 'old', namespace: 'other' })).toBe(0);
    expect(await store.countChunks({ collection: 'new' })).toBe(0);
    expect(backend.runs).toEqual(['old']);
    expect((await store.getCollection('old'))?.schemaVersion).toBe(2);
    backend.schemaVersion = 1;
    await expect(store.countChunks({ collection: 'old' })).rejects.toMatchObject({ code: 'SCHEMA_ERROR' });
  });
});

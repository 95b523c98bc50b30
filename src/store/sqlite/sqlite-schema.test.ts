import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { CollectionInfo } from '../../core/ports.js';
import {
  applyUpgrades,
  REGISTRY_DDL,
  REGISTRY_TABLE,
  type SchemaUpgradeStep,
  schemaAction,
} from './sqlite-schema.js';

const info: CollectionInfo = {
  name: 'c',
  tableName: 't',
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
  it('runs the numbered steps in order and records each version', () => {
    const db = new Database(':memory:');
    db.exec(REGISTRY_DDL);
    db.prepare(
      `INSERT INTO ${REGISTRY_TABLE} (name, table_name, schema_version, created_at) VALUES ('c', 't', 1, 'now')`,
    ).run();
    const seen: string[] = [];
    const step = (from: number): SchemaUpgradeStep => ({
      from,
      description: `step ${from}`,
      apply: (handle, collection) => {
        const version = handle.prepare(`SELECT schema_version AS v FROM ${REGISTRY_TABLE}`).get() as {
          v: number;
        };
        seen.push(`${from}:${collection.schemaVersion}:${version.v}`);
      },
    });
    expect(applyUpgrades(db, info, 3, [step(2), step(1)])).toBe(3);
    expect(seen).toEqual(['1:1:1', '2:2:2']);
    expect(db.prepare(`SELECT schema_version AS v FROM ${REGISTRY_TABLE}`).get()).toEqual({ v: 3 });
    expect(() => applyUpgrades(db, { ...info, schemaVersion: 3 }, 5, [step(4)])).toThrow(
      /no upgrade step leads from it/,
    );
    db.close();
  });
});

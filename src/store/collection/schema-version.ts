/**
 * The decision every backend shares about a collection's layout version, and the loop that
 * applies numbered upgrade steps.
 * @module
 */
import { SchemaError } from '../../core/errors.js';
import type { SchemaUpgrade, StoredCollection } from './backend.js';

/**
 * What a collection at `collection.schemaVersion` needs before use.
 * @returns `ready` when it is current, `upgrade` when older and the store may issue DDL.
 * @throws {SchemaError} when it is newer than `current` (upgrade cairn), or older while
 *   `provision` is false (open the store once with provisioning on).
 */
export function schemaAction(
  collection: Pick<StoredCollection, 'name' | 'schemaVersion'>,
  current: number,
  provision: boolean,
): 'ready' | 'upgrade' {
  const version = collection.schemaVersion;
  if (version > current) {
    throw new SchemaError(
      `collection "${collection.name}" has schema version ${version}, newer than this cairn supports (${current}); upgrade cairn`,
    );
  }
  if (version === current) return 'ready';
  if (!provision) {
    throw new SchemaError(
      `collection "${collection.name}" has schema version ${version} and needs an upgrade to ${current}, ` +
        'but this store was opened with provision: false and issues no DDL; open it once with provision: true',
    );
  }
  return 'upgrade';
}

/**
 * Applies the steps from `collection.schemaVersion` up to `current`, calling `record` after each.
 * Call inside a write transaction with the registry locked.
 * @returns The version reached (`current`).
 * @throws {SchemaError} when a step is missing.
 */
export async function applyUpgrades<Tx>(
  tx: Tx,
  collection: StoredCollection,
  current: number,
  steps: readonly SchemaUpgrade<Tx>[],
  record: (version: number) => Promise<void>,
): Promise<number> {
  let version = collection.schemaVersion;
  while (version < current) {
    const step = steps.find((candidate) => candidate.from === version);
    if (step === undefined) {
      throw new SchemaError(
        `collection "${collection.name}" has schema version ${version} and no upgrade step leads from it to ${current}; ` +
          'recreate the collection and ingest again',
      );
    }
    await step.apply(tx, { ...collection, schemaVersion: version });
    version += 1;
    await record(version);
  }
  return version;
}

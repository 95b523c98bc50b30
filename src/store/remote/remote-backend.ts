/**
 * What the remote backends (Chroma, Qdrant, OpenSearch) share: no transactions (each request
 * stands alone, and atomic replaces come from versions instead), no schema upgrades yet, no
 * storage size, capabilities with the configured write batch, and a liveness probe.
 * @module
 */
import type { StoreCapabilities } from '../../core/ports.js';
import { defineCapabilities, type SchemaUpgrade, type TransactionMode } from '../collection/backend.js';

/** The settings every remote backend takes. */
export interface RemoteBackendSettings {
  /** Whether the backend may create and drop the engine's collections or indexes. */
  provision: boolean;
  /** Most records one write request carries. */
  maxWriteBatch: number;
}

/** Base of the remote {@link StoreBackend}s; a subclass adds its engine's hooks. */
export abstract class RemoteBackend {
  readonly capabilities: StoreCapabilities;
  readonly provision: boolean;
  readonly upgrades: readonly SchemaUpgrade<null>[] = [];

  constructor(capabilities: StoreCapabilities, settings: RemoteBackendSettings) {
    this.provision = settings.provision;
    this.capabilities = defineCapabilities({ ...capabilities, maxWriteBatch: settings.maxWriteBatch });
  }

  /** The cheapest request the engine answers; throws (or resolves `false`) when it is not reachable. */
  protected abstract heartbeat(): Promise<unknown>;

  async transaction<T>(_mode: TransactionMode, work: (tx: null) => Promise<T>): Promise<T> {
    return work(null);
  }

  /** Whether the engine answers {@link heartbeat}. Never throws. */
  async ping(): Promise<boolean> {
    try {
      return (await this.heartbeat()) !== false;
    } catch {
      return false;
    }
  }

  async storageBytes(): Promise<number | undefined> {
    return undefined;
  }
}

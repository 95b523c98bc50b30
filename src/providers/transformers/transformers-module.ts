/**
 * The `@huggingface/transformers` module, an optional peer dependency, imported on first use.
 * Internal to the adapters (not re-exported), so cairn's shipped types never name the package.
 * @module
 */
import { loadOptionalPeer } from '../../core/optional-peer.js';

/** The transformers.js module. */
export type TransformersModule = typeof import('@huggingface/transformers');

/**
 * Imports `@huggingface/transformers` on first use.
 * @throws {MissingDependencyError} naming the package when it is not installed (it is an optional peer).
 */
export function loadTransformers(): Promise<TransformersModule> {
  return loadOptionalPeer(
    '@huggingface/transformers',
    'local models (local[:MODEL])',
    () => import('@huggingface/transformers'),
  );
}

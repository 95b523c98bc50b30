/**
 * cairn inside LlamaIndex.TS: a retriever over an engine. Needs `@llamaindex/core` (an optional
 * peer dependency of cairn; `llamaindex` installs it).
 *
 * @example
 * ```ts
 * import { CairnRetriever } from 'cairn/llamaindex';
 * const nodes = await new CairnRetriever({ engine }).retrieve({ query: 'rotate keys' });
 * ```
 * @module
 */

export type { CairnHitMetadata } from '../hit-provenance.js';
export {
  type CairnNodeMetadata,
  CairnRetriever,
  type CairnRetrieverOptions,
  hitToNode,
} from './cairn-retriever.js';

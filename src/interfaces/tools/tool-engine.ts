/**
 * What the tools need from an engine, and the scope they are pinned to. A tool's arguments never
 * name a collection or namespace: the scope is fixed when the tools are created.
 * @module
 */
import type { AnsweringEngine } from '../../answer/searcher.js';
import type { Engine } from '../../engine/engine.js';

/** The part of `Engine` the tools use. */
export type ToolEngine = Pick<Engine, 'search' | 'store' | 'chatModel' | 'collection' | 'namespace'>;

/** Options shared by the tool factories. */
export interface ToolScopeOptions {
  /** Collection the tools read; default the engine's. */
  collection?: string;
  /** Tenant namespace the tools read; default the engine's. */
  namespace?: string;
  /** Prefix of the tool names, e.g. `kb_` gives `kb_search`; default none. */
  prefix?: string;
}

/** A collection within a namespace. */
export interface ToolScope {
  collection: string;
  namespace: string;
}

/** The scope `options` pin, falling back to the engine's defaults. */
export function resolveScope(engine: ToolEngine, options: ToolScopeOptions): ToolScope {
  return {
    collection: options.collection ?? engine.collection,
    namespace: options.namespace ?? engine.namespace,
  };
}

/** A searcher that always searches `scope`, whatever options it is given. */
export function scopedEngine(engine: ToolEngine, scope: ToolScope): AnsweringEngine {
  return {
    chatModel: engine.chatModel,
    search: (query, options = {}) => engine.search(query, { ...options, ...scope }),
  };
}

/**
 * Before a batch: which adapters a kind of work calls, and one check of all of them (API keys
 * set, local model files present) that sends nothing, so a configuration that cannot work stops
 * the run with one message instead of failing every file.
 * @module
 */
import { ConfigError } from '../core/errors.js';
import type { AdapterLifecycle, ChatModel, Contextualizer, Embedder, Reranker } from '../core/ports.js';
import type { Transcriber } from '../ingest/audio/transcriber.js';
import type { VisionTranscriber } from '../ingest/ocr/vision-transcriber.js';

/** Work the engine does; each calls some of the adapters. */
export type EngineWork = 'ingest' | 'search' | 'ask';

/** The adapters of an engine, by role. */
export interface EngineAdapters {
  embedder?: Embedder;
  reranker?: Reranker;
  chatModel?: ChatModel;
  transcriber?: Transcriber;
  vision?: VisionTranscriber;
  contextualizer?: Contextualizer;
}

/** A role and its adapter, named as messages name it (`the embedder`, `the chat model`). */
export type RoleAdapter = [role: string, adapter: (AdapterLifecycle & { model?: string }) | undefined];

/**
 * The adapters `work` calls: ingest the embedder, transcriber, vision model and contextualizer;
 * search the embedder and reranker; ask those and the chat model.
 */
export function adaptersFor(work: EngineWork, adapters: EngineAdapters): RoleAdapter[] {
  const roles: RoleAdapter[] = [['embedder', adapters.embedder]];
  if (work === 'ingest') {
    roles.push(
      ['transcriber', adapters.transcriber],
      ['vision model', adapters.vision],
      ['contextualizer', adapters.contextualizer],
    );
  } else {
    roles.push(['reranker', adapters.reranker]);
    if (work === 'ask') roles.push(['chat model', adapters.chatModel]);
  }
  return roles;
}

/**
 * Calls `checkReady` of every adapter `work` calls.
 * @throws {ConfigError} for the first that cannot run, naming its role and model and what is
 * missing, e.g. `the embedder (text-embedding-3-small) cannot run: openai-compatible: no API key: set OPENAI_API_KEY or pass apiKey`.
 */
export function checkAdapters(work: EngineWork, adapters: EngineAdapters): void {
  for (const [role, adapter] of adaptersFor(work, adapters)) {
    try {
      adapter?.checkReady?.();
    } catch (error) {
      const what = adapter?.model === undefined ? `the ${role}` : `the ${role} (${adapter.model})`;
      throw new ConfigError(`${what} cannot run: ${(error as Error).message}`, { cause: error });
    }
  }
}

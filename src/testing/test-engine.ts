/**
 * One call that builds an engine wired with the testing kit's fakes, for applications that test
 * their own code against cairn without network or models.
 * @module
 */
import type { Store } from '../core/ports.js';
import { createEngine, type Engine, type EngineConfig } from '../engine/engine.js';
import { createMemoryStore } from '../store/memory/memory-store.js';
import { HashingEmbedder } from './hashing-embedder.js';
import { MemoryCache } from './memory-cache.js';
import { type ChatScript, ScriptedChatModel } from './scripted-chat-model.js';
import { type SpanRecorder, startSpanRecorder } from './span-recorder.js';
import { TermOverlapReranker } from './term-overlap-reranker.js';

/** Options of {@link createTestEngine}; any other engine setting passes through. */
export interface TestEngineOptions extends Omit<EngineConfig, 'store'> {
  /** The store; default a fresh in-memory store. */
  store?: Store;
  /** Dimension of the hashing embedder; default 64. */
  dimension?: number;
  /** The chat model's script; see {@link ScriptedChatModel}. */
  replies?: ChatScript;
  /** Start a {@link SpanRecorder} (registers the OpenTelemetry SDK globally); default false. */
  tracing?: boolean;
}

/** What {@link createTestEngine} built: the engine and each fake, to script and inspect. */
export interface TestEngine {
  engine: Engine;
  store: Store;
  embedder: HashingEmbedder;
  reranker: TermOverlapReranker;
  chatModel: ScriptedChatModel;
  cache: MemoryCache;
  /** Present with `tracing: true`; stopped by {@link close}. */
  tracer?: SpanRecorder;
  /** Closes the engine (and its store), then stops the tracer. */
  close(): Promise<void>;
}

/**
 * Builds an engine over an in-memory store (or `options.store`) with a {@link HashingEmbedder},
 * a {@link TermOverlapReranker}, a {@link ScriptedChatModel} and a {@link MemoryCache}, and
 * optionally a recording tracer. Settings given in `options` (an `embedder`, a `reranker`, …)
 * replace the fakes.
 *
 * @example
 * ```ts
 * import { createTestEngine } from 'cairn/testing';
 * const { engine, chatModel, close } = await createTestEngine({ replies: ['Marmots hibernate [1].'] });
 * await engine.ingestSource({ name: 'a.md', bytes: new TextEncoder().encode('Marmots hibernate.') });
 * const { hits } = await engine.search('marmots');
 * await close();
 * ```
 */
export async function createTestEngine(options: TestEngineOptions = {}): Promise<TestEngine> {
  const { store: given, dimension, replies, tracing, ...config } = options;
  const store = given ?? createMemoryStore();
  const embedder = new HashingEmbedder({ dimension });
  const reranker = new TermOverlapReranker();
  const chatModel = new ScriptedChatModel({ replies });
  const cache = new MemoryCache();
  const tracer = tracing ? startSpanRecorder() : undefined;
  const engine = await createEngine({ embedder, reranker, chatModel, cache, ...config, store });
  return {
    engine,
    store,
    embedder,
    reranker,
    chatModel,
    cache,
    ...(tracer ? { tracer } : {}),
    async close() {
      try {
        await engine.close();
      } finally {
        await tracer?.stop();
      }
    },
  };
}

/**
 * A recording tracer for tests: the OpenTelemetry SDK recording in memory, as an application
 * would register it — a `BasicTracerProvider` with a `SimpleSpanProcessor` into an
 * `InMemorySpanExporter`, and the `AsyncLocalStorageContextManager` so that spans nest across
 * `await`. Helpers read the recorded tree back. The API and SDK packages (`@opentelemetry/api`,
 * `@opentelemetry/sdk-trace-base`, `@opentelemetry/context-async-hooks`) are optional peers,
 * loaded when {@link startSpanRecorder} is called, so `cairn/testing`'s other fakes import without
 * them.
 * @module
 */
import { createRequire } from 'node:module';
import type * as OtelApi from '@opentelemetry/api';
import type * as AsyncHooks from '@opentelemetry/context-async-hooks';
import type * as SdkTraceBase from '@opentelemetry/sdk-trace-base';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { MissingDependencyError } from '../core/errors.js';

const require = createRequire(import.meta.url);

/** An optional peer, loaded synchronously. @throws {MissingDependencyError} when it is not installed. */
function peer<T>(name: string): T {
  try {
    return require(name) as T;
  } catch (error) {
    throw new MissingDependencyError(name, 'the recording tracer (startSpanRecorder)', { cause: error });
  }
}

/** A registered in-memory recorder; `stop()` it in `afterAll`. */
export interface SpanRecorder {
  /** Finished spans, in the order they ended. */
  spans(): ReadableSpan[];
  /** Forgets the spans recorded so far. */
  reset(): void;
  /** Unregisters the provider and the context manager. */
  stop(): Promise<void>;
}

/**
 * Registers the SDK globally (tracer provider and context manager) and records into memory; one
 * at a time per process. `stop()` unregisters both.
 * @throws {MissingDependencyError} when an SDK package is not installed.
 */
export function startSpanRecorder(): SpanRecorder {
  // The API keeps what is registered on a global, so this copy and the application's agree.
  const { context, trace } = peer<typeof OtelApi>('@opentelemetry/api');
  const { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } = peer<typeof SdkTraceBase>(
    '@opentelemetry/sdk-trace-base',
  );
  const { AsyncLocalStorageContextManager } = peer<typeof AsyncHooks>('@opentelemetry/context-async-hooks');
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const manager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(manager);
  trace.setGlobalTracerProvider(provider);
  return {
    spans: () => exporter.getFinishedSpans(),
    reset: () => exporter.reset(),
    stop: async () => {
      await provider.shutdown();
      trace.disable();
      context.disable();
    },
  };
}

/** The spans whose parent is `parent` (or, with `undefined`, the roots), in start order. */
export function childrenOf(spans: ReadableSpan[], parent: ReadableSpan | undefined): ReadableSpan[] {
  const ids = new Set(spans.map((s) => s.spanContext().spanId));
  return spans
    .filter((s) => {
      const id = s.parentSpanContext?.spanId;
      return parent === undefined ? id === undefined || !ids.has(id) : id === parent.spanContext().spanId;
    })
    .sort((a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1]);
}

/** The one span named `name`; throws naming the spans there are when there is not exactly one. */
export function onlySpan(spans: ReadableSpan[], name: string): ReadableSpan {
  const found = spans.filter((s) => s.name === name);
  if (found.length !== 1) {
    throw new Error(`${found.length} spans named ${name} among ${spans.map((s) => s.name).join(', ')}`);
  }
  return found[0]!;
}

/** The names of the spans under `parent`, in start order. */
export function childNames(spans: ReadableSpan[], parent: ReadableSpan): string[] {
  return childrenOf(spans, parent).map((s) => s.name);
}

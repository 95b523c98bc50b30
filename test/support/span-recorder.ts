/**
 * The OpenTelemetry SDK recording in memory, as an application would register it: a
 * `BasicTracerProvider` with a `SimpleSpanProcessor` into an `InMemorySpanExporter`, and the
 * `AsyncLocalStorageContextManager` so that spans nest across `await`. Helpers read the recorded
 * tree back.
 */
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';

/** A registered in-memory recorder; `stop()` it in `afterAll`. */
export interface SpanRecorder {
  /** Finished spans, in the order they ended. */
  spans(): ReadableSpan[];
  /** Forgets the spans recorded so far. */
  reset(): void;
  /** Unregisters the provider and the context manager. */
  stop(): Promise<void>;
}

/** Registers the SDK globally (tracer provider and context manager) and records into memory. */
export function startSpanRecorder(): SpanRecorder {
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

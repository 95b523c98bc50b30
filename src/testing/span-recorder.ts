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

/** `[seconds, nanoseconds]`, OpenTelemetry's `HrTime`. */
export type HrTime = [number, number];

/**
 * A finished span as the recorder returns it: the parts of the SDK's `ReadableSpan`
 * (`@opentelemetry/sdk-trace-base`) that tests read, declared here so that `cairn/testing`'s types
 * need no OpenTelemetry package; the SDK's spans are these.
 */
export interface RecordedSpan {
  readonly name: string;
  /** OpenTelemetry's `SpanKind`: 0 INTERNAL, 1 SERVER, 2 CLIENT, 3 PRODUCER, 4 CONSUMER. */
  readonly kind: number;
  spanContext(): { traceId: string; spanId: string; traceFlags: number };
  readonly parentSpanContext?: { traceId: string; spanId: string; traceFlags: number } | undefined;
  readonly startTime: HrTime;
  readonly endTime: HrTime;
  readonly duration: HrTime;
  readonly ended: boolean;
  /** `code`: OpenTelemetry's `SpanStatusCode`, 0 UNSET, 1 OK, 2 ERROR. */
  readonly status: { code: number; message?: string };
  readonly attributes: Readonly<Record<string, unknown>>;
  readonly events: ReadonlyArray<{
    name: string;
    time: HrTime;
    attributes?: Readonly<Record<string, unknown>>;
  }>;
  readonly links: ReadonlyArray<{
    context: { traceId: string; spanId: string };
    attributes?: Readonly<Record<string, unknown>>;
  }>;
}

/** A registered in-memory recorder; `stop()` it in `afterAll`. */
export interface SpanRecorder {
  /** Finished spans, in the order they ended. */
  spans(): RecordedSpan[];
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
export function childrenOf(spans: RecordedSpan[], parent: RecordedSpan | undefined): RecordedSpan[] {
  const ids = new Set(spans.map((s) => s.spanContext().spanId));
  return spans
    .filter((s) => {
      const id = s.parentSpanContext?.spanId;
      return parent === undefined ? id === undefined || !ids.has(id) : id === parent.spanContext().spanId;
    })
    .sort((a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1]);
}

/** The one span named `name`; throws naming the spans there are when there is not exactly one. */
export function onlySpan(spans: RecordedSpan[], name: string): RecordedSpan {
  const found = spans.filter((s) => s.name === name);
  if (found.length !== 1) {
    throw new Error(`${found.length} spans named ${name} among ${spans.map((s) => s.name).join(', ')}`);
  }
  return found[0]!;
}

/** The names of the spans under `parent`, in start order. */
export function childNames(spans: RecordedSpan[], parent: RecordedSpan): string[] {
  return childrenOf(spans, parent).map((s) => s.name);
}

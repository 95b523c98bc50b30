/**
 * `--trace`: the OpenTelemetry SDK (optional peers `@opentelemetry/sdk-trace-base` and
 * `@opentelemetry/context-async-hooks`, loaded only with the flag) registered for one command,
 * recording into memory, and the span tree printed to standard error afterwards.
 * @module
 */
import { MissingDependencyError } from '../../core/errors.js';
import { loadOptionalPeer } from '../../core/optional-peer.js';
import { noopOtelApi, type OtelApiSubset, otelApi } from '../../core/otel-api.js';
import { formatSpanTree } from './span-tree.js';

/** The packages `--trace` needs, to install beside cairn. */
export const TRACE_PACKAGES = [
  '@opentelemetry/api',
  '@opentelemetry/sdk-trace-base',
  '@opentelemetry/context-async-hooks',
] as const;

const FEATURE = `--trace (npm install ${TRACE_PACKAGES.join(' ')})`;

/** How the SDK modules are imported; tests replace them. */
export interface TraceSdkImports {
  sdk: () => Promise<typeof import('@opentelemetry/sdk-trace-base')>;
  contextManager: () => Promise<typeof import('@opentelemetry/context-async-hooks')>;
}

const defaultImports: TraceSdkImports = {
  sdk: () => import('@opentelemetry/sdk-trace-base'),
  contextManager: () => import('@opentelemetry/context-async-hooks'),
};

/** A registered recorder; {@link CliTrace.finish} unregisters it and renders what it recorded. */
export interface CliTrace {
  /** Unregisters the SDK and returns the span tree (see {@link formatSpanTree}). */
  finish(): Promise<string>;
}

/**
 * Registers a `BasicTracerProvider` with a `SimpleSpanProcessor` into an `InMemorySpanExporter`,
 * and an `AsyncLocalStorageContextManager` so that spans nest across `await`, as the global
 * OpenTelemetry tracer provider and context manager.
 * @throws {MissingDependencyError} naming the package when one of {@link TRACE_PACKAGES} is not
 *   installed (exit 2).
 */
export async function startCliTrace(
  imports: TraceSdkImports = defaultImports,
  api: OtelApiSubset = otelApi(),
): Promise<CliTrace> {
  if (api === noopOtelApi) throw new MissingDependencyError(TRACE_PACKAGES[0], FEATURE);
  const { context, trace } = api;
  const [sdk, hooks] = await Promise.all([
    loadOptionalPeer(TRACE_PACKAGES[1], FEATURE, imports.sdk),
    loadOptionalPeer(TRACE_PACKAGES[2], FEATURE, imports.contextManager),
  ]);
  const exporter = new sdk.InMemorySpanExporter();
  const provider = new sdk.BasicTracerProvider({ spanProcessors: [new sdk.SimpleSpanProcessor(exporter)] });
  context.setGlobalContextManager(new hooks.AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(provider);
  return {
    async finish() {
      await provider.forceFlush();
      const spans = exporter.getFinishedSpans();
      await provider.shutdown();
      trace.disable();
      context.disable();
      return formatSpanTree(spans);
    },
  };
}

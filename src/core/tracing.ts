/**
 * Tracing through the OpenTelemetry API (`@opentelemetry/api`, an optional peer and the only
 * OpenTelemetry package cairn uses; without it spans record nothing, see `otel-api.ts`). cairn creates its spans with the global tracer named {@link TRACER_NAME}; they
 * are recorded when the application registers an OpenTelemetry SDK (a tracer provider and, for
 * nesting across `await`, a context manager: `NodeSDK` registers both) and cost next to nothing
 * when it does not.
 *
 * Every span carries the collection and namespace of the work it belongs to
 * (`cairn.collection`, `cairn.namespace`), inherited from the span that set them. Model calls follow
 * the GenAI semantic conventions (https://opentelemetry.io/docs/specs/semconv/gen-ai/): span
 * names `embeddings {model}`, `chat {model}` and `retrieval {collection}`, attributes
 * `gen_ai.operation.name`, `gen_ai.provider.name`, `gen_ai.request.model`,
 * `gen_ai.usage.input_tokens`. A failing operation records the exception, sets the span's status
 * to ERROR and `error.type` to the cairn error code (or the error's name).
 * @module
 */
import type { Attributes, Context, Span, SpanKind as SpanKindType } from '@opentelemetry/api';
import { isCairnError } from './errors.js';
import { otel } from './otel-api.js';
import { TRACE_ATTRIBUTES, TRACER_NAME, type TraceScope } from './trace-attributes.js';

export { TRACE_ATTRIBUTES, TRACER_NAME, type TraceScope } from './trace-attributes.js';

const { context, trace, SpanKind, SpanStatusCode } = otel;
const SCOPE = otel.createContextKey('cairn.trace.scope');

/** Options of {@link inSpan}. */
export interface InSpanOptions {
  /** Default `INTERNAL`; model and store calls are `CLIENT`. */
  kind?: SpanKindType;
  attributes?: Attributes;
  /** Sets the collection and namespace of this span and everything under it. */
  scope?: TraceScope;
  /** Parent context; default the active one. */
  parent?: Context;
  /**
   * Names an error that ends the work with an ordinary outcome rather than a failure (an empty
   * file is `skipped`): the span then gets `cairn.outcome` set to the name and a `cairn.outcome`
   * event with the error's code and message, and its status stays unset. `undefined`: a failure.
   */
  outcome?: (error: unknown) => string | undefined;
}

function scopeAttributes(scope: TraceScope | undefined): Attributes {
  if (!scope) return {};
  return {
    [TRACE_ATTRIBUTES.collection]: scope.collection,
    [TRACE_ATTRIBUTES.namespace]: scope.namespace ?? 'default',
  };
}

/** True when `error` is the caller stopping the work (an abort signal), not a failure. */
export function isCancellation(error: unknown): boolean {
  return (error as { name?: unknown } | undefined)?.name === 'AbortError';
}

/**
 * Marks `span` failed by `error`: the exception recorded, status ERROR with the message, and
 * `error.type` the cairn error code (e.g. `PARSE_FAILED`) or the error's name. A cancellation
 * (see {@link isCancellation}: the caller aborted) is no failure: it sets `cairn.cancelled` to
 * true and leaves the status unset.
 */
export function recordFailure(span: Span, error: unknown): void {
  if (isCancellation(error)) {
    span.setAttribute(TRACE_ATTRIBUTES.cancelled, true);
    return;
  }
  const failure = error instanceof Error ? error : new Error(String(error));
  span.recordException(failure);
  span.setStatus({ code: SpanStatusCode.ERROR, message: failure.message });
  span.setAttribute('error.type', isCairnError(error) ? error.code : failure.name || '_OTHER');
}

/**
 * Starts a span named `name` (a child of the active span), makes it active while `work` runs,
 * records a failure (see {@link recordFailure}) or an outcome (see {@link InSpanOptions.outcome})
 * and ends it when `work` settles.
 * @returns What `work` returns; its error is rethrown.
 */
export function inSpan<T>(
  name: string,
  options: InSpanOptions,
  work: (span: Span) => Promise<T> | T,
): Promise<T> {
  let parent = options.parent ?? context.active();
  if (options.scope) parent = parent.setValue(SCOPE, options.scope);
  const scope = parent.getValue(SCOPE) as TraceScope | undefined;
  const tracer = trace.getTracer(TRACER_NAME);
  return tracer.startActiveSpan(
    name,
    {
      kind: options.kind ?? SpanKind.INTERNAL,
      attributes: { ...scopeAttributes(scope), ...options.attributes },
    },
    parent,
    async (span) => {
      try {
        return await work(span);
      } catch (error) {
        const outcome = options.outcome?.(error);
        if (outcome === undefined) recordFailure(span, error);
        else recordOutcome(span, outcome, error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/**
 * Marks `span` as ended by `error` with an ordinary outcome (see {@link InSpanOptions.outcome}):
 * `cairn.outcome` set and a `cairn.outcome` event with `error.type` and the message; no status.
 */
export function recordOutcome(span: Span, outcome: string, error: unknown): void {
  span.setAttribute(TRACE_ATTRIBUTES.outcome, outcome);
  span.addEvent(TRACE_ATTRIBUTES.outcome, {
    [TRACE_ATTRIBUTES.outcome]: outcome,
    'error.type': isCairnError(error) ? error.code : error instanceof Error ? error.name : '_OTHER',
    message: error instanceof Error ? error.message : String(error),
  });
}

/**
 * Starts a span that the caller ends (for work that is not one call, e.g. a stream), under
 * `parent` (default the active context), with the inherited collection and namespace.
 */
export function startSpan(name: string, options: InSpanOptions = {}): Span {
  let parent = options.parent ?? context.active();
  if (options.scope) parent = parent.setValue(SCOPE, options.scope);
  const scope = parent.getValue(SCOPE) as TraceScope | undefined;
  return trace.getTracer(TRACER_NAME).startSpan(
    name,
    {
      kind: options.kind ?? SpanKind.INTERNAL,
      attributes: { ...scopeAttributes(scope), ...options.attributes },
    },
    parent,
  );
}

/**
 * cairn provider ids that differ from the GenAI conventions' well-known `gen_ai.provider.name`
 * values (https://opentelemetry.io/docs/specs/semconv/registry/attributes/gen-ai/): the
 * OpenAI-compatible adapters speak OpenAI's API, which the conventions name `openai`.
 */
const GENAI_PROVIDER_NAMES: Readonly<Record<string, string>> = { 'openai-compatible': 'openai' };

/** `provider` as the GenAI conventions name it (see {@link GENAI_PROVIDER_NAMES}); `unknown` when absent. */
export function genAiProviderName(provider: string | undefined): string {
  if (provider === undefined) return 'unknown';
  return GENAI_PROVIDER_NAMES[provider] ?? provider;
}

/** The GenAI semantic conventions' attributes of a model call. */
export function modelAttributes(
  operation: 'embeddings' | 'chat',
  model: { provider?: string; model: string },
): Attributes {
  return {
    'gen_ai.operation.name': operation,
    'gen_ai.provider.name': genAiProviderName(model.provider),
    'gen_ai.request.model': model.model,
  };
}

export { SpanKind, SpanStatusCode };

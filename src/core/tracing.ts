/**
 * Tracing through the OpenTelemetry API (`@opentelemetry/api`, the only OpenTelemetry package
 * cairn depends on). cairn creates its spans with the global tracer named {@link TRACER_NAME}; they
 * are recorded when the application registers an OpenTelemetry SDK (a tracer provider and, for
 * nesting across `await`, a context manager: `NodeSDK` registers both) and cost next to nothing
 * when it does not.
 *
 * Every span carries the collection and namespace of the work it belongs to
 * (`cairn.collection`, `cairn.namespace`), inherited from the span that set them. Model calls follow
 * the GenAI semantic conventions (https://opentelemetry.io/docs/specs/semconv/gen-ai/): span
 * names `embeddings {model}`, `chat {model}` and `retrieval {collection}`, attributes
 * `gen_ai.operation.name`, `gen_ai.provider.name`, `gen_ai.request.model`, and what the
 * provider's reply reports (see {@link responseAttributes}): `server.address`, `server.port`,
 * `gen_ai.response.model`, `gen_ai.response.id`, `gen_ai.response.finish_reasons`,
 * `gen_ai.usage.input_tokens`. Searches another operation makes for itself (see
 * `SearchRequest.probe`) are `cairn.probe` spans, not `retrieval` ones; a batch of embeddings
 * found whole in the embedding cache makes no model call and no `embeddings` span. A failing operation records the exception, sets the span's status
 * to ERROR and `error.type` to the cairn error code (or the error's name).
 * @module
 */
import type { Attributes, Context, Span } from '@opentelemetry/api';
import { isCairnError } from './errors.js';
import { loadOtelApi, noopOtelApi, noopSpan } from './otel-api.js';
import type { ModelResponse } from './ports.js';
import { TRACE_ATTRIBUTES, TRACER_NAME, type TraceScope } from './trace-attributes.js';

export { TRACE_ATTRIBUTES, TRACER_NAME, type TraceScope } from './trace-attributes.js';

/** The OpenTelemetry API's module (`@opentelemetry/api`). */
type OpenTelemetryApi = typeof import('@opentelemetry/api');

/**
 * Where the OpenTelemetry API (major version 1) keeps what an application registers (tracer
 * provider, context manager, propagator, diagnostic logger); see the API's
 * `internal/global-utils.js`. Absent until something is registered.
 */
const GLOBAL_API_KEY = Symbol.for('opentelemetry.js.api.1');

let loadedApi: OpenTelemetryApi | undefined;

/**
 * The OpenTelemetry API, loaded on the first span made after an application registered something
 * with it; `undefined` while nothing is registered, when every span would be a no-op. Loading the
 * API's CommonJS build costs about 80 ms of CPU, which commands that record no trace should not
 * pay; the API keeps its state on `globalThis`, so this copy sees what an ESM copy registered.
 */
function openTelemetry(): OpenTelemetryApi | undefined {
  if (loadedApi !== undefined) return loadedApi;
  if ((globalThis as Record<symbol, unknown>)[GLOBAL_API_KEY] === undefined) return undefined;
  // The API is an optional peer: registered through a copy cairn cannot resolve, spans record
  // nothing rather than failing the work (see `otel-api.ts`).
  const api = loadOtelApi();
  if (api === noopOtelApi) return undefined;
  loadedApi = api as OpenTelemetryApi;
  return loadedApi;
}

/** OpenTelemetry's `SpanKind` values (the API's enum, kept here so that no span needs the API loaded). */
export const SpanKind = { INTERNAL: 0, SERVER: 1, CLIENT: 2, PRODUCER: 3, CONSUMER: 4 } as const;
/** One of {@link SpanKind}'s values. */
export type SpanKind = (typeof SpanKind)[keyof typeof SpanKind];
/** OpenTelemetry's `SpanStatusCode` values. */
export const SpanStatusCode = { UNSET: 0, OK: 1, ERROR: 2 } as const;

/** A span that records nothing, handed to work while no OpenTelemetry SDK is registered. */
const NON_RECORDING_SPAN: Span = noopSpan;

let scopeKey: symbol | undefined;
/** The context key under which the collection and namespace of the work are kept. */
function scopeKeyOf(api: OpenTelemetryApi): symbol {
  scopeKey ??= api.createContextKey('cairn.trace.scope');
  return scopeKey;
}

/** Options of {@link inSpan}. */
export interface InSpanOptions {
  /** Default `INTERNAL`; model and store calls are `CLIENT`. */
  kind?: SpanKind;
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
  const api = openTelemetry();
  if (api === undefined) return settle(work, options);
  const SCOPE = scopeKeyOf(api);
  let parent = options.parent ?? api.context.active();
  if (options.scope) parent = parent.setValue(SCOPE, options.scope);
  const scope = parent.getValue(SCOPE) as TraceScope | undefined;
  const tracer = api.trace.getTracer(TRACER_NAME);
  return tracer.startActiveSpan(
    name,
    {
      kind: options.kind ?? SpanKind.INTERNAL,
      attributes: { ...scopeAttributes(scope), ...options.attributes },
    },
    parent,
    (span) => settle(work, options, span),
  );
}

/** Runs `work` with `span`, records how it ended (see {@link inSpan}) and ends the span. */
async function settle<T>(
  work: (span: Span) => Promise<T> | T,
  options: InSpanOptions,
  span: Span = NON_RECORDING_SPAN,
): Promise<T> {
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
  const api = openTelemetry();
  if (api === undefined) return NON_RECORDING_SPAN;
  const SCOPE = scopeKeyOf(api);
  let parent = options.parent ?? api.context.active();
  if (options.scope) parent = parent.setValue(SCOPE, options.scope);
  const scope = parent.getValue(SCOPE) as TraceScope | undefined;
  return api.trace.getTracer(TRACER_NAME).startSpan(
    name,
    {
      kind: options.kind ?? SpanKind.INTERNAL,
      attributes: { ...scopeAttributes(scope), ...options.attributes },
    },
    parent,
  );
}

/** The active span, when an OpenTelemetry SDK is registered and one is active; else `undefined`. */
export function activeSpan(): Span | undefined {
  return openTelemetry()?.trace.getActiveSpan();
}

/**
 * The active OpenTelemetry context, to hand to {@link startSpan} as `parent` later; `undefined`
 * while no OpenTelemetry SDK is registered (no span records anything then).
 */
export function activeContext(): Context | undefined {
  return openTelemetry()?.context.active();
}

/**
 * Runs `work` with `parent` (from {@link activeContext}) as the active context, so that spans it
 * starts nest under it; runs it as is when there is no context (no SDK registered).
 */
export function withContext<T>(parent: Context | undefined, work: () => T): T {
  const api = openTelemetry();
  return parent === undefined || api === undefined ? work() : api.context.with(parent, work);
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

/** Default port of a URL scheme, for `server.port` when the URL names none. */
const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'https:': 443, 'http:': 80 };

/**
 * The GenAI semantic conventions' attributes of what a model's reply reported (see
 * {@link ModelResponse}): `server.address` and `server.port` from its URL (host and port only;
 * a URL that does not parse gives neither), `gen_ai.response.model`, `gen_ai.response.id` and
 * `gen_ai.response.finish_reasons`; a field that is absent gives no attribute.
 */
export function responseAttributes(response: ModelResponse | undefined): Attributes {
  if (response === undefined) return {};
  const out: Attributes = {};
  if (response.url !== undefined && URL.canParse(response.url)) {
    const url = new URL(response.url);
    out['server.address'] = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const port = url.port === '' ? DEFAULT_PORTS[url.protocol] : Number(url.port);
    if (port !== undefined) out['server.port'] = port;
  }
  if (response.model !== undefined) out['gen_ai.response.model'] = response.model;
  if (response.id !== undefined) out['gen_ai.response.id'] = response.id;
  if (response.finishReasons !== undefined && response.finishReasons.length > 0) {
    out['gen_ai.response.finish_reasons'] = response.finishReasons;
  }
  return out;
}

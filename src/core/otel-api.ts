/**
 * The OpenTelemetry API (`@opentelemetry/api`), an optional peer: loaded once, synchronously,
 * when this module is first imported, and replaced by a no-op stand-in when it is not installed,
 * so `import 'cairn'` works without it and cairn's spans then record nothing (as they do with the
 * API installed and no SDK registered).
 *
 * The API keeps its registered tracer provider and context manager on a global
 * (`Symbol.for('opentelemetry.js.api.1')`), so the copy loaded here sees what an application
 * registered through its own `import` of the package.
 * @module
 */
import { createRequire } from 'node:module';
import type * as OtelApi from '@opentelemetry/api';

/** The parts of the API cairn calls. */
export type OtelApiSubset = Pick<
  typeof OtelApi,
  'context' | 'trace' | 'createContextKey' | 'SpanKind' | 'SpanStatusCode'
>;

/** A context holding values by key, immutable: what the API's `ROOT_CONTEXT` is. */
class NoopContext implements OtelApi.Context {
  private readonly values: Map<symbol, unknown>;
  constructor(values?: Map<symbol, unknown>) {
    this.values = values ?? new Map();
  }
  getValue(key: symbol): unknown {
    return this.values.get(key);
  }
  setValue(key: symbol, value: unknown): OtelApi.Context {
    const values = new Map(this.values);
    values.set(key, value);
    return new NoopContext(values);
  }
  deleteValue(key: symbol): OtelApi.Context {
    const values = new Map(this.values);
    values.delete(key);
    return new NoopContext(values);
  }
}

const ROOT = new NoopContext();

/** A span that records nothing (what the API's spans are with no SDK registered). */
export const noopSpan: OtelApi.Span = {
  spanContext: () => ({ traceId: '0'.repeat(32), spanId: '0'.repeat(16), traceFlags: 0 }),
  setAttribute: () => noopSpan,
  setAttributes: () => noopSpan,
  addEvent: () => noopSpan,
  addLink: () => noopSpan,
  addLinks: () => noopSpan,
  setStatus: () => noopSpan,
  updateName: () => noopSpan,
  end: () => {},
  isRecording: () => false,
  recordException: () => {},
};

const noopTracer = {
  startSpan: () => noopSpan,
  startActiveSpan: (...args: unknown[]) => {
    const fn = args.at(-1) as (span: OtelApi.Span) => unknown;
    return fn(noopSpan);
  },
} as unknown as OtelApi.Tracer;

/** What cairn uses when `@opentelemetry/api` is not installed: spans that record nothing. */
export const noopOtelApi: OtelApiSubset = {
  context: {
    active: () => ROOT,
    with: (
      _ctx: OtelApi.Context,
      fn: (...args: unknown[]) => unknown,
      thisArg?: unknown,
      ...args: unknown[]
    ) => fn.apply(thisArg, args),
    bind: <T>(_ctx: OtelApi.Context, target: T) => target,
  } as unknown as OtelApiSubset['context'],
  trace: {
    getTracer: () => noopTracer,
    getActiveSpan: () => undefined,
    getSpan: () => undefined,
    setSpan: (ctx: OtelApi.Context) => ctx,
  } as unknown as OtelApiSubset['trace'],
  createContextKey: (description: string) => Symbol.for(description),
  // The enums' values as the API defines them (SpanKind, SpanStatusCode in @opentelemetry/api 1.x).
  SpanKind: { INTERNAL: 0, SERVER: 1, CLIENT: 2, PRODUCER: 3, CONSUMER: 4 } as OtelApiSubset['SpanKind'],
  SpanStatusCode: { UNSET: 0, OK: 1, ERROR: 2 } as OtelApiSubset['SpanStatusCode'],
};

/**
 * Loads the API with `load` (default: `require('@opentelemetry/api')` resolved from this file);
 * the no-op stand-in when the package is not found. Any other failure is thrown.
 */
export function loadOtelApi(load: () => OtelApiSubset = defaultLoad): OtelApiSubset {
  try {
    return load();
  } catch (error) {
    const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
    const missing =
      (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND') &&
      typeof message === 'string' &&
      message.includes(`'${PACKAGE}`);
    if (missing) return noopOtelApi;
    throw error;
  }
}

const PACKAGE = '@opentelemetry/api';

function defaultLoad(): OtelApiSubset {
  return createRequire(import.meta.url)(PACKAGE) as OtelApiSubset;
}

let loaded: OtelApiSubset | undefined;

/**
 * The API in use: the installed `@opentelemetry/api`, or {@link noopOtelApi}; loaded on the first
 * call (loading its CommonJS build costs about 80 ms, which commands that trace nothing skip).
 */
export function otelApi(): OtelApiSubset {
  loaded ??= loadOtelApi();
  return loaded;
}

import * as api from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { loadOtelApi, noopOtelApi, otelApi } from './otel-api.js';

function missing(name: string) {
  return Object.assign(new Error(`Cannot find module '${name}'\nRequire stack: ...`), {
    code: 'MODULE_NOT_FOUND',
  });
}

describe('loadOtelApi', () => {
  it('uses the installed API, the copy an application registers its SDK on', () => {
    expect(otelApi().trace).toBe(api.trace);
    expect(otelApi().SpanKind.CLIENT).toBe(api.SpanKind.CLIENT);
    expect(otelApi().SpanStatusCode.ERROR).toBe(api.SpanStatusCode.ERROR);
  });

  it('falls back to spans that record nothing when @opentelemetry/api is not installed', async () => {
    const loaded = loadOtelApi(() => {
      throw missing('@opentelemetry/api');
    });
    expect(loaded).toBe(noopOtelApi);
    const key = loaded.createContextKey('k');
    const root = loaded.context.active();
    const child = root.setValue(key, 1);
    expect(child.getValue(key)).toBe(1);
    expect(root.getValue(key)).toBeUndefined();
    expect(child.deleteValue(key).getValue(key)).toBeUndefined();
    const tracer = loaded.trace.getTracer('cairn');
    const result = await tracer.startActiveSpan('x', {}, root, async (span) => {
      span.setAttribute('a', 1).setStatus({ code: loaded.SpanStatusCode.ERROR });
      span.end();
      return span.isRecording();
    });
    expect(result).toBe(false);
    expect(loaded.context.with(root, (a: number) => a + 1, undefined, 1)).toBe(2);
  });

  it('rethrows other failures: a broken install is not silently untraced', () => {
    expect(() =>
      loadOtelApi(() => {
        throw missing('./build/src/internal/global-utils');
      }),
    ).toThrow('global-utils');
  });
});

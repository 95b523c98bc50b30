import { trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { isCairnError } from '../../core/errors.js';
import { inSpan } from '../../core/tracing.js';
import { startCliTrace, TRACE_PACKAGES } from './cli-trace.js';

describe('startCliTrace', () => {
  it('records the spans of the work between start and finish, nested across await, then unregisters', async () => {
    const recorder = await startCliTrace();
    await inSpan('cairn.ask', { scope: { collection: 'docs' } }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await inSpan('cairn.rewrite', {}, () => 'standalone');
    });
    const tree = await recorder.finish();
    expect(tree.split('\n').slice(0, 2)).toEqual([
      expect.stringMatching(/^cairn\.ask {2}\d+\.\d ms {2}ok$/),
      expect.stringMatching(/^└─ cairn\.rewrite {2}\d+\.\d ms {2}ok$/),
    ]);
    // Unregistered: spans are no longer recorded.
    expect(trace.getTracer('cairn').startSpan('after').isRecording()).toBe(false);
  });

  it('names the packages to install when the SDK is missing', async () => {
    const missing = Object.assign(new Error("Cannot find package '@opentelemetry/sdk-trace-base'"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    const failure = await startCliTrace({
      sdk: () => Promise.reject(missing),
      contextManager: () => import('@opentelemetry/context-async-hooks'),
    }).catch((error: unknown) => error);
    expect(isCairnError(failure)).toBe(true);
    expect(failure).toMatchObject({ code: 'CONFIG_ERROR', packageName: '@opentelemetry/sdk-trace-base' });
    for (const name of TRACE_PACKAGES) expect((failure as Error).message).toContain(name);
  });
});

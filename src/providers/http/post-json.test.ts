import diagnostics from 'node:diagnostics_channel';
import { createServer } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isCairnError, type ProviderError } from '../../core/errors.js';
import { postJson } from './post-json.js';

/** A port on `host` that nothing listens on (taken from the OS, then closed). */
async function closedPort(host: string): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Connection attempts `fetch` made (undici's diagnostics channel), by port. */
const attempts = new Map<number, number>();
const onConnectError = (message: unknown) => {
  const port = Number((message as { connectParams?: { port?: unknown } }).connectParams?.port);
  attempts.set(port, (attempts.get(port) ?? 0) + 1);
};
beforeEach(() => {
  attempts.clear();
  diagnostics.subscribe('undici:client:connectError', onConnectError);
});
afterEach(() => {
  diagnostics.unsubscribe('undici:client:connectError', onConnectError);
});

async function failure(url: string, policy: { maxRetries?: number; minBackoffMs?: number } = {}) {
  const error = await postJson({ provider: 'openai-compatible', url, headers: {}, body: {}, ...policy }).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(isCairnError(error), String(error)).toBe(true);
  return error as ProviderError;
}

describe('postJson: a refused connection', () => {
  it('to this machine (a local model server not running) fails on the first attempt, in one line that says so', async () => {
    for (const host of ['127.0.0.1', 'localhost']) {
      const port = await closedPort('127.0.0.1');
      const url = `http://${host}:${port}/v1/embeddings`;
      // The default policy retries network errors for up to two minutes.
      const error = await failure(url);
      expect(error.code).toBe('PROVIDER_ERROR');
      expect(error.message).toBe(
        `openai-compatible: request to ${url} failed: connection refused; is the server running and listening there?`,
      );
      expect(error.message).not.toContain('\n');
      expect(error.isRetryable).toBe(false);
      expect(error.failsEveryRequest).toBe(true);
      // `localhost` may be tried at ::1 and 127.0.0.1 within the one attempt.
      expect(attempts.get(port) ?? 0, host).toBeGreaterThanOrEqual(1);
      expect(attempts.get(port) ?? 0, host).toBeLessThanOrEqual(2);
    }
  });

  const external = Object.values(networkInterfaces())
    .flat()
    .find((address) => address !== undefined && !address.internal && address.family === 'IPv4');
  it.skipIf(external === undefined)(
    'to another address is retried as other network errors are (skipped: no non-loopback IPv4 interface)',
    async () => {
      const port = await closedPort(external!.address);
      const url = `http://${external!.address}:${port}/v1/embeddings`;
      const error = await failure(url, { maxRetries: 2, minBackoffMs: 1 });
      expect(error.message).toBe(
        `openai-compatible: request to ${url} failed: connect ECONNREFUSED ${external!.address}:${port}; retrying may help`,
      );
      expect(error.isRetryable).toBe(true);
      expect(attempts.get(port)).toBe(3);
    },
  );
});

/**
 * A local stand-in for the Hugging Face Hub (`/{model}/resolve/{revision}/{file}`), serving model
 * folders written under `root`, so the download-once-then-cache path of the transformers.js
 * adapters runs without network. `start` points transformers.js at it; `stop` restores the host.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { env } from '@huggingface/transformers';

/** A running fake Hub. */
export interface FakeHub {
  /** `METHOD /url` of every request, in order. */
  requests: string[];
  /** Stops the server and restores transformers.js's remote host. */
  stop(): Promise<void>;
}

/** Serves the model folders under `root` and points transformers.js at them. */
export async function startFakeHub(root: string): Promise<FakeHub> {
  const requests: string[] = [];
  const savedHost = env.remoteHost;
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    const match = /^\/([^/]+\/[^/]+)\/resolve\/[^/]+\/(.+)$/.exec(request.url ?? '');
    const file = match ? path.join(root, match[1]!, match[2]!) : '';
    if (!match || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    const body = readFileSync(file);
    response.writeHead(200, { 'content-length': body.length, 'content-type': 'application/octet-stream' });
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  env.remoteHost = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    requests,
    stop: async () => {
      env.remoteHost = savedHost;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A local HTTP server for JSON APIs, standing in for a remote model provider in tests: it
 * records every request, answers scripted failure statuses first, checks the bearer token, and
 * routes `POST` paths to handlers that compute honest answers.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecordedRequest } from './openai-compatible-server.js';

/** A handler's answer: a status (default 200) and a JSON body. */
export interface JsonReply {
  status?: number;
  body: unknown;
}

/** Options of {@link startJsonApiServer}. */
export interface JsonApiServerOptions {
  /** Handlers by exact request path, e.g. `/v2/rerank`. */
  routes: Record<string, (body: Record<string, unknown>) => JsonReply>;
  /** Statuses to answer with before succeeding, one per request. */
  failures?: number[];
  /** Body of a scripted failure; default `{ message }`. */
  failureBody?: (status: number) => unknown;
  /** Token the `Authorization: Bearer` header must carry; default any non-empty one. */
  apiKey?: string;
}

/** A running server; `close()` it after the tests. */
export interface JsonApiServer {
  /** `http://127.0.0.1:PORT`, without a trailing slash or path. */
  origin: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

/** Starts the server on 127.0.0.1 with a free port. */
export async function startJsonApiServer(options: JsonApiServerOptions): Promise<JsonApiServer> {
  const requests: RecordedRequest[] = [];
  const failures = [...(options.failures ?? [])];
  const server = createServer(async (request, response) => {
    const body = await readJson(request);
    const path = request.url ?? '';
    requests.push({ path, headers: request.headers, body });
    const reply = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    const failure = failures.shift();
    if (failure !== undefined) {
      reply(failure, options.failureBody?.(failure) ?? { message: `scripted failure ${failure}` });
      return;
    }
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || (options.apiKey !== undefined && token !== options.apiKey)) {
      reply(401, { message: 'invalid api token' });
      return;
    }
    const route = request.method === 'POST' ? options.routes[path] : undefined;
    if (!route) {
      reply(404, { message: `no route ${request.method} ${path}` });
      return;
    }
    const answer = route(body);
    reply(answer.status ?? 200, answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

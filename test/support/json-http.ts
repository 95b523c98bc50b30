/**
 * A small JSON-over-HTTP server on a free loopback port, for the in-repository doubles of remote
 * engines' REST APIs.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';

/** What a route answers: a status and a JSON body. */
export interface JsonReply {
  status: number;
  body: unknown;
}

/** A started server. */
export interface JsonServer {
  url: string;
  port: number;
  /** Requests served, as `METHOD path`, for assertions. */
  requests: string[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

/**
 * Serves `handle(method, path, query, body)`; a handler that throws answers 500 with the message.
 * @param parse How the body is read (`json` by default; `ndjson` for bulk APIs).
 */
export async function serveJson(
  handle: (
    method: string,
    path: string,
    query: URLSearchParams,
    body: string,
  ) => JsonReply | Promise<JsonReply>,
): Promise<JsonServer> {
  const requests: string[] = [];
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push(`${request.method} ${url.pathname}`);
    let reply: JsonReply;
    try {
      reply = await handle(
        request.method ?? 'GET',
        decodeURIComponent(url.pathname),
        url.searchParams,
        await readBody(request),
      );
    } catch (error) {
      reply = { status: 500, body: { error: String((error as Error).message ?? error) } };
    }
    const text = JSON.stringify(reply.body);
    response.writeHead(reply.status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
    });
    response.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

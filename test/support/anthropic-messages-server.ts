/**
 * A small local HTTP server that speaks Anthropic's Messages API with streaming
 * (`POST /v1/messages`, server-sent events: `message_start`, `content_block_start`, `ping`,
 * `content_block_delta`, `content_block_stop`, `message_delta`, `message_stop`, and `error`),
 * standing in for the remote model in tests. Replies come from a script given by the test.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the server received. */
export interface RecordedAnthropicRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** Options of {@link startAnthropicMessagesServer}. */
export interface AnthropicServerOptions {
  /** Reply text for a request; default "ok". Streamed in deltas of a few characters. */
  reply?: (body: Record<string, unknown>) => string | Promise<string>;
  /** Statuses to answer with before succeeding, one per request, e.g. [529, 500]. */
  failures?: number[];
  /** After streaming this many deltas, send an `error` event of this type and stop. */
  streamError?: { afterDeltas: number; type: string };
  /** The key requests must carry in `x-api-key`; others get a 401. Default: any key. */
  apiKey?: string;
}

/** A running fake server; `close()` it after the test. */
export interface AnthropicServer {
  /** API root including `/v1`. */
  baseURL: string;
  requests: RecordedAnthropicRequest[];
  close(): Promise<void>;
}

function send(response: ServerResponse, event: string, data: unknown): void {
  response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

function errorBody(type: string, message: string): string {
  return JSON.stringify({ type: 'error', error: { type, message } });
}

/** Starts the server on 127.0.0.1 with a free port. */
export async function startAnthropicMessagesServer(
  options: AnthropicServerOptions = {},
): Promise<AnthropicServer> {
  const requests: RecordedAnthropicRequest[] = [];
  const failures = [...(options.failures ?? [])];
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    const path = request.url ?? '';
    requests.push({ path, headers: request.headers, body });
    if (path !== '/v1/messages') {
      response.writeHead(404, { 'content-type': 'application/json' }).end(errorBody('not_found_error', path));
      return;
    }
    if (options.apiKey !== undefined && request.headers['x-api-key'] !== options.apiKey) {
      response
        .writeHead(401, { 'content-type': 'application/json' })
        .end(errorBody('authentication_error', 'invalid x-api-key'));
      return;
    }
    if (!request.headers['anthropic-version'] || typeof body.max_tokens !== 'number') {
      response
        .writeHead(400, { 'content-type': 'application/json' })
        .end(errorBody('invalid_request_error', 'anthropic-version header and max_tokens are required'));
      return;
    }
    const failure = failures.shift();
    if (failure !== undefined) {
      const type = failure === 529 ? 'overloaded_error' : failure === 429 ? 'rate_limit_error' : 'api_error';
      response
        .writeHead(failure, { 'content-type': 'application/json' })
        .end(errorBody(type, `scripted ${failure}`));
      return;
    }
    const text = await (options.reply ?? (() => 'ok'))(body);
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const id = `msg_${requests.length}`;
    send(response, 'message_start', {
      type: 'message_start',
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model: body.model,
        content: [],
        stop_reason: null,
        usage: { input_tokens: 10, output_tokens: 1 },
      },
    });
    send(response, 'content_block_start', {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'text', text: '' },
    });
    send(response, 'ping', { type: 'ping' });
    const deltas = text.match(/.{1,5}/gs) ?? [];
    for (const [i, delta] of deltas.entries()) {
      if (options.streamError && i === options.streamError.afterDeltas) {
        send(response, 'error', {
          type: 'error',
          error: { type: options.streamError.type, message: 'scripted' },
        });
        response.end();
        return;
      }
      send(response, 'content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text: delta },
      });
    }
    send(response, 'content_block_stop', { type: 'content_block_stop', index: 0 });
    send(response, 'message_delta', {
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: deltas.length },
    });
    send(response, 'message_stop', { type: 'message_stop' });
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

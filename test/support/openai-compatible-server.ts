/**
 * A small local HTTP server that speaks the OpenAI embeddings and chat-completions (streaming)
 * APIs, standing in for a remote model in tests. Its embedder is an honest one: `hashEmbedding`
 * of `cairn/testing` (hashed, L2-normalised bags of lower-cased words), so texts sharing words
 * are close. Chat replies come from a script given by the test.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hashEmbedding } from '../../src/exports/testing.js';

export { hashEmbedding };

/** A request the server received. */
export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** Options of {@link startOpenAICompatibleServer}. */
export interface FakeServerOptions {
  /** Embedding dimension; default 64. */
  dimension?: number;
  /**
   * Reply for a chat request; default echoes "ok". Returned text is streamed in small deltas.
   * A message with images has content parts (`text`, `image_url`), as the API sends them.
   */
  reply?: (messages: Array<{ role: string; content: string }>) => string | Promise<string>;
  /**
   * Statuses to answer with before succeeding, one per request, e.g. [429, 500]; an object adds
   * a `Retry-After` header (seconds or an HTTP-date), as rate limiters send.
   */
  failures?: Array<number | ScriptedFailure>;
  /** Milliseconds between streamed chat deltas, as a model writing takes; default 0. */
  deltaDelayMs?: number;
}

/** A scripted failure with a `Retry-After` header. */
export interface ScriptedFailure {
  status: number;
  retryAfter?: string;
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

/** A running fake server; `close()` it in `afterAll`. */
export interface FakeServer {
  baseURL: string;
  requests: RecordedRequest[];
  failures: Array<number | ScriptedFailure>;
  /** When each request arrived (`performance.now()`), in order. */
  arrivals: number[];
  close(): Promise<void>;
}

/** Starts the server on 127.0.0.1 with a free port. */
export async function startOpenAICompatibleServer(options: FakeServerOptions = {}): Promise<FakeServer> {
  const dimension = options.dimension ?? 64;
  const requests: RecordedRequest[] = [];
  const failures = [...(options.failures ?? [])];
  const arrivals: number[] = [];
  const server: Server = createServer(async (request, response) => {
    arrivals.push(performance.now());
    const body = await readBody(request);
    const path = request.url ?? '';
    requests.push({ path, headers: request.headers, body });
    const failure = failures.shift();
    if (failure !== undefined) {
      const { status, retryAfter } = typeof failure === 'number' ? { status: failure } : failure;
      response.writeHead(status, {
        'content-type': 'application/json',
        ...(retryAfter === undefined ? {} : { 'retry-after': retryAfter }),
      });
      response.end(JSON.stringify({ error: { message: `scripted failure ${status}` } }));
      return;
    }
    if (path.endsWith('/embeddings')) {
      const input = body.input as string[];
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          object: 'list',
          model: body.model,
          data: input
            .map((text, index) => ({ object: 'embedding', index, embedding: hashEmbedding(text, dimension) }))
            .reverse(),
          usage: { prompt_tokens: input.join(' ').split(/\s+/).length, total_tokens: 0 },
        }),
      );
      return;
    }
    if (path.endsWith('/chat/completions')) {
      const messages = body.messages as Array<{ role: string; content: string }>;
      let text: string;
      try {
        text = await (options.reply ?? (() => 'ok'))(messages);
      } catch (error) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ error: { message: `the reply script failed: ${(error as Error).message}` } }),
        );
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      // Every chunk names the completion and the model, as OpenAI's do; the last has finish_reason.
      const head = { id: `chatcmpl-${requests.length}`, object: 'chat.completion.chunk', model: body.model };
      for (const delta of text.match(/.{1,7}/gs) ?? []) {
        response.write(
          `data: ${JSON.stringify({ ...head, choices: [{ index: 0, delta: { content: delta }, finish_reason: null }] })}\n\n`,
        );
        if (options.deltaDelayMs) await new Promise((resolve) => setTimeout(resolve, options.deltaDelayMs));
      }
      response.write(
        `data: ${JSON.stringify({ ...head, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
      );
      // Asked for (`stream_options.include_usage`), the last chunk counts tokens, as OpenAI's does:
      // here a token is a word of the prompt or of the reply.
      if ((body.stream_options as { include_usage?: boolean } | undefined)?.include_usage) {
        const count = (text: string) => text.split(/\s+/).filter(Boolean).length;
        const prompt = messages.reduce((n, m) => n + count(String(m.content)), 0);
        const usage = { prompt_tokens: prompt, completion_tokens: count(text) };
        response.write(
          `data: ${JSON.stringify({ ...head, choices: [], usage: { ...usage, total_tokens: prompt + usage.completion_tokens } })}\n\n`,
        );
      }
      response.end('data: [DONE]\n\n');
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    failures,
    arrivals,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

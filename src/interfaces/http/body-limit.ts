/**
 * Request bodies under a size limit, answered 413 with the limit named before the rest is read:
 * a `Content-Length` over the limit is refused without reading a byte, and a body without one
 * (chunked) is counted as it arrives and refused at the first byte over.
 *
 * The request's stream is never cancelled: on the Node server, cancelling it destroys the
 * connection, and the client would get no answer at all. It is only let go of; the server reads
 * and drops what is left after the answer (see `serveCairn`).
 * @module
 */
import { Readable } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';
import { PayloadTooLargeError } from '../../core/errors.js';
import { checkJsonDepth } from '../../core/json-depth.js';
import { errorResponse } from './http-errors.js';
import type { ServerEnv } from './server-env.js';

/** A size limit: its value in bytes, what it limits (for the message), and the setting that holds it. */
export interface BodyLimit {
  /** Most bytes. */
  bytes: number;
  /** What is limited, as the message says it: `the MCP message`, `the upload`. */
  what: string;
  /** The option that sets it: `maxBodyBytes`, `maxUploadBytes`. */
  setting: string;
}

/** The error for a body over `limit`. */
export function tooLarge(limit: BodyLimit): PayloadTooLargeError {
  return new PayloadTooLargeError(limit.bytes, limit.what, limit.setting);
}

/**
 * The body's declared length, or `undefined` when it has none (or is chunked: a
 * `Transfer-Encoding` wins over a `Content-Length`).
 */
export function declaredLength(headers: Headers): number | undefined {
  if (headers.has('transfer-encoding')) return undefined;
  const text = headers.get('content-length');
  if (text === null || !/^\d+$/.test(text.trim())) return undefined;
  return Number(text);
}

/**
 * Whether the request has a body, judged from its headers (a `Transfer-Encoding`, or a
 * `Content-Length` above 0) so that the request object is not built to find out: on the Node
 * server, touching `Request.body` turns the lightweight request into a full web `Request` with a
 * web stream over the socket, which costs more server CPU than a small search.
 */
export function hasBody(headers: Headers): boolean {
  if (headers.has('transfer-encoding')) return true;
  const declared = declaredLength(headers);
  return declared !== undefined && declared > 0;
}

/**
 * Middleware: a body over the limit is answered 413 (`PAYLOAD_TOO_LARGE`, with `limit.name` and
 * `limit.bytes`); a body without a declared length is read here, counted, and handed on as bytes.
 * A body with a declared length within the limit is not touched: the server's parser holds it to
 * that length, and the route reads it (through the Node server's direct path) itself.
 * @param limitOf The limit of this request (it may depend on the key's role).
 */
export function limitBody(limitOf: (c: Context<ServerEnv>) => BodyLimit): MiddlewareHandler<ServerEnv> {
  return async (c, next) => {
    const headers = c.req.raw.headers;
    if (!hasBody(headers)) return next();
    const limit = limitOf(c);
    const declared = declaredLength(headers);
    if (declared !== undefined) {
      return declared > limit.bytes ? errorResponse(c, tooLarge(limit)) : next();
    }
    const body = c.req.raw.body;
    if (!body) return next();
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > limit.bytes) return errorResponse(c, tooLarge(limit));
        chunks.push(value);
      }
    } finally {
      reader.releaseLock();
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
    return next();
  };
}

/**
 * A Node stream of a web body that fails with {@link PayloadTooLargeError} at the first byte over
 * `limit`. Destroying it lets go of the body without cancelling it (see the module description).
 */
export function limitedBodyStream(body: ReadableStream<Uint8Array>, limit: BodyLimit): Readable {
  const reader = body.getReader();
  let seen = 0;
  return new Readable({
    read() {
      reader.read().then(
        ({ done, value }) => {
          if (done) {
            this.push(null);
            return;
          }
          seen += value.byteLength;
          if (seen > limit.bytes) this.destroy(tooLarge(limit));
          else this.push(value);
        },
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    },
    destroy(error, callback) {
      try {
        reader.releaseLock();
      } catch {}
      callback(error);
    },
  });
}

/**
 * Middleware: a JSON body nested deeper than `MAX_JSON_DEPTH` is answered 400 naming where (the
 * field `body`, the path inside it). The body's text is read once, through Hono's body cache, where
 * the route's validator (`c.req.json()`) finds it again; the raw request is left as it is (a route
 * that hands the raw request on, as `/mcp` does, takes {@link requestWithReadBody}). A body that
 * is not JSON is left to the validator.
 */
export function limitJsonDepth(): MiddlewareHandler<ServerEnv> {
  return async (c, next) => {
    if (
      !hasBody(c.req.raw.headers) ||
      !/^application\/([a-z.-]+\+)?json/i.test(c.req.header('content-type') ?? '')
    )
      return next();
    const text = await c.req.text();
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return next();
    }
    try {
      checkJsonDepth(value, 'body');
    } catch (error) {
      return errorResponse(c, error);
    }
    return next();
  };
}

/**
 * The request with its body readable again, for handing on to code that reads `Request` itself
 * (the MCP transport): the raw request when no middleware has read its body, else a copy carrying
 * the text {@link limitJsonDepth} read.
 */
export async function requestWithReadBody(c: Context<ServerEnv>): Promise<Request> {
  const raw = c.req.raw;
  if (c.req.bodyCache.text === undefined) return raw;
  return new Request(raw.url, {
    method: raw.method,
    headers: raw.headers,
    body: await c.req.text(),
    signal: raw.signal,
  });
}

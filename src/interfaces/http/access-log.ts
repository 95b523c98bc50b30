/**
 * The access log: one entry per request, written when its response starts.
 * @module
 */
import type { MiddlewareHandler } from 'hono';
import type { ServerEnv } from './server-env.js';

/** One request as logged. The query string and headers are left out (they may carry secrets). */
export interface AccessLogEntry {
  /** ISO-8601 time the request arrived. */
  time: string;
  requestId: string;
  method: string;
  path: string;
  status: number;
  /** Milliseconds until the response started (a stream may go on after). */
  milliseconds: number;
  /** The key's namespace, when the route authenticates. */
  namespace?: string;
  /** The key's label (8 hex digits of its SHA-256, never the key), or `anonymous`. */
  keyId?: string;
}

/** Middleware that hands an {@link AccessLogEntry} to `write` for every request. */
export function accessLog(write: (entry: AccessLogEntry) => void): MiddlewareHandler<ServerEnv> {
  return async (c, next) => {
    const began = performance.now();
    const time = new Date().toISOString();
    try {
      await next();
    } finally {
      const principal = c.get('principal');
      write({
        time,
        requestId: c.get('requestId'),
        method: c.req.method,
        path: new URL(c.req.url).pathname,
        status: c.res.status,
        milliseconds: Math.round((performance.now() - began) * 10) / 10,
        ...(principal ? { namespace: principal.namespace, keyId: principal.keyId } : {}),
      });
    }
  };
}

/** An access log writer that prints one line per request to `out` (e.g. standard error). */
export function accessLogLines(out: (line: string) => void): (entry: AccessLogEntry) => void {
  return (e) =>
    out(
      `${e.time} ${e.requestId} ${e.method} ${e.path} ${e.status} ${e.milliseconds}ms` +
        `${e.namespace === undefined ? '' : ` ns=${e.namespace} key=${e.keyId}`}\n`,
    );
}

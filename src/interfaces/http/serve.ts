/**
 * Listening on a port: {@link serveCairn} starts the cairn HTTP server on Node's `http` module
 * (through `@hono/node-server`) and shuts it down gracefully — it stops accepting connections,
 * answers new requests on open connections with 503, lets the requests in flight finish (up to a
 * time limit), then closes the connections and, when asked, the engine.
 * @module
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { ConfigError, InvalidArgumentError } from '../../core/errors.js';
import { type CairnServer, createCairnServer } from './create-server.js';
import { isLoopbackHost } from './loopback.js';
import type { CairnServerOptions, ServerEngine } from './server-options.js';

/** Default address: this machine only. */
export const DEFAULT_HOST = '127.0.0.1';
/** Default port. */
export const DEFAULT_PORT = 8787;
/** Default time requests in flight get to finish when the server shuts down: 10 s. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;
/**
 * Default time a client has to send a request's headers: 10 s (Node's own default is 60 s; a
 * request line and headers are a few hundred bytes, so 10 s is generous on any link).
 */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
/**
 * Default time a client has to send a whole request, headers and body: 120 s — a 64 MiB upload
 * (the default upload limit) at 4.5 Mbit/s. Node's own default is 300 s.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;
/** Default time an idle keep-alive connection is kept between requests: 5 s (Node's default). */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 5_000;
/**
 * Default time a connection may stay silent in both directions before it is closed: 60 s (a
 * streamed answer that sends nothing for a minute is cut; every event resets the clock).
 */
export const DEFAULT_IDLE_TIMEOUT_MS = 60_000;
/** Default most connections open at once; the next ones are closed as soon as they are accepted. */
export const DEFAULT_MAX_CONNECTIONS = 1_000;
/**
 * Default most bytes of an unread request body discarded after an early answer (a 413, a 429, a
 * 401), so the client can read that answer before the connection closes: 8 MiB.
 */
export const DEFAULT_LINGER_BYTES = 8 * 1024 * 1024;

/** Options of {@link serveCairn}. */
export interface ServeCairnOptions extends CairnServerOptions {
  /** Address to listen on; default {@link DEFAULT_HOST}. Without authentication, loopback only. */
  host?: string;
  /** Port; default {@link DEFAULT_PORT}; `0` picks a free one (see {@link RunningCairnServer.port}). */
  port?: number;
  /** Close the engine after shutting down; default false (the engine stays the caller's). */
  closeEngine?: boolean;
  /** Milliseconds requests in flight get to finish on shutdown; default {@link DEFAULT_SHUTDOWN_TIMEOUT_MS}. */
  shutdownTimeoutMs?: number;
  /**
   * Milliseconds a client has to send the request line and headers (Node's `headersTimeout`);
   * default {@link DEFAULT_HEADERS_TIMEOUT_MS}; held to at most `requestTimeoutMs`. Later: 408, closed.
   */
  headersTimeoutMs?: number;
  /**
   * Milliseconds a client has to send the whole request, body included (Node's `requestTimeout`);
   * default {@link DEFAULT_REQUEST_TIMEOUT_MS}. Later: 408 and the connection closed. The answer's
   * own time is not counted.
   */
  requestTimeoutMs?: number;
  /** Milliseconds an idle keep-alive connection waits for its next request; default {@link DEFAULT_KEEP_ALIVE_TIMEOUT_MS}. */
  keepAliveTimeoutMs?: number;
  /**
   * Milliseconds a connection may send and receive nothing before it is closed (Node's
   * `server.timeout`); default {@link DEFAULT_IDLE_TIMEOUT_MS}.
   */
  idleTimeoutMs?: number;
  /** Most connections open at once (Node's `server.maxConnections`); default {@link DEFAULT_MAX_CONNECTIONS}. */
  maxConnections?: number;
}

/** The connection settings of {@link ServeCairnOptions} with their defaults. */
export interface ConnectionLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  idleTimeoutMs: number;
  maxConnections: number;
}

function positiveSetting(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value <= 0)
    throw new InvalidArgumentError(name, `must be a positive integer, got ${value}`);
  return value;
}

/**
 * The connection settings with defaults; `headersTimeoutMs` is held to `requestTimeoutMs` (Node
 * refuses a headers timeout longer than the request's).
 * @throws {InvalidArgumentError} for a setting that is not a positive integer.
 */
export function connectionLimits(options: ServeCairnOptions): ConnectionLimits {
  const requestTimeoutMs = positiveSetting(
    'requestTimeoutMs',
    options.requestTimeoutMs,
    DEFAULT_REQUEST_TIMEOUT_MS,
  );
  return {
    headersTimeoutMs: Math.min(
      requestTimeoutMs,
      positiveSetting('headersTimeoutMs', options.headersTimeoutMs, DEFAULT_HEADERS_TIMEOUT_MS),
    ),
    requestTimeoutMs,
    keepAliveTimeoutMs: positiveSetting(
      'keepAliveTimeoutMs',
      options.keepAliveTimeoutMs,
      DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
    ),
    idleTimeoutMs: positiveSetting('idleTimeoutMs', options.idleTimeoutMs, DEFAULT_IDLE_TIMEOUT_MS),
    maxConnections: positiveSetting('maxConnections', options.maxConnections, DEFAULT_MAX_CONNECTIONS),
  };
}

/**
 * After an answer sent before its request's body was read (a 413, a 429, a 401), the rest of the
 * body is read and dropped — up to {@link DEFAULT_LINGER_BYTES} — so the client, still sending,
 * gets to read the answer: a connection closed with unread bytes in its buffer is reset, and a
 * reset can throw away an answer the client has not read yet. A body that ends in time leaves the
 * connection open for the next request; one that goes on past the bytes is closed (FIN first, then
 * reset a second later), and the request timeout bounds the time a slow one can take.
 */
function lingerAfterEarlyAnswer(request: IncomingMessage): void {
  let discarded = 0;
  const socket = request.socket;
  // The web stream the body was read through pauses the request whenever its queue is full:
  // nobody reads it any more, so its listeners go and the bytes are dropped here.
  request.removeAllListeners('data');
  request.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DEFAULT_LINGER_BYTES && !socket.destroyed) {
      request.removeAllListeners('data');
      request.pause();
      socket.end();
      setTimeout(() => socket.destroy(), 1_000).unref();
    }
  });
  request.resume();
}

/** A listening server. */
export interface RunningCairnServer {
  /** `http://HOST:PORT` (IPv6 hosts in brackets). */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly server: CairnServer;
  /** Requests being answered now (a streamed answer counts until its last event). */
  readonly inFlight: number;
  /**
   * Shuts down gracefully (see the module description); resolves when every connection is closed
   * (and the engine, with `closeEngine`). Calling it again returns the same promise.
   */
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      server.off('listening', listening);
      const why =
        error.code === 'EADDRINUSE'
          ? `port ${port} is in use on ${host}`
          : error.code === 'EADDRNOTAVAIL'
            ? `${host} is not an address of this machine`
            : error.message;
      reject(new ConfigError(`cannot listen on ${host}:${port}: ${why}`, { cause: error }));
    };
    const listening = () => {
      server.off('error', failed);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    };
    server.once('error', failed);
    server.once('listening', listening);
    server.listen(port, host);
  });
}

/**
 * Builds the server ({@link createCairnServer}) and listens on `host:port`.
 * @throws {ConfigError} when authentication is off and `host` is not a loopback address (the
 * server then never listens), when there are no keys and authentication is on, or when the
 * address cannot be listened on (port in use, unknown address).
 */
export async function serveCairn(
  engine: ServerEngine,
  options: ServeCairnOptions = {},
): Promise<RunningCairnServer> {
  const host = options.host ?? DEFAULT_HOST;
  if (options.auth === false && !isLoopbackHost(host)) {
    throw new ConfigError(
      `without API keys (no CAIRN_API_KEYS, or --no-auth) the server listens only on a loopback address ` +
        `(127.0.0.1, ::1, localhost), not ${host}: set CAIRN_API_KEYS to serve other machines`,
    );
  }
  const limits = connectionLimits(options);
  const cairn = createCairnServer(engine, options);
  const server = createAdaptorServer({
    fetch: cairn.fetch,
    serverOptions: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // Node checks the headers and request timeouts on this period (30 s by default, which
      // would let a slow client overstay a short timeout by that much).
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))),
    },
  }) as Server;
  server.timeout = limits.idleTimeoutMs;
  server.maxConnections = limits.maxConnections;
  let inFlight = 0;
  let drained: (() => void) | undefined;
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    inFlight++;
    response.once('finish', () => {
      if (!request.complete && !request.destroyed) lingerAfterEarlyAnswer(request);
    });
    response.once('close', () => {
      inFlight--;
      if (inFlight === 0) drained?.();
    });
  });
  const port = await listen(server, options.port ?? DEFAULT_PORT, host);
  const timeout = options.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS;
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      cairn.drain();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (inFlight > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, timeout);
          drained = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      server.closeAllConnections();
      await closed;
      if (options.closeEngine) await engine.close();
    })();
    return closing;
  };
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    host,
    port,
    server: cairn,
    get inFlight() {
      return inFlight;
    },
    close,
  };
}

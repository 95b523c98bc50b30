/**
 * Listening on a port: {@link serveCairn} starts the cairn HTTP server on Node's `http` module
 * (through `@hono/node-server`) and shuts it down gracefully — it stops accepting connections,
 * answers new requests on open connections with 503, lets the requests in flight finish (up to a
 * time limit), then closes the connections and, when asked, the engine.
 * @module
 */
import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { ConfigError } from '../../core/errors.js';
import { type CairnServer, createCairnServer } from './create-server.js';
import { isLoopbackHost } from './loopback.js';
import type { CairnServerOptions, ServerEngine } from './server-options.js';

/** Default address: this machine only. */
export const DEFAULT_HOST = '127.0.0.1';
/** Default port. */
export const DEFAULT_PORT = 8787;
/** Default time requests in flight get to finish when the server shuts down: 10 s. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

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
  const cairn = createCairnServer(engine, options);
  const server = createAdaptorServer({ fetch: cairn.fetch }) as Server;
  let inFlight = 0;
  let drained: (() => void) | undefined;
  server.on('request', (_request, response) => {
    inFlight++;
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

/**
 * The cairn HTTP server as a Hono app: `/v1` routes validated by the zod schemas the OpenAPI
 * document is generated from (`@hono/zod-openapi`), API keys scoped to one namespace and role,
 * the MCP server at `/mcp`, the web explorer at `/`. {@link createCairnServer} builds it over an
 * engine; `serveCairn` listens on a port.
 *
 * Hono, because it is small, has no dependencies of its own, runs on web-standard
 * `Request`/`Response` (so one app serves Node through `@hono/node-server`, tests through
 * `app.request`, and the MCP SDK's web-standard transport directly), and its zod-OpenAPI
 * integration derives the OpenAPI 3.1 document from the validators themselves; the MCP SDK
 * already depends on it.
 * @module
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { ConfigError, ForbiddenError, isCairnError } from '../../core/errors.js';
import { accessLog } from './access-log.js';
import { type ApiKey, KeyRing, type Principal, parseApiKeys } from './api-keys.js';
import { registerAskRoutes } from './ask-routes.js';
import { type Authentication, authenticate } from './auth.js';
import { limitBody, limitJsonDepth } from './body-limit.js';
import { registerCollectionRoutes } from './collection-routes.js';
import { registerDocumentRoutes } from './document-routes.js';
import { defaultExplorerDir, registerExplorerRoutes } from './explorer-routes.js';
import { errorResponse, routeNotFound, validationMessage } from './http-errors.js';
import { isLoopbackHost } from './loopback.js';
import { registerMcpRoute } from './mcp-route.js';
import type { RouteContext } from './route-context.js';
import { ErrorBody, HealthBody } from './schemas.js';
import { registerSearchRoutes } from './search-routes.js';
import type { ServerEnv } from './server-env.js';
import {
  type CairnServerOptions,
  type ResolvedServerOptions,
  resolveServerOptions,
  type ServerEngine,
} from './server-options.js';

/** A built server: the app, its `fetch`, its OpenAPI document, and a switch for shutting down. */
export interface CairnServer {
  /** The Hono app (mount it in another app, or add routes). */
  readonly app: OpenAPIHono<ServerEnv>;
  /** Answers one request; hand it to any server that speaks web `Request`/`Response`. */
  readonly fetch: (request: Request, env?: unknown) => Response | Promise<Response>;
  /** True when requests need an API key. */
  readonly authenticated: boolean;
  /** The namespaces the keys grant (or the anonymous namespace), sorted. */
  readonly namespaces: readonly string[];
  /** The OpenAPI 3.1 document, as served at `/v1/openapi.json`. */
  openApiDocument(): Record<string, unknown>;
  /**
   * Stops taking requests: from now on each is answered 503 with `Connection: close`, while those
   * already running finish. `serveCairn` calls it when shutting down.
   */
  drain(): void;
}

/** Paths under `/v1` that need no key. */
const PUBLIC_PATHS = new Set(['/v1/health', '/v1/openapi.json']);

const health = createRoute({
  method: 'get',
  path: '/v1/health',
  operationId: 'getHealth',
  security: [],
  tags: ['server'],
  summary: 'Whether the server and its store answer (no key needed)',
  responses: {
    200: { description: 'Serving', content: { 'application/json': { schema: HealthBody } } },
    503: {
      description: 'The store does not answer',
      content: { 'application/json': { schema: HealthBody } },
    },
  },
});

function authentication(engine: ServerEngine, options: CairnServerOptions): Authentication {
  if (options.auth === false) {
    const principal: Principal = {
      namespace: options.anonymous?.namespace ?? engine.namespace,
      role: options.anonymous?.role ?? 'admin',
      keyId: 'anonymous',
    };
    return { anonymous: principal };
  }
  const keys: readonly ApiKey[] =
    typeof options.keys === 'string' ? parseApiKeys(options.keys) : (options.keys ?? []);
  if (keys.length === 0) {
    throw new ConfigError(
      'the server has no API keys: set CAIRN_API_KEYS (key:namespace:role, comma-separated), or turn ' +
        'authentication off (auth: false, --no-auth) on a loopback address',
    );
  }
  return { keys: new KeyRing(keys) };
}

/**
 * Without keys, anyone who can reach the port is served, so only this machine's own pages may:
 * the `Host` must be a loopback name (a DNS-rebound name is refused) and a browser's `Origin`, when
 * sent, the server's own or an allowed one (another site's form cannot post to it).
 */
function loopbackGuard(allowedOrigins: readonly string[]): MiddlewareHandler<ServerEnv> {
  return async (c, next) => {
    const host = c.req.header('Host') ?? '';
    if (!isLoopbackHost(host.replace(/:\d+$/, ''))) {
      return errorResponse(
        c,
        new ForbiddenError(
          'loopback',
          `this server has no API keys and answers only requests to a loopback host, not "${host}"`,
        ),
      );
    }
    const origin = c.req.header('Origin');
    if (origin !== undefined && !allowedOrigins.includes(origin) && !allowedOrigins.includes('*')) {
      let sameHost = false;
      try {
        sameHost = new URL(origin).host === host;
      } catch {}
      if (!sameHost) {
        return errorResponse(
          c,
          new ForbiddenError('origin', `requests from ${origin} are not allowed (CORS origins)`),
        );
      }
    }
    return next();
  };
}

/**
 * Whether `error` is the client going away while its request body is read (Node's request stream
 * fails with `aborted`, code `ECONNRESET`): the client's doing, not a server fault, so it is not
 * reported through `onError`; nobody is left to read the answer. A reset of any other connection
 * (a provider, a database) has another message and is still reported.
 */
function isClientDisconnect(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as { code?: unknown }).code === 'ECONNRESET' &&
    error.message === 'aborted'
  );
}

/** JSON bodies over the limit are refused with 413 before they are parsed. */
function jsonLimit(options: ResolvedServerOptions): MiddlewareHandler<ServerEnv> {
  const limit = { bytes: options.maxBodyBytes, what: 'the JSON body', setting: 'maxBodyBytes' };
  return limitBody(() => limit);
}

/**
 * Builds the cairn HTTP server over `engine` (which stays the caller's: close it after the server).
 * Every route runs in the namespace of the request's key; see `docs/http-api.md` for the routes.
 * @throws {ConfigError} when no keys are given and `auth` is not `false`, or `CAIRN_API_KEYS`-style
 * text is malformed.
 * @throws {InvalidArgumentError} for a limit that is not a positive integer.
 */
export function createCairnServer(engine: ServerEngine, options: CairnServerOptions = {}): CairnServer {
  const resolved = resolveServerOptions(options);
  const auth = authentication(engine, options);
  const onError =
    options.onError ??
    ((error: unknown, id: string) => {
      process.stderr.write(
        `cairn serve: request ${id} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    });
  const app = new OpenAPIHono<ServerEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const where = result.target === 'json' ? 'body' : result.target;
        return c.json(
          { error: { code: 'INVALID_ARGUMENT', message: validationMessage(where, result.error.issues) } },
          400,
        );
      }
    },
  });
  let draining = false;

  app.use('*', requestId());
  if (options.accessLog) app.use('*', accessLog(options.accessLog));
  app.use('*', async (c, next) => {
    if (!draining) return next();
    c.header('Connection', 'close');
    return c.json({ error: { code: 'UNAVAILABLE', message: 'the server is shutting down' } }, 503);
  });
  const corsOrigins = options.corsOrigins ?? [];
  if (corsOrigins.length > 0) {
    app.use(
      '*',
      cors({
        origin: corsOrigins.includes('*') ? '*' : [...corsOrigins],
        allowHeaders: ['Authorization', 'Content-Type', 'Accept', 'X-Request-Id', 'Mcp-Protocol-Version'],
        exposeHeaders: ['X-Request-Id', 'Retry-After'],
        maxAge: 600,
      }),
    );
  }
  if ('anonymous' in auth) app.use('*', loopbackGuard(corsOrigins));
  const requireKey = authenticate(auth);
  app.use('/v1/*', async (c, next) => (PUBLIC_PATHS.has(c.req.path) ? next() : requireKey(c, next)));
  app.use('/mcp', requireKey);
  const limit = jsonLimit(resolved);
  app.post('/v1/collections', limit);
  app.post('/v1/collections/:collection/search', limit);
  app.post('/v1/collections/:collection/ask', limit);
  app.on(['POST', 'PUT', 'PATCH'], '/v1/*', limitJsonDepth());

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API key from CAIRN_API_KEYS; it decides the namespace and the role (read, write, admin).',
  });
  app.openAPIRegistry.register('Error', ErrorBody);
  app.openapi(health, async (c) => {
    const ok = await engine.store.ping();
    return c.json({ status: ok ? 'ok' : 'unavailable', version: resolved.version } as const, ok ? 200 : 503);
  });
  const context: RouteContext = { app, engine, options: resolved };
  registerCollectionRoutes(context);
  registerDocumentRoutes(context);
  registerSearchRoutes(context);
  registerAskRoutes(context);
  registerMcpRoute(context);
  if (options.explorer !== false)
    registerExplorerRoutes(context, options.explorerDir ?? defaultExplorerDir());

  const documentConfig = {
    openapi: '3.1.0',
    info: {
      title: 'cairn HTTP API',
      version: resolved.version,
      description:
        "Ingest, browse, search and ask over cairn collections. Every route but /v1/health and /v1/openapi.json needs an API key (Authorization: Bearer KEY) and runs in that key's namespace.",
    },
  };
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/v1/openapi.json',
    operationId: 'getOpenApiDocument',
    security: [],
    tags: ['server'],
    summary: 'This document (no key needed)',
    responses: {
      200: {
        description: 'The OpenAPI 3.1 document',
        content: { 'application/json': { schema: z.object({}).loose() } },
      },
    },
  });
  /**
   * The document with `servers`: the origin it was requested from (what a generated client
   * should call), or the default local address when built without a request.
   */
  const openApiDocument = (origin = 'http://127.0.0.1:8787') => ({
    ...(app.getOpenAPI31Document(documentConfig) as unknown as Record<string, unknown>),
    servers: [{ url: origin, description: 'This server' }],
  });
  app.get('/v1/openapi.json', (c) => c.json(openApiDocument(new URL(c.req.url).origin)));
  app.onError((error, c) => {
    if (!isCairnError(error) && !(error instanceof HTTPException) && !isClientDisconnect(error)) {
      onError(error, c.get('requestId'));
    }
    return errorResponse(c, error);
  });
  app.notFound(routeNotFound);

  return {
    app,
    fetch: (request, env) => app.fetch(request, env),
    authenticated: 'keys' in auth,
    namespaces: 'keys' in auth ? auth.keys.namespaces : [auth.anonymous.namespace],
    openApiDocument: () => openApiDocument(),
    drain: () => {
      draining = true;
    },
  };
}

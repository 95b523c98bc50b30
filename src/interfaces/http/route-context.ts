/**
 * What every route module is given: the app to add routes to, the engine, the resolved options.
 * @module
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { ErrorBody } from './schemas.js';
import type { ServerEnv } from './server-env.js';
import type { ResolvedServerOptions, ServerEngine } from './server-options.js';

/** The dependencies of the route modules. */
export interface RouteContext {
  app: OpenAPIHono<ServerEnv>;
  engine: ServerEngine;
  options: ResolvedServerOptions;
}

/** OpenAPI security requirement of routes that need a key. */
export const BEARER = [{ bearer: [] }];

/** The usual error responses of a route, for the OpenAPI document. */
export function errorResponses(
  statuses: readonly number[],
): Record<number, { description: string; content: { 'application/json': { schema: typeof ErrorBody } } }> {
  const descriptions: Record<number, string> = {
    400: 'Malformed request (invalid JSON, a field out of range, a bad filter)',
    401: 'No API key, or one the server does not know',
    403: "The key's role does not allow this",
    404: "Not found in the key's namespace",
    409: 'Conflicts with stored state (another model or dimension)',
    413: 'Body over the size limit',
    415: 'Wrong Content-Type',
    429: 'Too many uploads in progress',
  };
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: descriptions[status] ?? `HTTP ${status}`,
        content: { 'application/json': { schema: ErrorBody } },
      },
    ]),
  );
}

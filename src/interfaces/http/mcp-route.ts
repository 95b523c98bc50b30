/**
 * `/mcp`: the cairn MCP server (`createCairnMcpServer`: search, context, lookup, ask, the
 * documents as resources) over Streamable HTTP, with the API's keys: a request runs in its key's
 * namespace, and the `ingest` tool is offered to write and admin keys only. `?collection=NAME`
 * picks the collection (default the engine's).
 *
 * The transport is the MCP SDK's web-standard Streamable HTTP transport — the one its Node
 * `StreamableHTTPServerTransport` wraps — since Hono hands a handler a web `Request` and takes a
 * `Response`. It runs stateless (no session ids, JSON responses): every POST gets a fresh server
 * pinned to the key's scope, so nothing of one key's session can reach another's.
 * @module
 */

import { z } from '@hono/zod-openapi';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Context } from 'hono';
import { createCairnMcpServer } from '../mcp/mcp-server.js';
import { roleAllows } from './api-keys.js';
import { limitBody, limitJsonDepth, requestWithReadBody } from './body-limit.js';
import { BEARER, errorResponses, type RouteContext } from './route-context.js';
import type { ServerEnv } from './server-env.js';

/** The JSON-RPC error a stateless server answers GET and DELETE with (MCP, Streamable HTTP). */
function methodNotAllowed(c: Context<ServerEnv>): Response {
  c.header('Allow', 'POST');
  return c.json(
    {
      jsonrpc: '2.0',
      error: { code: -32000, message: 'this server is stateless: send each JSON-RPC message as a POST' },
      id: null,
    },
    405,
  );
}

/** A JSON-RPC message, for the OpenAPI document only: the MCP SDK's transport validates messages. */
const JsonRpcMessage = z
  .object({
    jsonrpc: z.literal('2.0'),
    method: z.string().optional(),
    id: z.union([z.string(), z.number()]).optional(),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .loose()
  .openapi('JsonRpcMessage');

/** Adds `/mcp` (its authentication is added with the other protected routes). */
export function registerMcpRoute({ app, engine, options }: RouteContext): void {
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/mcp',
    operationId: 'postMcp',
    tags: ['mcp'],
    summary: 'The MCP server over Streamable HTTP (stateless, JSON responses)',
    description:
      "Tools search, context, lookup and ask (and ingest for write keys) and the documents as resources, in the key's " +
      'namespace. Use an MCP client with the Streamable HTTP transport and the Authorization header.',
    security: BEARER,
    request: {
      query: z.object({
        collection: z
          .string()
          .optional()
          .openapi({ description: "The collection served; default the server's." }),
      }),
      body: { required: true, content: { 'application/json': { schema: JsonRpcMessage } } },
    },
    responses: {
      200: {
        description: 'The JSON-RPC response',
        content: { 'application/json': { schema: JsonRpcMessage } },
      },
      202: { description: 'A notification or response was accepted' },
      ...errorResponses([401, 413]),
    },
  });
  // Write keys may send documents to the ingest tool, so their messages may be upload-sized.
  const readLimit = { bytes: options.maxBodyBytes, what: 'the MCP message', setting: 'maxBodyBytes' };
  const writeLimit =
    options.maxUploadBytes > options.maxBodyBytes
      ? { bytes: options.maxUploadBytes, what: 'the MCP message', setting: 'maxUploadBytes' }
      : readLimit;
  app.post(
    '/mcp',
    limitBody((c) => (roleAllows(c.get('principal').role, 'write') ? writeLimit : readLimit)),
    limitJsonDepth(),
  );
  app.post('/mcp', async (c) => {
    const principal = c.get('principal');
    const server = createCairnMcpServer(engine, {
      collection: c.req.query('collection') ?? engine.collection,
      namespace: principal.namespace,
      allowWrite: roleAllows(principal.role, 'write'),
      version: options.version,
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(await requestWithReadBody(c));
    } finally {
      await server.close();
    }
  });
  app.on(['GET', 'DELETE'], '/mcp', methodNotAllowed);
}

/**
 * `POST /v1/collections/{collection}/search`: ranked hits in the key's namespace, with the query's
 * words located in each hit's text.
 * @module
 */

import { createRoute } from '@hono/zod-openapi';
import { InvalidArgumentError } from '../../core/errors.js';
import type { Filter } from '../../core/filter/filter.js';
import type { Reranker } from '../../core/ports.js';
import { withExpansions } from '../../retrieve/abbreviations.js';
import { principalFor } from './auth.js';
import { highlighter } from './highlight.js';
import { BEARER, errorResponses, type RouteContext } from './route-context.js';
import { CollectionParams, SearchBody, SearchResponse } from './schemas.js';
import type { ServerEngine } from './server-options.js';
import { hitView } from './views.js';

const route = createRoute({
  method: 'post',
  path: '/v1/collections/{collection}/search',
  operationId: 'searchCollection',
  tags: ['search'],
  summary: "Search a collection in the key's namespace",
  security: BEARER,
  request: {
    params: CollectionParams,
    body: { content: { 'application/json': { schema: SearchBody } }, required: true },
  },
  responses: {
    200: { description: 'Ranked hits', content: { 'application/json': { schema: SearchResponse } } },
    ...errorResponses([400, 401, 404, 413, 415]),
  },
});

/**
 * The reranker a request asks for: `undefined` (the engine's default), `false` (none), or the
 * engine's own for `true`.
 * @throws {InvalidArgumentError} for `true` when the server has no reranker.
 */
export function requestedReranker(
  engine: ServerEngine,
  rerank: boolean | undefined,
): Reranker | false | undefined {
  if (rerank === undefined) return undefined;
  if (!rerank) return false;
  if (!engine.reranker) throw new InvalidArgumentError('rerank', 'this server has no reranker configured');
  return engine.reranker;
}

/** Adds the search route. */
export function registerSearchRoutes({ app, engine }: RouteContext): void {
  app.openapi(route, async (c) => {
    const { namespace } = principalFor(c, 'read', 'searching');
    const { collection } = c.req.valid('param');
    const body = c.req.valid('json');
    const reranker = requestedReranker(engine, body.rerank);
    const result = await engine.search(body.query, {
      collection,
      namespace,
      topK: body.topK ?? 10,
      ...(body.mode ? { mode: body.mode } : {}),
      ...(body.filter ? { filter: body.filter as Filter } : {}),
      ...(reranker === undefined ? {} : { reranker }),
      ...(body.minScore === undefined ? {} : { minScore: body.minScore }),
      signal: c.req.raw.signal,
    });
    // Words of the phrases the query's abbreviations were read as are highlighted too.
    const highlight = highlighter(withExpansions(body.query, result.scoring.expansions ?? []));
    return c.json(
      {
        query: body.query,
        mode: result.mode,
        scoring: result.scoring,
        hits: result.hits.map((hit, i) => hitView(hit, i, highlight)),
      },
      200,
    );
  });
}

/**
 * `/v1/collections`: list (with the key's chunk counts), create, and delete a collection's content
 * in the key's namespace. Collections are shared by every namespace (a registry entry holds a
 * name, a model and a dimension, no content), so deleting one as an admin removes the chunks and
 * documents of the key's namespace only; the entry itself stays for the other namespaces.
 * @module
 */
import { createRoute } from '@hono/zod-openapi';
import { CollectionNotFoundError, InvalidArgumentError } from '../../core/errors.js';
import type { CreateCollectionOptions } from '../../core/ports.js';
import { principalFor } from './auth.js';
import { BEARER, errorResponses, type RouteContext } from './route-context.js';
import {
  CollectionDeleted,
  CollectionList,
  CollectionParams,
  CollectionSchema,
  CreateCollectionBody,
} from './schemas.js';
import { collectionView } from './views.js';

const list = createRoute({
  method: 'get',
  path: '/v1/collections',
  operationId: 'listCollections',
  tags: ['collections'],
  summary: "Collections, each with its chunk count in the key's namespace",
  security: BEARER,
  responses: {
    200: { description: 'The collections', content: { 'application/json': { schema: CollectionList } } },
    ...errorResponses([401]),
  },
});

const create = createRoute({
  method: 'post',
  path: '/v1/collections',
  operationId: 'createCollection',
  tags: ['collections'],
  summary: 'Create a collection pinned to a model and dimension (write)',
  security: BEARER,
  request: { body: { content: { 'application/json': { schema: CreateCollectionBody } }, required: true } },
  responses: {
    200: {
      description: 'It existed already, as asked',
      content: { 'application/json': { schema: CollectionSchema } },
    },
    201: { description: 'Created', content: { 'application/json': { schema: CollectionSchema } } },
    ...errorResponses([400, 401, 403, 409, 413, 415]),
  },
});

const remove = createRoute({
  method: 'delete',
  path: '/v1/collections/{collection}',
  operationId: 'deleteCollection',
  tags: ['collections'],
  summary: "Delete every chunk and document of the key's namespace in a collection (admin)",
  security: BEARER,
  request: { params: CollectionParams },
  responses: {
    200: { description: 'What was deleted', content: { 'application/json': { schema: CollectionDeleted } } },
    ...errorResponses([401, 403, 404]),
  },
});

/** The model and dimension a new collection gets, checked against the server's embedder. */
function definition(
  context: RouteContext,
  body: { model?: string | null | undefined; dimension?: number | null | undefined },
): CreateCollectionOptions {
  const embedder = context.engine.adapters.embedder;
  const serves = embedder
    ? `${embedder.model} (${embedder.dimension} dimensions)`
    : 'no embedder (lexical only)';
  if (body.model === undefined) {
    if (body.dimension !== undefined && body.dimension !== null && body.dimension !== embedder?.dimension) {
      throw new InvalidArgumentError('dimension', `this server embeds with ${serves}`);
    }
    return { model: embedder?.model ?? null, dimension: embedder?.dimension ?? null };
  }
  if (body.model === null) {
    if (body.dimension !== undefined && body.dimension !== null) {
      throw new InvalidArgumentError('dimension', 'a lexical-only collection (model null) has no dimension');
    }
    return { model: null, dimension: null };
  }
  if (!embedder || embedder.model !== body.model) {
    throw new InvalidArgumentError(
      'model',
      `this server embeds with ${serves}, so it could not embed "${body.model}" documents; use its model or null`,
    );
  }
  if (body.dimension !== undefined && body.dimension !== null && body.dimension !== embedder.dimension) {
    throw new InvalidArgumentError('dimension', `${embedder.model} has ${embedder.dimension} dimensions`);
  }
  return { model: embedder.model, dimension: embedder.dimension };
}

/** Adds the collection routes. */
export function registerCollectionRoutes(context: RouteContext): void {
  const { app, engine } = context;
  app.openapi(list, async (c) => {
    const { namespace } = principalFor(c, 'read', 'listing collections');
    const collections = await engine.store.listCollections({ namespace });
    return c.json({ collections: collections.map(collectionView) }, 200);
  });

  app.openapi(create, async (c) => {
    const { namespace } = principalFor(c, 'write', 'creating a collection');
    const body = c.req.valid('json');
    const options = definition(context, body);
    const existed = (await engine.store.getCollection(body.name)) !== undefined;
    const info = await engine.store.createCollection(body.name, options);
    const [listed] = (await engine.store.listCollections({ namespace })).filter((x) => x.name === info.name);
    return c.json(collectionView(listed ?? { ...info, count: 0 }), existed ? 200 : 201);
  });

  app.openapi(remove, async (c) => {
    const { namespace } = principalFor(c, 'admin', "deleting a collection's content");
    const { collection } = c.req.valid('param');
    if (!(await engine.store.getCollection(collection))) throw new CollectionNotFoundError(collection);
    const deleted = await engine.store.deleteChunks({ collection, namespace }, { all: true });
    return c.json({ collection, ...deleted }, 200);
  });
}

/**
 * `/v1/collections/{collection}/documents` and `/chunks`: list, read (with the parsed Markdown),
 * a document's chunks, one chunk, delete — each in the key's namespace only — and uploads.
 *
 * A document's Markdown is rebuilt from its stored chunks (overlaps removed), as the MCP
 * resources do, rather than read from the parse cache: the chunks are always there and always in
 * the key's namespace, while the cache is optional, per machine, keyed by content hash (shared by
 * every namespace that ingested the same bytes) and may have been evicted or turned off.
 * @module
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  InvalidArgumentError,
  isCairnError,
  NotFoundError,
  TooManyRequestsError,
} from '../../core/errors.js';
import type { Scope } from '../../core/ports.js';
import { checkMetadataKeys } from '../../core/prototype-key.js';
import type { DocumentRecord, Metadata } from '../../core/types.js';
import type { IngestItem } from '../../ingest/pipeline.js';
import { joinChunkTexts } from '../mcp/document-text.js';
import { principalFor } from './auth.js';
import { errorResponse } from './http-errors.js';
import { reingestAvailability, reingestBytes } from './reingest.js';
import { BEARER, errorResponses, type RouteContext } from './route-context.js';
import {
  ChunkParams,
  ChunkWithDocument,
  CollectionParams,
  DocumentChunks,
  DocumentDeleted,
  DocumentList,
  DocumentListQuery,
  DocumentParams,
  DocumentWithMarkdown,
  FacetList,
  FacetsQuery,
  IngestReportSchema,
  ReingestResult,
  UploadForm,
} from './schemas.js';
import type { ServerEnv } from './server-env.js';
import { receiveUpload, UPLOAD_FIELDS, type UploadedFile, uploadDocumentId } from './upload.js';
import { chunkView } from './views.js';

const listDocuments = createRoute({
  method: 'get',
  path: '/v1/collections/{collection}/documents',
  operationId: 'listDocuments',
  tags: ['documents'],
  summary: "The collection's documents in the key's namespace",
  security: BEARER,
  description:
    'Search (`q`), filter by metadata (`metadata`), sort and page the records: the store answers one page ' +
    '(SQL on SQLite and PostgreSQL), never reading every record. `total` counts the records that match, for ' +
    'paging. Each record says whether this server can re-ingest it (`reingest`).',
  request: { params: CollectionParams, query: DocumentListQuery },
  responses: {
    200: { description: 'Document records', content: { 'application/json': { schema: DocumentList } } },
    ...errorResponses([400, 401, 404]),
  },
});

const listFacets = createRoute({
  method: 'get',
  path: '/v1/collections/{collection}/facets',
  operationId: 'listFacets',
  tags: ['documents'],
  summary: "Metadata fields of the key's documents, each with its commonest values (for filters)",
  description:
    'Fields most documents have first, each with its commonest string, number and boolean values (arrays, ' +
    'objects and nulls are left out), bounded by `maxFields` and `maxValues`. A value filters a listing ' +
    '(`metadata={"field":value}`) or a search (`filter`).',
  security: BEARER,
  request: { params: CollectionParams, query: FacetsQuery },
  responses: {
    200: { description: 'The facets', content: { 'application/json': { schema: FacetList } } },
    ...errorResponses([400, 401, 404]),
  },
});

const reingestDocument = createRoute({
  method: 'post',
  path: '/v1/collections/{collection}/documents/{documentId}/reingest',
  operationId: 'reingestDocument',
  tags: ['documents'],
  summary: 'Parse a document again from its kept original or its source file, replacing its chunks (write)',
  description:
    'Reads the original kept at upload (`cairn serve --originals DIR`), else the file at its source name on the ' +
    'server (`--serve-source-files`; admin keys only), and ingests it again whatever its content hash: its ' +
    'chunks are replaced in one store write, its metadata and source id kept. 404 when neither file is there ' +
    '(the listing’s `reingest.reason` says why).',
  security: BEARER,
  request: { params: DocumentParams },
  responses: {
    200: { description: 'What the ingest did', content: { 'application/json': { schema: ReingestResult } } },
    ...errorResponses([401, 403, 404]),
  },
});

const getOriginal = createRoute({
  method: 'get',
  path: '/v1/collections/{collection}/documents/{documentId}/original',
  operationId: 'getDocumentOriginal',
  tags: ['documents'],
  summary: "A document's original file, as uploaded (only to keys of its namespace)",
  description:
    'Kept when the server runs with an originals folder (`cairn serve --originals DIR`), or read from the ' +
    'source file on the server when it is allowed to (`--serve-source-files`) and its SHA-256 still matches. ' +
    '404 when neither has the file.',
  security: BEARER,
  request: { params: DocumentParams },
  responses: {
    200: { description: 'The bytes, with the media type of the document' },
    ...errorResponses([401, 404]),
  },
});

const getDocument = createRoute({
  method: 'get',
  path: '/v1/collections/{collection}/documents/{documentId}',
  operationId: 'getDocument',
  tags: ['documents'],
  summary: 'A document record with its Markdown',
  security: BEARER,
  request: { params: DocumentParams },
  responses: {
    200: {
      description: 'The document',
      content: { 'application/json': { schema: DocumentWithMarkdown } },
    },
    ...errorResponses([401, 404]),
  },
});

const getDocumentChunks = createRoute({
  method: 'get',
  path: '/v1/collections/{collection}/documents/{documentId}/chunks',
  operationId: 'listDocumentChunks',
  tags: ['documents'],
  summary: "A document's chunks in order",
  security: BEARER,
  request: { params: DocumentParams },
  responses: {
    200: { description: 'The chunks', content: { 'application/json': { schema: DocumentChunks } } },
    ...errorResponses([401, 404]),
  },
});

const getChunk = createRoute({
  method: 'get',
  path: '/v1/collections/{collection}/chunks/{chunkId}',
  operationId: 'getChunk',
  tags: ['documents'],
  summary: 'One chunk by id, with its document record (what a citation points at)',
  security: BEARER,
  request: { params: ChunkParams },
  responses: {
    200: { description: 'The chunk', content: { 'application/json': { schema: ChunkWithDocument } } },
    ...errorResponses([401, 404]),
  },
});

const deleteDocument = createRoute({
  method: 'delete',
  path: '/v1/collections/{collection}/documents/{documentId}',
  operationId: 'deleteDocument',
  tags: ['documents'],
  summary: 'Delete a document and all of its chunks (write)',
  security: BEARER,
  request: { params: DocumentParams },
  responses: {
    200: { description: 'What was deleted', content: { 'application/json': { schema: DocumentDeleted } } },
    ...errorResponses([401, 403, 404]),
  },
});

const UPLOAD_PATH = '/v1/collections/{collection}/documents';

function notFound(scope: Scope, what: string): NotFoundError {
  return new NotFoundError(`no ${what} in collection "${scope.collection}" for this key`);
}

async function documentOf(context: RouteContext, scope: Scope, documentId: string): Promise<DocumentRecord> {
  const document = await context.engine.store.getDocument(scope, documentId);
  if (!document) throw notFound(scope, `document ${JSON.stringify(documentId)}`);
  return document;
}

async function chunksOf(context: RouteContext, scope: Scope, document: DocumentRecord) {
  const ids = Array.from({ length: document.chunkCount }, (_, i) => `${document.documentId}:${i}`);
  return ids.length === 0 ? [] : context.engine.store.getChunks(scope, ids);
}

/** The kept original of `document`, or its source file when allowed and unchanged; `undefined` when neither. */
async function originalOf(
  context: RouteContext,
  namespace: string,
  document: DocumentRecord,
): Promise<Uint8Array | undefined> {
  const kept = await context.options.originals?.read(namespace, document.contentHash);
  if (kept || !context.options.sourceFiles) return kept;
  try {
    const bytes = new Uint8Array(await readFile(path.resolve(document.sourceName)));
    return createHash('sha256').update(bytes).digest('hex') === document.contentHash ? bytes : undefined;
  } catch {
    return undefined;
  }
}

/** Adds the document routes. */
export function registerDocumentRoutes(context: RouteContext): void {
  const { app, engine } = context;
  const scopeOf = (
    c: Context<ServerEnv>,
    collection: string,
    action: string,
    role: 'read' | 'write' = 'read',
  ) => ({
    collection,
    namespace: principalFor(c, role, action).namespace,
  });

  app.openapi(listDocuments, async (c) => {
    const scope = scopeOf(c, c.req.valid('param').collection, 'listing documents');
    const { metadata, ...query } = c.req.valid('query');
    const page = await engine.store.queryDocuments(scope, {
      ...query,
      ...(metadata === undefined ? {} : { metadata: parseMetadataFilter(metadata) }),
    });
    const documents = await Promise.all(
      page.documents.map(async (document) => ({
        ...document,
        reingest: await reingestAvailability(context, scope.namespace, document),
      })),
    );
    return c.json({ ...page, documents }, 200);
  });

  app.openapi(listFacets, async (c) => {
    const scope = scopeOf(c, c.req.valid('param').collection, 'listing facets');
    return c.json({ facets: await engine.store.documentFacets(scope, c.req.valid('query')) }, 200);
  });

  app.openapi(reingestDocument, async (c) => {
    const { collection, documentId } = c.req.valid('param');
    const scope = scopeOf(c, collection, 're-ingesting a document', 'write');
    const document = await documentOf(context, scope, documentId);
    const availability = await reingestAvailability(context, scope.namespace, document);
    if (!availability.available || !availability.from) {
      throw new NotFoundError(
        `document ${JSON.stringify(documentId)} cannot be re-ingested: ${availability.reason}`,
      );
    }
    if (availability.from === 'source')
      principalFor(c, 'admin', 're-ingesting from a source file on the server');
    await engine.checkReady('ingest', collection);
    const bytes = await reingestBytes(context, scope.namespace, document, availability.from);
    const item = await engine.ingestSource(
      { name: document.sourceName, bytes, ...(document.mediaType ? { mediaType: document.mediaType } : {}) },
      { ...scope, documentId, sourceId: document.sourceId, force: true },
    );
    return c.json({ from: availability.from, item }, 200);
  });

  app.openapi(getOriginal, async (c) => {
    const { collection, documentId } = c.req.valid('param');
    const scope = scopeOf(c, collection, 'reading an original file');
    const document = await documentOf(context, scope, documentId);
    const bytes = await originalOf(context, scope.namespace, document);
    if (!bytes)
      throw new NotFoundError(
        `the original file of document ${JSON.stringify(documentId)} is not kept: serve with --originals DIR and upload it again`,
      );
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': document.mediaType || 'application/octet-stream',
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(path.posix.basename(document.sourceName))}`,
      'Content-Security-Policy': "sandbox; default-src 'none'",
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-cache',
    });
  });

  app.openapi(getDocument, async (c) => {
    const { collection, documentId } = c.req.valid('param');
    const scope = scopeOf(c, collection, 'reading a document');
    const document = await documentOf(context, scope, documentId);
    const chunks = await chunksOf(context, scope, document);
    return c.json({ document, markdown: joinChunkTexts(chunks.map((chunk) => chunk.text)) }, 200);
  });

  app.openapi(getDocumentChunks, async (c) => {
    const { collection, documentId } = c.req.valid('param');
    const scope = scopeOf(c, collection, 'reading chunks');
    const document = await documentOf(context, scope, documentId);
    return c.json({ document, chunks: (await chunksOf(context, scope, document)).map(chunkView) }, 200);
  });

  app.openapi(getChunk, async (c) => {
    const { collection, chunkId } = c.req.valid('param');
    const scope = scopeOf(c, collection, 'reading a chunk');
    const [chunk] = await engine.store.getChunks(scope, [chunkId]);
    if (!chunk) throw notFound(scope, `chunk ${JSON.stringify(chunkId)}`);
    const document = await documentOf(context, scope, chunk.documentId);
    return c.json({ chunk: chunkView(chunk), document }, 200);
  });

  app.openapi(deleteDocument, async (c) => {
    const { collection, documentId } = c.req.valid('param');
    const scope = scopeOf(c, collection, 'deleting a document', 'write');
    const deleted = await engine.deleteDocument(documentId, scope);
    if (deleted.chunks === 0 && deleted.documents === 0)
      throw notFound(scope, `document ${JSON.stringify(documentId)}`);
    return c.json({ documentId, ...deleted }, 200);
  });

  app.openAPIRegistry.registerPath({
    method: 'post',
    path: UPLOAD_PATH,
    operationId: 'uploadDocuments',
    tags: ['documents'],
    summary: 'Upload files to ingest (write): multipart, parts "file" (one or more) and "metadata" (JSON)',
    description:
      'The body streams to disk under the upload size limit, then each file is ingested in the key’s namespace: ' +
      'a new or changed file replaces the stored document of the same id, an unchanged one is left alone. One bad ' +
      'file fails alone (its item says why); the others go in.',
    security: BEARER,
    request: {
      params: CollectionParams,
      body: { required: true, content: { 'multipart/form-data': { schema: UploadForm } } },
    },
    responses: {
      200: {
        description: 'The ingest report',
        content: { 'application/json': { schema: IngestReportSchema } },
      },
      ...errorResponses([400, 401, 403, 413, 415, 429]),
    },
  });

  // Bodies being received count per namespace, so one tenant's slow clients hold only that
  // tenant's slots; ingest slots are shared and taken only once a body has arrived whole.
  const receiving = new Map<string, number>();
  let ingesting = 0;
  const busy = (c: Context<ServerEnv>, message: string) => {
    c.header('Retry-After', '1');
    return errorResponse(c, new TooManyRequestsError(message));
  };
  app.post('/v1/collections/:collection/documents', async (c) => {
    const collection = c.req.param('collection');
    const scope = scopeOf(c, collection, 'uploading documents', 'write');
    const max = context.options.maxConcurrentUploads;
    const mine = receiving.get(scope.namespace) ?? 0;
    if (mine >= max) {
      return busy(
        c,
        `${mine} uploads of this namespace are being received, the most this server takes at once per namespace; try again shortly`,
      );
    }
    await engine.checkReady('ingest', collection);
    receiving.set(scope.namespace, mine + 1);
    let upload: Awaited<ReturnType<typeof receiveUpload>>;
    try {
      upload = await receiveUpload(
        c.req.raw,
        { maxBytes: context.options.maxUploadBytes, maxFiles: context.options.maxUploadFiles },
        context.options.uploadDir,
      );
    } finally {
      const left = (receiving.get(scope.namespace) ?? 1) - 1;
      if (left === 0) receiving.delete(scope.namespace);
      else receiving.set(scope.namespace, left);
    }
    try {
      if (ingesting >= max) {
        return busy(
          c,
          `${ingesting} uploads are being ingested, the most this server takes at once; try again shortly`,
        );
      }
      ingesting++;
      try {
        const metadata = parseMetadata(upload.fields.get(UPLOAD_FIELDS.metadata));
        return c.json(await ingestFiles(context, scope, upload.files, metadata), 200);
      } finally {
        ingesting--;
      }
    } finally {
      await upload.discard();
    }
  });
}

/**
 * The `metadata` field: a JSON object, or `undefined` when absent (stored metadata is then kept).
 * @throws {InvalidArgumentError} when it is not a JSON object or holds a `__proto__` key.
 */
function parseMetadata(text: string | undefined): Metadata | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InvalidArgumentError('metadata', `is not JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidArgumentError('metadata', 'must be a JSON object, e.g. {"team":"ops"}');
  }
  checkMetadataKeys(value);
  return value as Metadata;
}

/**
 * The `metadata` query of a listing: a JSON object of field → string, number or boolean.
 * @throws {InvalidArgumentError} naming `metadata` when it is not.
 */
function parseMetadataFilter(text: string): Record<string, string | number | boolean> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InvalidArgumentError('metadata', `is not JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidArgumentError(
      'metadata',
      'must be a JSON object of field to value, e.g. {"team":"ops"}',
    );
  }
  checkMetadataKeys(value);
  return value as Record<string, string | number | boolean>;
}

/** The media type to declare for an uploaded file: the part's, only for a name without an extension. */
function declaredMediaType(file: UploadedFile): string | undefined {
  if (path.posix.extname(file.name) !== '') return undefined;
  const type = file.mediaType.split(';')[0]!.trim().toLowerCase();
  return type === '' || type === 'application/octet-stream' ? undefined : type;
}

function failed(documentId: string, reason: string): IngestItem {
  return {
    documentId,
    sourceName: documentId,
    status: 'failed',
    reason,
    pages: 0,
    chunks: 0,
    milliseconds: 0,
  };
}

async function ingestFiles(
  context: RouteContext,
  scope: { collection: string; namespace: string },
  files: UploadedFile[],
  metadata: Metadata | undefined,
) {
  const began = performance.now();
  const items: IngestItem[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    let documentId: string;
    try {
      documentId = uploadDocumentId(file.name);
    } catch (error) {
      items.push(failed(file.name, (error as Error).message));
      continue;
    }
    if (seen.has(documentId)) {
      items.push(failed(documentId, 'duplicate document id: this upload has another file of the same name'));
      continue;
    }
    seen.add(documentId);
    const mediaType = declaredMediaType(file);
    try {
      const bytes = new Uint8Array(await readFile(file.path));
      const item = await context.engine.ingestSource(
        { name: documentId, bytes, ...(mediaType ? { mediaType } : {}) },
        { ...scope, documentId, ...(metadata ? { metadata } : {}) },
      );
      items.push(item);
      if (context.options.originals && (item.status === 'ingested' || item.status === 'unchanged')) {
        const record = await context.engine.store.getDocument(scope, documentId);
        if (record) await context.options.originals.save(scope.namespace, record.contentHash, bytes);
      }
    } catch (error) {
      // A configuration that cannot work fails the request; anything else fails this file alone.
      if (isCairnError(error) && (error.code === 'CONFIG_ERROR' || error.code === 'DIMENSION_MISMATCH'))
        throw error;
      items.push(failed(documentId, error instanceof Error ? error.message : String(error)));
    }
  }
  const count = (status: IngestItem['status']) => items.filter((i) => i.status === status).length;
  const ingested = items.filter((i) => i.status === 'ingested');
  return {
    items,
    totals: {
      ingested: count('ingested'),
      unchanged: count('unchanged'),
      skipped: count('skipped'),
      failed: count('failed'),
      pages: ingested.reduce((n, i) => n + i.pages, 0),
      chunks: ingested.reduce((n, i) => n + i.chunks, 0),
      seconds: (performance.now() - began) / 1000,
    },
  };
}

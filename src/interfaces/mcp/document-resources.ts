/**
 * The documents of the served collection and namespace as MCP resources: for each document its
 * text (`text/markdown`, rebuilt from its chunks) and its chunks with their locations and
 * metadata (`application/json`). Only the server's own scope is reachable: a URI naming another
 * collection or namespace matches no resource.
 * @module
 */
import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  ErrorCode,
  ListResourcesRequestSchema,
  type ListResourcesResult,
  McpError,
  type ReadResourceResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { Chunk, DocumentRecord } from '../../core/types.js';
import type { ToolEngine, ToolScope } from '../tools/tool-engine.js';
import { joinChunkTexts } from './document-text.js';

/** MCP's "resource not found" error code (specification 2025-06-18, resources). */
const RESOURCE_NOT_FOUND = -32002;

/** Documents per `resources/list` page, by default. */
export const DEFAULT_RESOURCE_PAGE_SIZE = 100;

/** The opaque `resources/list` cursor of the page starting at `offset`. */
function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ offset }), 'utf8').toString('base64url');
}

/** The offset an opaque cursor stands for. @throws {McpError} InvalidParams for one this server never gave. */
function decodeCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  try {
    const { offset } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { offset?: unknown };
    if (typeof offset === 'number' && Number.isSafeInteger(offset) && offset >= 0) return offset;
  } catch {
    // reported below
  }
  throw new McpError(
    ErrorCode.InvalidParams,
    `not a resources/list cursor of this server: ${JSON.stringify(cursor)}`,
  );
}

/** `cairn://COLLECTION/NAMESPACE/documents/` for a scope, each part percent-encoded. */
export function documentsUriPrefix(scope: ToolScope): string {
  return `cairn://${encodeURIComponent(scope.collection)}/${encodeURIComponent(scope.namespace)}/documents/`;
}

/** The URI of a document's text resource. */
export function documentUri(scope: ToolScope, documentId: string): string {
  return `${documentsUriPrefix(scope)}${encodeURIComponent(documentId)}`;
}

/** The URI of a document's chunks resource. */
export function documentChunksUri(scope: ToolScope, documentId: string): string {
  return `${documentUri(scope, documentId)}/chunks`;
}

function describe(document: DocumentRecord): string {
  const pages = `${document.pageCount} page${document.pageCount === 1 ? '' : 's'}`;
  return `${document.sourceName} (${document.mediaType}): ${pages}, ${document.chunkCount} chunks`;
}

async function load(
  engine: ToolEngine,
  scope: ToolScope,
  encodedId: unknown,
): Promise<{ document: DocumentRecord; chunks: Array<Chunk & { sourceId: string }> }> {
  let documentId: string;
  try {
    documentId = decodeURIComponent(String(encodedId));
  } catch {
    throw new McpError(ErrorCode.InvalidParams, `not a document id: ${String(encodedId)}`);
  }
  const document = await engine.store.getDocument(scope, documentId);
  if (!document) {
    throw new McpError(
      RESOURCE_NOT_FOUND,
      `no document "${documentId}" in collection "${scope.collection}", namespace "${scope.namespace}"`,
    );
  }
  const ids = Array.from({ length: document.chunkCount }, (_, ordinal) => `${documentId}:${ordinal}`);
  const chunks = ids.length === 0 ? [] : await engine.store.getChunks(scope, ids);
  return { document, chunks };
}

/**
 * Registers the document text and chunk resources of `scope` on `server`. `resources/list` is
 * paged (MCP's cursor pagination, specification 2025-06-18): each page reads `pageSize` document
 * records in document-id order, and carries a `nextCursor` while more remain, so a collection of
 * any size is listed without reading every record at once.
 * @param pageSize Documents per page, 1-1000; default {@link DEFAULT_RESOURCE_PAGE_SIZE}.
 */
export function registerDocumentResources(
  server: McpServer,
  engine: ToolEngine,
  scope: ToolScope,
  pageSize = DEFAULT_RESOURCE_PAGE_SIZE,
): void {
  const prefix = documentsUriPrefix(scope);
  server.registerResource(
    'document',
    // Listed by the paged handler below: the SDK's template list callback gets no cursor.
    new ResourceTemplate(`${prefix}{documentId}`, { list: undefined }),
    {
      title: 'Document text',
      description: `A document of collection "${scope.collection}" (namespace "${scope.namespace}") as Markdown, rebuilt from its chunks.`,
      mimeType: 'text/markdown',
    },
    async (uri, variables): Promise<ReadResourceResult> => {
      const { chunks } = await load(engine, scope, variables.documentId);
      return {
        contents: [
          { uri: uri.href, mimeType: 'text/markdown', text: joinChunkTexts(chunks.map((c) => c.text)) },
        ],
      };
    },
  );
  server.registerResource(
    'document-chunks',
    new ResourceTemplate(`${prefix}{documentId}/chunks`, { list: undefined }),
    {
      title: 'Document chunks',
      description: 'A document record and its chunks in order: ids, pages, heading paths, metadata and text.',
      mimeType: 'application/json',
    },
    async (uri, variables): Promise<ReadResourceResult> => {
      const { document, chunks } = await load(engine, scope, variables.documentId);
      const body = {
        document,
        chunks: chunks.map((c) => ({
          chunkId: c.id,
          ordinal: c.ordinal,
          pageStart: c.pageStart,
          pageEnd: c.pageEnd,
          headingPath: c.headingPath,
          tokenCount: c.tokenCount,
          metadata: c.metadata,
          text: c.text,
        })),
      };
      return {
        contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(body, null, 2) }],
      };
    },
  );
  // Replaces the SDK's handler (set by the first registerResource; it lists every template's
  // resources in one page and drops cursors). This server's only listed resources are documents.
  server.server.setRequestHandler(
    ListResourcesRequestSchema,
    async (request): Promise<ListResourcesResult> => {
      const offset = decodeCursor(request.params?.cursor);
      const page = await engine.store.queryDocuments(scope, { limit: pageSize, offset });
      const next = offset + page.documents.length;
      return {
        resources: page.documents.map((document) => ({
          uri: documentUri(scope, document.documentId),
          name: document.documentId,
          title: document.title ?? document.documentId,
          mimeType: 'text/markdown',
          description: describe(document),
        })),
        ...(page.documents.length > 0 && next < page.total ? { nextCursor: encodeCursor(next) } : {}),
      };
    },
  );
}

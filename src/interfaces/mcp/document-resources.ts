/**
 * The documents of the served collection and namespace as MCP resources: for each document its
 * text (`text/markdown`, rebuilt from its chunks) and its chunks with their locations and
 * metadata (`application/json`). Only the server's own scope is reachable: a URI naming another
 * collection or namespace matches no resource.
 * @module
 */
import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { Chunk, DocumentRecord } from '../../core/types.js';
import type { ToolEngine, ToolScope } from '../tools/tool-engine.js';
import { joinChunkTexts } from './document-text.js';

/** MCP's "resource not found" error code (specification 2025-06-18, resources). */
const RESOURCE_NOT_FOUND = -32002;

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

/** Registers the document text and chunk resources of `scope` on `server`. */
export function registerDocumentResources(server: McpServer, engine: ToolEngine, scope: ToolScope): void {
  const prefix = documentsUriPrefix(scope);
  server.registerResource(
    'document',
    new ResourceTemplate(`${prefix}{documentId}`, {
      list: async () => ({
        resources: (await engine.store.listDocuments(scope)).map((document) => ({
          uri: documentUri(scope, document.documentId),
          name: document.documentId,
          title: document.title ?? document.documentId,
          mimeType: 'text/markdown',
          description: describe(document),
        })),
      }),
    }),
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
}

/**
 * The `ingest` tool: adds or replaces one document in the collection, from text or base64
 * bytes sent in the call. Offered only where writes are allowed (`cairn mcp --allow-write`,
 * `createCairnTools(engine, { ingest: true })`). It never reads files or URLs of the machine
 * it runs on.
 * @module
 */
import { z } from 'zod';
import { InvalidArgumentError } from '../../core/errors.js';
import type { Metadata } from '../../core/types.js';
import type { Engine } from '../../engine/engine.js';
import type { IngestItem } from '../../ingest/pipeline.js';
import { jsonArg, jsonObjectArg } from './arguments.js';
import { type CairnTool, defineTool } from './cairn-tool.js';
import { resolveScope, type ToolEngine, type ToolScopeOptions } from './tool-engine.js';

/** Most characters of `text` or `base64` one call takes (about 16 MB of text). */
export const MAX_INGEST_CHARS = 16 * 1024 * 1024;

const ingestInput = z
  .object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(1000)
      .describe('File name with extension, e.g. "notes/keys.md" or "products.csv"; it decides the format.'),
    text: z.string().max(MAX_INGEST_CHARS).optional().describe('The content, for text formats.'),
    base64: z
      .string()
      .max(MAX_INGEST_CHARS)
      .optional()
      .describe('The content as base64, for binary formats (PDF, DOCX, images).'),
    mediaType: z.string().max(200).optional().describe('Media type, e.g. "text/csv"; default from the name.'),
    documentId: z.string().trim().min(1).max(1000).optional().describe('Document id; default the name.'),
    metadata: jsonObjectArg()
      .optional()
      .describe('Metadata attached to the document and its chunks, e.g. {"team": "ops"}.'),
    textFields: jsonArg(z.array(z.string().min(1)).min(1).max(100))
      .optional()
      .describe('CSV/JSON/JSONL: the fields that are a record’s text; the others become metadata.'),
    idField: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe('CSV/JSON/JSONL: the field that identifies a record.'),
  })
  .refine((input) => (input.text === undefined) !== (input.base64 === undefined), {
    message: 'give exactly one of text or base64',
  });

/** Validated arguments of the ingest tool. */
export type IngestToolInput = z.output<typeof ingestInput>;

/** What the ingest tool needs: an engine that can ingest. */
export type IngestToolEngine = ToolEngine & Pick<Engine, 'ingestSource'>;

function decodeBase64(value: string): Uint8Array {
  const compact = value.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) {
    throw new InvalidArgumentError('base64', 'is not base64');
  }
  return new Uint8Array(Buffer.from(compact, 'base64'));
}

/**
 * Creates the ingest tool over `engine`, pinned to one collection and namespace. The result is
 * the document's ingest item: `ingested`, `unchanged`, `skipped` or `failed` with the reason,
 * chunk and page counts, and malformed records of a structured source.
 */
export function createIngestTool(
  engine: IngestToolEngine,
  options: ToolScopeOptions = {},
): CairnTool<IngestToolInput, IngestItem> {
  const scope = resolveScope(engine, options);
  return defineTool({
    name: `${options.prefix ?? ''}ingest`,
    description:
      'Add or replace one document in the knowledge base from its content (text, or base64 for binary files). ' +
      'A document with the same id is replaced; unchanged content is not ingested again.',
    inputSchema: ingestInput,
    run: async (input) => {
      const bytes =
        input.text !== undefined ? new TextEncoder().encode(input.text) : decodeBase64(input.base64!);
      const structured =
        input.textFields || input.idField
          ? { structured: { textFields: input.textFields, idField: input.idField } }
          : {};
      return engine.ingestSource(
        { name: input.name, bytes, ...(input.mediaType ? { mediaType: input.mediaType } : {}) },
        {
          ...scope,
          documentId: input.documentId ?? input.name,
          ...(input.metadata ? { metadata: input.metadata as Metadata } : {}),
          ...structured,
        },
      );
    },
  });
}

/**
 * The ingest pipeline for one source: hash, skip if unchanged, parse, chunk, embed, and replace
 * the document's chunks in one store transaction. Failures are reported per source, never thrown
 * for the batch.
 * @module
 */
import { createHash } from 'node:crypto';
import { type EmptyDocumentError, isCairnError } from '../core/errors.js';
import type { Cache, Chunker, Contextualizer, Embedder, EmbeddingUsage, Store } from '../core/ports.js';
import type { Metadata, Source, StoredChunk } from '../core/types.js';
import { embedDocuments } from '../embed/embed.js';
import { embeddingTextFor } from './embedding-text.js';
import { parseCacheKey, readParse, writeParse } from './parse-cache.js';
import { type ParseSourceOptions, resolveParser } from './route.js';

/** Outcome of ingesting one source. */
export type IngestStatus = 'ingested' | 'unchanged' | 'skipped' | 'failed';

/** One line of an ingest report. */
export interface IngestItem {
  documentId: string;
  sourceName: string;
  status: IngestStatus;
  /** Why it was skipped or failed (e.g. `empty`, `unsupported format: …`, a parse error). */
  reason?: string;
  pages: number;
  chunks: number;
  milliseconds: number;
}

/** What {@link ingestSource} needs. */
export interface PipelineDeps {
  store: Store;
  chunker: Chunker;
  /** The collection's embedder; `undefined` for a lexical-only collection. */
  embedder: Embedder | undefined;
  /**
   * Adds context to each chunk's embedding text; default none: the document's title and file
   * name, the heading path, then the text (see {@link embeddingTextFor}).
   */
  contextualizer?: Contextualizer;
  /** Parser settings (transcriber, OCR, PDF thresholds). */
  parseOptions?: ParseSourceOptions;
  /** Parse cache; default none. */
  cache?: Cache;
  onUsage?: (usage: EmbeddingUsage) => void;
}

/**
 * The part of a document's fingerprint that comes from the pipeline's settings (chunker, and
 * contextualizer or the version of the embedded text without one). A stored document with the
 * same content hash but another pipeline fingerprint is re-ingested (e.g. after changing the
 * chunk size).
 */
export function pipelineFingerprint(deps: Pick<PipelineDeps, 'chunker' | 'contextualizer'>): string {
  return `${deps.chunker.fingerprint}+${deps.contextualizer?.fingerprint ?? EMBEDDING_TEXT}`;
}

/** One source to ingest, with its identity. */
export interface IngestSourceInput {
  source: Source;
  documentId: string;
  sourceId?: string;
  metadata?: Metadata;
  collection: string;
  namespace?: string;
  /** Re-ingest even when the content hash is unchanged. */
  force?: boolean;
}

/** SHA-256 of `bytes`, lower-case hex. */
export function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export { type DocumentIdentity, documentLabel, embeddingTextFor } from './embedding-text.js';

/** Version of the text embedded without a contextualizer; part of the pipeline fingerprint. */
const EMBEDDING_TEXT = 'text/v2';

/** Ingests one source. Never throws for bad input: the item says `skipped` or `failed` and why. */
export async function ingestSource(deps: PipelineDeps, input: IngestSourceInput): Promise<IngestItem> {
  const began = performance.now();
  const scope = { collection: input.collection, namespace: input.namespace };
  const item = (status: IngestStatus, extra: Partial<IngestItem> = {}): IngestItem => ({
    documentId: input.documentId,
    sourceName: input.source.name,
    status,
    pages: 0,
    chunks: 0,
    ...extra,
    milliseconds: performance.now() - began,
  });
  try {
    const hash = contentHash(input.source.bytes);
    const existing = await deps.store.getDocument(scope, input.documentId);
    const settings = pipelineFingerprint(deps);
    const sameSettings = existing?.parserFingerprint.endsWith(`+${settings}`) ?? false;
    const sameMetadata = JSON.stringify(existing?.metadata ?? {}) === JSON.stringify(input.metadata ?? {});
    if (existing && existing.contentHash === hash && sameSettings && sameMetadata && !input.force) {
      return item('unchanged', { pages: existing.pageCount, chunks: existing.chunkCount });
    }
    const { route, parser } = resolveParser(input.source, deps.parseOptions);
    const cacheKey = parseCacheKey(hash, parser.fingerprint);
    let parsed = deps.cache ? await readParse(deps.cache, cacheKey) : undefined;
    if (!parsed) {
      parsed = { ...(await parser.parse(input.source)), mediaType: route.mediaType };
      if (deps.cache) await writeParse(deps.cache, cacheKey, parsed);
    }
    const metadata = input.metadata ?? {};
    const chunkerInput = { documentId: input.documentId, pages: parsed.pages, metadata };
    const withSpans = deps.contextualizer && deps.chunker.chunkWithSpans?.(chunkerInput);
    const chunks = withSpans ? withSpans.chunks : deps.chunker.chunk(chunkerInput);
    const sourceId = input.sourceId ?? input.documentId;
    const texts = deps.contextualizer
      ? await deps.contextualizer.contextualize({
          documentId: input.documentId,
          ...(parsed.title ? { title: parsed.title } : {}),
          source: withSpans ? withSpans.source : parsed.pages.map((p) => p.markdown).join('\n\n'),
          chunks,
          ...(withSpans ? { spans: withSpans.spans } : {}),
        })
      : chunks.map((chunk) =>
          embeddingTextFor(chunk, {
            ...(parsed.title ? { title: parsed.title } : {}),
            name: input.documentId,
          }),
        );
    const embeddings = deps.embedder
      ? await embedDocuments(deps.embedder, texts, { onUsage: deps.onUsage })
      : undefined;
    const stored: StoredChunk[] = chunks.map((chunk, i) => ({
      ...chunk,
      sourceId,
      embeddingText: texts[i],
      ...(embeddings ? { embedding: embeddings[i] } : {}),
    }));
    await deps.store.replaceDocument(scope, {
      document: {
        documentId: input.documentId,
        contentHash: hash,
        sourceId,
        sourceName: input.source.name,
        mediaType: parsed.mediaType,
        ...(parsed.title ? { title: parsed.title } : {}),
        metadata,
        pageCount: parsed.pages.length,
        parserFingerprint: `${parser.fingerprint}+${settings}`,
      },
      chunks: stored,
    });
    return item('ingested', { pages: parsed.pages.length, chunks: stored.length });
  } catch (error) {
    if (isCairnError(error) && error.code === 'EMPTY_DOCUMENT') {
      // A document that became empty must not stay searchable with its old text.
      const removed = await deps.store.deleteDocument(scope, input.documentId).catch(() => false);
      const detail = (error as EmptyDocumentError).detail;
      const empty = detail === undefined ? 'empty' : `empty: ${detail}`;
      return item('skipped', { reason: removed ? `${empty}; its previous version was removed` : empty });
    }
    if (isCairnError(error) && error.code === 'UNSUPPORTED_FORMAT') {
      const format = (error as { format?: string }).format ?? 'unknown';
      return item('skipped', { reason: `unsupported format: ${format}` });
    }
    if (isCairnError(error) && (error.code === 'DIMENSION_MISMATCH' || error.code === 'CONFIG_ERROR'))
      throw error;
    const message = error instanceof Error ? error.message : String(error);
    const prefix = `${input.source.name}: `;
    return item('failed', { reason: message.startsWith(prefix) ? message.slice(prefix.length) : message });
  }
}

/**
 * The ingest pipeline for one source: hash, skip if unchanged, parse, chunk, embed, and replace
 * the document's chunks in one store transaction. Failures are reported per source, never thrown
 * for the batch.
 * @module
 */
import { createHash } from 'node:crypto';
import {
  type EmptyDocumentError,
  isCairnError,
  type ProviderError,
  SourceRefusedError,
} from '../core/errors.js';
import type { Cache, Chunker, Contextualizer, Embedder, EmbeddingUsage, Store } from '../core/ports.js';
import { checkMetadataKeys } from '../core/prototype-key.js';
import { genAiProviderName, inSpan, recordFailure, SpanKind, TRACE_ATTRIBUTES } from '../core/tracing.js';
import type {
  DocumentRecord,
  Metadata,
  ParsedDocument,
  RecordIssue,
  Source,
  StoredChunk,
} from '../core/types.js';
import { embedDocuments } from '../embed/embed.js';
import type { EmbeddingBatcher } from '../embed/embedding-batcher.js';
import { firstPageText, openingTerms } from '../retrieve/name-terms.js';
import { normalizeText } from './decode.js';
import { callerMetadata, datedMetadata, findDocumentDate } from './document-date.js';
import { embeddingTextFor } from './embedding-text.js';
import { type ParseLimits, resolveParseLimits } from './isolate/parse-limits.js';
import type { ParsePool } from './isolate/parse-pool.js';
import { runParse } from './isolate/run-parse.js';
import { defaultOcrEngine } from './ocr/tesseract-ocr.js';
import { parseCacheKey, readParse, writeParse } from './parse-cache.js';
import { looksLikeIdentifier, titleFromText } from './parsers/document-title.js';
import { isStructuredFormat, type ParseSourceOptions, resolveParser } from './route.js';
import { DEFAULT_MAX_FILE_SIZE, tooLargeReason } from './source-policy.js';
import { recordChunks } from './structured/record-chunks.js';

/** Outcome of ingesting one source. */
export type IngestStatus = 'ingested' | 'unchanged' | 'skipped' | 'failed';

/** One line of an ingest report. */
export interface IngestItem {
  documentId: string;
  sourceName: string;
  status: IngestStatus;
  /**
   * Why it was skipped or failed: `empty`, `illegible: …` (scans or pictures OCR could not read,
   * and the setting to try), `unsupported format: …`, a refusal (too large, a link out of the
   * folder), a parse error, or a parse limit ("parse exceeded 60 s").
   */
  reason?: string;
  pages: number;
  chunks: number;
  milliseconds: number;
  /**
   * Structured sources (CSV, JSON, JSONL): malformed records that were left out while the rest
   * went in, with their lines; the first {@link MAX_RECORD_ISSUES}.
   */
  recordIssues?: RecordIssue[];
  /** How many records were left out as malformed, when more than are listed in `recordIssues`. */
  malformedRecords?: number;
}

/** Most malformed records listed on one ingest item. */
export const MAX_RECORD_ISSUES = 100;

function recordIssuesOf(parsed: ParsedDocument): Pick<IngestItem, 'recordIssues' | 'malformedRecords'> {
  const issues = parsed.recordIssues ?? [];
  if (issues.length === 0) return {};
  return { recordIssues: issues.slice(0, MAX_RECORD_ISSUES), malformedRecords: issues.length };
}

/** What {@link ingestSource} needs. */
export interface PipelineDeps {
  store: Store;
  chunker: Chunker;
  /** The collection's embedder; `undefined` for a lexical-only collection. */
  embedder: Embedder | undefined;
  /**
   * Embeds the document's texts in place of `embedDocuments(embedder, …)`: an
   * {@link EmbeddingBatcher}'s `embed`, which sends them together with other documents'.
   */
  embedTexts?: (texts: string[]) => Promise<number[][]>;
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
  /**
   * Worker processes that parse PDF, DOCX, PPTX, HTML, images and audio under `parseLimits`;
   * without one they are parsed in this process (deadline only, no memory cap).
   */
  parsePool?: ParsePool;
  /** Deadline and memory cap of one source's parse; see {@link ParseLimits}. */
  parseLimits?: ParseLimits;
  /** Largest source accepted, in bytes; a larger one is `skipped` with the reason. Default 256 MiB. */
  maxSourceBytes?: number;
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
  /**
   * The document's stored record as the caller just read it (`null`: none stored), so that the
   * pipeline does not read it again; absent: the pipeline reads it.
   */
  existing?: DocumentRecord | null;
}

/**
 * `parsed` with the shared text normalisation ({@link normalizeText}) applied to its pages and
 * title; a title that is missing or an identifier (an accession number, a file name) is replaced
 * by one its first page states, when it states one (see {@link titleFromText}).
 */
function normalizeParsed(parsed: ParsedDocument): ParsedDocument {
  const pages = parsed.pages.map((page) => {
    const markdown = normalizeText(page.markdown);
    return markdown === page.markdown ? page : { ...page, markdown };
  });
  const declared = parsed.title === undefined ? undefined : normalizeText(parsed.title);
  const title =
    parsed.records || !looksLikeIdentifier(declared)
      ? declared
      : (titleFromText(pages[0]?.markdown ?? '') ?? declared);
  return { ...parsed, pages, ...(title === undefined ? {} : { title }) };
}

/** A store write inside a `cairn.store.write` span with the database semantic conventions. */
function storeWrite<T>(store: Store, operation: string, chunks: number, write: () => Promise<T>): Promise<T> {
  return inSpan(
    'cairn.store.write',
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system.name': store.backend,
        'db.operation.name': operation,
        [TRACE_ATTRIBUTES.chunks]: chunks,
      },
    },
    write,
  );
}

/**
 * Parser options whose OCR engine, vision transcriber and audio transcriber (the caller's own,
 * run in this process) each read inside a span: `cairn.ocr`, `cairn.vision`, `cairn.transcribe`.
 * The default OCR engine is left as it is: it runs in the parsing process, whose reads the parse
 * pool traces.
 */
function tracedParseOptions(options: ParseSourceOptions): ParseSourceOptions {
  // One traced copy per settings object, so the parsers resolved for it are made once.
  let traced = tracedOptions.get(options);
  if (!traced) {
    traced = traceParseOptions(options);
    tracedOptions.set(options, traced);
  }
  return traced;
}

const NO_PARSE_OPTIONS: ParseSourceOptions = Object.freeze({});
const tracedOptions = new WeakMap<ParseSourceOptions, ParseSourceOptions>();

function traceParseOptions(options: ParseSourceOptions): ParseSourceOptions {
  const traced: ParseSourceOptions = { ...options };
  const ocr = options.ocr;
  if (typeof ocr === 'object' && ocr.engine !== undefined && ocr.engine !== defaultOcrEngine()) {
    const engine = ocr.engine;
    traced.ocr = {
      ...ocr,
      engine: {
        specificationVersion: engine.specificationVersion,
        fingerprint: engine.fingerprint,
        doRecognize: (args) =>
          inSpan(
            'cairn.ocr',
            {
              attributes: { 'cairn.ocr.engine': engine.fingerprint, 'cairn.image.bytes': args.image.length },
            },
            async (span) => {
              const result = await engine.doRecognize(args);
              span.setAttribute('cairn.ocr.confidence', result.confidence);
              return result;
            },
          ),
      },
    };
  }
  const transcribeImage = options.transcribeImage;
  if (transcribeImage) {
    traced.transcribeImage = (image) =>
      inSpan('cairn.vision', { attributes: { 'cairn.page': image.pageNumber } }, () =>
        transcribeImage(image),
      );
  }
  const transcriber = options.transcriber;
  if (transcriber) {
    traced.transcriber = {
      specificationVersion: transcriber.specificationVersion,
      provider: transcriber.provider,
      model: transcriber.model,
      maxAudioBytes: transcriber.maxAudioBytes,
      ...(transcriber.settings === undefined ? {} : { settings: transcriber.settings }),
      ...(transcriber.decodesLocally === undefined ? {} : { decodesLocally: transcriber.decodesLocally }),
      doTranscribe: (args) =>
        inSpan(
          'cairn.transcribe',
          {
            kind: SpanKind.CLIENT,
            attributes: {
              'gen_ai.provider.name': genAiProviderName(transcriber.provider),
              'gen_ai.request.model': transcriber.model,
              'cairn.audio.bytes': args.audio.length,
            },
          },
          () => transcriber.doTranscribe(args),
        ),
    };
  }
  return traced;
}

/** SHA-256 of `bytes`, lower-case hex. */
export function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export { type DocumentIdentity, documentLabel, embeddingTextFor } from './embedding-text.js';

/** Version of the text embedded without a contextualizer; part of the pipeline fingerprint. */
const EMBEDDING_TEXT = 'text/v2';

/**
 * What a contextualizer added to a chunk: its text for embedding with the chunk's own text taken
 * out, so that the lexical index counts the chunk's words once and the context's apart.
 */
export function addedContext(embeddingText: string, chunkText: string): string {
  const at = chunkText === '' ? -1 : embeddingText.indexOf(chunkText);
  const rest =
    at < 0 ? embeddingText : embeddingText.slice(0, at) + embeddingText.slice(at + chunkText.length);
  return rest.trim();
}

/**
 * Ingests one source. Never throws for bad input: the item says `skipped` or `failed` and why.
 * Parsing runs under `deps.parseLimits` (in `deps.parsePool` when given); a source larger than
 * `deps.maxSourceBytes` is skipped unread. Every parser's pages go through {@link normalizeText}.
 * @throws {ConfigError} and {@link DimensionMismatchError}: configuration errors stop a batch;
 *   so does a {@link ProviderError} whose `failsEveryRequest` is set (no API key, a model that
 *   cannot be reached); {@link InvalidArgumentError} for parse limits out of range.
 */
export function ingestSource(deps: PipelineDeps, input: IngestSourceInput): Promise<IngestItem> {
  return inSpan(
    'cairn.ingest.document',
    {
      scope: { collection: input.collection, namespace: input.namespace },
      attributes: {
        [TRACE_ATTRIBUTES.documentId]: input.documentId,
        [TRACE_ATTRIBUTES.sourceName]: input.source.name,
        'cairn.source.bytes': input.source.bytes.length,
      },
    },
    async (span) => {
      // A file that failed is that file's entry, not a thrown error: its span records the error
      // (status ERROR, `error.type` its cairn code) all the same.
      const item = await ingestStages(deps, input, (error) => recordFailure(span, error));
      span.setAttributes({
        [TRACE_ATTRIBUTES.status]: item.status,
        [TRACE_ATTRIBUTES.pages]: item.pages,
        [TRACE_ATTRIBUTES.chunks]: item.chunks,
        ...(item.reason === undefined ? {} : { 'cairn.ingest.reason': item.reason }),
      });
      return item;
    },
  );
}

/** Errors that the pipeline reports as a `skipped` file: outcomes of a stage, not its failure. */
const SKIPPED_CODES = new Set(['EMPTY_DOCUMENT', 'SOURCE_REFUSED', 'UNSUPPORTED_FORMAT']);

function skipOutcome(error: unknown): string | undefined {
  return isCairnError(error) && SKIPPED_CODES.has(error.code) ? 'skipped' : undefined;
}

/** {@link ingestSource}'s stages; `onFailed` gets the error of a source that is reported `failed`. */
async function ingestStages(
  deps: PipelineDeps,
  input: IngestSourceInput,
  onFailed: (error: unknown) => void,
): Promise<IngestItem> {
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
  const limits = resolveParseLimits(deps.parseLimits);
  try {
    checkMetadataKeys(input.metadata);
    const maxBytes = deps.maxSourceBytes ?? DEFAULT_MAX_FILE_SIZE;
    if (input.source.bytes.length > maxBytes) {
      throw new SourceRefusedError(input.source.name, tooLargeReason(input.source.bytes.length, maxBytes));
    }
    const hash = contentHash(input.source.bytes);
    const existing =
      input.existing === undefined
        ? await deps.store.getDocument(scope, input.documentId)
        : (input.existing ?? undefined);
    const settings = pipelineFingerprint(deps);
    // Traced before the parser is resolved: a parser parsing in this process holds the options'
    // OCR engine and transcribers, which must be the traced ones.
    const parseOptions = tracedParseOptions(deps.parseOptions ?? NO_PARSE_OPTIONS);
    const { route, parser } = await inSpan('cairn.route', { outcome: skipOutcome }, (span) => {
      const resolved = resolveParser(input.source, parseOptions);
      span.setAttributes({
        'cairn.format': resolved.route.format,
        [TRACE_ATTRIBUTES.mediaType]: resolved.route.mediaType,
        'cairn.parser': resolved.parser.fingerprint,
      });
      return resolved;
    });
    // A structured parser's settings (text fields, id field, grouping) decide the chunks, as the
    // chunker's do: changing them re-ingests. Other parsers' versions and settings do not.
    const sameSettings = isStructuredFormat(route.format)
      ? existing?.parserFingerprint === `${parser.fingerprint}+${settings}`
      : (existing?.parserFingerprint.endsWith(`+${settings}`) ?? false);
    const sameMetadata =
      JSON.stringify(callerMetadata(existing?.metadata ?? {})) === JSON.stringify(input.metadata ?? {});
    if (existing && existing.contentHash === hash && sameSettings && sameMetadata && !input.force) {
      return item('unchanged', { pages: existing.pageCount, chunks: existing.chunkCount });
    }
    const cacheKey = parseCacheKey(hash, parser.fingerprint);
    const parsed = await inSpan(
      'cairn.parse',
      { attributes: { 'cairn.format': route.format }, outcome: skipOutcome },
      async (span) => {
        const cached = deps.cache ? await readParse(deps.cache, cacheKey) : undefined;
        span.setAttribute('cairn.parse.cached', cached !== undefined);
        if (cached) return normalizeParsed(cached);
        span.setAttribute('cairn.parse.isolated', limits.isolate && deps.parsePool !== undefined);
        const fresh = await runParse({
          source: input.source,
          format: route.format,
          parser,
          parseOptions,
          limits,
          ...(deps.parsePool ? { pool: deps.parsePool } : {}),
        });
        const normalized = normalizeParsed({ ...fresh, mediaType: route.mediaType });
        span.setAttribute(TRACE_ATTRIBUTES.pages, normalized.pages.length);
        // A parse missing the read of some page images is not final: caching it would keep the
        // gap after the OCR engine or vision model works again.
        if (deps.cache && !normalized.unreadPages?.length) await writeParse(deps.cache, cacheKey, normalized);
        return normalized;
      },
    );
    // The document's date (the period it covers, or the date it states) joins the caller's
    // metadata; a structured file's records carry their own fields instead.
    const metadata = parsed.records
      ? (input.metadata ?? {})
      : datedMetadata(
          input.metadata ?? {},
          findDocumentDate(
            parsed.pages.map((page) => page.markdown),
            {
              ...(parsed.title ? { title: parsed.title } : {}),
              ...(parsed.metadataDates ? { metadataDates: parsed.metadataDates } : {}),
              ...(parsed.publishedDate ? { publishedDate: parsed.publishedDate } : {}),
              path: input.documentId,
            },
          ),
        );
    const chunkerInput = { documentId: input.documentId, pages: parsed.pages, metadata };
    const records = parsed.records;
    const { withSpans, chunks } = await inSpan('cairn.chunk', { outcome: skipOutcome }, (span) => {
      const spans = !records && deps.contextualizer && deps.chunker.chunkWithSpans?.(chunkerInput);
      const made = records
        ? recordChunks(deps.chunker, { documentId: input.documentId, records, metadata })
        : spans
          ? spans.chunks
          : deps.chunker.chunk(chunkerInput);
      span.setAttributes({
        [TRACE_ATTRIBUTES.chunks]: made.length,
        'cairn.chunker': deps.chunker.fingerprint,
      });
      return { withSpans: spans, chunks: made };
    });
    const sourceId = input.sourceId ?? input.documentId;
    const contextualizer = deps.contextualizer;
    const texts = contextualizer
      ? await inSpan(
          'cairn.contextualize',
          {
            attributes: {
              'cairn.contextualizer': contextualizer.fingerprint,
              [TRACE_ATTRIBUTES.chunks]: chunks.length,
            },
          },
          () =>
            contextualizer.contextualize({
              documentId: input.documentId,
              ...(parsed.title ? { title: parsed.title } : {}),
              source: withSpans ? withSpans.source : parsed.pages.map((p) => p.markdown).join('\n\n'),
              chunks,
              ...(withSpans ? { spans: withSpans.spans } : {}),
            }),
        )
      : chunks.map((chunk) =>
          embeddingTextFor(chunk, {
            ...(parsed.title ? { title: parsed.title } : {}),
            name: input.documentId,
          }),
        );
    const embeddings = deps.embedder
      ? await (deps.embedTexts
          ? deps.embedTexts(texts)
          : embedDocuments(deps.embedder, texts, { onUsage: deps.onUsage }))
      : undefined;
    const stored: StoredChunk[] = chunks.map((chunk, i) => {
      const context = deps.contextualizer ? addedContext(texts[i]!, chunk.text) : '';
      return {
        ...chunk,
        sourceId,
        embeddingText: texts[i],
        ...(context === '' ? {} : { context }),
        ...(embeddings ? { embedding: embeddings[i] } : {}),
      };
    });
    await storeWrite(deps.store, 'replace_document', stored.length, () =>
      deps.store.replaceDocument(scope, {
        document: {
          documentId: input.documentId,
          contentHash: hash,
          sourceId,
          sourceName: input.source.name,
          mediaType: parsed.mediaType,
          ...(parsed.title ? { title: parsed.title } : {}),
          metadata,
          pageCount: parsed.pages.length,
          byteSize: input.source.bytes.length,
          nameTerms: openingTerms(firstPageText(chunks)),
          parserFingerprint: `${parser.fingerprint}+${settings}`,
        },
        chunks: stored,
      }),
    );
    return item('ingested', { pages: parsed.pages.length, chunks: stored.length, ...recordIssuesOf(parsed) });
  } catch (error) {
    if (isCairnError(error) && error.code === 'EMPTY_DOCUMENT') {
      // A document that became empty must not stay searchable with its old text.
      const removed = await deps.store
        .deleteChunks(scope, { documentIds: [input.documentId] })
        .then((deleted) => deleted.documents > 0 || deleted.chunks > 0)
        .catch(() => false);
      const { detail, kind } = error as EmptyDocumentError;
      const label = kind === 'illegible' ? 'illegible' : 'empty';
      const empty = detail === undefined ? label : `${label}: ${detail}`;
      return item('skipped', { reason: removed ? `${empty}; its previous version was removed` : empty });
    }
    if (isCairnError(error) && error.code === 'SOURCE_REFUSED') {
      return item('skipped', { reason: (error as SourceRefusedError).reason });
    }
    if (isCairnError(error) && error.code === 'UNSUPPORTED_FORMAT') {
      const format = (error as { format?: string }).format ?? 'unknown';
      return item('skipped', { reason: `unsupported format: ${format}` });
    }
    if (isCairnError(error) && (error.code === 'DIMENSION_MISMATCH' || error.code === 'CONFIG_ERROR'))
      throw error;
    // A model that fails every request (no key, unreachable) stops the ingest: said once, not per document.
    if (isCairnError(error) && (error as ProviderError).failsEveryRequest === true) throw error;
    onFailed(error);
    const message = error instanceof Error ? error.message : String(error);
    const prefix = `${input.source.name}: `;
    return item('failed', { reason: message.startsWith(prefix) ? message.slice(prefix.length) : message });
  }
}

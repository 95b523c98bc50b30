/**
 * The HTTP API's schemas: the zod objects that validate requests are the ones the OpenAPI
 * document is generated from (`@hono/zod-openapi`), so the two cannot drift apart. Response
 * schemas describe what the handlers return.
 * @module
 */
import { z } from '@hono/zod-openapi';
import { DOCUMENT_SORTS, MAX_DOCUMENT_PAGE } from '../../core/document-query.js';

/** The error body every failure answers with. */
export const ErrorBody = z
  .object({
    error: z.object({
      code: z.string().openapi({ description: 'Stable code from the error table, e.g. `NOT_FOUND`.' }),
      message: z.string().openapi({ description: 'What went wrong and, where it helps, how to fix it.' }),
      limit: z
        .object({
          name: z.string().openapi({ description: 'The limit, e.g. `maxBodyBytes`, `maxUploadBytes`.' }),
          bytes: z.number().int().openapi({ description: 'Its value in bytes.' }),
        })
        .optional()
        .openapi({ description: 'With `PAYLOAD_TOO_LARGE`: the limit the request went over.' }),
    }),
  })
  .openapi('Error');

/** A collection name in a path. */
export const CollectionParams = z.object({
  collection: z
    .string()
    .min(1)
    .openapi({ param: { name: 'collection', in: 'path' }, example: 'default' }),
});

/** A collection and a URL-encoded document id in a path. */
export const DocumentParams = CollectionParams.extend({
  documentId: z
    .string()
    .min(1)
    .openapi({
      param: { name: 'documentId', in: 'path' },
      description: 'The document id, percent-encoded as one path segment (`guides%2Fkeys.md`).',
      example: 'guides%2Fkeys.md',
    }),
});

/** A collection and a URL-encoded chunk id in a path. */
export const ChunkParams = CollectionParams.extend({
  chunkId: z
    .string()
    .min(1)
    .openapi({
      param: { name: 'chunkId', in: 'path' },
      description: 'The chunk id (`documentId:ordinal`), percent-encoded as one path segment.',
      example: 'guides%2Fkeys.md%3A0',
    }),
});

/**
 * A JSON object with caller-chosen keys, passed on as parsed. Not `z.record`: zod rebuilds records
 * and drops a `__proto__` key, so a filter `{"__proto__":{...}}` arrived as `{}` and matched
 * everything; kept, the filter and metadata checks refuse it.
 */
const JsonObject = z
  .custom<Record<string, unknown>>(isJsonObject, { message: 'expected a JSON object' })
  .openapi({ type: 'object', additionalProperties: {} });

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Metadata of a document or chunk. */
export const MetadataSchema = JsonObject.openapi('Metadata', {
  description: 'Free-form JSON metadata of a document, copied onto its chunks.',
});

/** `GET /v1/health`. */
export const HealthBody = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    version: z.string(),
  })
  .openapi('Health');

/** One collection as listed. */
export const CollectionSchema = z
  .object({
    name: z.string(),
    model: z.string().nullable().openapi({ description: 'Embedding model, or null when lexical-only.' }),
    dimension: z.number().int().nullable(),
    vectorType: z.enum(['float32', 'float16']),
    createdAt: z.string().openapi({ description: 'ISO-8601 time.' }),
    chunks: z.number().int().openapi({ description: "Chunks of the key's namespace in the collection." }),
  })
  .openapi('Collection');

/** `GET /v1/collections`. */
export const CollectionList = z.object({ collections: z.array(CollectionSchema) }).openapi('CollectionList');

/** `POST /v1/collections`. */
export const CreateCollectionBody = z
  .object({
    name: z.string().min(1).max(200).openapi({ example: 'handbook' }),
    model: z.string().min(1).max(300).nullable().optional().openapi({
      description:
        "Embedding model the collection is pinned to: the server's embedder (the default when one is configured) or null for lexical-only.",
    }),
    dimension: z.number().int().min(1).max(65_536).nullable().optional().openapi({
      description: "The model's dimension; must be the server embedder's when given.",
    }),
  })
  .strict()
  .openapi('CreateCollection');

/** `DELETE /v1/collections/{collection}`. */
export const CollectionDeleted = z
  .object({
    collection: z.string(),
    chunks: z.number().int().openapi({ description: "Chunks of the key's namespace deleted." }),
    documents: z.number().int().openapi({ description: "Document records of the key's namespace deleted." }),
  })
  .openapi('CollectionDeleted');

/** A stored document's record. */
export const DocumentSchema = z
  .object({
    documentId: z.string(),
    contentHash: z.string().openapi({ description: "SHA-256 of the source's bytes, lower-case hex." }),
    sourceId: z.string(),
    sourceName: z.string(),
    mediaType: z.string(),
    title: z.string().optional(),
    metadata: MetadataSchema,
    chunkCount: z.number().int(),
    pageCount: z.number().int(),
    byteSize: z.number().int().optional().openapi({
      description: 'Size of the source in bytes; absent when unknown (ingested before sizes were kept).',
    }),
    nameTerms: z.array(z.string()).optional().openapi({
      description:
        'Name terms of its first page (the words it writes capitalised, lower-cased and stemmed), read at ingest; they let a question name the document. Absent when not read.',
    }),
    parserFingerprint: z.string(),
    ingestedAt: z.string().openapi({ description: 'ISO-8601 time of the last (re)ingest.' }),
  })
  .openapi('Document');

/** Whether a document can be re-ingested on this server, and from what. */
export const ReingestSchema = z
  .object({
    available: z.boolean(),
    from: z.enum(['original', 'source']).optional().openapi({
      description:
        '`original`: the file kept at upload (`--originals`); `source`: the file at its source name on the server (`--serve-source-files`, admin keys).',
    }),
    reason: z.string().optional().openapi({ description: 'Why it is not available, and how to make it so.' }),
  })
  .openapi('Reingest');

/** A record in a listing, with what can be done with it. */
export const DocumentListItem = DocumentSchema.extend({ reingest: ReingestSchema }).openapi(
  'DocumentListItem',
);

/** `GET …/documents`: one page of the records that match. */
export const DocumentList = z
  .object({
    documents: z.array(DocumentListItem),
    total: z
      .number()
      .int()
      .openapi({ description: 'Records matching `q` and `metadata` (all, without them), before paging.' }),
    offset: z.number().int().openapi({ description: 'Records skipped before this page.' }),
  })
  .openapi('DocumentList');

/** Query of `GET …/documents`: search, sort and page the document records. */
export const DocumentListQuery = z.object({
  q: z.string().max(500).optional().openapi({
    description: 'Only records whose title, file name or document id contains this (A-Z case-insensitive).',
  }),
  metadata: z.string().max(4000).optional().openapi({
    description:
      'Only records whose metadata has each field of this JSON object equal to its value (strings, numbers, booleans; type included), e.g. `{"team":"ops"}`. See `GET …/facets` for the fields and values.',
  }),
  sort: z.enum(DOCUMENT_SORTS).optional().openapi({
    description:
      'Sort by `name` (title, else file name), `date` (ingested), `size` (bytes; unknown sizes last) or `chunks`; ties and the default: document id.',
  }),
  order: z.enum(['asc', 'desc']).optional().openapi({ description: 'Default `asc`.' }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_DOCUMENT_PAGE)
    .optional()
    .openapi({ description: 'Most records in the page (1-1000); default 50.' }),
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .optional()
    .openapi({ description: 'Records skipped after sorting; default 0.' }),
});

/** Query of `GET …/facets`. */
export const FacetsQuery = z.object({
  maxFields: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .optional()
    .openapi({ description: 'Most fields, those most documents have first (1-100); default 20.' }),
  maxValues: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .optional()
    .openapi({ description: 'Most values per field, the commonest first (1-100); default 10.' }),
});

/** `GET …/facets`: the metadata fields of the key's documents and their commonest values. */
export const FacetList = z
  .object({
    facets: z.array(
      z.object({
        field: z.string(),
        documents: z
          .number()
          .int()
          .openapi({ description: 'Documents with a string, number or boolean here.' }),
        values: z.array(
          z.object({
            value: z.union([z.string(), z.number(), z.boolean()]),
            count: z.number().int().openapi({ description: 'Documents with this value.' }),
          }),
        ),
      }),
    ),
  })
  .openapi('FacetList');

/** A chunk as the API returns it. */
export const ChunkSchema = z
  .object({
    chunkId: z.string(),
    documentId: z.string(),
    sourceId: z.string(),
    ordinal: z.number().int(),
    pageStart: z.number().int(),
    pageEnd: z.number().int(),
    headingPath: z.array(z.string()),
    tokenCount: z.number().int(),
    metadata: MetadataSchema,
    text: z.string(),
  })
  .openapi('Chunk');

/** `GET …/documents/{documentId}`. */
export const DocumentWithMarkdown = z
  .object({
    document: DocumentSchema,
    markdown: z.string().openapi({
      description:
        "The document's text as Markdown, rebuilt from its stored chunks with their overlaps removed.",
    }),
  })
  .openapi('DocumentWithMarkdown');

/** `GET …/documents/{documentId}/chunks`. */
export const DocumentChunks = z
  .object({ document: DocumentSchema, chunks: z.array(ChunkSchema) })
  .openapi('DocumentChunks');

/** `GET …/chunks/{chunkId}`. */
export const ChunkWithDocument = z
  .object({ chunk: ChunkSchema, document: DocumentSchema })
  .openapi('ChunkWithDocument');

/** `DELETE …/documents/{documentId}`. */
export const DocumentDeleted = z
  .object({ documentId: z.string(), chunks: z.number().int(), documents: z.number().int() })
  .openapi('DocumentDeleted');

/** One file's outcome in an upload. */
export const IngestItemSchema = z
  .object({
    documentId: z.string(),
    sourceName: z.string(),
    status: z.enum(['ingested', 'unchanged', 'skipped', 'failed']),
    reason: z.string().optional(),
    pages: z.number().int(),
    chunks: z.number().int(),
    milliseconds: z.number(),
    recordIssues: z.array(z.object({ line: z.number().int(), message: z.string() })).optional(),
    malformedRecords: z.number().int().optional(),
  })
  .openapi('IngestItem');

/** The ingest report of an upload. */
/** `POST …/documents/{documentId}/reingest`. */
export const ReingestResult = z
  .object({
    from: z.enum(['original', 'source']),
    item: IngestItemSchema,
  })
  .openapi('ReingestResult');

export const IngestReportSchema = z
  .object({
    items: z.array(IngestItemSchema),
    totals: z.object({
      ingested: z.number().int(),
      unchanged: z.number().int(),
      skipped: z.number().int(),
      failed: z.number().int(),
      pages: z.number().int(),
      chunks: z.number().int(),
      seconds: z.number(),
    }),
  })
  .openapi('IngestReport');

/**
 * The multipart upload, for the OpenAPI document only: the body is parsed as it streams (by
 * busboy, under the size limits), never by this schema.
 */
export const UploadForm = z
  .object({
    file: z.array(z.string().openapi({ format: 'binary' })).openapi({
      description:
        "One or more files; each file's name (a relative path) is its document id, and its extension decides the format.",
    }),
    metadata: z.string().optional().openapi({
      description: 'A JSON object attached to every uploaded document and its chunks, e.g. {"team":"ops"}.',
    }),
  })
  .openapi('Upload');

const searchMode = z.enum(['lexical', 'dense', 'hybrid']).openapi({
  description:
    'lexical (BM25), dense (embeddings) or hybrid (both fused by RRF); default hybrid when the collection is dense.',
});

const filter = JsonObject.openapi({
  description:
    'Metadata filter, e.g. {"team":"ops","year":{"$gte":2020}}; $headingPath names the chunk\'s headings, e.g. {"$headingPath":"Usage"} (docs/filters.md).',
});

/** `POST …/search`. */
export const SearchBody = z
  .object({
    query: z.string().trim().min(1).max(2000).openapi({ example: 'rotate signing keys' }),
    topK: z.number().int().min(1).max(100).optional().openapi({ description: 'Hits to return; default 10.' }),
    mode: searchMode.optional(),
    filter: filter.optional(),
    rerank: z.boolean().optional().openapi({
      description:
        "Rerank with the server's reranker; default: when one is configured. true without one is refused.",
    }),
    minScore: z.number().min(0).max(1).optional().openapi({
      description:
        'Drop hits whose relevance `score` is below this (0-1, the same scale on every query and mode; docs/scores.md).',
    }),
  })
  .strict()
  .openapi('SearchRequest');

/** One search hit. */
export const HitSchema = z
  .object({
    rank: z.number().int(),
    chunkId: z.string(),
    documentId: z.string(),
    sourceId: z.string(),
    sourceName: z.string(),
    score: z.number().min(0).max(1).openapi({
      description:
        'Relevance in [0, 1], one scale on every query and mode: query-term coverage (lexical), cosine clamped to [0, 1] (dense), their weighted mean (hybrid); docs/scores.md.',
    }),
    scores: z
      .object({
        dense: z.number().optional(),
        lexical: z.number().optional(),
        fused: z.number().optional(),
        rerank: z.number().optional(),
      })
      .openapi({
        description:
          'Raw score of each stage that ran: cosine (dense), BM25 or ts_rank_cd (lexical), reciprocal rank fusion (fused), reranker (rerank). Their scales differ.',
      }),
    pageStart: z.number().int(),
    pageEnd: z.number().int(),
    headingPath: z.array(z.string()),
    metadata: MetadataSchema,
    text: z.string(),
    boosts: z
      .array(
        z.object({
          kind: z.enum(['focus', 'period', 'recency']),
          weight: z.number(),
          reason: z.string(),
        }),
      )
      .optional()
      .openapi({
        description:
          'Why the retriever raised this hit: the documents the query names (focus), the period it asks for, or the newest of a series for a recency cue.',
      }),
    highlights: z.array(z.tuple([z.number().int(), z.number().int()])).openapi({
      description:
        "`[start, end)` UTF-16 offsets into `text` of words matching the query's content terms (stemmed, stop words left out).",
    }),
  })
  .openapi('Hit');

/** `POST …/search` response. */
export const SearchResponse = z
  .object({
    query: z.string(),
    mode: searchMode,
    scoring: z.object({
      lexical: z.enum(['bm25', 'lucene_bm25', 'ts_rank_cd']).optional(),
      dense: z.literal('cosine').optional(),
      fused: z.enum(['rrf-store', 'rrf-engine']).optional(),
      rerank: z.string().optional(),
      score: z.literal('relevance-v1').optional(),
      documentNouns: z.array(z.string()).optional().openapi({
        description:
          'Nouns the collection names its documents by ("episode" of `…-episode-12.md`) that the query used and no built-in list holds; its time cue ("the previous episode") was read with them.',
      }),
      expansions: z
        .array(z.object({ abbreviation: z.string(), expansion: z.string() }))
        .optional()
        .openapi({
          description:
            'Abbreviations of the query that the searched passages spell out ("R&D" → "research and development"); the lexical search read the query with each phrase after its abbreviation.',
        }),
    }),
    hits: z.array(HitSchema),
  })
  .openapi('SearchResponse');

/** `POST …/ask`. */
export const AskBody = z
  .object({
    question: z.string().trim().min(1).max(2000).openapi({ example: 'How do I rotate signing keys?' }),
    history: z
      .array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().max(20_000) }).strict())
      .max(40)
      .optional()
      .openapi({ description: 'Earlier turns, oldest first; a follow-up is rewritten against them.' }),
    topK: z.number().int().min(1).max(50).optional().openapi({ description: 'Hits retrieved; default 8.' }),
    mode: searchMode.optional(),
    filter: filter.optional(),
  })
  .strict()
  .openapi('AskRequest');

/** A source offered to the answerer, numbered as the answer cites it. */
export const SourceSchema = z
  .object({
    n: z.number().int().openapi({ description: 'The `[n]` the answer uses for this source.' }),
    chunkId: z.string(),
    documentId: z.string(),
    sourceName: z.string(),
    pageStart: z.number().int(),
    pageEnd: z.number().int(),
    headingPath: z.array(z.string()),
    score: z.number(),
    text: z.string(),
  })
  .openapi('Source');

/** `POST …/ask` response (and the data of the final `answer` event of the stream). */
export const AskResponse = z
  .object({
    question: z.string(),
    standalone: z.string().openapi({ description: 'The question retrieval ran with.' }),
    rewritten: z.boolean(),
    answer: z.string().openapi({ description: 'The answer, with `[n]` markers pointing at `sources`.' }),
    notFound: z.boolean(),
    smallTalk: z.boolean(),
    answeredBy: z.string(),
    mode: searchMode.optional(),
    sources: z.array(SourceSchema),
    citations: z.array(SourceSchema).openapi({ description: 'The sources the answer cites, by number.' }),
    invalidCitations: z.array(z.number().int()),
  })
  .openapi('AskResponse');

/**
 * One server-sent event of `POST …/ask` with `Accept: text/event-stream`: the event's name
 * (`event:` line) and its `data:` line parsed as JSON. In order: `question`, `sources`, `text`
 * (one per delta), then `answer`; `error` ends a stream that failed part-way.
 */
export const AskStreamEvent = z
  .discriminatedUnion('event', [
    z.object({
      event: z.literal('question'),
      data: z.object({ question: z.string(), standalone: z.string(), rewritten: z.boolean() }),
    }),
    z.object({ event: z.literal('sources'), data: z.object({ sources: z.array(SourceSchema) }) }),
    z.object({ event: z.literal('text'), data: z.object({ delta: z.string() }) }),
    z.object({ event: z.literal('answer'), data: AskResponse }),
    z.object({ event: z.literal('error'), data: ErrorBody }),
  ])
  .openapi('AskStreamEvent', {
    description:
      'A server-sent event of the ask stream: `event` is the SSE event name, `data` the JSON of its data line. ' +
      'Order: question, sources, text (many), answer; error ends a failed stream.',
  });

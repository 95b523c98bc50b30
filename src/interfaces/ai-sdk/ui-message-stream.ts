/**
 * Text deltas and an answer's cited sources as an AI SDK UI message stream (`text-start`,
 * `text-delta`…, `text-end`, then one `source-document` part per cited source), the protocol
 * `useChat` reads.
 * @module
 */
import { randomUUID } from 'node:crypto';
import { createUIMessageStream, createUIMessageStreamResponse, type UIMessageChunk } from 'ai';
import type { CitedSource } from '../../answer/citations.js';

/** Options of {@link toUIMessageStream}. */
export interface CairnUIMessageStreamOptions {
  /**
   * The sources the answer cites, sent as `source-document` parts after the text; a promise
   * (e.g. from {@link streamAnswer}) is awaited once the text has ended.
   */
  sources?: readonly CitedSource[] | Promise<readonly CitedSource[]>;
  /** Maps an error thrown while streaming to the message the client sees; default "An error occurred." */
  onError?: (error: unknown) => string;
}

/** A cited source as a UI message `source-document` part; cairn's details under `providerMetadata.cairn`. */
export function sourceDocumentChunk(source: CitedSource): UIMessageChunk {
  const pages =
    source.pageStart === source.pageEnd
      ? `p. ${source.pageStart}`
      : `pp. ${source.pageStart}-${source.pageEnd}`;
  const heading = source.headingPath.length > 0 ? `, ${source.headingPath.join(' > ')}` : '';
  return {
    type: 'source-document',
    sourceId: source.chunkId,
    mediaType: 'text/markdown',
    title: `[${source.n}] ${source.sourceName}, ${pages}${heading}`,
    filename: source.sourceName,
    providerMetadata: {
      cairn: {
        n: source.n,
        documentId: source.documentId,
        pageStart: source.pageStart,
        pageEnd: source.pageEnd,
        headingPath: source.headingPath,
      },
    },
  };
}

/** The deltas (and sources) as a UI message stream. Errors become an `error` chunk (see `onError`). */
export function toUIMessageStream(
  deltas: AsyncIterable<string>,
  options: CairnUIMessageStreamOptions = {},
): ReadableStream<UIMessageChunk> {
  return createUIMessageStream({
    execute: async ({ writer }) => {
      const id = randomUUID();
      writer.write({ type: 'text-start', id });
      for await (const delta of deltas) {
        if (delta !== '') writer.write({ type: 'text-delta', id, delta });
      }
      writer.write({ type: 'text-end', id });
      for (const source of (await options.sources) ?? []) writer.write(sourceDocumentChunk(source));
    },
    ...(options.onError ? { onError: options.onError } : {}),
  });
}

/** A `Response` streaming {@link toUIMessageStream} as server-sent events, for a `useChat` route. */
export function toUIMessageStreamResponse(
  deltas: AsyncIterable<string>,
  options: CairnUIMessageStreamOptions & ResponseInit = {},
): Response {
  const { sources, onError, ...init } = options;
  return createUIMessageStreamResponse({
    stream: toUIMessageStream(deltas, { ...(sources ? { sources } : {}), ...(onError ? { onError } : {}) }),
    ...(init.status === undefined ? {} : { status: init.status }),
    ...(init.statusText === undefined ? {} : { statusText: init.statusText }),
    ...(init.headers === undefined ? {} : { headers: init.headers }),
  });
}

/**
 * Query events: what a retrieval tells subscribers when it starts and when it ends, beside the
 * OpenTelemetry span it records (`retrieval <collection>`). The fields follow the tulip seed's
 * `rag.query.started` / `rag.query.completed` events (query preview, limit, store kind,
 * threshold, hit count, top score, duration, reranker).
 * @module
 */

/** Characters of the query a {@link QueryEvent} carries (the tulip seed's preview length). */
export const QUERY_PREVIEW_CHARACTERS = 160;

/** Fields every query event carries. */
export interface QueryEventBase {
  /** The first {@link QUERY_PREVIEW_CHARACTERS} characters of the query. */
  queryPreview: string;
  /** Hits asked for (`topK`). */
  limit: number;
  /** The store's backend name, e.g. `sqlite`, `postgres`, `memory`. */
  store: string;
  collection: string;
  namespace: string;
  /** The dense similarity threshold asked for (`minSimilarity`), or `null` without one. */
  threshold: number | null;
}

/** Sent before anything is embedded or searched. */
export interface QueryStartedEvent extends QueryEventBase {
  type: 'query.started';
}

/** Sent once the hits are known (after reranking). */
export interface QueryCompletedEvent extends QueryEventBase {
  type: 'query.completed';
  /** The search mode that ran. */
  mode: string;
  hitCount: number;
  /** The first hit's score, or `null` without hits. */
  topScore: number | null;
  /** Milliseconds from the started event, measured on a monotonic clock (`monotonicMilliseconds`). */
  durationMs: number;
  /** The reranker's model, or `null` when none ran. */
  reranker: string | null;
}

/** Sent instead of the completed event when the retrieval throws. */
export interface QueryFailedEvent extends QueryEventBase {
  type: 'query.failed';
  durationMs: number;
  /** The error's code when it is a cairn error, else its name. */
  error: string;
}

/** One event of a retrieval; see {@link QueryEventBase}. */
export type QueryEvent = QueryStartedEvent | QueryCompletedEvent | QueryFailedEvent;

/** A subscriber. A listener that throws is ignored: events never change a retrieval's outcome. */
export type QueryEventListener = (event: QueryEvent) => void;

/** Calls `listener` with `event`, ignoring what it throws. */
export function emitQueryEvent(listener: QueryEventListener | undefined, event: QueryEvent): void {
  if (!listener) return;
  try {
    listener(event);
  } catch {
    // A subscriber's failure is its own; the retrieval goes on.
  }
}

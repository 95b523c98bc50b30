/**
 * The names cairn's spans use that are its own: the tracer's name and the `cairn.*` attributes.
 * It imports nothing, so the root export can offer these without loading or typing against
 * `@opentelemetry/api`.
 * @module
 */

/** Name of the tracer cairn's spans come from (the instrumentation scope). */
export const TRACER_NAME = 'cairn';

/** The attribute names cairn sets beside the semantic conventions'. */
export const TRACE_ATTRIBUTES = Object.freeze({
  collection: 'cairn.collection',
  namespace: 'cairn.namespace',
  documentId: 'cairn.document.id',
  sourceName: 'cairn.source.name',
  mediaType: 'cairn.media_type',
  status: 'cairn.ingest.status',
  pages: 'cairn.pages',
  chunks: 'cairn.chunks',
  texts: 'cairn.texts',
  mode: 'cairn.search.mode',
  hits: 'cairn.hits',
  topScore: 'cairn.hits.top_score',
  backend: 'cairn.store.backend',
  cancelled: 'cairn.cancelled',
  outcome: 'cairn.outcome',
  probe: 'cairn.probe',
});

/** The collection and namespace a piece of work belongs to. */
export interface TraceScope {
  collection: string;
  namespace?: string;
}

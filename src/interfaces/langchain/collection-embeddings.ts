/**
 * LangChain `Embeddings` that embed with a cairn collection's registered model, through the
 * collection service (batched, usage reported, `normalize` applied).
 * @module
 */
import { Embeddings, type EmbeddingsParams } from '@langchain/core/embeddings';
import type { CollectionService } from '../../engine/collection-service.js';

/** Options of {@link CollectionEmbeddings}. */
export interface CollectionEmbeddingsInput extends EmbeddingsParams {
  service: CollectionService;
  collection: string;
}

/**
 * The embeddings of one collection: whatever model the registry pins it to, resolved on each
 * call (so a collection created after this object still works).
 */
export class CollectionEmbeddings extends Embeddings {
  readonly #service: CollectionService;
  readonly #collection: string;

  constructor(fields: CollectionEmbeddingsInput) {
    super(fields);
    this.#service = fields.service;
    this.#collection = fields.collection;
  }

  /** @throws {CollectionNotFoundError} / {ConfigError} when the collection has no usable model. */
  embedDocuments(documents: string[]): Promise<number[][]> {
    return this.#service.embed(this.#collection, documents, 'document');
  }

  /** @throws {CollectionNotFoundError} / {ConfigError} when the collection has no usable model. */
  async embedQuery(document: string): Promise<number[]> {
    const [vector] = await this.#service.embed(this.#collection, [document], 'query');
    return vector!;
  }
}

/**
 * A view of a store for ingesting into a collection that does not exist yet: reads answer as
 * for an empty collection, and the collection is created just before the first document is
 * written, so a run that writes nothing (every file failed) pins no model to it.
 * @module
 */
import type { ChunkSelector, DeleteResult, DocumentWrite, Scope, Store } from '../core/ports.js';
import type { DocumentRecord } from '../core/types.js';

/**
 * `store`, except that while `collection` is missing `getDocument` finds nothing and
 * `deleteChunks` deletes nothing, and `replaceDocument` first calls `create` (once).
 */
export function creatingStore(store: Store, collection: string, create: () => Promise<unknown>): Store {
  let created: Promise<unknown> | undefined;
  const pending = (scope: Scope) => scope.collection === collection && created === undefined;
  const overrides: Partial<Store> = {
    getDocument: async (scope: Scope, documentId: string) =>
      pending(scope) ? undefined : store.getDocument(scope, documentId),
    deleteChunks: async (scope: Scope, selector: ChunkSelector): Promise<DeleteResult> =>
      pending(scope) ? { chunks: 0, documents: 0 } : store.deleteChunks(scope, selector),
    replaceDocument: async (scope: Scope, write: DocumentWrite): Promise<DocumentRecord> => {
      if (scope.collection === collection) {
        created ??= create();
        await created;
      }
      return store.replaceDocument(scope, write);
    },
  };
  return new Proxy(store, {
    get(target, property, receiver) {
      if (Object.hasOwn(overrides, property)) return overrides[property as keyof Store];
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

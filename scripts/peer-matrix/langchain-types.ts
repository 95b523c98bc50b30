// Type-checked (strict, skipLibCheck: false) in the scratch app with the installed @langchain/core:
// cairn/langchain's shipped types against that major's, as a TypeScript user compiles them.
import type { Document } from '@langchain/core/documents';
import type { BaseRetrieverInterface } from '@langchain/core/retrievers';
import type { VectorStore } from '@langchain/core/vectorstores';
import { createCollectionService, openEngine, openSqliteStore } from 'cairn';
import { CairnRetriever, CairnVectorStore } from 'cairn/langchain';
import { OpenAIEmbedder } from 'cairn/openai';

const engine = await openEngine({ store: 'x.db', env: {} });
const retriever: BaseRetrieverInterface = new CairnRetriever({ engine, topK: 2 });
const docs = await new CairnRetriever({ engine }).invoke('q');
const source: string = docs[0]!.metadata.source;
const page: number = docs[0]!.metadata.loc.pageNumber;
const service = createCollectionService({
  store: await openSqliteStore({ path: 'y.db' }),
  embedder: new OpenAIEmbedder({ model: 'text-embedding-3-small', dimension: 1536 }),
});
const store: VectorStore = await CairnVectorStore.fromTexts(['a'], [{}], undefined, {
  service,
  collection: 'c',
});
const found: Document[] = await store.similaritySearch('a', 1);
export const used = [retriever, source, page, found];

import path from 'node:path';
import { Document } from '@langchain/core/documents';
import { StringOutputParser } from '@langchain/core/output_parsers';
import { ChatPromptTemplate, PromptTemplate } from '@langchain/core/prompts';
import { RunnablePassthrough, RunnableSequence } from '@langchain/core/runnables';
import { FakeChatModel } from '@langchain/core/utils/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerEngine } from '../../../test/support/answer-corpus.js';
import { tempDir } from '../../../test/support/corpus.js';
import {
  type FakeServer,
  startOpenAICompatibleServer,
} from '../../../test/support/openai-compatible-server.js';
import { type CollectionService, createCollectionService } from '../../engine/collection-service.js';
import type { Engine } from '../../engine/engine.js';
import { OpenAIEmbedder } from '../../providers/openai/openai-embedder.js';
import { openSqliteStore } from '../../store/sqlite/sqlite-store.js';
import { CairnRetriever } from './cairn-retriever.js';
import { CairnVectorStore } from './cairn-vector-store.js';

describe('CairnRetriever', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await answerEngine();
  });
  afterAll(() => engine.close());

  it('returns chunks as documents with their metadata and provenance, best first', async () => {
    const retriever = new CairnRetriever({ engine, topK: 2 });
    const docs = await retriever.invoke('marmots hibernate granite');
    expect(docs[0]).toMatchObject({
      id: 'burrows.md:0',
      pageContent: expect.stringContaining('granite boulders'),
      metadata: {
        topic: 'burrows',
        cairn: {
          chunkId: 'burrows.md:0',
          documentId: 'burrows.md',
          sourceName: 'burrows.md',
          pageStart: 1,
          headingPath: ['Field Guide', 'Burrows'],
        },
      },
    });
    expect(docs[0]!.metadata.cairn.score).toBeGreaterThan(0);
    expect(docs.length).toBeLessThanOrEqual(2);
  });

  it("carries LangChain's loader conventions: metadata.source and metadata.loc.pageNumber", async () => {
    const [doc] = await new CairnRetriever({ engine, topK: 1 }).invoke('marmots hibernate granite');
    expect(doc!.metadata).toMatchObject({ source: 'burrows.md', loc: { pageNumber: 1 } });
    // What a stuff-documents chain does with a documentPrompt naming {source}.
    const prompt = PromptTemplate.fromTemplate('{page_content} ({source})');
    const shown = await prompt.format({ page_content: doc!.pageContent, ...doc!.metadata });
    expect(shown).toMatch(/granite boulders.* \(burrows\.md\)$/s);
  });

  it('applies its filter inside the search', async () => {
    const retriever = new CairnRetriever({ engine, filter: { topic: 'diet' } });
    const docs = await retriever.invoke('marmots');
    expect(docs.map((d) => d.metadata.cairn.documentId)).toEqual(['diet.md']);
  });

  it('raises cairn errors through the chain', async () => {
    const retriever = new CairnRetriever({ engine, filter: { topic: { $regex: 'd.*' } } as never });
    await expect(retriever.invoke('marmots')).rejects.toMatchObject({ code: 'INVALID_FILTER' });
  });

  it('grounds a RunnableSequence retrieval chain offline', async () => {
    const retriever = new CairnRetriever({ engine, topK: 1 });
    const prompt = ChatPromptTemplate.fromMessages([
      ['system', 'Answer from the context only.\n\nContext:\n{context}'],
      ['human', '{question}'],
    ]);
    const chain = RunnableSequence.from([
      {
        context: retriever.pipe((docs: Document[]) => docs.map((d) => d.pageContent).join('\n\n')),
        question: new RunnablePassthrough(),
      },
      prompt,
      // Replies with the messages it was sent: the prompt the chain built, retrieved context included.
      new FakeChatModel({}),
      new StringOutputParser(),
    ]);
    const reply = await chain.invoke('What did the Piper hit near Tallahassee?');
    expect(reply).toContain('struck trees and then utility wires');
    expect(reply).toContain('What did the Piper hit near Tallahassee?');
    expect(reply).not.toContain('granite');
  });
});

describe('CairnVectorStore', () => {
  let server: FakeServer;
  let service: CollectionService;
  let vectors: CairnVectorStore;
  beforeAll(async () => {
    server = await startOpenAICompatibleServer({ dimension: 32 });
    const store = await openSqliteStore({ path: path.join(tempDir(), 'langchain.db') });
    service = createCollectionService({
      store,
      embedder: new OpenAIEmbedder({ model: 'hash-32', dimension: 32, baseURL: server.baseURL }),
    });
    await service.ensureRegistry();
    await service.createCollection('notes');
    vectors = new CairnVectorStore({ service, collection: 'notes' });
  });
  afterAll(async () => {
    await service.store.close();
    await server.close();
  });

  it('builds a store with fromTexts and fromDocuments, creating the collection', async () => {
    const fromTexts = await CairnVectorStore.fromTexts(
      ['Otters crack shellfish with stones', 'Beavers build dams'],
      [{ kind: 'otter' }, { kind: 'beaver' }],
      undefined,
      { service, collection: 'made-from-texts' },
    );
    const [otter] = await fromTexts.similaritySearch('otters crack shellfish', 1);
    expect(otter).toMatchObject({
      pageContent: 'Otters crack shellfish with stones',
      metadata: { kind: 'otter' },
    });
    const fromDocuments = await CairnVectorStore.fromDocuments(
      [new Document({ pageContent: 'Salmon spawn in gravel', metadata: { kind: 'fish' } })],
      undefined,
      { service, collection: 'made-from-texts' },
    );
    expect(await fromDocuments.similaritySearch('salmon gravel', 1, { kind: 'fish' })).toHaveLength(1);
  });

  it('picks diverse documents with maximal marginal relevance', async () => {
    const mmr = await CairnVectorStore.fromTexts(
      [
        'marmots hibernate in burrows all winter',
        'marmots hibernate in burrows all winter long',
        'marmots whistle to warn of eagles',
      ],
      {},
      undefined,
      { service, collection: 'mmr' },
    );
    const query = 'marmots hibernate in burrows all winter';
    const similar = await mmr.similaritySearch(query, 2);
    expect(similar.map((d) => d.pageContent)).toEqual([
      'marmots hibernate in burrows all winter',
      'marmots hibernate in burrows all winter long',
    ]);
    const diverse = await mmr.maxMarginalRelevanceSearch(query, { k: 2, fetchK: 3, lambda: 0.3 });
    expect(diverse.map((d) => d.pageContent)).toEqual([
      'marmots hibernate in burrows all winter',
      'marmots whistle to warn of eagles',
    ]);
  });

  it('adds documents and finds them by similarity with cairn filters', async () => {
    const ids = await vectors.addDocuments(
      [
        new Document({
          pageContent: 'Marmots hibernate in burrows',
          metadata: { kind: 'animal', year: 2021 },
        }),
        new Document({ pageContent: 'Granite boulders shelter burrows', metadata: { kind: 'rock' } }),
        new Document({ id: 'n3', pageContent: 'Pikas gather hay for winter', metadata: { kind: 'animal' } }),
      ],
      { ids: ['n1', 'n2', 'n3'] },
    );
    expect(ids).toEqual(['n1', 'n2', 'n3']);
    const [best] = await vectors.similaritySearchWithScore('where do marmots hibernate', 1);
    expect(best![0]).toMatchObject({
      id: 'n1',
      pageContent: 'Marmots hibernate in burrows',
      metadata: { kind: 'animal', year: 2021 },
    });
    expect(best![1]).toBeGreaterThan(0.3);
    const rocks = await vectors.similaritySearch('burrows', 3, { kind: 'rock' });
    expect(rocks.map((d) => d.id)).toEqual(['n2']);
  });

  it('serves as a LangChain retriever through asRetriever()', async () => {
    const docs = await vectors.asRetriever({ k: 1, filter: { kind: 'animal' } }).invoke('hay winter');
    expect(docs.map((d) => d.id)).toEqual(['n3']);
  });

  it('stores vectors computed elsewhere, checking their dimension first', async () => {
    const [vector] = await vectors.embeddings.embedDocuments(['Otters float on kelp']);
    expect(vector).toHaveLength(32);
    await vectors.addVectors([vector!], [new Document({ pageContent: 'Otters float on kelp' })], {
      ids: ['o1'],
    });
    const [hit] = await vectors.similaritySearchVectorWithScore(
      await vectors.embeddings.embedQuery('otters kelp'),
      1,
    );
    expect(hit![0].id).toBe('o1');
    await expect(
      vectors.addVectors([[1, 0, 0]], [new Document({ pageContent: 'short' })], { ids: ['bad'] }),
    ).rejects.toMatchObject({ code: 'DIMENSION_MISMATCH' });
    expect(await service.countEntries('notes')).toBe(4);
  });

  it('deletes by id and by metadata filter, and never everything by default', async () => {
    await vectors.delete({ ids: ['o1'] });
    await vectors.delete({ filter: { kind: 'rock' } });
    expect(await service.countEntries('notes')).toBe(2);
    await expect(vectors.delete()).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(vectors.addDocuments([new Document({ pageContent: 'x' })], { ids: [] })).rejects.toThrow(
      /ids: 0 ids for 1 documents/,
    );
  });
});

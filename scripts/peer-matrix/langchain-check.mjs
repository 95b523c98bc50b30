// Runs inside a scratch app that installed the packed cairn tarball and one major of
// @langchain/core (see scripts/peer-matrix.mjs): what a LangChain.js user does with
// cairn/langchain, over an embedded SQLite file and cairn/testing's deterministic fakes (no
// network, no model). Exits non-zero on the first failed check; prints one line per check passed.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Document } from '@langchain/core/documents';
import { StringOutputParser } from '@langchain/core/output_parsers';
import { ChatPromptTemplate, PromptTemplate } from '@langchain/core/prompts';
import { RunnablePassthrough, RunnableSequence } from '@langchain/core/runnables';
import { FakeChatModel } from '@langchain/core/utils/testing';
import { createCollectionService, openSqliteStore } from 'cairn';
import { CairnRetriever, CairnVectorStore } from 'cairn/langchain';
import { createTestEngine, HashingEmbedder } from 'cairn/testing';

const version = (await import('@langchain/core/package.json', { with: { type: 'json' } })).default.version;
const pass = (what) => console.log(`ok  @langchain/core@${version}  ${what}`);

const dir = mkdtempSync(path.join(tmpdir(), 'cairn-langchain-'));
try {
  // 1. CairnRetriever over an engine on a SQLite file.
  const store = await openSqliteStore({ path: path.join(dir, 'engine.db') });
  const { engine, close } = await createTestEngine({ store });
  const notes = {
    'guide/burrows.md':
      '# Field Guide\n\n## Burrows\n\nMarmots hibernate in burrows under granite boulders.\n',
    'guide/diet.md': '# Field Guide\n\n## Diet\n\nMarmots eat grasses, flowers and seeds.\n',
  };
  for (const [name, text] of Object.entries(notes)) {
    await engine.ingestSource(
      { name, bytes: new TextEncoder().encode(text), mediaType: 'text/markdown' },
      { metadata: { topic: path.basename(name, '.md') } },
    );
  }
  const retriever = new CairnRetriever({ engine, topK: 2 });
  const docs = await retriever.invoke('marmots hibernate granite');
  assert.ok(docs.length >= 1 && docs.length <= 2);
  assert.ok(docs[0] instanceof Document, 'a Document of the installed @langchain/core');
  assert.match(docs[0].pageContent, /granite boulders/);
  assert.equal(docs[0].metadata.source, 'guide/burrows.md');
  assert.equal(docs[0].metadata.loc.pageNumber, 1);
  assert.equal(docs[0].metadata.topic, 'burrows');
  assert.equal(docs[0].metadata.cairn.documentId, 'guide/burrows.md');
  assert.ok(docs[0].metadata.cairn.score > 0 && docs[0].metadata.cairn.score <= 1);
  pass('CairnRetriever.invoke returns Documents with pageContent, metadata.source and loc.pageNumber');

  const filtered = await new CairnRetriever({ engine, filter: { topic: 'diet' } }).invoke('marmots');
  assert.deepEqual(
    filtered.map((d) => d.metadata.source),
    ['guide/diet.md'],
  );
  pass('CairnRetriever applies its filter');

  // A stuff-documents prompt naming {source}, and an LCEL chain with a fake chat model that
  // replies with the prompt it was sent.
  const documentPrompt = PromptTemplate.fromTemplate('{page_content} ({source})');
  const shown = await documentPrompt.format({ page_content: docs[0].pageContent, ...docs[0].metadata });
  assert.match(shown, /granite boulders.*\(guide\/burrows\.md\)$/s);
  const chain = RunnableSequence.from([
    {
      context: new CairnRetriever({ engine, topK: 1 }).pipe((found) =>
        found.map((d) => d.pageContent).join('\n\n'),
      ),
      question: new RunnablePassthrough(),
    },
    ChatPromptTemplate.fromMessages([
      ['system', 'Answer from the context only.\n\nContext:\n{context}'],
      ['human', '{question}'],
    ]),
    new FakeChatModel({}),
    new StringOutputParser(),
  ]);
  const reply = await chain.invoke('What do marmots eat?');
  assert.match(reply, /grasses, flowers and seeds/);
  assert.match(reply, /What do marmots eat\?/);
  pass('a {source} document prompt and a RunnableSequence retrieval chain ground on the hits');
  await close();

  // 2. CairnVectorStore over a collection service on a SQLite file.
  const service = createCollectionService({
    store: await openSqliteStore({ path: path.join(dir, 'collections.db') }),
    embedder: new HashingEmbedder({ dimension: 64 }),
  });
  await service.ensureRegistry();
  const vectors = await CairnVectorStore.fromTexts(
    ['Otters crack shellfish with stones', 'Beavers build dams', 'Marmots whistle to warn of eagles'],
    [{ kind: 'otter' }, { kind: 'beaver' }, { kind: 'marmot' }],
    undefined,
    { service, collection: 'notes' },
  );
  const [otter] = await vectors.similaritySearch('otters crack shellfish', 1);
  assert.equal(otter.pageContent, 'Otters crack shellfish with stones');
  assert.deepEqual(otter.metadata, { kind: 'otter' });
  const [[best, score]] = await vectors.similaritySearchWithScore('beavers dams', 1, { kind: 'beaver' });
  assert.equal(best.pageContent, 'Beavers build dams');
  assert.ok(score > 0);
  pass('CairnVectorStore.fromTexts then similaritySearch / similaritySearchWithScore with a filter');

  await vectors.addDocuments(
    [new Document({ pageContent: 'Salmon spawn in gravel', metadata: { kind: 'fish' } })],
    {
      ids: ['s1'],
    },
  );
  const viaRetriever = await vectors.asRetriever({ k: 1, filter: { kind: 'fish' } }).invoke('salmon gravel');
  assert.deepEqual(
    viaRetriever.map((d) => d.id),
    ['s1'],
  );
  const diverse = await vectors.maxMarginalRelevanceSearch('otters shellfish stones', { k: 2, fetchK: 4 });
  assert.equal(diverse.length, 2);
  assert.equal(diverse[0].pageContent, 'Otters crack shellfish with stones');
  await vectors.delete({ ids: ['s1'] });
  assert.equal(await service.countEntries('notes'), 3);
  pass('addDocuments, asRetriever().invoke, maxMarginalRelevanceSearch and delete');
  await service.store.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeServer, startOpenAICompatibleServer } from '../../test/support/openai-compatible-server.js';
import { createEngine, type Engine } from '../engine/engine.js';
import { TermOverlapReranker } from '../exports/testing.js';
import { OpenAIEmbedder } from '../providers/openai/openai-embedder.js';
import { createMemoryStore } from '../store/memory/memory-store.js';
import type { QueryEvent } from './query-events.js';

const docs: Record<string, string> = {
  a: 'Otters otters otters. The otter is an otter.',
  b: 'Otter dens sit by the river.',
  c: 'A beaver dam slows the river water. Below it, a young otter swims past the dam in the river.',
  d: 'Otters eat fish.',
  e: 'The river otter hunts at night.',
  f: 'Sea otters float on kelp.',
  g: 'Marmots hibernate in burrows.',
};

async function ingestAll(engine: Engine, collection: string) {
  for (const [id, text] of Object.entries(docs)) {
    await engine.ingestSource(
      { name: id, bytes: new TextEncoder().encode(text), mediaType: 'text/markdown' },
      { documentId: id, collection },
    );
  }
}

describe('search with a reranker', () => {
  let engine: Engine;
  let server: FakeServer;
  const reranker = new TermOverlapReranker();

  beforeAll(async () => {
    server = await startOpenAICompatibleServer({ dimension: 32 });
    engine = await createEngine({
      store: createMemoryStore(),
      embedder: new OpenAIEmbedder({ model: 'hash', dimension: 32, baseURL: server.baseURL }),
      reranker,
    });
    await ingestAll(engine, 'default');
  });
  afterAll(async () => {
    await engine.close();
    await server.close();
  });

  it('emits query.started and query.completed events to subscribers, and query.failed on error', async () => {
    const events: QueryEvent[] = [];
    const stop = engine.onQuery((event) => events.push(event));
    const long = `sea otter river ${'x'.repeat(300)}`;
    const { hits } = await engine.search(long, { topK: 2, minSimilarity: 0.1 });
    await expect(engine.search('otter', { topK: 0 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    stop();
    await engine.search('otter', { topK: 1 });
    expect(events.map((e) => e.type)).toEqual([
      'query.started',
      'query.completed',
      'query.started',
      'query.failed',
    ]);
    const [started, completed, , failed] = events;
    expect(started).toEqual({
      type: 'query.started',
      queryPreview: long.slice(0, 160),
      limit: 2,
      store: 'memory',
      collection: 'default',
      namespace: 'default',
      threshold: 0.1,
    });
    expect(completed).toMatchObject({
      type: 'query.completed',
      queryPreview: long.slice(0, 160),
      limit: 2,
      store: 'memory',
      threshold: 0.1,
      mode: 'hybrid',
      hitCount: hits.length,
      topScore: hits[0]!.score,
      reranker: 'term-overlap',
    });
    expect(completed?.type === 'query.completed' && completed.durationMs).toBeGreaterThanOrEqual(0);
    expect(failed).toMatchObject({ type: 'query.failed', limit: 0, error: 'INVALID_ARGUMENT' });
  });

  it('returns no hits and embeds nothing for an empty sourceIds or documentIds list', async () => {
    const before = server.requests.length;
    expect((await engine.search('otter river', { sourceIds: [] })).hits).toEqual([]);
    expect((await engine.search('otter river', { documentIds: [], mode: 'dense' })).hits).toEqual([]);
    expect(server.requests.length).toBe(before);
  });

  it('over-fetches the candidate pool, reranks it, and trims to topK', async () => {
    reranker.calls.length = 0;
    const plain = await engine.search('sea otter river', { mode: 'lexical', topK: 1, reranker: false });
    expect(plain.hits.map((h) => h.chunk.id)).toEqual(['f:0']);
    const { hits } = await engine.search('sea otter river', { mode: 'lexical', topK: 1 });
    expect(reranker.calls).toHaveLength(1);
    // Every chunk that matches the query is in the pool, not just the one returned.
    expect(reranker.calls[0]!.documents).toHaveLength(6);
    expect(hits).toHaveLength(1);
    expect(['b:0', 'c:0', 'e:0']).toContain(hits[0]!.chunk.id);
    expect(hits[0]!.scores.rerank).toBeCloseTo(2 / 3, 12);
    // score: the relevance (query terms held), not the reranker's raw score.
    expect(hits[0]!.score).toBeGreaterThan(0);
    expect(hits[0]!.score).toBeLessThanOrEqual(1);
    expect(hits[0]!.scores.lexical).toBeGreaterThan(0);
  });

  it('hands the reranker rerankCandidates hits (at least topK)', async () => {
    reranker.calls.length = 0;
    await engine.search('otter river dam', { mode: 'lexical', topK: 2, rerankCandidates: 3 });
    expect(reranker.calls[0]!.documents).toHaveLength(3);
    await engine.search('otter river dam', { mode: 'lexical', topK: 4, rerankCandidates: 3 });
    expect(reranker.calls[1]!.documents).toHaveLength(4);
    await expect(engine.search('otter', { rerankCandidates: 0 })).rejects.toThrow(/rerankCandidates/);
  });

  it('keeps dense, lexical and fused scores on reranked hybrid hits', async () => {
    const { hits, mode } = await engine.search('otter river dam', { topK: 3 });
    expect(mode).toBe('hybrid');
    expect(hits).toHaveLength(3);
    expect(hits[0]!.chunk.id).toBe('c:0');
    expect(hits[0]!.scores).toMatchObject({ rerank: 1 });
    expect(hits[0]!.scores.fused).toBeGreaterThan(0);
    expect(hits[0]!.scores.dense).toBeTypeOf('number');
    expect(hits[0]!.scores.lexical).toBeTypeOf('number');
  });

  it('makes no reranker call when nothing matches, and none when reranker is false', async () => {
    reranker.calls.length = 0;
    expect((await engine.search('zebra', { mode: 'lexical' })).hits).toEqual([]);
    await engine.search('otter', { mode: 'lexical', reranker: false });
    expect(reranker.calls).toHaveLength(0);
  });

  it('reranks the answer sources of ask', async () => {
    reranker.calls.length = 0;
    const answer = await engine.ask('Where do otters swim past a dam on the river?', { mode: 'lexical' });
    expect(reranker.calls).toHaveLength(1);
    expect(answer.sources[0]!.hit.chunk.id).toBe('c:0');
  });
});

describe('search planning', () => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await startOpenAICompatibleServer({ dimension: 32 });
  });
  afterAll(async () => {
    await server.close();
  });
  const embedder = () => new OpenAIEmbedder({ model: 'hash', dimension: 32, baseURL: server.baseURL });

  it('returns no hits for a query without words in every mode, and embeds nothing', async () => {
    const engine = await createEngine({ store: createMemoryStore(), embedder: embedder() });
    await ingestAll(engine, 'default');
    const before = server.requests.length;
    for (const mode of ['dense', 'hybrid', 'lexical'] as const) {
      for (const query of ['', '   ', '\n\t', '?!…', '()']) {
        expect((await engine.search(query, { mode })).hits).toEqual([]);
      }
    }
    expect(server.requests.length).toBe(before);
    await engine.close();
  });

  it('says what scored the hits: BM25 and cosine fused in the engine on the memory store', async () => {
    const engine = await createEngine({ store: createMemoryStore(), embedder: embedder() });
    await ingestAll(engine, 'default');
    expect((await engine.search('otter river', { mode: 'hybrid' })).scoring).toEqual({
      lexical: 'bm25',
      dense: 'cosine',
      fused: 'rrf-engine',
      score: 'relevance-v1',
    });
    expect((await engine.search('otter river', { mode: 'lexical' })).scoring).toEqual({
      lexical: 'bm25',
      score: 'relevance-v1',
    });
    expect((await engine.search('otter river', { mode: 'dense' })).scoring).toEqual({
      dense: 'cosine',
      score: 'relevance-v1',
    });
    await engine.close();
  });

  it('fuses inside a store that offers hybrid search, in one round trip', async () => {
    const { freshPglite } = await import('../../test/support/pglite.js');
    const { pgliteDriver } = await import('../store/postgres/pglite-driver.js');
    const { openPostgresStore } = await import('../store/postgres/postgres-store.js');
    const store = await openPostgresStore({ driver: pgliteDriver(await freshPglite(), true) });
    const engine = await createEngine({ store, embedder: embedder() });
    await ingestAll(engine, 'default');
    const result = await engine.search('otter river', { mode: 'hybrid', topK: 3 });
    expect(result.scoring).toEqual({
      lexical: 'bm25',
      dense: 'cosine',
      fused: 'rrf-store',
      score: 'relevance-v1',
    });
    expect(result.hits).toHaveLength(3);
    expect(result.hits[0]!.scores.fused).toBeGreaterThan(0);
    expect(result.hits[0]!.score).toBeGreaterThan(0);
    expect(result.hits[0]!.score).toBeLessThanOrEqual(1);
    await engine.close();
  });
});

describe('search with a document focus', () => {
  let engine: Engine;
  const filing = (company: string) =>
    `# ${company}\n\n## Legal Proceedings\n\nThe company is subject to legal proceedings and claims in the ordinary course of business.\n`;

  beforeAll(async () => {
    engine = await createEngine({ store: createMemoryStore() });
    // Same words in every filing, one with more of the question's: only names tell them apart.
    const sources: Record<string, string> = {
      '2023 Q1 AAPL.md': `${filing('Apple Inc.')}\nNo other legal proceedings were disclosed.\n`,
      '2023 Q2 AAPL.md': filing('Apple Inc.'),
      '2023 Q1 INTC.md': filing('INTEL CORPORATION'),
      '2023 Q2 INTC.md': filing('INTEL CORPORATION'),
    };
    for (const [id, text] of Object.entries(sources)) {
      await engine.ingestSource(
        { name: id, bytes: new TextEncoder().encode(text), mediaType: 'text/markdown' },
        { documentId: id },
      );
    }
  });
  afterAll(async () => {
    await engine.close();
  });

  it('ranks the document a question names first, and leaves others in the list', async () => {
    const question = "What legal proceedings were disclosed in Apple's Q2 2023 10-Q?";
    const unfocused = await engine.search(question, {
      mode: 'lexical',
      keepBest: true,
      documentFocus: false,
      timePreference: false,
    });
    expect(unfocused.hits[0]!.chunk.documentId).toBe('2023 Q1 AAPL.md');
    const { hits } = await engine.search(question, {
      mode: 'lexical',
      keepBest: true,
      timePreference: false,
    });
    expect(hits[0]!.chunk.documentId).toBe('2023 Q2 AAPL.md');
    expect(hits[0]!.scores.fused).toBeGreaterThan(0);
    expect(hits[0]!.boosts).toEqual([expect.objectContaining({ kind: 'focus', weight: 2 })]);
    expect(hits.map((h) => h.chunk.documentId)).toContain('2023 Q1 INTC.md');
    // The period the question names boosts the filing labelled with it, even without focus, and
    // says so. It leads its series (the other quarter of the same filer is of another time by the
    // question's own words), but the filing with more of the question's words is not pushed out.
    const timed = await engine.search(question, { mode: 'lexical', keepBest: true, documentFocus: false });
    const q2 = timed.hits.find((h) => h.chunk.documentId === '2023 Q2 AAPL.md');
    expect(q2?.boosts).toEqual([expect.objectContaining({ kind: 'period', weight: 1.25 })]);
    expect(timed.hits.slice(0, 2).map((h) => h.chunk.documentId)).toEqual([
      '2023 Q2 AAPL.md',
      '2023 Q1 AAPL.md',
    ]);
  });

  it('stands aside when the caller restricts the documents, and sees documents ingested since', async () => {
    const question = "Apple's Q2 2023 legal proceedings";
    const restricted = await engine.search(question, { mode: 'lexical', documentIds: ['2023 Q1 INTC.md'] });
    expect(restricted.hits.map((h) => h.chunk.documentId)).toEqual(['2023 Q1 INTC.md']);
    await engine.ingestSource(
      {
        name: '2023 Q3 AAPL.md',
        bytes: new TextEncoder().encode(filing('Apple Inc.')),
        mediaType: 'text/markdown',
      },
      { documentId: '2023 Q3 AAPL.md' },
    );
    const { hits } = await engine.search("Apple's Q3 2023 legal proceedings", {
      mode: 'lexical',
      keepBest: true,
    });
    expect(hits[0]!.chunk.documentId).toBe('2023 Q3 AAPL.md');
  });
});

describe('search with a document focus on names read from first pages', () => {
  let engine: Engine;
  // Protocols under one generic title, each naming its subject on its first page only; one
  // protocol's eligibility section shares more of the question's words than the asked one's.
  const protocol = (subject: string, eligibility: string) =>
    `# Clinical Research Protocol\n\n${subject}\n\nPrincipal investigator and sponsor are listed in the registry.\n\n## Eligibility\n\n${eligibility}\n`;
  const protocols: Record<string, string> = {
    'NCT01.md': protocol(
      'Dendritic Cell Vaccination for Adults With Advanced Cutaneous Melanoma',
      'Adults with measurable disease may take part.',
    ),
    'NCT02.md': protocol(
      'Nivolumab Maintenance for Adults With Advanced Lung Cancer',
      'Who is eligible for the trial: adults with measurable disease are eligible for the trial.',
    ),
    'NCT03.md': protocol(
      'Sleep Quality and Fatigue of Night Shift Nurses in a Teaching Hospital Study',
      'Nurses who work night shifts are eligible for this trial.',
    ),
  };

  beforeAll(async () => {
    engine = await createEngine({ store: createMemoryStore() });
    for (const [id, text] of Object.entries(protocols)) {
      await engine.ingestSource(
        { name: id, bytes: new TextEncoder().encode(text), mediaType: 'text/markdown' },
        { documentId: id },
      );
    }
  });
  afterAll(async () => {
    await engine.close();
  });

  const eligibility = (hits: Array<{ chunk: { id: string; text: string } }>) =>
    hits.filter((h) => h.chunk.text.includes('Eligibility')).map((h) => h.chunk.id.replace(/:.*/, ''));

  it('focuses the protocol a distinctive first-page word names, saying which word', async () => {
    const question = 'Who is eligible for the dendritic cell melanoma trial?';
    const unfocused = await engine.search(question, { mode: 'lexical', documentFocus: false });
    expect(eligibility(unfocused.hits)[0]).toBe('NCT02.md');
    const { hits } = await engine.search(question, { mode: 'lexical' });
    expect(eligibility(hits)[0]).toBe('NCT01.md');
    expect(hits[0]!.chunk.documentId).toBe('NCT01.md');
    expect(hits[0]!.boosts).toEqual([
      expect.objectContaining({ kind: 'focus', reason: expect.stringContaining('"dendritic"') }),
    ]);
    // The unfocused best stay in the list.
    expect(eligibility(hits)).toContain('NCT02.md');
  });

  it('never focuses on a word several protocols use', async () => {
    // "study" names the third protocol's subject and opens the methods of a fourth.
    await engine.ingestSource(
      {
        name: 'NCT04.md',
        bytes: new TextEncoder().encode(
          protocol(
            'Early Mobilisation After Hip Fracture Surgery in Older Adults',
            'Study participants are older adults; the study ends at discharge.',
          ),
        ),
        mediaType: 'text/markdown',
      },
      { documentId: 'NCT04.md' },
    );
    const { hits } = await engine.search('Who is eligible for the study?', { mode: 'lexical' });
    expect(hits.flatMap((h) => h.boosts ?? [])).toEqual([]);
  });
});

describe('names read from first pages, when the store cannot read them', () => {
  it('still searches, naming documents by their titles and paths', async () => {
    const store = createMemoryStore();
    // A store whose chunk reads by id fail (a remote store refusing the request).
    store.getChunks = () => Promise.reject(new Error('read refused'));
    const engine = await createEngine({ store });
    try {
      for (const id of ['2023 Q1 ACME.md', '2023 Q1 INITECH.md']) {
        await engine.ingestSource(
          {
            name: id,
            bytes: new TextEncoder().encode('# Report\n\nRevenue grew.\n'),
            mediaType: 'text/markdown',
          },
          { documentId: id },
        );
      }
      const { hits } = await engine.search('How did Initech revenue grow?', { mode: 'lexical' });
      expect(hits[0]!.chunk.documentId).toBe('2023 Q1 INITECH.md');
      expect(hits[0]!.boosts).toEqual([expect.objectContaining({ kind: 'focus' })]);
    } finally {
      await engine.close();
    }
  });
});

describe('a stated date picks the version by its date, not by names with its year', () => {
  it('ranks the report of the quarter the question states first, though its file is labelled with the next year', async () => {
    const engine = await createEngine({ store: createMemoryStore() });
    const report = (ended: string, label: string, visitors: string) =>
      `# Harbor Trust Quarterly Report\n\nFor the quarter ended ${ended} (${label}).\n\n## Visitors\n\nThe museum welcomed ${visitors} visitors in the quarter.\n`;
    const files: Record<string, string> = {
      'harbor-trust-report-2022-q2.md': report(
        'December 31, 2021',
        'second quarter of fiscal 2022',
        '41,200',
      ),
      'harbor-trust-report-2022-q4.md': report('June 30, 2022', 'fourth quarter of fiscal 2022', '58,900'),
      'harbor-trust-report-2023-q2.md': report(
        'December 31, 2022',
        'second quarter of fiscal 2023',
        '44,750',
      ),
      'harbor-trust-report-2023-q3.md': report('March 31, 2023', 'third quarter of fiscal 2023', '39,300'),
      'lakeside-library-report-2022-h2.md':
        '# Lakeside Library Activity Report\n\nFor the six months ended December 31, 2022.\n\n## Lending\n\nThe library lent 73,400 books.\n',
    };
    try {
      for (const [id, text] of Object.entries(files)) {
        await engine.ingestSource(
          { name: id, bytes: new TextEncoder().encode(text), mediaType: 'text/markdown' },
          { documentId: id },
        );
      }
      const { hits } = await engine.search(
        'How many visitors did the Harbor Trust report for the quarter ended December 31, 2022?',
        { mode: 'lexical' },
      );
      expect(hits[0]!.chunk.documentId).toBe('harbor-trust-report-2023-q2.md');
      expect(hits[0]!.boosts?.map((b) => b.kind)).toContain('period');
    } finally {
      await engine.close();
    }
  });
});

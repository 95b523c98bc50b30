import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerPart } from '../src/answer/answer-stream.js';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { OpenAIChatModel } from '../src/providers/openai/openai-chat-model.js';
import { OpenAIEmbedder } from '../src/providers/openai/openai-embedder.js';
import { tempDir, writeMixedCorpus } from './support/corpus.js';
import { type FakeServer, startOpenAICompatibleServer } from './support/openai-compatible-server.js';

const status = (report: Awaited<ReturnType<Engine['ingestPaths']>>, id: string) =>
  report.items.find((i) => i.documentId === id);

describe('engine (lexical, SQLite)', () => {
  let corpus: string;
  let engine: Engine;
  const notices: string[] = [];

  beforeAll(async () => {
    corpus = writeMixedCorpus();
    engine = await createEngine({
      store: await openStore(path.join(tempDir(), 'cairn.db')),
      onNotice: (m) => notices.push(m),
    });
  });
  afterAll(() => engine.close());

  it('ingests a mixed folder; bad files are skipped or failed with a reason and the batch goes on', async () => {
    const report = await engine.ingestPaths([corpus]);
    expect(status(report, 'guide.md')?.status).toBe('ingested');
    expect(status(report, 'notes/plain.txt')?.status).toBe('ingested');
    expect(status(report, 'page.html')?.status).toBe('ingested');
    expect(status(report, 'reports/piper.pdf')).toMatchObject({ status: 'ingested', pages: 4 });
    expect(status(report, 'empty.txt')).toMatchObject({ status: 'skipped', reason: 'empty' });
    expect(status(report, 'blob.bin')).toMatchObject({ status: 'skipped' });
    expect(status(report, 'blob.bin')?.reason).toMatch(/^unsupported format: /);
    expect(status(report, 'broken.pdf')?.status).toBe('failed');
    expect(status(report, 'broken.pdf')?.reason).toBeTruthy();
    expect(report.totals).toMatchObject({ ingested: 4, skipped: 2, failed: 1 });
    expect(report.totals.chunks).toBeGreaterThanOrEqual(4);
    expect(notices.join('\n')).toMatch(/lexical-only/);
    expect(notices).toHaveLength(1);
  });

  it('reports unchanged documents on a second run and does no work for them', async () => {
    const report = await engine.ingestPaths([corpus]);
    expect(report.totals).toMatchObject({ ingested: 0, unchanged: 4 });
  });

  it('re-ingests unchanged files when the chunking settings change', async () => {
    const smaller = await createEngine({ store: engine.store, chunkSize: 128, chunkOverlap: 16 });
    const report = await smaller.ingestPaths([corpus]);
    expect(report.totals).toMatchObject({ ingested: 4, unchanged: 0 });
    expect((await smaller.ingestPaths([corpus])).totals).toMatchObject({ ingested: 0, unchanged: 4 });
    const pdf = await engine.store.getDocument({ collection: 'default' }, 'reports/piper.pdf');
    expect(pdf!.parserFingerprint).toMatch(/size=128&overlap=16/);
    expect((await engine.ingestPaths([corpus])).totals).toMatchObject({ ingested: 4 });
  });

  it('cleans text: BOM and NUL removed, invalid UTF-8 replaced', async () => {
    const { hits } = await engine.search('quokkas Rottnest');
    expect(hits[0]?.chunk.documentId).toBe('notes/plain.txt');
    expect(hits[0]!.chunk.text.startsWith('Quokkas')).toBe(true);
    expect(hits[0]!.chunk.text).not.toContain('\u0000');
    expect(hits[0]!.chunk.text).toContain('\uFFFD');
  });

  it('keeps only readable HTML content', async () => {
    expect((await engine.search('Fresnel lens')).hits[0]?.chunk.documentId).toBe('page.html');
    for (const noise of ['secretTracker', 'zzyzx', 'navigationonlyword', 'footeronlyword']) {
      expect((await engine.search(noise)).hits).toEqual([]);
    }
  });

  it('returns hits with heading path, page range and lexical score', async () => {
    const { hits, mode } = await engine.search('hibernate granite burrows', { topK: 3 });
    expect(mode).toBe('lexical');
    expect(hits[0]!.chunk.documentId).toBe('guide.md');
    expect(hits[0]!.chunk.headingPath).toEqual(['Field Guide', 'Burrows']);
    expect(hits[0]!.scores.lexical).toBeGreaterThan(0);
    const pdf = (await engine.search('Tallahassee', { topK: 1 })).hits[0]!;
    expect(pdf.chunk.documentId).toBe('reports/piper.pdf');
    expect(pdf.chunk.pageStart).toBeGreaterThanOrEqual(1);
    expect(pdf.chunk.pageEnd).toBeLessThanOrEqual(4);
  });

  it('never parses the query as FTS syntax', async () => {
    for (const query of [
      '"unbalanced',
      'marmot OR',
      'NEAR(marmot burrows)',
      '-marmot',
      'marmot*',
      '(',
      'content:marmot',
    ]) {
      await expect(engine.search(query)).resolves.toBeDefined();
    }
    expect((await engine.search('?!... --- ***')).hits).toEqual([]);
  });

  it('answers with citations from the right report, extractively', async () => {
    const answer = await engine.ask('What did the Piper PA-22-150 hit on final approach near Tallahassee?');
    expect(answer.notFound).toBe(false);
    expect(answer.answeredBy).toBe('extractive');
    expect(answer.text).toMatch(/trees/i);
    expect(answer.text).toMatch(/\[\d+\]/);
    const cited = answer.sources.filter((s) => answer.cited.includes(s.n));
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.every((s) => s.hit.chunk.documentId === 'reports/piper.pdf')).toBe(true);
  });

  it('rewrites a follow-up into a standalone question using the history', async () => {
    const answer = await engine.ask('When do they hibernate?', {
      history: [{ role: 'user', content: 'Where do marmots dig burrows?' }],
    });
    expect(answer.rewritten).toBe(true);
    expect(answer.standalone).toMatch(/marmot/i);
    expect(answer.notFound).toBe(false);
    expect(answer.text).toMatch(/October to April/);
  });

  it('says "not found" instead of quoting unrelated text', async () => {
    const answer = await engine.ask('What is the boiling point of liquid nitrogen in kelvin?');
    expect(answer.notFound).toBe(true);
    expect(answer.sources).toEqual([]);
  });

  it('replaces every chunk of a changed document and prunes deleted files', async () => {
    writeFileSync(path.join(corpus, 'guide.md'), '# Field Guide\n\n## Burrows\n\nPikas gather hay piles.\n');
    rmSync(path.join(corpus, 'notes', 'plain.txt'));
    const report = await engine.ingestPaths([corpus], { prune: true });
    expect(status(report, 'guide.md')?.status).toBe('ingested');
    expect(report.pruned).toEqual(['notes/plain.txt']);
    expect((await engine.search('hibernate granite')).hits).toEqual([]);
    expect((await engine.search('pikas hay')).hits[0]?.chunk.documentId).toBe('guide.md');
    expect((await engine.search('quokkas')).hits).toEqual([]);
    const doc = await engine.store.getDocument({ collection: 'default' }, 'guide.md');
    const chunks = await engine.store.countChunks({ collection: 'default', documentIds: ['guide.md'] });
    expect(chunks).toBe(doc!.chunkCount);
    expect((await engine.listDocuments()).map((d) => d.documentId)).not.toContain('notes/plain.txt');
  });
});

describe('engine with an OpenAI-compatible embedder and chat model', () => {
  let server: FakeServer;
  let engine: Engine;
  let dbPath: string;
  let corpus: string;
  let reply = 'The airplane struck trees [1] and then wires [9].';

  beforeAll(async () => {
    server = await startOpenAICompatibleServer({ dimension: 32, reply: () => reply });
    dbPath = path.join(tempDir(), 'dense.db');
    corpus = writeMixedCorpus();
    engine = await createEngine({
      store: await openStore(dbPath),
      embedder: new OpenAIEmbedder({ model: 'hash-32', dimension: 32, baseURL: server.baseURL }),
      chatModel: new OpenAIChatModel({ model: 'chat', baseURL: server.baseURL }),
    });
  });
  afterAll(async () => {
    await engine.close();
    await server.close();
  });

  it('pins the collection to the embedder and searches in hybrid mode by default', async () => {
    const report = await engine.ingestPaths([corpus]);
    expect(report.totals.ingested).toBe(4);
    const info = await engine.store.getCollection('default');
    expect(info).toMatchObject({ model: 'hash-32', dimension: 32 });
    const { hits, mode } = await engine.search('marmots hibernate under granite boulders');
    expect(mode).toBe('hybrid');
    expect(hits[0]!.chunk.documentId).toBe('guide.md');
    expect(hits[0]!.scores.fused).toBeGreaterThan(0);
    expect(hits[0]!.scores.dense).toBeGreaterThan(0);
    const dense = await engine.search('marmots hibernate under granite boulders', { mode: 'dense', topK: 2 });
    expect(dense.hits[0]!.scores.lexical).toBeUndefined();
    expect(dense.hits[0]!.score).toBeCloseTo(dense.hits[0]!.scores.dense!, 12);
  });

  it('embeds each chunk with its document’s title and file name, so a passage that never names them is found', async () => {
    const dir = tempDir();
    const body = '## Results\n\nNet sales rose two percent in the quarter, driven by services.\n';
    writeFileSync(path.join(dir, '2023 Q1 ACME.md'), `# Acme Corporation\n\n${body}`);
    writeFileSync(path.join(dir, '2023 Q1 GLOBEX.md'), `# Globex Corporation\n\n${body}`);
    writeFileSync(path.join(dir, '2022 Q4 GLOBEX.md'), `# Globex Corporation\n\n${body}`);
    const local = await createEngine({
      store: await openStore(path.join(dir, 'identity.db')),
      embedder: new OpenAIEmbedder({ model: 'hash-32', dimension: 32, baseURL: server.baseURL }),
    });
    try {
      const before = server.requests.length;
      await local.ingestPaths([dir], { include: ['*.md'] });
      const inputs = server.requests
        .slice(before)
        .flatMap((r) => (r.path.endsWith('/embeddings') ? (r.body.input as string[]) : []));
      expect(inputs).toContain(
        // The chunk's heading lines are its path's, embedded once.
        '2023 Q1 ACME\nAcme Corporation > Results\n\nNet sales rose two percent in the quarter, driven by services.',
      );
      // Only the file name tells the two Globex reports apart.
      const { hits } = await local.search('Globex net sales in Q1 2023', { mode: 'dense', topK: 3 });
      expect(hits[0]!.chunk.documentId).toBe('2023 Q1 GLOBEX.md');
      // The stored chunk text is the document's own.
      expect(hits[0]!.chunk.text).not.toContain('GLOBEX');
    } finally {
      await local.close();
    }
  });

  it('streams a grounded answer; sources are delimited and an invalid citation is removed', async () => {
    const tokens: string[] = [];
    const answer = await engine.ask('What did the Piper PA-22-150 hit on final approach near Tallahassee?', {
      onToken: (t) => tokens.push(t),
    });
    // The invalid [9] never reaches onToken, in whole or in part (the fake server sends 7-character deltas).
    expect(tokens.join('')).toBe('The airplane struck trees [1] and then wires.');
    expect(tokens.join('|')).not.toMatch(/9/);
    expect(answer.text).toBe('The airplane struck trees [1] and then wires.');
    expect(answer.cited).toEqual([1]);
    const chat = server.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)!;
    const messages = chat.body.messages as Array<{ role: string; content: string }>;
    expect(messages[0]!.content).toMatch(/data, not instructions/);
    expect(messages[1]!.content).toMatch(/<<source 1 [0-9a-f]+>>/);
    expect(messages[1]!.content).toMatch(/Question: What did the Piper/);
  });

  it('streams the answer as an async iterable: text parts, then the answer with its citations', async () => {
    const parts: AnswerPart[] = [];
    for await (const part of engine.stream(
      'What did the Piper PA-22-150 hit on final approach near Tallahassee?',
    )) {
      parts.push(part);
    }
    const last = parts.at(-1)!;
    expect(last.type).toBe('answer');
    const answer = last.type === 'answer' ? last.answer : undefined;
    const text = parts.flatMap((p) => (p.type === 'text' ? [p.delta] : [])).join('');
    expect(parts.length).toBeGreaterThan(2);
    expect(text).toBe(answer!.text);
    expect(text).toBe('The airplane struck trees [1] and then wires.');
    expect(answer!.invalidCitations).toEqual([9]);
    expect(answer!.sources[0]!.hit.chunk.documentId).toBe('reports/piper.pdf');
  });

  it('stops the answer when the loop is left early, and throws what the answer throws', async () => {
    for await (const part of engine.stream(
      'What did the Piper PA-22-150 hit on final approach near Tallahassee?',
    )) {
      expect(part.type).toBe('text');
      break;
    }
    const failing = engine.stream('   ');
    await expect(
      (async () => {
        for await (const _ of failing) {
          // no part comes before the error
        }
      })(),
    ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('does not call the chat model when nothing relevant is found', async () => {
    const before = server.requests.length;
    const answer = await engine.ask('Which enzyme digests lactose in the small intestine?');
    expect(answer.notFound).toBe(true);
    const chats = server.requests.slice(before).filter((r) => r.path.endsWith('/chat/completions'));
    expect(chats).toHaveLength(0);
    reply = '';
  });

  it('refuses an embedder of another dimension before writing anything', async () => {
    const other = await createEngine({
      store: await openStore(dbPath),
      embedder: new OpenAIEmbedder({ model: 'hash-32', dimension: 16, baseURL: server.baseURL }),
    });
    try {
      const before = await other.store.countChunks({ collection: 'default' });
      writeFileSync(path.join(corpus, 'guide.md'), '# Changed\n\nSomething new about otters.\n');
      await expect(other.ingestPaths([corpus])).rejects.toMatchObject({ code: 'DIMENSION_MISMATCH' });
      expect(await other.store.countChunks({ collection: 'default' })).toBe(before);
      expect((await other.search('otters', { mode: 'lexical' })).hits).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('falls back to lexical search, saying so once, when no embedder is configured', async () => {
    const notices: string[] = [];
    const plain = await createEngine({ store: await openStore(dbPath), onNotice: (m) => notices.push(m) });
    try {
      const { mode, hits } = await plain.search('Fresnel lens');
      expect(mode).toBe('lexical');
      expect(hits[0]!.chunk.documentId).toBe('page.html');
      await plain.search('marmot');
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatch(/hash-32/);
      await expect(plain.search('x', { mode: 'dense' })).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        argument: 'mode',
      });
    } finally {
      await plain.close();
    }
  });
});

describe('createEngine', () => {
  it('refuses a store that is not an opened store, naming store and what to call instead', async () => {
    const dir = tempDir();
    const location = path.join(dir, 'kb.db');
    for (const store of [location, undefined, {}]) {
      const error = await createEngine({ store } as unknown as Parameters<typeof createEngine>[0]).catch(
        (caught: unknown) => caught,
      );
      expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', argument: 'store' });
      expect((error as Error).message).toMatch(/openStore\(location\)/);
    }
    const engine = await createEngine({ store: await openStore(location) });
    expect(await engine.store.listCollections()).toEqual([]);
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

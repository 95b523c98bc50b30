/**
 * OpenTelemetry spans of ingest, search and ask, recorded by the real SDK (in-memory exporter,
 * AsyncLocalStorage context manager) from an engine on a SQLite file, with an OpenAI-compatible
 * embedder and chat model served locally.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEngine, type Engine, type EngineConfig } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import {
  childNames,
  childrenOf,
  MemoryCache,
  onlySpan,
  type SpanRecorder,
  startSpanRecorder,
} from '../src/exports/testing.js';
import { LlmContextualizer } from '../src/ingest/contextualize/llm-contextualizer.js';
import { disposeOcr } from '../src/ingest/ocr/tesseract-ocr.js';
import { VisionTranscriber } from '../src/ingest/ocr/vision-transcriber.js';
import { CohereReranker } from '../src/providers/cohere/cohere-reranker.js';
import { OpenAIChatModel } from '../src/providers/openai/openai-chat-model.js';
import { OpenAIEmbedder } from '../src/providers/openai/openai-embedder.js';
import type { RecordedSpan as ReadableSpan } from '../src/testing/span-recorder.js';
import { startCohereServer } from './support/cohere-server.js';
import { PIPER_REPORT, tempDir } from './support/corpus.js';
import { type FakeServer, startOpenAICompatibleServer } from './support/openai-compatible-server.js';
import { ocrVisionReply, type VisionCall } from './support/vision-model.js';

const COLLECTION = 'field-notes';
const NAMESPACE = 'tenant-a';
const STANDALONE = 'What do marmots eat in summer?';

/** A one-page PDF with `lines` of text, made with pdf-lib. */
async function textPdf(lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  lines.forEach((line, i) => {
    page.drawText(line, { x: 72, y: 700 - i * 18, size: 12, font });
  });
  return pdf.save();
}

async function writeFolder(): Promise<string> {
  const dir = tempDir('cairn-trace-');
  mkdirSync(path.join(dir, 'docs'));
  writeFileSync(
    path.join(dir, 'docs', 'marmots.md'),
    '# Marmots\n\nMarmots dig burrows under granite boulders.\n\n## Diet\n\nIn summer marmots eat grasses and flowers.\n',
  );
  writeFileSync(
    path.join(dir, 'docs', 'quokkas.pdf'),
    await textPdf(['Quokkas live on Rottnest Island.', 'They are small marsupials that eat leaves.']),
  );
  // A real PDF cut short: the parser fails on it.
  writeFileSync(path.join(dir, 'docs', 'broken.pdf'), readFileSync(PIPER_REPORT).subarray(0, 1500));
  return dir;
}

const attr = (span: ReadableSpan, name: string) => span.attributes[name];

function expectScoped(spans: ReadableSpan[]): void {
  expect(spans.length).toBeGreaterThan(0);
  for (const span of spans) {
    expect(attr(span, 'cairn.collection'), span.name).toBe(COLLECTION);
    expect(attr(span, 'cairn.namespace'), span.name).toBe(NAMESPACE);
  }
}

describe('tracing with the OpenTelemetry SDK registered', () => {
  let recorder: SpanRecorder;
  let server: FakeServer;
  let engine: Engine;
  let folder: string;

  beforeAll(async () => {
    recorder = startSpanRecorder();
    server = await startOpenAICompatibleServer({
      dimension: 32,
      reply: (messages) =>
        messages[0]!.content.startsWith('You rewrite the last message')
          ? STANDALONE
          : 'In summer marmots eat grasses and flowers [1].',
    });
    folder = await writeFolder();
    engine = await createEngine({
      store: await openStore(path.join(tempDir(), 'traced.db')),
      collection: COLLECTION,
      namespace: NAMESPACE,
      embedder: new OpenAIEmbedder({ model: 'hash-32', dimension: 32, baseURL: server.baseURL }),
      chatModel: new OpenAIChatModel({ model: 'chat-small', baseURL: server.baseURL }),
    });
  });
  afterAll(async () => {
    await engine.close();
    await server.close();
    await recorder.stop();
  });

  it('ingest: cairn.ingest, a cairn.ingest.document per file with its stages; the broken file is ERROR with its code and the rest are OK', async () => {
    recorder.reset();
    const report = await engine.ingestPaths([path.join(folder, 'docs')], { root: folder });
    expect(report.totals).toMatchObject({ ingested: 2, failed: 1 });
    const spans = recorder.spans();
    expectScoped(spans);
    const [root, ...others] = childrenOf(spans, undefined);
    expect(others).toEqual([]);
    expect(root!.name).toBe('cairn.ingest');
    expect(root!.attributes).toMatchObject({ 'cairn.ingest.ingested': 2, 'cairn.ingest.failed': 1 });
    const documents = childrenOf(spans, root);
    expect(documents.map((d) => d.name)).toEqual(Array(3).fill('cairn.ingest.document'));
    const byId = new Map(documents.map((d) => [attr(d, 'cairn.document.id'), d]));
    expect([...byId.keys()].sort()).toEqual(['docs/broken.pdf', 'docs/marmots.md', 'docs/quokkas.pdf']);

    for (const id of ['docs/marmots.md', 'docs/quokkas.pdf']) {
      const document = byId.get(id)!;
      expect(document.status.code, id).not.toBe(SpanStatusCode.ERROR);
      expect(document.attributes).toMatchObject({ 'cairn.ingest.status': 'ingested' });
      expect(attr(document, 'cairn.chunks')).toBeGreaterThan(0);
      expect(childNames(spans, document)).toEqual([
        'cairn.route',
        'cairn.parse',
        'cairn.chunk',
        'embeddings hash-32',
        'cairn.store.write',
      ]);
      const [route, , chunk, embeddings, write] = childrenOf(spans, document);
      expect(attr(route!, 'cairn.format')).toBe(id.endsWith('.pdf') ? 'pdf' : 'markdown');
      expect(attr(chunk!, 'cairn.chunks')).toBe(attr(document, 'cairn.chunks'));
      expect(embeddings!.kind).toBe(SpanKind.CLIENT);
      expect(embeddings!.attributes).toMatchObject({
        'gen_ai.operation.name': 'embeddings',
        'gen_ai.request.model': 'hash-32',
        'gen_ai.embeddings.dimension.count': 32,
        'cairn.texts': attr(document, 'cairn.chunks'),
      });
      expect(attr(embeddings!, 'gen_ai.usage.input_tokens')).toBeGreaterThan(0);
      expect(write!.attributes).toMatchObject({
        'db.system.name': 'sqlite',
        'db.operation.name': 'replace_document',
        'cairn.chunks': attr(document, 'cairn.chunks'),
      });
    }

    const broken = byId.get('docs/broken.pdf')!;
    expect(broken.status.code).toBe(SpanStatusCode.ERROR);
    expect(broken.attributes).toMatchObject({
      'error.type': 'PARSE_FAILED',
      'cairn.ingest.status': 'failed',
    });
    expect(broken.events.map((e) => e.name)).toContain('exception');
    const parse = onlySpan(childrenOf(spans, broken), 'cairn.parse');
    expect(parse.status.code).toBe(SpanStatusCode.ERROR);
    expect(attr(parse, 'error.type')).toBe('PARSE_FAILED');
    expect(childNames(spans, broken)).not.toContain('cairn.store.write');
    // Every span ended, and only the failed file's are errors.
    const errors = spans.filter((s) => s.status.code === SpanStatusCode.ERROR).map((s) => s.name);
    expect(errors.sort()).toEqual(['cairn.ingest.document', 'cairn.parse']);
  });

  it('an empty file is skipped, not failed: its parse span records the outcome, without ERROR', async () => {
    const dir = tempDir('cairn-trace-empty-');
    writeFileSync(path.join(dir, 'empty.md'), '');
    writeFileSync(path.join(dir, 'blank.txt'), '  \n\n ');
    recorder.reset();
    const report = await engine.ingestPaths([dir], { root: dir });
    expect(report.totals).toMatchObject({ ingested: 0, skipped: 2, failed: 0 });
    const spans = recorder.spans();
    const errors = spans.filter((s) => s.status.code === SpanStatusCode.ERROR).map((s) => s.name);
    expect(errors).toEqual([]);
    const documents = spans.filter((s) => s.name === 'cairn.ingest.document');
    expect(documents).toHaveLength(2);
    for (const document of documents) {
      expect(document.status.code).toBe(SpanStatusCode.UNSET);
      expect(document.attributes).toMatchObject({ 'cairn.ingest.status': 'skipped' });
      const parse = onlySpan(childrenOf(spans, document), 'cairn.parse');
      expect(parse.status.code).toBe(SpanStatusCode.UNSET);
      expect(attr(parse, 'cairn.outcome')).toBe('skipped');
      expect(parse.events.map((e) => e.name)).toEqual(['cairn.outcome']);
      expect(parse.events[0]!.attributes).toMatchObject({ 'error.type': 'EMPTY_DOCUMENT' });
    }
  });

  it('lexical search: retrieval with a lexical search, started and completed events with hits and top score', async () => {
    recorder.reset();
    // No document is named (no document focus): one lexical search.
    const { hits } = await engine.search('granite burrows', { mode: 'lexical' });
    expect(hits.length).toBeGreaterThan(0);
    const spans = recorder.spans();
    expectScoped(spans);
    const [retrieval] = childrenOf(spans, undefined);
    expect(retrieval!.name).toBe(`retrieval ${COLLECTION}`);
    expect(retrieval!.kind).toBe(SpanKind.CLIENT);
    expect(retrieval!.attributes).toMatchObject({
      'gen_ai.operation.name': 'retrieval',
      'gen_ai.data_source.id': COLLECTION,
      'cairn.search.mode': 'lexical',
      'cairn.hits': hits.length,
      'cairn.hits.top_score': hits[0]!.score,
    });
    expect(childNames(spans, retrieval!)).toEqual(['cairn.search.lexical']);
    expect(attr(childrenOf(spans, retrieval)[0]!, 'cairn.hits')).toBeGreaterThanOrEqual(hits.length);
    const [started, completed] = retrieval!.events;
    expect(started!.name).toBe('cairn.query.started');
    expect(completed!.name).toBe('cairn.query.completed');
    expect(completed!.attributes).toMatchObject({
      'cairn.hits': hits.length,
      'cairn.hits.top_score': hits[0]!.score,
    });
    expect(completed!.attributes!['cairn.duration_ms']).toBeGreaterThan(0);
  });

  it('hybrid search: retrieval with the query embedding, dense and lexical searches and their fusion', async () => {
    recorder.reset();
    const { hits, mode } = await engine.search('what grasses and leaves are eaten', { mode: 'hybrid' });
    expect(mode).toBe('hybrid');
    const spans = recorder.spans();
    expectScoped(spans);
    const [retrieval] = childrenOf(spans, undefined);
    expect(retrieval!.name).toBe(`retrieval ${COLLECTION}`);
    expect(childNames(spans, retrieval!).sort()).toEqual([
      'cairn.fusion',
      'cairn.search.dense',
      'cairn.search.lexical',
      'embeddings hash-32',
    ]);
    const embeddings = onlySpan(spans, 'embeddings hash-32');
    expect(attr(embeddings, 'cairn.embedding.kind')).toBe('query');
    // The GenAI conventions' attributes of a call to a remote model: where it went, what answered.
    expect(embeddings.attributes).toMatchObject({
      'gen_ai.provider.name': 'openai',
      'server.address': '127.0.0.1',
      'server.port': Number(new URL(server.baseURL).port),
      'gen_ai.response.model': 'hash-32',
    });
    expect(attr(embeddings, 'gen_ai.usage.input_tokens')).toBeGreaterThan(0);
    const fusion = onlySpan(spans, 'cairn.fusion');
    expect(fusion.attributes).toMatchObject({ 'cairn.fusion.k': 60, 'cairn.fusion.rankings': 2 });
    expect(retrieval!.events.at(-1)!.attributes).toMatchObject({
      'cairn.hits': hits.length,
      'cairn.hits.top_score': hits[0]!.score,
    });
  });

  it('reranked search: a rerank span under retrieval with the model and the candidates', async () => {
    const cohere = await startCohereServer();
    try {
      recorder.reset();
      const reranker = new CohereReranker({ baseURL: cohere.baseURL, apiKey: 'test-key' });
      const { hits } = await engine.search('granite burrows', { mode: 'lexical', reranker, topK: 1 });
      expect(hits).toHaveLength(1);
      const spans = recorder.spans();
      expectScoped(spans);
      const [retrieval] = childrenOf(spans, undefined);
      expect(childNames(spans, retrieval!)).toEqual(['cairn.search.lexical', 'rerank rerank-v3.5']);
      const rerank = onlySpan(spans, 'rerank rerank-v3.5');
      expect(rerank.kind).toBe(SpanKind.CLIENT);
      expect(rerank.attributes).toMatchObject({
        'gen_ai.provider.name': 'cohere',
        'gen_ai.request.model': 'rerank-v3.5',
        'server.address': '127.0.0.1',
        'server.port': Number(new URL(cohere.baseURL).port),
      });
      expect(attr(rerank, 'cairn.rerank.candidates')).toBe(
        attr(onlySpan(spans, 'cairn.search.lexical'), 'cairn.hits'),
      );
    } finally {
      await cohere.close();
    }
  });

  it('ingest with an LLM contextualizer: cairn.contextualize holds a chat call per chunk', async () => {
    const contextualized = await createEngine({
      store: await openStore(path.join(tempDir(), 'contextualized.db')),
      collection: COLLECTION,
      namespace: NAMESPACE,
      contextualizer: new LlmContextualizer({
        chatModel: new OpenAIChatModel({ model: 'chat-small', baseURL: server.baseURL }),
      }),
    });
    try {
      recorder.reset();
      const report = await contextualized.ingestPaths([path.join(folder, 'docs', 'marmots.md')]);
      expect(report.totals.ingested).toBe(1);
      const spans = recorder.spans();
      expectScoped(spans);
      const stage = onlySpan(spans, 'cairn.contextualize');
      const chats = childrenOf(spans, stage);
      expect(chats.length).toBe(attr(stage, 'cairn.chunks'));
      for (const chat of chats) {
        expect(chat.name).toBe('chat chat-small');
        expect(attr(chat, 'cairn.chat.purpose')).toBe('contextualize');
      }
    } finally {
      await contextualized.close();
    }
  });

  it('ask with history: cairn.ask → cairn.rewrite (a chat call) → retrieval → chat, with GenAI attributes and token usage', async () => {
    recorder.reset();
    const answer = await engine.ask('And what do they eat?', {
      history: [
        { role: 'user', content: 'Where do marmots live?' },
        { role: 'assistant', content: 'Under granite boulders [1].' },
      ],
    });
    expect(answer.standalone).toBe(STANDALONE);
    const spans = recorder.spans();
    expectScoped(spans);
    const [ask, ...others] = childrenOf(spans, undefined);
    expect(others).toEqual([]);
    expect(ask!.name).toBe('cairn.ask');
    expect(ask!.attributes).toMatchObject({ 'cairn.history.turns': 2, 'cairn.answer.rewritten': true });
    const stages = childNames(spans, ask!);
    expect(stages.slice(0, 2)).toEqual(['cairn.rewrite', `retrieval ${COLLECTION}`]);
    expect(stages).toContain('cairn.answer');
    const rewrite = onlySpan(spans, 'cairn.rewrite');
    const chats = spans.filter((s) => s.name === 'chat chat-small');
    expect(chats.map((c) => attr(c, 'cairn.chat.purpose')).sort()).toEqual(['answer', 'rewrite']);
    for (const chat of chats) {
      expect(chat.kind).toBe(SpanKind.CLIENT);
      expect(chat.attributes).toMatchObject({
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': 'openai', // the GenAI conventions' name for OpenAI's API
        'gen_ai.request.model': 'chat-small',
      });
      // No temperature is forced on the model, so none is reported.
      expect(chat.attributes).not.toHaveProperty('gen_ai.request.temperature');
      expect(attr(chat, 'gen_ai.usage.input_tokens')).toBeGreaterThan(0);
      expect(attr(chat, 'gen_ai.usage.output_tokens')).toBeGreaterThan(0);
      expect(chat.attributes).toMatchObject({
        'server.address': '127.0.0.1',
        'server.port': Number(new URL(server.baseURL).port),
        'gen_ai.response.model': 'chat-small',
        'gen_ai.response.finish_reasons': ['stop'],
      });
      expect(attr(chat, 'gen_ai.response.id')).toMatch(/^chatcmpl-\d+$/);
    }
    expect(new Set(chats.map((c) => attr(c, 'gen_ai.response.id'))).size).toBe(2);
    // The ask's own searches for boilerplate are probes, not retrievals: one retrieval span.
    expect(spans.filter((s) => attr(s, 'gen_ai.operation.name') === 'retrieval')).toHaveLength(1);
    const rewriteChat = chats.find((c) => attr(c, 'cairn.chat.purpose') === 'rewrite')!;
    expect(rewriteChat.parentSpanContext?.spanId).toBe(rewrite.spanContext().spanId);
    // The fake server counts words: the rewrite's reply is the standalone question.
    expect(attr(rewriteChat, 'gen_ai.usage.output_tokens')).toBe(STANDALONE.split(' ').length);
    const answerChat = chats.find((c) => attr(c, 'cairn.chat.purpose') === 'answer')!;
    expect(answerChat.parentSpanContext?.spanId).toBe(onlySpan(spans, 'cairn.answer').spanContext().spanId);
    const request = server.requests.at(-1)!;
    expect(request.body.stream_options).toEqual({ include_usage: true });
  });

  it('a query embedding found in the cache makes no embeddings span (no model call happened)', async () => {
    const cached = await createEngine({
      store: await openStore(path.join(tempDir(), 'cached.db')),
      collection: COLLECTION,
      namespace: NAMESPACE,
      embedder: new OpenAIEmbedder({ model: 'hash-32', dimension: 32, baseURL: server.baseURL }),
      cache: new MemoryCache(),
    });
    try {
      const text = 'Pikas gather hay piles on talus slopes before winter.';
      await cached.ingestSource({ name: 'pika.md', bytes: new TextEncoder().encode(text) });
      const query = 'where do pikas keep hay';
      await cached.search(query, { mode: 'dense' });
      recorder.reset();
      const before = server.requests.length;
      const { hits } = await cached.search(query, { mode: 'dense' });
      expect(hits.length).toBeGreaterThan(0);
      expect(server.requests.length).toBe(before); // no model call happened...
      const names = recorder.spans().map((s) => s.name);
      expect(names).not.toContain('embeddings hash-32'); // ...so no model span
      expect(names).toContain('cairn.search.dense');
    } finally {
      await cached.close();
    }
  });

  it('an extractive ask: its evidence and boilerplate searches are internal probes under their stages, not retrievals', async () => {
    const extractive = await createEngine({
      store: await openStore(path.join(tempDir(), 'extractive.db')),
      collection: COLLECTION,
      namespace: NAMESPACE,
    });
    try {
      const text =
        '# Marmots\n\nIn the long alpine summer the marmots eat grasses, flowers and seeds near their burrows.\n';
      await extractive.ingestSource({ name: 'marmots.md', bytes: new TextEncoder().encode(text) });
      recorder.reset();
      // "meadows" is no word of the hits: the evidence check searches for it (a word the hits hold
      // needs no search).
      await extractive.ask('What do marmots eat in the alpine summer meadows?');
      const spans = recorder.spans();
      const retrievals = spans.filter((s) => s.name.startsWith('retrieval '));
      expect(retrievals).toHaveLength(1);
      expect(spans.filter((s) => attr(s, 'gen_ai.operation.name') === 'retrieval')).toHaveLength(1);
      const evidence = onlySpan(spans, 'cairn.evidence');
      const probes = childrenOf(spans, evidence);
      expect(probes.length).toBeGreaterThan(0);
      for (const probe of probes) {
        expect(probe.name).toBe('cairn.probe evidence-check');
        expect(probe.kind).toBe(SpanKind.INTERNAL);
        expect(probe.attributes).toMatchObject({
          'cairn.probe': 'evidence-check',
          'cairn.collection': COLLECTION,
        });
        expect(probe.attributes).not.toHaveProperty('gen_ai.operation.name');
      }
      const boilerplate = onlySpan(spans, 'cairn.boilerplate');
      const boilerplateProbes = childrenOf(spans, boilerplate);
      expect(boilerplateProbes.length).toBeGreaterThan(0);
      expect(new Set(boilerplateProbes.map((p) => p.name))).toEqual(new Set(['cairn.probe boilerplate']));
    } finally {
      await extractive.close();
    }
  });

  it('a failing chat call ends its span with status ERROR and error.type, and the ask span too', async () => {
    recorder.reset();
    // Lexical, so that the chat call is the first request the model server gets.
    server.failures.push(400);
    await expect(engine.ask('What do marmots eat?', { mode: 'lexical' })).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
    });
    const spans = recorder.spans();
    const chat = onlySpan(spans, 'chat chat-small');
    expect(chat.status.code).toBe(SpanStatusCode.ERROR);
    expect(attr(chat, 'error.type')).toBe('PROVIDER_ERROR');
    expect(attr(onlySpan(spans, 'cairn.ask'), 'error.type')).toBe('PROVIDER_ERROR');
  });

  it('an answer stream left early ends its spans, marked cancelled rather than failed', async () => {
    recorder.reset();
    for await (const part of engine.stream('What do marmots eat?', { mode: 'lexical' })) {
      if (part.type === 'text') break;
    }
    // Leaving the loop aborts the answer, which then settles on its own.
    await vi.waitFor(() => onlySpan(recorder.spans(), 'cairn.ask'), { timeout: 60_000 });
    const spans = recorder.spans();
    const chat = onlySpan(spans, 'chat chat-small');
    expect(chat.ended).toBe(true);
    expect(attr(chat, 'cairn.cancelled')).toBe(true);
    for (const span of spans) expect(span.status.code, span.name).not.toBe(SpanStatusCode.ERROR);
    expect(attr(onlySpan(spans, 'cairn.ask'), 'cairn.cancelled')).toBe(true);
  });
});

describe('tracing without a tracer provider', () => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await startOpenAICompatibleServer({ dimension: 32, reply: () => 'Marmots eat grasses [1].' });
  });
  afterAll(() => server.close());

  it('ingests, searches and answers as before, and asks the chat model for nothing extra', async () => {
    const folder = await writeFolder();
    const engine = await createEngine({
      store: await openStore(path.join(tempDir(), 'untraced.db')),
      embedder: new OpenAIEmbedder({ model: 'hash-32', dimension: 32, baseURL: server.baseURL }),
      chatModel: new OpenAIChatModel({ model: 'chat-small', baseURL: server.baseURL }),
    });
    try {
      const report = await engine.ingestPaths([path.join(folder, 'docs')], { root: folder });
      expect(report.totals).toMatchObject({ ingested: 2, failed: 1 });
      expect((await engine.search('marmots', { mode: 'hybrid' })).hits.length).toBeGreaterThan(0);
      const answer = await engine.ask('What do marmots eat?');
      expect(answer.text).toContain('grasses');
      const chat = server.requests.filter((r) => r.path.endsWith('/chat/completions'));
      expect(chat.length).toBeGreaterThan(0);
      for (const request of chat) expect(request.body.stream_options).toBeUndefined();
    } finally {
      await engine.close();
    }
  });
});

describe('tracing of page images: OCR and vision', () => {
  let recorder: SpanRecorder;
  let server: FakeServer;
  const calls: VisionCall[] = [];
  let folder: string;

  beforeAll(() => {
    recorder = startSpanRecorder();
    folder = tempDir('cairn-trace-scan-');
    copyFileSync(path.resolve('test/fixtures/parsers/scan.png'), path.join(folder, 'invoice.png'));
  });
  afterAll(async () => {
    await server?.close();
    await disposeOcr();
    await recorder.stop();
  });

  async function ingestScan(config: Omit<EngineConfig, 'store'>, isolate: boolean): Promise<ReadableSpan[]> {
    const engine = await createEngine({
      ...config,
      store: await openStore(path.join(tempDir(), 'scan.db')),
      parseLimits: { isolate },
    });
    try {
      recorder.reset();
      const report = await engine.ingestPaths([folder]);
      expect(report.totals).toMatchObject({ ingested: 1, failed: 0 });
      return recorder.spans();
    } finally {
      await engine.close();
    }
  }

  it.each([
    ['in the parsing process', true],
    ['in this process', false],
  ])('reads an image by OCR %s inside cairn.ocr under cairn.parse', async (_where, isolate) => {
    const spans = await ingestScan({}, isolate);
    const parse = onlySpan(spans, 'cairn.parse');
    const ocr = onlySpan(spans, 'cairn.ocr');
    expect(ocr.parentSpanContext?.spanId).toBe(parse.spanContext().spanId);
    expect(String(attr(ocr, 'cairn.ocr.engine'))).toMatch(/tesseract/);
    expect(attr(ocr, 'cairn.collection')).toBe('default');
    expect(attr(ocr, 'cairn.namespace')).toBe('default');
    expect(ocr.status.code).not.toBe(SpanStatusCode.ERROR);
  });

  it.each([
    ['in the parsing process', true],
    ['in this process', false],
  ])(
    'reads an image with a vision model %s: cairn.vision with the page, and its chat call',
    async (_where, isolate) => {
      server ??= await startOpenAICompatibleServer({ reply: ocrVisionReply(calls) });
      const vision = new VisionTranscriber(new OpenAIChatModel({ model: 'eyes', baseURL: server.baseURL }));
      const spans = await ingestScan({ vision }, isolate);
      const parse = onlySpan(spans, 'cairn.parse');
      const page = onlySpan(spans, 'cairn.vision');
      expect(page.parentSpanContext?.spanId).toBe(parse.spanContext().spanId);
      expect(attr(page, 'cairn.page')).toBe(1);
      const chat = onlySpan(spans, 'chat eyes');
      expect(chat.parentSpanContext?.spanId).toBe(page.spanContext().spanId);
      expect(chat.attributes).toMatchObject({
        'gen_ai.operation.name': 'chat',
        'cairn.chat.purpose': 'vision',
      });
      expect(attr(chat, 'gen_ai.usage.output_tokens')).toBeGreaterThan(0);
      expect(spans.map((s) => s.name)).not.toContain('cairn.ocr');
    },
  );
});

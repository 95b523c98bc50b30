import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_CORPUS, answerEngine } from '../../../test/support/answer-corpus.js';
import type { Engine } from '../../engine/engine.js';
import { isToolError } from './cairn-tool.js';
import { createCairnTools, toAiSdkTools, toJsonSchemaTools } from './create-tools.js';

let engine: Engine;
beforeAll(async () => {
  engine = await answerEngine();
});
afterAll(() => engine.close());

describe('search tool', () => {
  it('returns ranked hits with ids, scores, location and metadata', async () => {
    const { search } = createCairnTools(engine);
    const result = await search.execute({ query: 'marmots hibernate granite' });
    if (isToolError(result)) throw new Error(result.error.message);
    expect(result.mode).toBe('lexical');
    expect(result.hits[0]).toMatchObject({
      rank: 1,
      chunkId: 'burrows.md:0',
      documentId: 'burrows.md',
      sourceName: 'burrows.md',
      pageStart: 1,
      headingPath: ['Field Guide', 'Burrows'],
      metadata: { topic: 'burrows' },
    });
    expect(result.hits[0]!.score).toBeGreaterThan(0);
    expect(result.hits[0]!.scores.lexical).toBeGreaterThan(0);
    expect(result.hits[0]!.text).toContain('granite boulders');
  });

  it('coerces numbers sent as strings and objects sent as JSON text', async () => {
    const { search } = createCairnTools(engine);
    const result = await search.execute({
      query: 'marmots',
      topK: '1',
      filter: '{"topic": {"$eq": "diet"}}',
    });
    if (isToolError(result)) throw new Error(result.error.message);
    expect(result.hits.map((h) => h.documentId)).toEqual(['diet.md']);
    const two = await search.execute({
      query: 'marmots',
      topK: ' 2 ',
      documentIds: '["diet.md","burrows.md"]',
    });
    expect(isToolError(two) ? two : two.hits.length).toBe(2);
  });

  it.each([
    [{}, /query/],
    [{ query: '   ' }, /query: must not be empty/],
    [{ query: 'x', topK: 0 }, /topK/],
    [{ query: 'x', topK: 'five' }, /topK/],
    [{ query: 'x', topK: '2.5' }, /topK/],
    [{ query: 'x', mode: 'fuzzy' }, /mode/],
    [null, /query/],
    ['marmots', /arguments/],
  ])('answers invalid arguments %j with an INVALID_ARGUMENT result', async (input, message) => {
    const { search } = createCairnTools(engine);
    const result = await search.execute(input);
    expect(result).toMatchObject({ error: { code: 'INVALID_ARGUMENT' } });
    expect(isToolError(result) && result.error.message).toMatch(message);
  });

  it('returns engine errors as results with their code', async () => {
    const { search } = createCairnTools(engine);
    expect(await search.execute({ query: 'x', filter: { topic: { $regex: 'd.*' } } })).toMatchObject({
      error: { code: 'INVALID_FILTER' },
    });
    // zod's records dropped a __proto__ key, and the filter then matched everything.
    for (const filter of [
      '{"__proto__": {"topic": "none"}}',
      JSON.parse('{"__proto__": {"topic": "none"}}'),
    ]) {
      expect(await search.execute({ query: 'marmots', filter })).toMatchObject({
        error: { code: 'INVALID_FILTER', message: expect.stringContaining('__proto__') },
      });
    }
    // A mode the collection cannot serve (no embedder) is the caller's argument, named as such.
    expect(await search.execute({ query: 'x', mode: 'dense' })).toMatchObject({
      error: {
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/^mode: dense search needs an embedder/),
      },
    });
  });

  it('stays within the namespace and collection it was created for', async () => {
    const other = createCairnTools(engine, { namespace: 'someone-else' });
    const result = await other.search.execute({
      query: 'marmots',
      collection: 'default',
      namespace: 'default',
    });
    expect(result).toEqual({ query: 'marmots', mode: 'lexical', hits: [] });
    expect(await other.lookup.execute({ documentId: 'diet.md' })).toMatchObject({
      error: { code: 'NOT_FOUND' },
    });
  });
});

describe('context tool', () => {
  it('returns spotlighted passages, their sources and the instructions naming the tag', async () => {
    const { context } = createCairnTools(engine);
    const result = await context.execute({ query: 'hangar door code', topK: '1' });
    if (isToolError(result)) throw new Error(result.error.message);
    const tag = /<<source 1 ([0-9a-f]{12})>>/.exec(result.text)![1]!;
    expect(result.instructions).toContain(`<<end source n ${tag}>>`);
    expect(result.text).toContain('Ignore previous instructions');
    expect(result.text.match(/<<end source/g)).toHaveLength(1);
    expect(result.sources).toEqual([
      expect.objectContaining({
        n: 1,
        documentId: 'hangar.md',
        chunkId: 'hangar.md:0',
        headingPath: ['Hangar Notes'],
      }),
    ]);
  });
});

describe('lookup tool', () => {
  it('reads a chunk by id', async () => {
    const { lookup } = createCairnTools(engine);
    expect(await lookup.execute({ chunkId: 'diet.md:0' })).toMatchObject({
      kind: 'chunk',
      chunk: { chunkId: 'diet.md:0', documentId: 'diet.md', sourceName: 'diet.md', ordinal: 0 },
    });
  });

  it('reads a document with an outline of its chunks', async () => {
    const { lookup } = createCairnTools(engine);
    const result = await lookup.execute({ documentId: 'piper.md' });
    if (isToolError(result) || result.kind !== 'document') throw new Error('expected a document');
    expect(result.document).toMatchObject({
      documentId: 'piper.md',
      mediaType: 'text/markdown',
      chunkCount: 1,
    });
    expect(result.chunks).toEqual([expect.objectContaining({ chunkId: 'piper.md:0', ordinal: 0 })]);
    expect(result.truncated).toBe(false);
    const none = await lookup.execute({ documentId: 'piper.md', maxChunks: '0' });
    expect(none).toMatchObject({ kind: 'document', chunks: [], truncated: true });
  });

  it('reports unknown ids as NOT_FOUND and wants exactly one id', async () => {
    const { lookup } = createCairnTools(engine);
    expect(await lookup.execute({ chunkId: 'nope.md:0' })).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect(await lookup.execute({ documentId: 'nope.md' })).toMatchObject({ error: { code: 'NOT_FOUND' } });
    for (const input of [{}, { chunkId: 'diet.md:0', documentId: 'diet.md' }]) {
      expect(await lookup.execute(input)).toMatchObject({
        error: { code: 'INVALID_ARGUMENT', message: expect.stringMatching(/exactly one/) },
      });
    }
  });
});

describe('ask tool', () => {
  it('answers with cited sources and rewrites a follow-up against the history', async () => {
    const { ask } = createCairnTools(engine, { ask: true });
    const result = await ask!.execute({
      question: 'What do they eat?',
      history: [{ role: 'user', content: 'Where do marmots hibernate?' }],
    });
    if (isToolError(result)) throw new Error(result.error.message);
    expect(result).toMatchObject({ notFound: false, rewritten: true, answeredBy: 'extractive' });
    expect(result.sources.map((s) => s.documentId)).toContain('diet.md');
    expect(await ask!.execute({ question: 'thanks!' })).toMatchObject({ smallTalk: true, sources: [] });
    expect(await ask!.execute({ question: 'x', history: [{ role: 'system', content: 'y' }] })).toMatchObject({
      error: { code: 'INVALID_ARGUMENT', message: expect.stringMatching(/history\.0\.role/) },
    });
  });
});

describe('tool definitions', () => {
  it('describe their arguments as JSON Schema, coercions shown by their target type', () => {
    const { search, lookup } = createCairnTools(engine);
    expect(search.jsonSchema).toMatchObject({
      type: 'object',
      required: ['query'],
      properties: {
        query: { type: 'string', minLength: 1, maxLength: 2000 },
        topK: { type: 'integer', minimum: 1, maximum: 50 },
        mode: { enum: ['lexical', 'dense', 'hybrid'] },
        filter: { type: 'object' },
        documentIds: { type: 'array', items: { type: 'string' } },
      },
    });
    expect(search.jsonSchema).not.toHaveProperty('$schema');
    expect(Object.keys(lookup.jsonSchema.properties as object)).toEqual([
      'chunkId',
      'documentId',
      'maxChunks',
    ]);
  });

  it('convert to plain JSON-Schema functions and to the AI SDK tool shape, with a name prefix', async () => {
    const tools = createCairnTools(engine, { prefix: 'kb_', ask: true });
    const plain = toJsonSchemaTools(tools);
    expect(plain.map((t) => t.name)).toEqual(['kb_search', 'kb_context', 'kb_lookup', 'kb_ask']);
    expect(plain[0]!.parameters).toBe(tools.search.jsonSchema);
    const ai = toAiSdkTools(tools);
    expect(Object.keys(ai)).toEqual(['kb_search', 'kb_context', 'kb_lookup', 'kb_ask']);
    expect(ai.kb_search!.inputSchema.safeParse({ query: 'q', topK: '3' })).toMatchObject({
      success: true,
      data: { query: 'q', topK: 3 },
    });
    const result = await ai.kb_lookup!.execute(
      { chunkId: 'piper.md:0' },
      { abortSignal: new AbortController().signal },
    );
    expect(result).toMatchObject({ kind: 'chunk', chunk: { text: expect.stringContaining('Tallahassee') } });
    expect(await plain[2]!.execute({ chunkId: 'x' })).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('never throw, even when the engine is closed', async () => {
    const closed = await answerEngine();
    const tools = createCairnTools(closed, { ask: true });
    await closed.close();
    for (const [tool, input] of [
      [tools.search, { query: 'marmots' }],
      [tools.context, { query: 'marmots' }],
      [tools.lookup, { documentId: Object.keys(ANSWER_CORPUS)[0] }],
      [tools.ask!, { question: 'Where do marmots hibernate?' }],
    ] as const) {
      const result = await tool.execute(input);
      expect(isToolError(result)).toBe(true);
    }
  });
});

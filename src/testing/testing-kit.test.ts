import { describe, expect, it } from 'vitest';
import {
  createTestEngine,
  HashingEmbedder,
  hashEmbedding,
  MemoryCache,
  ScriptedChatModel,
  TermOverlapReranker,
} from '../exports/testing.js';

const text = (s: string) => new TextEncoder().encode(s);

describe('cairn/testing', () => {
  it('HashingEmbedder is deterministic, normalised, and closer for shared words', async () => {
    const embedder = new HashingEmbedder({ dimension: 32 });
    const { embeddings } = await embedder.doEmbed({
      texts: ['marmots hibernate', 'Marmots HIBERNATE', 'pikas gather hay'],
      kind: 'document',
    });
    expect(embeddings[0]).toEqual(embeddings[1]);
    expect(embeddings[0]).toEqual(hashEmbedding('marmots hibernate', 32));
    expect(Math.hypot(...embeddings[0]!)).toBeCloseTo(1, 12);
    const cos = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);
    const query = hashEmbedding('marmots', 32);
    expect(cos(query, embeddings[0]!)).toBeGreaterThan(cos(query, embeddings[2]!));
    expect(embedder.model).toBe('hashing-32');
    expect(embedder.calls).toEqual([
      { kind: 'document', texts: ['marmots hibernate', 'Marmots HIBERNATE', 'pikas gather hay'] },
    ]);
  });

  it('ScriptedChatModel streams its replies in order and says when the script runs out', async () => {
    const model = new ScriptedChatModel({ replies: ['first reply here', 'second'] });
    const read = async () => {
      const parts: string[] = [];
      for await (const part of model.doStream({ messages: [{ role: 'user', content: 'hi there' }] }))
        parts.push(part);
      return parts;
    };
    expect(await read()).toEqual(['first ', 'reply ', 'here']);
    expect((await read()).join('')).toBe('second');
    await expect(read()).rejects.toThrow(/2 replies/);
    expect(model.requests).toHaveLength(3);
  });

  it('createTestEngine ingests, searches with the reranker, answers from the script and caches embeddings', async () => {
    const kit = await createTestEngine({ replies: ['Marmots hibernate in burrows [1].'], tracing: true });
    try {
      await kit.engine.ingestSource({
        name: 'marmots.md',
        bytes: text('# Marmots\n\nMarmots hibernate in burrows.'),
      });
      await kit.engine.ingestSource({
        name: 'pikas.md',
        bytes: text('# Pikas\n\nPikas gather hay for winter.'),
      });
      const { hits, scoring } = await kit.engine.search('where do marmots hibernate', { topK: 1 });
      expect(hits[0]!.chunk.documentId).toBe('marmots.md');
      expect(scoring).toMatchObject({ dense: 'cosine', rerank: 'term-overlap' });
      expect(kit.reranker.calls.length).toBeGreaterThan(0);
      const answer = await kit.engine.ask('Where do marmots hibernate?');
      expect(answer.text).toBe('Marmots hibernate in burrows [1].');
      expect(kit.chatModel.requests).toHaveLength(1);
      expect(kit.cache.size('embedding/')).toBeGreaterThan(0);
      const embedded = kit.embedder.calls.length;
      await kit.engine.ingestSource(
        { name: 'marmots.md', bytes: text('# Marmots\n\nMarmots hibernate in burrows.') },
        { force: true },
      );
      expect(kit.embedder.calls.length).toBe(embedded);
      expect(kit.tracer!.spans().some((span) => span.name.startsWith('retrieval'))).toBe(true);
    } finally {
      await kit.close();
    }
  });

  it('exports the fakes the repository tests use', () => {
    expect(new TermOverlapReranker().model).toBe('term-overlap');
    expect(new MemoryCache().size()).toBe(0);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import {
  type FakeServer,
  startOpenAICompatibleServer,
} from '../../../test/support/openai-compatible-server.js';
import { OpenAIChatModel } from '../../answer/openai/openai-chat-model.js';
import { MarkdownChunker } from '../chunk/markdown-chunker.js';
import { cl100kTokenizer } from '../chunk/tokenizer.js';
import { LlmContextualizer } from './llm-contextualizer.js';
import { StructuralContextualizer } from './structural-contextualizer.js';

const sentence = (i: number) => `Sentence number ${i} talks about glaciers and moraines in some detail.`;
const paragraph = (from: number) => [0, 1, 2, 3].map((k) => sentence(from + k)).join(' ');
const markdown = [
  '# Glaciology',
  '',
  '## Moraines',
  '',
  paragraph(0),
  '',
  paragraph(10),
  '',
  paragraph(20),
  '',
  paragraph(30),
].join('\n');
const chunked = new MarkdownChunker({ chunkSize: 60, chunkOverlap: 0 }).chunkWithSpans({
  documentId: 'g.md',
  pages: [{ pageNumber: 1, markdown }],
});

describe('StructuralContextualizer', () => {
  it('adds title, heading path and neighbouring text cut at sentence boundaries within the window', async () => {
    const contextualizer = new StructuralContextualizer({ windowTokens: 30 });
    const texts = await contextualizer.contextualize({
      documentId: 'g.md',
      title: 'Field notes',
      source: chunked.source,
      chunks: chunked.chunks,
      spans: chunked.spans,
    });
    expect(texts).toHaveLength(chunked.chunks.length);
    const middle = chunked.chunks.findIndex((c) => c.text.includes('Sentence number 20'));
    expect(middle).toBeGreaterThan(0);
    const text = texts[middle]!;
    expect(text.startsWith('Field notes\nGlaciology > Moraines\n\n')).toBe(true);
    expect(text).toContain(chunked.chunks[middle]!.text);
    const [before, after] = text
      .slice('Field notes\nGlaciology > Moraines\n\n'.length)
      .split(chunked.chunks[middle]!.text)
      .map((part) => part.trim());
    for (const context of [before!, after!]) {
      expect(context.length).toBeGreaterThan(0);
      expect(cl100kTokenizer.count(context)).toBeLessThanOrEqual(30);
      expect(context).toMatch(/^Sentence number \d+ .*detail\.$/);
      expect(chunked.source).toContain(context);
    }
  });

  it('falls back to title and heading path without spans, and rejects a negative window', async () => {
    const texts = await new StructuralContextualizer().contextualize({
      documentId: 'g.md',
      source: chunked.source,
      chunks: chunked.chunks.slice(0, 1),
    });
    expect(texts[0]).toBe(`Glaciology > Moraines\n\n${chunked.chunks[0]!.text}`);
    expect(() => new StructuralContextualizer({ windowTokens: -1 })).toThrow(/windowTokens/);
  });
});

describe('LlmContextualizer', () => {
  let server: FakeServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('sends the whole document as an identical prefix and prepends the reply to each chunk', async () => {
    server = await startOpenAICompatibleServer({
      reply: (messages) =>
        `This chunk is part of ${messages[1]!.content.includes('Glaciology') ? 'Glaciology' : '?'}.`,
    });
    const contextualizer = new LlmContextualizer({
      chatModel: new OpenAIChatModel({ model: 'ctx', baseURL: server.baseURL }),
    });
    const chunks = chunked.chunks.slice(0, 2);
    const texts = await contextualizer.contextualize({ documentId: 'g.md', source: chunked.source, chunks });
    expect(texts).toEqual(chunks.map((c) => `This chunk is part of Glaciology.\n\n${c.text}`));
    const prompts = server.requests.map((r) => (r.body.messages as Array<{ content: string }>)[1]!.content);
    expect(prompts).toHaveLength(2);
    const prefix = `<document>\n${chunked.source}\n</document>`;
    expect(prompts.every((p) => p.startsWith(prefix))).toBe(true);
    expect(prompts[1]).toContain(chunks[1]!.text);
  });
});

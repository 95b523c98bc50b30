import { afterEach, describe, expect, it } from 'vitest';
import { startAnthropicMessagesServer } from '../../../test/support/anthropic-messages-server.js';
import {
  type FakeServer,
  startOpenAICompatibleServer,
} from '../../../test/support/openai-compatible-server.js';
import { AnthropicChatModel } from '../../providers/anthropic/anthropic-chat-model.js';
import { OpenAIChatModel } from '../../providers/openai/openai-chat-model.js';
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
  it('is a context header (title, heading path, windows cut at sentence boundaries), then the chunk verbatim', async () => {
    const contextualizer = new StructuralContextualizer({ windowTokens: 30, maxContextTokens: 70 });
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
    const chunkText = chunked.chunks[middle]!.text;
    expect(text.startsWith('Field notes\nGlaciology > Moraines\n\n')).toBe(true);
    expect(text.endsWith(`\n\n${chunkText}`)).toBe(true);
    const header = text.slice(0, text.length - chunkText.length).trim();
    expect(cl100kTokenizer.count(header)).toBeLessThanOrEqual(70);
    const [before, after] = header.slice('Field notes\nGlaciology > Moraines\n\n'.length).split('\n\n');
    for (const context of [before!, after!]) {
      expect(context.length).toBeGreaterThan(0);
      expect(cl100kTokenizer.count(context)).toBeLessThanOrEqual(30);
      expect(context).toMatch(/^Sentence number \d+ .*detail\.$/);
      expect(chunked.source).toContain(context);
    }
    for (const [i, t] of texts.entries()) {
      expect(t.endsWith(chunked.chunks[i]!.text)).toBe(true);
      const prefix = t.slice(0, t.length - chunked.chunks[i]!.text.length).trim();
      expect(cl100kTokenizer.count(prefix)).toBeLessThanOrEqual(70);
    }
  });

  it('holds the whole header to one ceiling: windows go first, then header lines', async () => {
    const input = {
      documentId: 'g.md',
      title: 'Field notes',
      source: chunked.source,
      chunks: chunked.chunks,
      spans: chunked.spans,
    };
    const middle = chunked.chunks.findIndex((c) => c.text.includes('Sentence number 20'));
    const chunkText = chunked.chunks[middle]!.text;
    const headerOnly = cl100kTokenizer.count('Field notes\nGlaciology > Moraines');
    const tight = await new StructuralContextualizer({ maxContextTokens: headerOnly }).contextualize(input);
    expect(tight[middle]).toBe(`Field notes\nGlaciology > Moraines\n\n${chunkText}`);
    const titleOnly = await new StructuralContextualizer({ maxContextTokens: 2 }).contextualize(input);
    expect(titleOnly[middle]).toBe(`Field notes\n\n${chunkText}`);
    const none = await new StructuralContextualizer({ maxContextTokens: 0 }).contextualize(input);
    expect(none[middle]).toBe(chunkText);
    expect(() => new StructuralContextualizer({ maxContextTokens: -1 })).toThrow(/maxContextTokens/);
  });

  it('names the document by its file name where that says more than the title', async () => {
    const [text] = await new StructuralContextualizer().contextualize({
      documentId: 'filings/2023 Q1 ACME.md',
      title: 'Glaciology',
      source: chunked.source,
      chunks: chunked.chunks.slice(0, 1),
    });
    expect(text).toBe(`2023 Q1 ACME\nGlaciology > Moraines\n\n${chunked.chunks[0]!.text}`);
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

  it('sends the whole document as an identical, cached prefix and prepends the reply to each chunk', async () => {
    server = await startOpenAICompatibleServer({
      reply: (messages) =>
        `This chunk is part of ${messages[0]!.content.includes('Glaciology') ? 'Glaciology' : '?'}.`,
    });
    const contextualizer = new LlmContextualizer({
      chatModel: new OpenAIChatModel({ model: 'ctx', baseURL: server.baseURL }),
    });
    const chunks = chunked.chunks.slice(0, 2);
    const texts = await contextualizer.contextualize({ documentId: 'g.md', source: chunked.source, chunks });
    expect(texts).toEqual(chunks.map((c) => `This chunk is part of Glaciology.\n\n${c.text}`));
    const sent = server.requests.map((r) => r.body.messages as Array<{ role: string; content: string }>);
    expect(sent).toHaveLength(2);
    // The prefix (system message with the document) is byte-identical in every request.
    const document = `<document>\n${chunked.source}\n</document>`;
    expect(sent[0]![0]!.content.endsWith(document)).toBe(true);
    expect(sent[1]![0]).toEqual(sent[0]![0]);
    expect(sent[1]![1]!.content).toContain(chunks[1]!.text);
    expect(sent[1]![1]!.content).not.toContain(chunks[0]!.text);
  });

  it('marks the document for Anthropic prompt caching', async () => {
    const bodies: Record<string, unknown>[] = [];
    const anthropic = await startAnthropicMessagesServer({
      reply: (body) => {
        bodies.push(body);
        return 'Situated.';
      },
    });
    try {
      const contextualizer = new LlmContextualizer({
        chatModel: new AnthropicChatModel({
          model: 'claude-haiku-4-5',
          baseURL: anthropic.baseURL,
          apiKey: 'k',
        }),
      });
      await contextualizer.contextualize({
        documentId: 'g.md',
        source: chunked.source,
        chunks: chunked.chunks.slice(0, 1),
      });
      const system = bodies[0]!.system as Array<{ type: string; text: string; cache_control?: unknown }>;
      expect(system).toHaveLength(1);
      expect(system[0]).toMatchObject({ type: 'text', cache_control: { type: 'ephemeral' } });
      expect(system[0]!.text.endsWith(`<document>\n${chunked.source}\n</document>`)).toBe(true);
    } finally {
      await anthropic.close();
    }
  });
});

import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerEngine } from '../../../test/support/answer-corpus.js';
import {
  type FakeServer,
  startOpenAICompatibleServer,
} from '../../../test/support/openai-compatible-server.js';
import { SMALL_TALK_REPLIES } from '../../answer/small-talk.js';
import type { Engine } from '../../engine/engine.js';
import { OpenAIChatModel } from '../../providers/openai/openai-chat-model.js';
import { runChatSession } from './chat-command.js';

async function chat(engine: Engine, lines: string[]): Promise<{ text: string; turns: number }> {
  const input = new PassThrough();
  const output = new PassThrough();
  let text = '';
  output.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  const session = runChatSession({ engine, input, output, prompt: '> ' });
  input.end(`${lines.join('\n')}\n`);
  const { turns } = await session;
  return { text, turns };
}

describe('runChatSession (cairn chat)', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await answerEngine();
  });
  afterAll(() => engine.close());

  it('keeps history, shows the rewritten follow-up, answers small talk and resets on /reset', async () => {
    const { text, turns } = await chat(engine, [
      'Where do marmots hibernate?',
      'What do they eat?',
      'thanks!',
      '/reset',
      'What do they eat?',
      '/exit',
      'never read',
    ]);
    expect(turns).toBe(4);
    expect(text).toMatch(/granite boulders.*\[1\]/);
    expect(text).toContain('(searching for: What do they eat? marmots hibernate)');
    expect(text.match(/searching for:/g)).toHaveLength(1);
    expect(text).toMatch(/Sources:\n\[1\] diet\.md, p\. 1, Field Guide > Diet/);
    expect(text).toContain(SMALL_TALK_REPLIES.thanks);
    expect(text).toContain('(conversation reset)');
    expect(text).not.toContain('never read');
  });

  it('ends at end of input, skipping empty lines', async () => {
    const { text, turns } = await chat(engine, ['marmots', '', 'hi']);
    expect(turns).toBe(2);
    expect(text.startsWith('Ask a question')).toBe(true);
  });
});

describe('runChatSession with a chat model', () => {
  let engine: Engine;
  let server: FakeServer;
  beforeAll(async () => {
    server = await startOpenAICompatibleServer({
      reply: (messages) =>
        /standalone question/.test(messages[0]!.content)
          ? 'What do marmots eat?'
          : 'They eat grasses [1] and rocks [4].',
    });
    engine = await answerEngine({
      chatModel: new OpenAIChatModel({ model: 'chat', baseURL: server.baseURL, maxRetries: 0 }),
    });
  });
  afterAll(async () => {
    await engine.close();
    await server.close();
  });

  it('streams answers, shows the model’s rewrite and notes removed citations', async () => {
    const { text } = await chat(engine, ['Where do marmots hibernate?', 'What do they eat?']);
    // The invalid [4] is never printed; the note says it was removed.
    expect(text).toContain('(searching for: What do marmots eat?)\nThey eat grasses [1] and rocks.\n');
    expect(text).not.toContain('[4].');
    expect(text).toContain('(removed citations to missing sources: [4])');
  });

  it('prints a provider failure and carries on', async () => {
    await server.close();
    const { text, turns } = await chat(engine, ['Where do marmots hibernate?', 'thanks']);
    expect(text).toMatch(/error: openai-compatible: request to .* failed/);
    expect(turns).toBe(0);
  });
});

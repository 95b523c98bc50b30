import { afterEach, describe, expect, it } from 'vitest';
import { type FakeServer, startOpenAICompatibleServer } from '../../test/support/openai-compatible-server.js';
import { OpenAIChatModel } from '../providers/openai/openai-chat-model.js';
import { classifySmallTalk, isSmallTalk, SMALL_TALK_REPLIES, smallTalkReply } from './small-talk.js';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('classifySmallTalk', () => {
  it.each([
    ['hi', 'greeting'],
    ['Hello there!', 'greeting'],
    ['good morning, cairn', 'greeting'],
    ['hey, how are you doing today?', 'greeting'],
    ["what's up", 'greeting'],
    ['thanks!', 'thanks'],
    ['Thank you so much for the help', 'thanks'],
    ['ok thanks', 'thanks'],
    ['thx, bye', 'farewell'],
    ['see you later', 'farewell'],
    ['ok', 'acknowledgement'],
    ['Got it.', 'acknowledgement'],
    ['great, that makes sense', 'acknowledgement'],
    ['👍', 'acknowledgement'],
  ])('%j is %s', (message, kind) => {
    expect(classifySmallTalk(message)).toBe(kind);
  });

  it.each([
    'hi, what did the Piper hit on final approach?',
    'thanks - and where do marmots sleep?',
    'ok so what about the wires',
    'What is OK in HTTP?',
    'hello world program in rust',
    'help',
    'marmots',
    '',
    '   ',
    '?',
  ])('%j is a question or request, not small talk', (message) => {
    expect(isSmallTalk(message)).toBe(false);
  });
});

describe('smallTalkReply', () => {
  it('gives the fixed reply for the kind without a chat model, streaming it once', async () => {
    const tokens: string[] = [];
    expect(await smallTalkReply('thank you!', { onToken: (t) => tokens.push(t) })).toBe(
      SMALL_TALK_REPLIES.thanks,
    );
    expect(tokens).toEqual([SMALL_TALK_REPLIES.thanks]);
  });

  it('asks the chat model for one short sentence and streams it', async () => {
    server = await startOpenAICompatibleServer({
      reply: () => ' Hi! What would you like to know about your documents? ',
    });
    const model = new OpenAIChatModel({ model: 'chat', baseURL: server.baseURL });
    const tokens: string[] = [];
    const reply = await smallTalkReply('hello', { chatModel: model, onToken: (t) => tokens.push(t) });
    expect(reply).toBe('Hi! What would you like to know about your documents?');
    expect(tokens.length).toBeGreaterThan(1);
    const [system, user] = server.requests[0]!.body.messages as Array<{ role: string; content: string }>;
    expect(system!.content).toMatch(/conversational .* not a question/);
    expect(user).toEqual({ role: 'user', content: 'hello' });
  });

  it('falls back to the fixed reply when the model returns nothing', async () => {
    server = await startOpenAICompatibleServer({ reply: () => '' });
    const model = new OpenAIChatModel({ model: 'chat', baseURL: server.baseURL });
    expect(await smallTalkReply('bye', { chatModel: model })).toBe(SMALL_TALK_REPLIES.farewell);
  });
});

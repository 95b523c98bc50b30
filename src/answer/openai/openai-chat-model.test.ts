import { afterEach, describe, expect, it } from 'vitest';
import {
  type FakeServer,
  startOpenAICompatibleServer,
} from '../../../test/support/openai-compatible-server.js';
import { OpenAIChatModel } from './openai-chat-model.js';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('OpenAIChatModel.doStream', () => {
  it('streams the reply in deltas, in order, and sends stream: true', async () => {
    const reply = 'The aircraft struck trees [1].';
    server = await startOpenAICompatibleServer({ reply: () => reply });
    const model = new OpenAIChatModel({ model: 'chat-1', baseURL: server.baseURL });
    const deltas: string[] = [];
    for await (const delta of model.doStream({
      messages: [{ role: 'user', content: 'q' }],
      temperature: 0,
    })) {
      deltas.push(delta);
    }
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(reply);
    expect(server.requests[0]!.body).toMatchObject({ model: 'chat-1', stream: true, temperature: 0 });
  });

  it('retries a 500 before streaming', async () => {
    server = await startOpenAICompatibleServer({ reply: () => 'fine', failures: [500] });
    const model = new OpenAIChatModel({ model: 'c', baseURL: server.baseURL, minBackoffMs: 1 });
    let text = '';
    for await (const delta of model.doStream({ messages: [{ role: 'user', content: 'q' }] })) text += delta;
    expect(text).toBe('fine');
    expect(server.requests).toHaveLength(2);
  });
});

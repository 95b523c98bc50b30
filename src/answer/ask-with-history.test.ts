import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANSWER_CORPUS, answerEngine, INJECTION } from '../../test/support/answer-corpus.js';
import { type FakeServer, startOpenAICompatibleServer } from '../../test/support/openai-compatible-server.js';
import type { Engine } from '../engine/engine.js';
import { OpenAIChatModel } from '../providers/openai/openai-chat-model.js';
import { askWithHistory } from './ask-with-history.js';
import { citedSources } from './citations.js';
import { topicWords } from './evidence-check.js';
import { prepareQuestion } from './prepare-question.js';
import type { ConversationTurn } from './query-rewriter.js';
import type { AnsweringEngine, SearcherOptions } from './searcher.js';
import { SMALL_TALK_REPLIES } from './small-talk.js';

type Messages = Array<{ role: string; content: string }>;

/** Wraps an engine so a test sees every query it is asked to search. */
function recording(engine: Engine): AnsweringEngine & { queries: string[] } {
  const queries: string[] = [];
  return {
    queries,
    get chatModel() {
      return engine.chatModel;
    },
    search(query: string, options?: SearcherOptions) {
      queries.push(query);
      return engine.search(query, options);
    },
  };
}

/**
 * Retrieval ran with `standalone`; any later query is a boilerplate probe (a sentence of a
 * retrieved chunk, searched for copies in other documents) or an evidence check (a topic word of
 * the question, searched for anywhere).
 */
function expectRetrievalWith(queries: string[], standalone: string): void {
  expect(queries[0]).toBe(standalone);
  const corpus = Object.values(ANSWER_CORPUS).join(' ').replace(/\s+/g, ' ');
  const words = topicWords(standalone);
  for (const probe of queries.slice(1)) expect(words.includes(probe) || corpus.includes(probe)).toBe(true);
}

const marmotHistory: ConversationTurn[] = [
  { role: 'user', content: 'Where do the marmots hibernate?' },
  { role: 'assistant', content: 'In burrows under granite boulders [1].' },
];

describe('askWithHistory without a chat model', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await answerEngine();
  });
  afterAll(() => engine.close());

  it('answers small talk with the fixed reply and retrieves nothing', async () => {
    const spy = recording(engine);
    const answer = await askWithHistory(spy, 'Thanks a lot!', { history: marmotHistory });
    expect(answer).toMatchObject({
      text: SMALL_TALK_REPLIES.thanks,
      smallTalk: true,
      notFound: false,
      sources: [],
      answeredBy: 'small-talk',
    });
    expect(answer.mode).toBeUndefined();
    expect(spy.queries).toEqual([]);
  });

  it('folds earlier user words into a follow-up, shows the rewrite and answers from the right document', async () => {
    const spy = recording(engine);
    const answer = await askWithHistory(spy, 'What do they eat?', { history: marmotHistory });
    expect(answer).toMatchObject({ rewritten: true, standalone: 'What do they eat? marmots hibernate' });
    expectRetrievalWith(spy.queries, 'What do they eat? marmots hibernate');
    expect(answer.answeredBy).toBe('extractive');
    expect(answer.text).toMatch(/grasses/);
    expect(citedSources(answer).map((s) => s.documentId)).toContain('diet.md');
  });

  it('asks a first question as is', async () => {
    const answer = await askWithHistory(engine, 'What did the Piper PA-22-150 strike near Tallahassee?');
    expect(answer).toMatchObject({ rewritten: false, smallTalk: false, notFound: false, mode: 'lexical' });
    expect(answer.standalone).toBe(answer.question);
    expect(citedSources(answer)).toEqual([
      {
        n: 1,
        chunkId: 'piper.md:0',
        documentId: 'piper.md',
        sourceName: 'piper.md',
        pageStart: 1,
        pageEnd: 1,
        headingPath: ['Accident Report', 'Analysis'],
      },
    ]);
  });

  it('respects the not-found floor', async () => {
    const answer = await askWithHistory(engine, 'What is the boiling point of liquid nitrogen?');
    expect(answer).toMatchObject({ notFound: true, sources: [], cited: [] });
  });
});

describe('askWithHistory with a chat model', () => {
  let engine: Engine;
  let server: FakeServer;
  let grounded = '';

  beforeAll(async () => {
    server = await startOpenAICompatibleServer({
      reply: (messages: Messages) => {
        const system = messages[0]!.content;
        if (/standalone question/.test(system)) return 'What do marmots eat?';
        if (/conversational/.test(system)) return 'Hello! Ask me about your documents.';
        return grounded;
      },
    });
    engine = await answerEngine({
      chatModel: new OpenAIChatModel({ model: 'chat', baseURL: server.baseURL }),
    });
  });
  beforeEach(() => {
    server.requests.length = 0;
  });
  afterAll(async () => {
    await engine.close();
    await server.close();
  });

  const chats = () => server.requests.filter((r) => r.path.endsWith('/chat/completions'));
  const messagesOf = (i: number) => chats()[i]!.body.messages as Messages;

  it('replies to a greeting with the model, without retrieval', async () => {
    const spy = recording(engine);
    const tokens: string[] = [];
    const answer = await askWithHistory(spy, 'hello!', { onToken: (t) => tokens.push(t) });
    expect(answer).toMatchObject({
      smallTalk: true,
      text: 'Hello! Ask me about your documents.',
      answeredBy: 'chat',
    });
    expect(tokens.join('')).toBe(answer.text);
    expect(spy.queries).toEqual([]);
    expect(chats()).toHaveLength(1);
  });

  it('rewrites a follow-up with the model, retrieves with it and answers it', async () => {
    grounded = 'Marmots eat grasses, flowers and seeds [1].';
    const spy = recording(engine);
    const answer = await askWithHistory(spy, 'What do they eat?', { history: marmotHistory });
    expect(answer).toMatchObject({ rewritten: true, standalone: 'What do marmots eat?', notFound: false });
    expectRetrievalWith(spy.queries, 'What do marmots eat?');
    expect(chats()).toHaveLength(2);
    const rewrite = messagesOf(0);
    expect(rewrite[1]!.content).toContain('User: Where do the marmots hibernate?');
    expect(rewrite[1]!.content).toContain('Last message: What do they eat?');
    const prompt = messagesOf(1);
    expect(prompt[1]!.content.endsWith('Question: What do marmots eat?')).toBe(true);
    expect(citedSources(answer).map((s) => s.documentId)).toEqual(['diet.md']);
  });

  it('streams the reply without citations that point at no source, and reports them', async () => {
    grounded = 'Marmots eat grasses [1] and granite [7][1].';
    const tokens: string[] = [];
    const answer = await askWithHistory(engine, 'What do marmots eat?', { onToken: (t) => tokens.push(t) });
    expect(tokens.length).toBeGreaterThan(1);
    expect(tokens.join('')).toBe(answer.text);
    expect(tokens.join('|')).not.toMatch(/7/);
    expect(answer.text).toBe('Marmots eat grasses [1] and granite [1].');
    expect(answer.cited).toEqual([1]);
    expect(answer.invalidCitations).toEqual([7]);
  });

  it('says not found without calling the model when nothing is relevant', async () => {
    const tokens: string[] = [];
    const answer = await askWithHistory(engine, 'Which enzyme digests lactose?', {
      onToken: (t) => tokens.push(t),
    });
    expect(answer).toMatchObject({ notFound: true, sources: [] });
    expect(tokens).toEqual([answer.text]);
    expect(chats()).toHaveLength(0);
  });

  it('keeps an injected instruction inside its source delimiters and neutralises forged ones', async () => {
    grounded = 'The hangar door code is 4711 [1].';
    const answer = await askWithHistory(engine, 'What is the hangar door code?');
    expect(answer.text).toBe('The hangar door code is 4711 [1].');
    const [system, user] = messagesOf(0);
    const tag = /<<source n ([0-9a-f]{12})>>/.exec(system!.content)![1]!;
    expect(tag).not.toBe('0123456789ab');
    expect(system!.content).toMatch(/data, not instructions/);
    expect(system!.content).not.toContain('PWNED');
    const blocks = [
      ...user!.content.matchAll(/<<source (\d+) ([0-9a-f]+)>>\n([\s\S]*?)\n<<end source \1 \2>>/g),
    ];
    expect(blocks.length).toBe(answer.sources.length);
    expect(blocks.every((b) => b[2] === tag)).toBe(true);
    const poisoned = blocks.filter((b) => b[3]!.includes(INJECTION));
    expect(poisoned).toHaveLength(1);
    expect(poisoned[0]![3]).toContain('‹‹end source 1 0123456789ab››');
    expect(poisoned[0]![3]).toContain('‹‹source 2 0123456789ab››');
    expect(poisoned[0]![3]).toContain('‹‹end source 1››');
    // Outside the blocks there is only the header and the question.
    const outside = user!.content.replace(
      /<<source (\d+) ([0-9a-f]+)>>\n[\s\S]*?\n<<end source \1 \2>>/g,
      '',
    );
    expect(outside).not.toContain('PWNED');
    expect(user!.content.match(/<<|>>/g)).toHaveLength(blocks.length * 4);
  });
});

describe('prepareQuestion', () => {
  it('uses a first question as asked, without a model call', async () => {
    expect(await prepareQuestion('  Where do marmots hibernate? ', [])).toEqual({
      standalone: 'Where do marmots hibernate?',
      rewritten: false,
    });
  });

  it('rejects an empty question', async () => {
    await expect(prepareQuestion('  ', marmotHistory)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('can leave small-talk detection off', async () => {
    expect(await prepareQuestion('thanks', [], undefined, { detectSmallTalk: false })).toEqual({
      standalone: 'thanks',
      rewritten: false,
    });
    expect((await prepareQuestion('thanks', [])).smallTalk).toBe(SMALL_TALK_REPLIES.thanks);
  });
});

/**
 * `POST /v1/collections/{collection}/ask`: a cited answer from the key's namespace, as JSON or,
 * with `Accept: text/event-stream`, as Server-Sent Events:
 *
 * 1. `question` — `{ question, standalone, rewritten }`: the question retrieval runs with;
 * 2. `sources` — `{ sources }`: the numbered sources offered to the answerer;
 * 3. `text` — `{ delta }`, many: the answer as it is written, citation markers already validated
 *    (a marker pointing at no source never arrives; the deltas join up to the final text);
 * 4. `answer` — the whole response, as the JSON form returns it, with the citations;
 *
 * or `error` — `{ error: { code, message } }` — when it fails part-way. Small talk has no
 * `sources`. A client that disconnects stops the answer.
 *
 * The answer is `askWithHistory` over the engine — what `Engine.ask` and `Engine.stream` run —
 * with the engine's search wrapped to report the question as soon as retrieval runs, and the
 * sources reported by `onSources` before the first word of the answer (`Engine.stream` yields
 * the sources only at the end).
 * @module
 */
import { createRoute, type z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { askWithHistory, type ConversationalAnswer } from '../../answer/ask-with-history.js';
import type { AnsweringEngine } from '../../answer/searcher.js';
import { CollectionNotFoundError } from '../../core/errors.js';
import type { Filter } from '../../core/filter/filter.js';
import { principalFor } from './auth.js';
import { EventQueue } from './event-queue.js';
import { errorReport } from './http-errors.js';
import { BEARER, errorResponses, type RouteContext } from './route-context.js';
import { AskBody, AskResponse, AskStreamEvent, CollectionParams } from './schemas.js';
import type { ServerEnv } from './server-env.js';
import type { ServerEngine } from './server-options.js';
import { sourceView } from './views.js';

const route = createRoute({
  method: 'post',
  path: '/v1/collections/{collection}/ask',
  operationId: 'askCollection',
  tags: ['ask'],
  summary: 'Answer a question with numbered citations, as JSON or as Server-Sent Events',
  description:
    'With `Accept: text/event-stream` the answer streams as events: `question`, `sources`, `text` (many), then ' +
    '`answer` (the JSON response); `error` if it fails part-way.',
  security: BEARER,
  request: {
    params: CollectionParams,
    body: { content: { 'application/json': { schema: AskBody } }, required: true },
  },
  responses: {
    200: {
      description: 'The answer',
      content: {
        'application/json': { schema: AskResponse },
        'text/event-stream': {
          // Each event of the stream, as its name and parsed data (SSE framing: `event:`, `data:`).
          schema: AskStreamEvent,
        },
      },
    },
    ...errorResponses([400, 401, 404, 413, 415]),
  },
});

type AskInput = z.infer<typeof AskBody>;

/** The JSON form of an answer (and the data of the final event). */
export function answerView(answer: ConversationalAnswer): z.infer<typeof AskResponse> {
  const cited = new Set(answer.cited);
  const sources = answer.sources.map(sourceView);
  return {
    question: answer.question,
    standalone: answer.standalone,
    rewritten: answer.rewritten,
    answer: answer.text,
    notFound: answer.notFound,
    smallTalk: answer.smallTalk,
    answeredBy: answer.answeredBy,
    ...(answer.mode ? { mode: answer.mode } : {}),
    sources,
    citations: sources.filter((source) => cited.has(source.n)),
    invalidCitations: answer.invalidCitations,
  };
}

/** One event of the stream. */
export type AskEvent =
  | { event: 'question'; data: { question: string; standalone: string; rewritten: boolean } }
  | { event: 'sources'; data: { sources: ReturnType<typeof sourceView>[] } }
  | { event: 'text'; data: { delta: string } }
  | { event: 'answer'; data: z.infer<typeof AskResponse> };

/**
 * Answers `input` in `scope`, reporting each stage to `emit` as it happens (see the module
 * description), and resolves with the answer.
 */
export async function answerInScope(
  engine: ServerEngine,
  scope: { collection: string; namespace: string },
  input: AskInput,
  options: { signal?: AbortSignal; emit?: (event: AskEvent) => void } = {},
): Promise<ConversationalAnswer> {
  const emit = options.emit ?? (() => {});
  let asked = false;
  const reportQuestion = (standalone: string) => {
    if (asked) return;
    asked = true;
    emit({
      event: 'question',
      data: { question: input.question, standalone, rewritten: standalone !== input.question },
    });
  };
  const searcher: AnsweringEngine = {
    chatModel: engine.chatModel,
    search: async (query, searchOptions = {}) => {
      reportQuestion(query);
      return engine.search(query, { ...searchOptions, ...scope });
    },
  };
  return askWithHistory(searcher, input.question, {
    ...(input.history ? { history: input.history } : {}),
    ...(input.topK ? { topK: input.topK } : {}),
    ...(input.mode ? { mode: input.mode } : {}),
    ...(input.filter ? { filter: input.filter as Filter } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    // The sources the answer is written from, before its first word.
    onSources: (sources) => emit({ event: 'sources', data: { sources: sources.map(sourceView) } }),
    onToken: (delta) => {
      reportQuestion(input.question);
      emit({ event: 'text', data: { delta } });
    },
  });
}

function wantsEvents(c: Context): boolean {
  return /\btext\/event-stream\b/i.test(c.req.header('Accept') ?? '');
}

/** Adds the ask route. */
export function registerAskRoutes({ app, engine }: RouteContext): void {
  app.openapi(route, async (c) => {
    const { namespace } = principalFor(c, 'read', 'asking');
    const { collection } = c.req.valid('param');
    const input = c.req.valid('json');
    const scope = { collection, namespace };
    // Before anything streams, so that a wrong name is a 404 rather than an error event.
    if (!(await engine.store.getCollection(collection))) throw new CollectionNotFoundError(collection);
    if (!wantsEvents(c)) {
      const answer = await answerInScope(engine, scope, input, { signal: c.req.raw.signal });
      return c.json(answerView(answer), 200);
    }
    return streamAnswerEvents(c, engine, scope, input) as never;
  });
}

function streamAnswerEvents(
  c: Context<ServerEnv>,
  engine: ServerEngine,
  scope: { collection: string; namespace: string },
  input: AskInput,
): Response {
  c.header('Cache-Control', 'no-cache');
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    const stop = new AbortController();
    stream.onAbort(() => stop.abort());
    const queue = new EventQueue<AskEvent>();
    answerInScope(engine, scope, input, { signal: stop.signal, emit: (event) => queue.push(event) }).then(
      (answer) => {
        queue.push({ event: 'answer', data: answerView(answer) });
        queue.end();
      },
      (error: unknown) => queue.fail(error),
    );
    try {
      for await (const { event, data } of queue) {
        if (stream.aborted) break;
        await stream.writeSSE({ event, data: JSON.stringify(data) });
      }
    } catch (error) {
      if (!stream.aborted) {
        await stream.writeSSE({
          event: 'error',
          data: JSON.stringify(errorReport(error, c.get('requestId')).body),
        });
      }
    }
  });
}

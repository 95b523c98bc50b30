/**
 * `engine.ask` as a stream of text deltas: the bridge from its `onToken` hook to the
 * `AsyncIterable<string>` the AI SDK adapters take.
 * @module
 */
import { PassThrough } from 'node:stream';
import type { ConversationalAnswer } from '../../answer/ask-with-history.js';
import { type CitedSource, citedSources } from '../../answer/citations.js';
import type { AskOptions, Engine } from '../../engine/engine.js';

/** A streamed answer: its text deltas, and the answer once complete. */
export interface StreamedAnswer {
  /** The reply's text deltas in order (the extractive answer arrives as one delta). */
  textStream: AsyncIterable<string>;
  /** The finished answer (citations validated); rejects when asking fails. */
  answer: Promise<ConversationalAnswer>;
  /** The sources the finished answer cites. */
  sources: Promise<CitedSource[]>;
}

/**
 * Asks `engine` and streams the reply. Iterating `textStream` yields the deltas as the chat
 * model produces them, then ends; an error while asking ends it with that error (and rejects
 * `answer`). `options.onToken`, if given, still sees every delta.
 *
 * @example
 * ```ts
 * const { textStream, sources } = streamAnswer(engine, question);
 * return toUIMessageStreamResponse(textStream, { sources });
 * ```
 */
export function streamAnswer(
  engine: Pick<Engine, 'ask'>,
  question: string,
  options: AskOptions = {},
): StreamedAnswer {
  const deltas = new PassThrough({ objectMode: true });
  const answer = engine.ask(question, {
    ...options,
    onToken: (delta) => {
      options.onToken?.(delta);
      deltas.write(delta);
    },
  });
  answer.then(
    () => deltas.end(),
    (error: unknown) => deltas.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  // The answer's rejection is delivered through the stream; callers that only read the stream
  // must not see an unhandled rejection as well.
  answer.catch(() => undefined);
  const sources = answer.then(citedSources);
  sources.catch(() => undefined);
  return { textStream: deltas as AsyncIterable<string>, answer, sources };
}

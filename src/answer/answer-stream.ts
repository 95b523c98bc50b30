/**
 * Answers as an async iterable: `for await` over the text as it is written, then one final part
 * with the whole answer (sources, citations). Built on the `onToken` callback, so the text parts
 * carry validated citations only, and join up to exactly the final answer's `text`.
 * @module
 */
import type { ConversationalAnswer } from './ask-with-history.js';

/** A piece of text of the answer, in order. */
export interface AnswerTextPart {
  type: 'text';
  delta: string;
}

/** The last part: the finished answer. */
export interface AnswerFinalPart<A> {
  type: 'answer';
  answer: A;
}

/** What an answer stream yields: text parts, then one final part. */
export type AnswerPart<A = ConversationalAnswer> = AnswerTextPart | AnswerFinalPart<A>;

/**
 * Runs `answer` (which reports text through `onToken` and resolves with the answer) and yields
 * its text as it comes, then the answer. Leaving the loop early aborts the signal handed to
 * `answer`; a failure of `answer` is thrown from the loop, after the text that came before it.
 */
export async function* streamAnswer<A>(
  answer: (options: { onToken: (delta: string) => void; signal: AbortSignal }) => Promise<A>,
  signal?: AbortSignal,
): AsyncGenerator<AnswerPart<A>, void, undefined> {
  const stop = new AbortController();
  const combined = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  const queue: string[] = [];
  let wake: (() => void) | undefined;
  let settled: { ok: true; value: A } | { ok: false; error: unknown } | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  answer({
    onToken: (delta) => {
      queue.push(delta);
      notify();
    },
    signal: combined,
  }).then(
    (value) => {
      settled = { ok: true, value };
      notify();
    },
    (error: unknown) => {
      settled = { ok: false, error };
      notify();
    },
  );
  try {
    for (;;) {
      while (queue.length > 0) yield { type: 'text', delta: queue.shift()! };
      if (settled) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
    while (queue.length > 0) yield { type: 'text', delta: queue.shift()! };
    if (!settled.ok) throw settled.error;
    yield { type: 'answer', answer: settled.value };
  } finally {
    if (!settled) stop.abort();
  }
}

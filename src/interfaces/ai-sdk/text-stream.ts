/**
 * Text deltas (an `AsyncIterable<string>`, e.g. a streamed answer) as the web `ReadableStream`
 * and `Response` the Vercel AI SDK uses for plain text streams. Built on web streams alone: the
 * AI SDK's own `createTextStreamResponse` changed its options between majors (`textStream` in 6,
 * `stream` in 7), and this protocol (UTF-8 text, no framing) needs nothing from it.
 * @module
 */

/**
 * The deltas as a `ReadableStream<string>`, pulled one at a time (back-pressure reaches the
 * producer); cancelling the stream ends the iteration (`return()` on its iterator).
 */
export function toTextStream(deltas: AsyncIterable<string>): ReadableStream<string> {
  const iterator = deltas[Symbol.asyncIterator]();
  return new ReadableStream<string>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel(reason) {
      await iterator.return?.(reason);
    },
  });
}

/**
 * A `Response` streaming the deltas as UTF-8 text (`text/plain; charset=utf-8`), what the AI
 * SDK's `TextStreamChatTransport` and `useCompletion({ streamProtocol: 'text' })` read.
 */
export function toTextStreamResponse(deltas: AsyncIterable<string>, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('content-type')) headers.set('content-type', 'text/plain; charset=utf-8');
  return new Response(toTextStream(deltas).pipeThrough(new TextEncoderStream()), {
    status: init.status ?? 200,
    ...(init.statusText === undefined ? {} : { statusText: init.statusText }),
    headers,
  });
}

/**
 * Server-Sent Events read from a `fetch` response (an `EventSource` cannot POST or send an
 * `Authorization` header), parsed as the HTML standard describes: lines `event:` and `data:`,
 * an event ending at a blank line.
 */

/** One event. */
export interface ServerEvent {
  event: string;
  data: string;
}

/** The events of `response`'s body, in order. */
export async function* readEvents(response: Response): AsyncGenerator<ServerEvent> {
  if (!response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let event = 'message';
  let data: string[] = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let newline = buffer.search(/\r\n|\r|\n/);
    while (newline !== -1) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
      if (line === '') {
        if (data.length > 0) yield { event, data: data.join('\n') };
        event = 'message';
        data = [];
      } else if (!line.startsWith(':')) {
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const rest = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = rest;
        else if (field === 'data') data.push(rest);
      }
      newline = buffer.search(/\r\n|\r|\n/);
    }
  }
}

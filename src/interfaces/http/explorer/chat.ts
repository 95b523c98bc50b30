/**
 * Chat: asking is a conversation. Each question is sent with the earlier turns (the API rewrites
 * a follow-up into a standalone question); the answer streams in as rendered, sanitised Markdown
 * with its `[n]` markers as buttons, and chips under it show each cited source's title, page and
 * passage on hover or focus and open the source at its page. "Not found" is shown as such, with
 * what was searched and where it looked.
 */
import { askStream } from './api.js';
import { byId, count, h, headingPath, pages, replace } from './dom.js';
import { citableText, renderMarkdown, replaceCitations } from './markdown.js';
import { notFoundDetails } from './not-found.js';
import { readEvents } from './sse.js';
import type { AskAnswer, Source } from './types.js';
import { errorText, say, showError, state } from './ui.js';
import { openEvidence, where } from './viewer.js';

interface Turn {
  role: 'user' | 'assistant';
  content: string;
}

const chat: { history: Turn[]; asking?: AbortController; chips: number } = { history: [], chips: 0 };

function openSource(source: Source): void {
  void openEvidence({
    documentId: source.documentId,
    page: source.pageStart,
    passage: source.text,
    context: headingPath(source.headingPath),
  });
}

/** A chip for a cited source: its title and page; the passage shows on hover or focus. */
function sourceChip(source: Source): HTMLElement {
  const id = `source-pop-${++chat.chips}`;
  const passage = h('div', { class: 'popover-passage markdown' });
  passage.append(renderMarkdown(source.text));
  return h(
    'li',
    { class: 'chip-wrap' },
    h(
      'button',
      {
        type: 'button',
        class: 'chip',
        'aria-describedby': id,
        onclick: () => openSource(source),
      },
      h('span', { class: 'visually-hidden' }, 'Source '),
      h('span', { class: 'chip-n' }, String(source.n)),
      h('span', { class: 'visually-hidden' }, ': '),
      h('span', { class: 'chip-title' }, source.sourceName),
      h('span', { class: 'visually-hidden' }, ', '),
      h('span', { class: 'chip-page' }, pages(source.pageStart, source.pageEnd)),
    ),
    h(
      'div',
      { role: 'tooltip', id, class: 'popover' },
      h('p', { class: 'popover-title' }, source.sourceName),
      h('p', { class: 'popover-meta' }, where(source)),
      passage,
    ),
  );
}

/** Renders `text` (partial or final) into `body`, citation markers as buttons. */
function renderAnswer(body: HTMLElement, text: string, sources: readonly Source[]): number[] {
  const byNumber = new Map(sources.map((s) => [s.n, s]));
  const fragment = renderMarkdown(citableText(text, new Set(byNumber.keys())));
  const cited = replaceCitations(fragment, (n) => {
    const source = byNumber.get(n);
    if (!source) return undefined;
    return h(
      'button',
      {
        type: 'button',
        class: 'cite',
        'aria-label': `Source ${n}: ${source.sourceName}, ${pages(source.pageStart, source.pageEnd)}`,
        title: `${source.sourceName}, ${pages(source.pageStart, source.pageEnd)}`,
        onclick: () => openSource(source),
      },
      String(n),
    );
  });
  body.replaceChildren(fragment);
  return cited;
}

function notFound(final: AskAnswer): HTMLElement {
  const looked = [...new Set(final.sources.map((s) => s.sourceName))];
  // What the answer says beyond "not found" (a denial it quotes, what is stated of each side of
  // a relation), rendered with its citations.
  const said = notFoundDetails(final.answer);
  const details = h('div', { class: 'not-found-answer' });
  if (said !== '') renderAnswer(details, said, final.sources);
  return h(
    'div',
    { class: 'not-found', role: 'note' },
    h('p', { class: 'not-found-title' }, 'Not found in this collection'),
    h(
      'p',
      {},
      `Searched for “${final.standalone}” in ${state.collection ?? 'the collection'}`,
      looked.length > 0
        ? ` and read ${count(final.sources.length, 'passage')} from ${looked.slice(0, 5).join(', ')}${looked.length > 5 ? ` and ${looked.length - 5} more` : ''}; none of them answers it.`
        : '; no passage matched.',
    ),
    ...(said === '' ? [] : [details]),
  );
}

async function ask(event: Event): Promise<void> {
  event.preventDefault();
  const collection = state.collection;
  const input = byId<HTMLTextAreaElement>('ask-question');
  const question = input.value.trim();
  if (!collection || question === '') return;
  chat.asking?.abort();
  const controller = new AbortController();
  chat.asking = controller;
  showError('ask-error', undefined);
  byId('chat-empty').hidden = true;
  input.value = '';

  const conversation = byId('conversation');
  const body = h(
    'div',
    { class: 'answer markdown', 'aria-busy': 'true' },
    h('p', { class: 'loading' }, 'Searching…'),
  );
  const note = h('p', { class: 'rewritten' });
  const chips = h('ul', { class: 'chips', 'aria-label': 'Cited sources' });
  const turn = h('li', { class: 'turn assistant' }, h('p', { class: 'who' }, 'cairn'), note, body, chips);
  conversation.append(
    h('li', { class: 'turn user' }, h('p', { class: 'who' }, 'You'), h('p', {}, question)),
    turn,
  );
  turn.scrollIntoView({ block: 'end' });
  const history = [...chat.history];

  let text = '';
  let sources: Source[] = [];
  let frame = 0;
  const paint = () => {
    frame = 0;
    renderAnswer(body, text, sources);
  };
  try {
    const response = await askStream(collection, question, history, controller.signal);
    for await (const { event: name, data } of readEvents(response)) {
      const payload = JSON.parse(data) as Record<string, unknown>;
      if (name === 'question' && payload.rewritten) {
        note.textContent = `Searched for: ${String(payload.standalone)}`;
      } else if (name === 'sources') {
        sources = payload.sources as Source[];
        if (text === '')
          replace(body, h('p', { class: 'loading' }, `Reading ${count(sources.length, 'passage')}…`));
      } else if (name === 'text') {
        text += String(payload.delta);
        frame ||= requestAnimationFrame(paint);
      } else if (name === 'answer') {
        cancelAnimationFrame(frame);
        const final = payload as unknown as AskAnswer;
        sources = final.sources;
        if (final.notFound) {
          replace(body, notFound(final));
        } else {
          const cited = renderAnswer(body, final.answer, final.sources);
          const bySource = new Map(final.sources.map((s) => [s.n, s]));
          replace(
            chips,
            ...cited
              .map((n) => bySource.get(n))
              .filter((s) => s !== undefined)
              .map(sourceChip),
          );
        }
        chat.history.push({ role: 'user', content: question }, { role: 'assistant', content: final.answer });
        say(
          final.notFound
            ? 'Nothing relevant was found.'
            : `Answered with ${count(final.citations.length, 'citation')}.`,
        );
      } else if (name === 'error') {
        const error = payload.error as { message: string };
        throw new Error(error.message);
      }
    }
  } catch (error) {
    if (controller.signal.aborted) return;
    cancelAnimationFrame(frame);
    if (text === '') replace(body);
    body.append(h('p', { class: 'error', role: 'alert' }, errorText(error)));
    showError('ask-error', error);
    input.value = question;
  } finally {
    body.setAttribute('aria-busy', 'false');
  }
}

/** Starts over: no history, an empty conversation. */
export function resetChat(): void {
  chat.asking?.abort();
  chat.history = [];
  replace(byId('conversation'));
  byId('chat-empty').hidden = false;
  showError('ask-error', undefined);
}

/** Wires the chat form. */
export function setUpChat(): void {
  byId('ask-form').addEventListener('submit', (event) => void ask(event));
  byId('ask-question').addEventListener('keydown', (event) => {
    const key = event as KeyboardEvent;
    if (key.key === 'Enter' && !key.shiftKey && !key.isComposing) {
      key.preventDefault();
      byId<HTMLFormElement>('ask-form').requestSubmit();
    }
  });
  byId('new-chat').addEventListener('click', () => {
    resetChat();
    byId('ask-question').focus();
  });
}

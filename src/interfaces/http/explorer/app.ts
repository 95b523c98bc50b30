/**
 * The cairn web explorer: collections → documents → a document's chunks and Markdown; search
 * with marked snippets; ask with the answer streaming in and citations that open the cited chunk;
 * upload with progress; delete with confirmation. Plain DOM, no framework, no CDN.
 */
import {
  ApiError,
  askStream,
  call,
  chunkPath,
  documentPath,
  forgetKey,
  storedKey,
  storeKey,
  upload,
} from './api.js';
import { byId, h, markedSnippet, pages, replace } from './dom.js';
import { readEvents } from './sse.js';
import type { AskAnswer, Chunk, Collection, DocumentRecord, Hit, IngestItem, Source } from './types.js';

/** `n thing` or `n things`. */
function count(n: number, thing: string): string {
  return `${n} ${thing}${n === 1 ? '' : 's'}`;
}

const state: { collection?: string; document?: string; asking?: AbortController } = {};

const status = byId('status');
const views = ['intro', 'collection-view', 'document-view', 'chunk-view'] as const;

function say(message: string): void {
  status.textContent = message;
}

function failed(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) {
    say(`${error.message}. Enter an API key above.`);
    byId<HTMLInputElement>('api-key').focus();
  } else {
    say(error instanceof Error ? error.message : String(error));
  }
}

function show(view: (typeof views)[number], focus?: string): void {
  for (const id of views) byId(id).hidden = id !== view;
  if (focus) byId(focus).focus();
}

function headingPath(path: string[]): string {
  return path.length > 0 ? path.join(' › ') : '(no heading)';
}

// Collections --------------------------------------------------------------------------------

/**
 * Lists the collections. `announce` says which key is in use (on opening and when a key is
 * entered); refreshes after an upload or a delete leave their own message in place.
 */
async function loadCollections(announce = false): Promise<void> {
  const list = byId('collections');
  try {
    const { collections } = await call<{ collections: Collection[] }>('GET', '/v1/collections');
    replace(
      list,
      ...collections.map((c) =>
        h(
          'li',
          {},
          h(
            'button',
            {
              type: 'button',
              'aria-current': c.name === state.collection ? 'true' : undefined,
              onclick: () => void openCollection(c.name),
            },
            `${c.name} `,
            h(
              'span',
              { class: 'hit-meta' },
              `${count(c.chunks, 'chunk')}${c.model ? `, ${c.model}` : ', lexical'}`,
            ),
          ),
        ),
      ),
    );
    if (collections.length === 0) replace(list, h('li', {}, 'No collections yet: upload files into one.'));
    if (announce) say(storedKey() ? 'Key in use for this tab.' : '');
  } catch (error) {
    replace(list);
    failed(error);
  }
}

async function openCollection(name: string): Promise<void> {
  state.collection = name;
  byId('collection-title').textContent = `Collection ${name}`;
  for (const button of byId('collections').querySelectorAll('button')) {
    button.setAttribute('aria-current', String(button.firstChild?.textContent?.trim() === name));
  }
  show('collection-view', 'collection-title');
  await loadDocuments();
}

// Documents ----------------------------------------------------------------------------------

async function loadDocuments(): Promise<void> {
  const collection = state.collection;
  if (!collection) return;
  const body = byId('documents');
  try {
    const { documents } = await call<{ documents: DocumentRecord[] }>(
      'GET',
      `/v1/collections/${encodeURIComponent(collection)}/documents`,
    );
    replace(
      body,
      ...documents.map((d) =>
        h(
          'tr',
          {},
          h(
            'td',
            {},
            h('button', { type: 'button', onclick: () => void openDocument(d.documentId) }, d.documentId),
            d.title && d.title !== d.documentId ? h('div', { class: 'hit-meta' }, d.title) : null,
          ),
          h('td', {}, String(d.pageCount)),
          h('td', {}, String(d.chunkCount)),
          h('td', {}, h('code', {}, JSON.stringify(d.metadata))),
          h('td', {}, h('time', { datetime: d.ingestedAt }, new Date(d.ingestedAt).toLocaleString())),
        ),
      ),
    );
    if (documents.length === 0) replace(body, h('tr', {}, h('td', { colspan: 5 }, 'No documents.')));
  } catch (error) {
    if (error instanceof ApiError && error.code === 'COLLECTION_NOT_FOUND') {
      replace(
        body,
        h('tr', {}, h('td', { colspan: 5 }, 'No documents yet: upload files to create this collection.')),
      );
      return;
    }
    replace(body);
    failed(error);
  }
}

async function openDocument(documentId: string, focusChunk?: string): Promise<void> {
  const collection = state.collection;
  if (!collection) return;
  try {
    const [{ document, markdown }, { chunks }] = await Promise.all([
      call<{ document: DocumentRecord; markdown: string }>('GET', documentPath(collection, documentId)),
      call<{ chunks: Chunk[] }>('GET', documentPath(collection, documentId, '/chunks')),
    ]);
    state.document = documentId;
    byId('document-title').textContent = document.title ? `${document.title} (${documentId})` : documentId;
    const rows: Array<[string, string]> = [
      ['Source', document.sourceName],
      ['Media type', document.mediaType],
      ['Pages', String(document.pageCount)],
      ['Chunks', String(document.chunkCount)],
      ['Metadata', JSON.stringify(document.metadata)],
      ['Ingested', new Date(document.ingestedAt).toLocaleString()],
      ['SHA-256', document.contentHash],
    ];
    replace(
      byId('document-record'),
      ...rows.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, h('code', {}, v))]),
    );
    replace(
      byId('document-chunks'),
      ...chunks.map((c) =>
        h(
          'li',
          { id: `chunk-${c.ordinal}`, tabindex: -1, class: c.chunkId === focusChunk ? 'focused' : undefined },
          h(
            'div',
            { class: 'chunk-head' },
            h('strong', {}, headingPath(c.headingPath)),
            h(
              'span',
              { class: 'chunk-meta' },
              `${pages(c.pageStart, c.pageEnd)} · ${c.tokenCount} tokens · ${c.chunkId}`,
            ),
          ),
          h('pre', { class: 'markdown' }, c.text),
        ),
      ),
    );
    byId('document-markdown').textContent = markdown;
    show('document-view', 'document-title');
    say(`Document ${documentId}: ${count(chunks.length, 'chunk')}.`);
  } catch (error) {
    failed(error);
  }
}

function confirmDelete(documentId: string): Promise<boolean> {
  const dialog = byId<HTMLDialogElement>('confirm-delete');
  byId('confirm-text').textContent =
    `“${documentId}” and all of its chunks will be deleted from collection ${state.collection}.`;
  dialog.returnValue = '';
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'delete'), { once: true });
  });
}

async function deleteDocument(): Promise<void> {
  const { collection, document } = state;
  if (!collection || !document) return;
  if (!(await confirmDelete(document))) {
    say('Nothing was deleted.');
    return;
  }
  try {
    const result = await call<{ chunks: number }>('DELETE', documentPath(collection, document));
    say(`Deleted ${document} (${count(result.chunks, 'chunk')}).`);
    state.document = undefined;
    show('collection-view', 'collection-title');
    await Promise.all([loadDocuments(), loadCollections()]);
  } catch (error) {
    failed(error);
  }
}

// Search -------------------------------------------------------------------------------------

function parseFilter(text: string): Record<string, unknown> | undefined {
  if (text.trim() === '') return undefined;
  const value = JSON.parse(text) as unknown;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('The filter must be a JSON object.');
  return value as Record<string, unknown>;
}

async function search(event: Event): Promise<void> {
  event.preventDefault();
  const collection = state.collection;
  if (!collection) return;
  const query = byId<HTMLInputElement>('search-query').value;
  const mode = byId<HTMLSelectElement>('search-mode').value;
  const results = byId('search-results');
  try {
    const filter = parseFilter(byId<HTMLInputElement>('search-filter').value);
    const topK = Number(byId<HTMLInputElement>('search-top-k').value);
    const result = await call<{ mode: string; hits: Hit[] }>(
      'POST',
      `/v1/collections/${encodeURIComponent(collection)}/search`,
      { query, topK, ...(mode ? { mode } : {}), ...(filter ? { filter } : {}) },
    );
    byId('search-summary').textContent = `${count(result.hits.length, 'hit')} (${result.mode}).`;
    replace(
      results,
      ...result.hits.map((hit) =>
        h(
          'li',
          {},
          h(
            'div',
            { class: 'hit-head' },
            h(
              'button',
              { type: 'button', onclick: () => void openDocument(hit.documentId, hit.chunkId) },
              hit.sourceName,
            ),
            h(
              'span',
              { class: 'hit-meta' },
              `${headingPath(hit.headingPath)} · ${pages(hit.pageStart, hit.pageEnd)} · score ${hit.score.toPrecision(3)}`,
            ),
          ),
          h('p', { class: 'snippet' }, markedSnippet(hit.text, hit.highlights)),
        ),
      ),
    );
  } catch (error) {
    replace(results);
    byId('search-summary').textContent = '';
    failed(error);
  }
}

// Ask ----------------------------------------------------------------------------------------

/** The answer's text with each `[n]` of an offered source as a button opening that source's chunk. */
function renderAnswer(text: string, sources: Source[]): void {
  const answer = byId('answer');
  const byNumber = new Map(sources.map((s) => [s.n, s]));
  const parts: Array<Node | string> = [];
  let at = 0;
  for (const match of text.matchAll(/\[(\d+)\]/g)) {
    const source = byNumber.get(Number(match[1]));
    if (!source) continue;
    parts.push(text.slice(at, match.index));
    parts.push(
      h(
        'button',
        {
          type: 'button',
          class: 'citation',
          'aria-label': `Source ${source.n}: ${source.sourceName}`,
          onclick: () => void openChunk(source.chunkId),
        },
        `[${source.n}]`,
      ),
    );
    at = match.index + match[0].length;
  }
  parts.push(text.slice(at));
  replace(answer, ...parts);
}

function renderSources(sources: Source[]): void {
  replace(
    byId('answer-sources'),
    ...sources.map((s) =>
      h(
        'li',
        { value: s.n },
        h('button', { type: 'button', onclick: () => void openChunk(s.chunkId) }, s.sourceName),
        ' ',
        h('span', { class: 'hit-meta' }, `${headingPath(s.headingPath)} · ${pages(s.pageStart, s.pageEnd)}`),
      ),
    ),
  );
}

async function ask(event: Event): Promise<void> {
  event.preventDefault();
  const collection = state.collection;
  if (!collection) return;
  state.asking?.abort();
  const controller = new AbortController();
  state.asking = controller;
  const question = byId<HTMLInputElement>('ask-question').value;
  const answer = byId('answer');
  answer.setAttribute('aria-busy', 'true');
  replace(answer);
  replace(byId('answer-sources'));
  byId('ask-standalone').textContent = '';
  let text = '';
  let sources: Source[] = [];
  try {
    const response = await askStream(collection, question, controller.signal);
    for await (const { event: name, data } of readEvents(response)) {
      const payload = JSON.parse(data) as Record<string, unknown>;
      if (name === 'question' && payload.rewritten) {
        byId('ask-standalone').textContent = `Searched for: ${String(payload.standalone)}`;
      } else if (name === 'sources') {
        sources = payload.sources as Source[];
        renderSources(sources);
      } else if (name === 'text') {
        text += String(payload.delta);
        renderAnswer(text, sources);
      } else if (name === 'answer') {
        const final = payload as unknown as AskAnswer;
        sources = final.sources;
        renderSources(final.sources);
        renderAnswer(final.answer, final.sources);
        say(
          final.notFound
            ? 'Nothing relevant was found.'
            : `Answered with ${count(final.citations.length, 'citation')}.`,
        );
      } else if (name === 'error') {
        const error = payload.error as { message: string };
        say(error.message);
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) failed(error);
  } finally {
    answer.setAttribute('aria-busy', 'false');
  }
}

async function openChunk(chunkId: string): Promise<void> {
  const collection = state.collection;
  if (!collection) return;
  try {
    const { chunk, document } = await call<{ chunk: Chunk; document: DocumentRecord }>(
      'GET',
      chunkPath(collection, chunkId),
    );
    byId('chunk-title').textContent =
      `${document.title ?? document.documentId}: ${headingPath(chunk.headingPath)}`;
    byId('chunk-location').textContent =
      `${document.documentId} · ${pages(chunk.pageStart, chunk.pageEnd)} · chunk ${chunk.ordinal + 1} of ${document.chunkCount}`;
    byId('chunk-text').textContent = chunk.text;
    state.document = chunk.documentId;
    byId('chunk-open-document').onclick = () => void openDocument(chunk.documentId, chunk.chunkId);
    show('chunk-view', 'chunk-title');
  } catch (error) {
    failed(error);
  }
}

// Upload -------------------------------------------------------------------------------------

async function submitUpload(event: Event): Promise<void> {
  event.preventDefault();
  const collection = state.collection;
  if (!collection) return;
  const input = byId<HTMLInputElement>('upload-files');
  const files = [...(input.files ?? [])];
  if (files.length === 0) return;
  const metadata = byId<HTMLInputElement>('upload-metadata').value.trim() || undefined;
  const progress = byId<HTMLProgressElement>('upload-progress');
  const label = document.querySelector<HTMLLabelElement>('.progress-label');
  progress.hidden = false;
  if (label) label.hidden = false;
  progress.value = 0;
  const report = byId('upload-report');
  replace(report);
  try {
    const result = await upload<{ items: IngestItem[] }>(collection, files, metadata, (sent, total) => {
      progress.value = total === 0 ? 1 : sent / total;
    });
    progress.value = 1;
    replace(
      report,
      ...result.items.map((item) =>
        h(
          'li',
          {},
          `${item.documentId}: ${item.status}${item.reason ? ` (${item.reason})` : ''}${item.status === 'ingested' ? `, ${count(item.chunks, 'chunk')}` : ''}`,
        ),
      ),
    );
    say(`Uploaded ${count(files.length, 'file')}.`);
    input.value = '';
    await Promise.all([loadDocuments(), loadCollections()]);
  } catch (error) {
    failed(error);
  }
}

// Wiring -------------------------------------------------------------------------------------

byId('key-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const input = byId<HTMLInputElement>('api-key');
  const key = input.value.trim();
  input.value = '';
  if (key) storeKey(key);
  void loadCollections(true);
});
byId('forget-key').addEventListener('click', () => {
  forgetKey();
  state.collection = undefined;
  show('intro');
  replace(byId('collections'));
  say('The key is forgotten.');
});
byId('open-collection-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const input = byId<HTMLInputElement>('open-collection');
  const name = input.value.trim();
  if (name) void openCollection(name);
});
byId('search-form').addEventListener('submit', (event) => void search(event));
byId('ask-form').addEventListener('submit', (event) => void ask(event));
byId('upload-form').addEventListener('submit', (event) => void submitUpload(event));
byId('delete-document').addEventListener('click', () => void deleteDocument());
byId('document-back').addEventListener('click', () => show('collection-view', 'collection-title'));
byId('chunk-back').addEventListener('click', () => show('collection-view', 'collection-title'));

void loadCollections(true);

/**
 * Documents: the collection's documents searched by title or file name, filtered by metadata
 * facets, sorted and paged on the server (`GET …/documents?q&metadata&sort&order&limit&offset`),
 * each with its size in bytes and open, re-ingest and delete (re-ingest disabled, with the
 * server's reason, when the server has no file to read it from); drag-and-drop
 * upload of many files, each sent on its own with its own progress bar, status and, when refused,
 * the server's reason.
 */
import { ApiError, call, documentPath, upload } from './api.js';
import { byId, bytes, count, h, replace } from './dom.js';
import { addFacetTarget, chosenFacets, loadFacets } from './facets.js';
import type { DocumentListItem, IngestItem } from './types.js';
import { errorText, say, showError, state } from './ui.js';
import { openEvidence } from './viewer.js';

/** Documents per page. */
export const PAGE_SIZE = 25;
/** Uploads sent at once. */
const PARALLEL_UPLOADS = 2;

const list: { offset: number; total: number; request: number } = { offset: 0, total: 0, request: 0 };
let onChange: () => void = () => {};

function reingestButton(d: DocumentListItem, error: HTMLElement): HTMLElement {
  const label = `Re-ingest ${d.documentId}`;
  if (!d.reingest.available) {
    // aria-disabled rather than disabled: it stays focusable, so keyboard and screen-reader users
    // reach the reason, which a press also shows in the row.
    return h(
      'button',
      {
        type: 'button',
        class: 'quiet',
        'aria-disabled': 'true',
        'aria-label': label,
        title: `Cannot re-ingest: ${d.reingest.reason ?? 'no file to read'}`,
        onclick: () => {
          error.textContent = `Cannot re-ingest: ${d.reingest.reason ?? 'no file to read'}`;
        },
      },
      'Re-ingest',
    );
  }
  const button = h(
    'button',
    {
      type: 'button',
      class: 'quiet',
      'aria-label': label,
      title:
        d.reingest.from === 'source'
          ? 'Parse the source file on the server again'
          : 'Parse the kept original again',
    },
    'Re-ingest',
  ) as HTMLButtonElement;
  button.addEventListener('click', () => void reingest(d.documentId, button, error));
  return button;
}

async function reingest(documentId: string, button: HTMLButtonElement, error: HTMLElement): Promise<void> {
  const collection = state.collection;
  if (!collection) return;
  button.disabled = true;
  button.textContent = 'Re-ingesting…';
  error.textContent = '';
  try {
    const result = await call<{ item: IngestItem }>(
      'POST',
      `${documentPath(collection, documentId)}/reingest`,
    );
    const { item } = result;
    if (item.status === 'ingested') say(`Re-ingested ${documentId}: ${count(item.chunks, 'chunk')}.`);
    else error.textContent = itemText(item);
    if (item.status === 'ingested') {
      await loadDocuments();
      onChange();
      return;
    }
  } catch (failure) {
    error.textContent = errorText(failure);
  }
  button.disabled = false;
  button.textContent = 'Re-ingest';
}

function row(d: DocumentListItem): HTMLElement {
  const name = d.title ?? d.sourceName;
  const rowError = h('p', { class: 'error row-error', role: 'alert' });
  return h(
    'tr',
    {},
    h(
      'td',
      {},
      h(
        'button',
        {
          type: 'button',
          class: 'link',
          onclick: () => void openEvidence({ documentId: d.documentId }),
        },
        name,
      ),
      name !== d.documentId ? h('div', { class: 'hit-meta' }, d.documentId) : null,
    ),
    h(
      'td',
      { class: 'num' },
      d.byteSize === undefined
        ? h('span', { title: 'Size not recorded (ingested before sizes were kept)' }, '—')
        : bytes(d.byteSize),
    ),
    h('td', { class: 'num' }, String(d.pageCount)),
    h('td', { class: 'num' }, String(d.chunkCount)),
    h('td', {}, h('time', { datetime: d.ingestedAt }, new Date(d.ingestedAt).toLocaleDateString())),
    h(
      'td',
      { class: 'actions' },
      reingestButton(d, rowError),
      h(
        'button',
        {
          type: 'button',
          class: 'quiet danger-text',
          'aria-label': `Delete ${d.documentId}`,
          onclick: () => void remove(d.documentId),
        },
        'Delete',
      ),
      rowError,
    ),
  );
}

function message(text: string): HTMLElement {
  return h('tr', {}, h('td', { colspan: 6, class: 'empty' }, text));
}

/** The pending load of a search being typed (see `setUpDocuments`). */
let typing: ReturnType<typeof setTimeout> | undefined;

/**
 * Loads the page at `list.offset` with the search, sort and order of the form. It reads the
 * search box as it is now, so it supersedes a load still pending from typing: that one would only
 * load the same page again, later, and leave the list busy when it looks settled.
 */
export async function loadDocuments(offset = list.offset): Promise<void> {
  clearTimeout(typing);
  typing = undefined;
  const collection = state.collection;
  if (!collection) return;
  const ticket = ++list.request;
  const body = byId('documents');
  const q = byId<HTMLInputElement>('documents-q').value.trim();
  const metadata = chosenFacets('documents-facets');
  const filtered = Object.keys(metadata).length > 0;
  const params = new URLSearchParams({
    sort: byId<HTMLSelectElement>('documents-sort').value,
    order: byId<HTMLSelectElement>('documents-order').value,
    limit: String(PAGE_SIZE),
    offset: String(offset),
    ...(q ? { q } : {}),
    ...(filtered ? { metadata: JSON.stringify(metadata) } : {}),
  });
  body.setAttribute('aria-busy', 'true');
  if (body.childElementCount === 0) replace(body, message('Loading documents…'));
  try {
    const page = await call<{ documents: DocumentListItem[]; total: number; offset: number }>(
      'GET',
      `/v1/collections/${encodeURIComponent(collection)}/documents?${params}`,
    );
    if (ticket !== list.request) return;
    showError('documents-error', undefined);
    list.offset = page.offset;
    list.total = page.total;
    replace(
      body,
      ...(page.documents.length > 0
        ? page.documents.map(row)
        : [
            message(
              q || filtered
                ? `No document matches${q ? ` “${q}”` : ''}${filtered ? ' with the chosen filters' : ''}.`
                : 'No documents yet: drop files above to upload them.',
            ),
          ]),
    );
    byId('documents-range').textContent =
      page.total === 0
        ? ''
        : `${(page.offset + 1).toLocaleString('en')}–${(page.offset + page.documents.length).toLocaleString('en')} of ${count(page.total, 'document')}`;
  } catch (error) {
    if (ticket !== list.request) return;
    if (error instanceof ApiError && error.code === 'COLLECTION_NOT_FOUND') {
      list.total = 0;
      replace(body, message('No documents yet: drop files above to create this collection.'));
      byId('documents-range').textContent = '';
    } else {
      replace(body);
      showError('documents-error', error);
    }
  } finally {
    if (ticket === list.request) {
      body.setAttribute('aria-busy', 'false');
      byId<HTMLButtonElement>('documents-prev').disabled = list.offset === 0;
      byId<HTMLButtonElement>('documents-next').disabled = list.offset + PAGE_SIZE >= list.total;
    }
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

async function remove(documentId: string): Promise<void> {
  const collection = state.collection;
  if (!collection) return;
  if (!(await confirmDelete(documentId))) {
    say('Nothing was deleted.');
    return;
  }
  try {
    const result = await call<{ chunks: number }>('DELETE', documentPath(collection, documentId));
    say(`Deleted ${documentId} (${count(result.chunks, 'chunk')}).`);
    await Promise.all([loadDocuments(), loadFacets()]);
    onChange();
  } catch (error) {
    showError('documents-error', error);
  }
}

// Upload ----------------------------------------------------------------------------------

function itemText(item: IngestItem): string {
  if (item.status === 'ingested') return `Ingested: ${count(item.chunks, 'chunk')}`;
  if (item.status === 'unchanged') return 'Unchanged: already stored';
  return `${item.status === 'failed' ? 'Failed' : 'Skipped'}: ${item.reason ?? 'no reason given'}`;
}

async function uploadOne(collection: string, file: File, metadata: string | undefined, line: HTMLElement) {
  const progress = h('progress', { max: '1', value: '0', 'aria-label': `Upload progress of ${file.name}` });
  const status = h('span', { class: 'upload-status' }, 'Waiting…');
  replace(
    line,
    h('span', { class: 'upload-name' }, file.name),
    h('span', { class: 'upload-size' }, bytes(file.size)),
    progress,
    status,
  );
  status.textContent = 'Uploading…';
  try {
    const result = await upload<{ items: IngestItem[] }>(collection, [file], metadata, (sent, total) => {
      progress.value = total === 0 ? 1 : sent / total;
      if (sent >= total) status.textContent = 'Ingesting…';
    });
    progress.value = 1;
    const item = result.items[0];
    const ok = item !== undefined && (item.status === 'ingested' || item.status === 'unchanged');
    line.dataset.status = ok ? 'done' : 'failed';
    status.textContent = item ? itemText(item) : 'No report';
    return ok;
  } catch (error) {
    line.dataset.status = 'failed';
    progress.value = 0;
    const text = errorText(error);
    status.textContent = text.startsWith('Refused') ? text : `Refused: ${text}`;
    throw error;
  }
}

/** Uploads `files`, a few at a time, each with its own line in the upload list. */
export async function uploadFiles(files: readonly File[]): Promise<void> {
  const collection = state.collection;
  if (!collection || files.length === 0) return;
  const metadataInput = byId<HTMLInputElement>('upload-metadata');
  const metadata = metadataInput.value.trim() || undefined;
  if (metadata) {
    try {
      const value = JSON.parse(metadata) as unknown;
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new Error('must be a JSON object');
    } catch (error) {
      showError(
        'upload-error',
        new Error(`Metadata: ${(error as Error).message}. Example: {"team":"ops"}`),
        metadataInput,
      );
      return;
    }
  }
  showError('upload-error', undefined, metadataInput);
  const listElement = byId('upload-list');
  const lines = files.map((file) => h('li', { class: 'upload', 'data-status': 'waiting' }, file.name));
  listElement.prepend(...lines);
  const queue = files.map((file, i) => ({ file, line: lines[i]! }));
  let done = 0;
  let refused: unknown;
  let failed = 0;
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      try {
        if (!(await uploadOne(collection, next.file, metadata, next.line))) failed++;
      } catch (error) {
        refused ??= error;
        failed++;
      }
      done++;
      say(`Uploaded ${done} of ${count(files.length, 'file')}.`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, files.length) }, worker));
  if (refused) showError('upload-error', refused);
  else if (failed > 0)
    byId('upload-error').textContent =
      `${failed} of ${count(files.length, 'file')} could not be ingested: see each file's reason below.`;
  say(`Uploads finished: ${files.length - failed} of ${count(files.length, 'file')} stored.`);
  await Promise.all([loadDocuments(0), loadFacets()]);
  onChange();
}

/** Wires the documents view; `changed` runs after an upload or a delete (to refresh counts). */
export function setUpDocuments(changed: () => void): void {
  onChange = changed;
  const input = byId<HTMLInputElement>('upload-files');
  byId('choose-files').addEventListener('click', () => input.click());
  input.addEventListener('change', () => {
    const files = [...(input.files ?? [])];
    input.value = '';
    void uploadFiles(files);
  });
  const zone = byId('drop-zone');
  zone.addEventListener('dragover', (event) => {
    event.preventDefault();
    zone.classList.add('dragging');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('dragging'));
  zone.addEventListener('drop', (event) => {
    event.preventDefault();
    zone.classList.remove('dragging');
    void uploadFiles([...(event.dataTransfer?.files ?? [])]);
  });
  byId('documents-q').addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(() => void loadDocuments(0), 250);
  });
  byId('documents-form').addEventListener('submit', (event) => {
    event.preventDefault();
    void loadDocuments(0);
  });
  for (const id of ['documents-sort', 'documents-order'])
    byId(id).addEventListener('change', () => void loadDocuments(0));
  addFacetTarget('documents-facets', () => void loadDocuments(0));
  byId('documents-prev').addEventListener(
    'click',
    () => void loadDocuments(Math.max(0, list.offset - PAGE_SIZE)),
  );
  byId('documents-next').addEventListener('click', () => void loadDocuments(list.offset + PAGE_SIZE));
}

/** Forgets the listing state (another collection was opened). */
export function resetDocuments(): void {
  list.offset = 0;
  list.total = 0;
  replace(byId('documents'));
  replace(byId('upload-list'));
  byId<HTMLInputElement>('documents-q').value = '';
  showError('documents-error', undefined);
  showError('upload-error', undefined);
}

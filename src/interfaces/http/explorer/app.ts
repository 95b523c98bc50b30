/**
 * The cairn web explorer: collections in the side bar; for the open collection a chat (a
 * conversation with streamed, rendered answers and citation chips), search with rendered snippets,
 * and the documents view (find, filter by metadata facets, sort, page, open, re-ingest, delete,
 * drag-and-drop upload); citations and
 * documents open in the evidence viewer (PDF pages with the passage highlighted). Plain typed DOM
 * modules bundled by esbuild; no CDN.
 */
import { call, forgetKey, storedKey, storeKey } from './api.js';
import { resetChat, setUpChat } from './chat.js';
import { loadDocuments, resetDocuments, setUpDocuments } from './documents.js';
import { byId, count, h, replace } from './dom.js';
import { loadFacets, resetFacets } from './facets.js';
import { setUpSearch } from './search.js';
import type { Collection } from './types.js';
import { say, showError, state } from './ui.js';

const TABS = ['chat', 'search', 'documents'] as const;
type Tab = (typeof TABS)[number];

/** Lists the collections; `announce` says whether a key is in use. */
async function loadCollections(announce = false): Promise<void> {
  const list = byId('collections');
  list.setAttribute('aria-busy', 'true');
  try {
    const { collections } = await call<{ collections: Collection[] }>('GET', '/v1/collections');
    showError('key-error', undefined);
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
              'data-name': c.name,
              'aria-current': c.name === state.collection ? 'true' : undefined,
              onclick: () => void openCollection(c.name),
            },
            h('span', { class: 'collection-name' }, c.name),
            h('span', { class: 'hit-meta' }, `${count(c.chunks, 'chunk')} · ${c.model ?? 'lexical'}`),
          ),
        ),
      ),
    );
    if (collections.length === 0) replace(list, h('li', { class: 'empty' }, 'No collections yet.'));
    if (announce) say(storedKey() ? 'Key in use for this tab.' : '');
  } catch (error) {
    replace(list);
    showError('key-error', error);
  } finally {
    list.setAttribute('aria-busy', 'false');
  }
}

function selectTab(tab: Tab, focus = false): void {
  for (const name of TABS) {
    const button = byId(`tab-${name}`);
    const selected = name === tab;
    button.setAttribute('aria-selected', String(selected));
    button.tabIndex = selected ? 0 : -1;
    byId(`panel-${name}`).hidden = !selected;
    if (selected && focus) button.focus();
  }
  if (tab === 'documents') void loadDocuments();
}

async function openCollection(name: string): Promise<void> {
  if (state.collection !== name) {
    state.collection = name;
    resetChat();
    resetDocuments();
    resetFacets();
    replace(byId('search-results'));
    byId('search-summary').textContent = '';
  }
  byId('collection-title').textContent = name;
  for (const button of byId('collections').querySelectorAll('button'))
    button.setAttribute('aria-current', String(button.dataset.name === name));
  byId('intro').hidden = true;
  byId('collection-view').hidden = false;
  byId('collection-title').focus();
  const selected = TABS.find((t) => byId(`tab-${t}`).getAttribute('aria-selected') === 'true') ?? 'chat';
  selectTab(selected);
  void loadFacets();
}

// Wiring -------------------------------------------------------------------------------------

byId('key-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const input = byId<HTMLInputElement>('api-key');
  const key = input.value.trim();
  input.value = '';
  if (key) storeKey(key);
  void loadCollections(true);
  // Another key may see another namespace: what the open collection shows is read again with it.
  if (state.collection) {
    void loadFacets();
    if (byId('tab-documents').getAttribute('aria-selected') === 'true') void loadDocuments();
  }
});
byId('forget-key').addEventListener('click', () => {
  forgetKey();
  state.collection = undefined;
  byId('collection-view').hidden = true;
  byId('intro').hidden = false;
  replace(byId('collections'));
  say('The key is forgotten.');
});
byId('open-collection-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const name = byId<HTMLInputElement>('open-collection').value.trim();
  if (name) void openCollection(name);
});
for (const tab of TABS) byId(`tab-${tab}`).addEventListener('click', () => selectTab(tab));
byId('collection-view')
  .querySelector('[role="tablist"]')
  ?.addEventListener('keydown', (event) => {
    const key = (event as KeyboardEvent).key;
    const current = TABS.findIndex((t) => byId(`tab-${t}`).getAttribute('aria-selected') === 'true');
    const next =
      key === 'ArrowRight'
        ? (current + 1) % TABS.length
        : key === 'ArrowLeft'
          ? (current + TABS.length - 1) % TABS.length
          : key === 'Home'
            ? 0
            : key === 'End'
              ? TABS.length - 1
              : -1;
    if (next === -1) return;
    event.preventDefault();
    selectTab(TABS[next]!, true);
  });
setUpChat();
setUpSearch();
setUpDocuments(() => void loadCollections());

void loadCollections(true);

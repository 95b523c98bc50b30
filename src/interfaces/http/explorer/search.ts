/**
 * Search: query, mode, top-k, filters chosen from the collection's metadata facets and a JSON
 * filter (which wins on a field both set); each hit shows its chunk rendered (tables as
 * tables) with the query's matched words marked, and opens its source at the page. A filter that
 * is not JSON is reported next to the filter field, and the results on screen stay.
 */
import { call } from './api.js';
import { byId, count, h, headingPath, replace } from './dom.js';
import { addFacetTarget, chosenFacets } from './facets.js';
import { highlightedWords, markWords, renderMarkdown } from './markdown.js';
import type { Hit } from './types.js';
import { say, showError, state } from './ui.js';
import { openEvidence, where } from './viewer.js';

/**
 * The filter field's value as a filter object; `undefined` when empty.
 * @throws {Error} saying what is wrong when it is not a JSON object.
 */
export function parseFilter(text: string): Record<string, unknown> | undefined {
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`The filter is not JSON: ${(error as Error).message}. Example: {"team":"ops"}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('The filter must be a JSON object, e.g. {"team":"ops"}.');
  return value as Record<string, unknown>;
}

function hitCard(hit: Hit): HTMLElement {
  const snippet = h('div', { class: 'snippet markdown' });
  snippet.append(renderMarkdown(hit.text));
  markWords(snippet, highlightedWords(hit.text, hit.highlights));
  const more = h('button', { type: 'button', class: 'quiet more', 'aria-expanded': 'false' }, 'Show all');
  more.addEventListener('click', () => {
    const open = snippet.classList.toggle('open');
    more.setAttribute('aria-expanded', String(open));
    more.textContent = open ? 'Show less' : 'Show all';
  });
  return h(
    'li',
    { class: 'hit' },
    h(
      'div',
      { class: 'hit-head' },
      h(
        'button',
        {
          type: 'button',
          class: 'link',
          onclick: () =>
            void openEvidence({
              documentId: hit.documentId,
              page: hit.pageStart,
              passage: hit.text,
              context: headingPath(hit.headingPath),
            }),
        },
        hit.sourceName,
      ),
      h('span', { class: 'hit-meta' }, `${where(hit)} · score ${hit.score.toPrecision(3)}`),
    ),
    snippet,
    more,
  );
}

async function search(event: Event): Promise<void> {
  event.preventDefault();
  const collection = state.collection;
  if (!collection) return;
  const query = byId<HTMLInputElement>('search-query').value;
  const mode = byId<HTMLSelectElement>('search-mode').value;
  const filterInput = byId<HTMLInputElement>('search-filter');
  const results = byId('search-results');
  showError('search-error', undefined);
  let filter: Record<string, unknown> | undefined;
  try {
    const chosen = chosenFacets('search-facets');
    const written = parseFilter(filterInput.value);
    filter = Object.keys(chosen).length > 0 || written ? { ...chosen, ...written } : undefined;
    showError('filter-error', undefined, filterInput);
  } catch (error) {
    showError('filter-error', error, filterInput);
    filterInput.focus();
    return;
  }
  const summary = byId('search-summary');
  summary.textContent = 'Searching…';
  results.setAttribute('aria-busy', 'true');
  try {
    const topK = Number(byId<HTMLInputElement>('search-top-k').value);
    const result = await call<{ mode: string; hits: Hit[] }>(
      'POST',
      `/v1/collections/${encodeURIComponent(collection)}/search`,
      { query, topK, ...(mode ? { mode } : {}), ...(filter ? { filter } : {}) },
    );
    summary.textContent =
      result.hits.length === 0
        ? `No passage matches “${query}” (${result.mode}).`
        : `${count(result.hits.length, 'hit')} (${result.mode}).`;
    replace(results, ...result.hits.map(hitCard));
  } catch (error) {
    summary.textContent = '';
    if (/filter/i.test((error as Error).message)) showError('filter-error', error, filterInput);
    else showError('search-error', error);
    say('The search failed.');
  } finally {
    results.setAttribute('aria-busy', 'false');
  }
}

/** Wires the search form. */
export function setUpSearch(): void {
  byId('search-form').addEventListener('submit', (event) => void search(event));
  // A facet chosen after a search runs it again; before one, it waits for the query.
  addFacetTarget('search-facets', () => {
    if (byId<HTMLInputElement>('search-query').value.trim() !== '')
      byId<HTMLFormElement>('search-form').requestSubmit();
  });
}

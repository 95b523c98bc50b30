/**
 * Metadata facets as filters: the collection's metadata fields and their commonest values, as the
 * store computes them (`GET …/facets`), shown as one select per field in the documents view and in
 * the search form, so no JSON has to be written. A chosen value filters the document listing
 * (`metadata=`) and joins the search filter (the JSON filter, when given, wins on the same field).
 */
import { ApiError, call } from './api.js';
import { byId, h, replace } from './dom.js';
import type { Facet, FacetValue } from './types.js';
import { showError, state } from './ui.js';

/** The containers facet selects are drawn in, each with what to do when one changes. */
const targets = new Map<string, () => void>();
let facets: Facet[] = [];
let request = 0;

/**
 * A value's text in a select: as it is, except a string that reads as a number or boolean, which
 * is quoted so that `"2020"` and `2020` (two values to a filter) look different. Options are
 * keyed by the value's JSON, which keeps them apart too.
 */
function optionText(value: FacetValue, count: number): string {
  const looksTyped =
    typeof value === 'string' &&
    (/^(true|false|null)$/.test(value) || (value.trim() !== '' && !Number.isNaN(Number(value))));
  return `${typeof value === 'string' && !looksTyped ? value : JSON.stringify(value)} (${count.toLocaleString('en')})`;
}

function draw(containerId: string, previous: Record<string, FacetValue>): void {
  const container = byId(containerId);
  const onChange = targets.get(containerId) ?? (() => {});
  replace(
    container,
    ...facets.map((facet, index) => {
      const id = `${containerId}-${index}`;
      const select = h(
        'select',
        { id, 'data-field': facet.field },
        h('option', { value: '' }, 'Any'),
        ...facet.values.map(({ value, count }) =>
          h('option', { value: JSON.stringify(value) }, optionText(value, count)),
        ),
      ) as HTMLSelectElement;
      const kept = previous[facet.field];
      if (kept !== undefined) select.value = JSON.stringify(kept);
      select.addEventListener('change', onChange);
      return h('div', { class: 'field facet' }, h('label', { for: id }, facet.field), select);
    }),
  );
  container.hidden = facets.length === 0;
}

/** The values chosen in container `containerId`, field → value. */
export function chosenFacets(containerId: string): Record<string, FacetValue> {
  const chosen: Record<string, FacetValue> = {};
  for (const select of byId(containerId).querySelectorAll<HTMLSelectElement>('select[data-field]')) {
    if (select.value !== '') chosen[select.dataset.field!] = JSON.parse(select.value) as FacetValue;
  }
  return chosen;
}

/** Draws facet selects in `containerId`; `onChange` runs when one changes. */
export function addFacetTarget(containerId: string, onChange: () => void): void {
  targets.set(containerId, onChange);
}

/**
 * Loads the open collection's facets and draws them in every target, keeping choices that still
 * exist. A failure shows in `errorId` (next to the documents' controls) and leaves no selects.
 */
export async function loadFacets(errorId = 'documents-error'): Promise<void> {
  const collection = state.collection;
  if (!collection) return;
  const ticket = ++request;
  const previous = new Map([...targets.keys()].map((id) => [id, chosenFacets(id)]));
  try {
    const result = await call<{ facets: Facet[] }>(
      'GET',
      `/v1/collections/${encodeURIComponent(collection)}/facets`,
    );
    if (ticket !== request) return;
    facets = result.facets;
  } catch (error) {
    if (ticket !== request) return;
    facets = [];
    if (!(error instanceof ApiError && error.code === 'COLLECTION_NOT_FOUND')) showError(errorId, error);
  }
  for (const id of targets.keys()) draw(id, previous.get(id) ?? {});
}

/** Forgets the facets (another collection was opened). */
export function resetFacets(): void {
  facets = [];
  request++;
  for (const id of targets.keys()) draw(id, {});
}

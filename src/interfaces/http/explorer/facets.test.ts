// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addFacetTarget, chosenFacets, loadFacets, resetFacets } from './facets.js';
import { state } from './ui.js';

/** What `GET …/facets` answers (the server's shape; see the FacetList schema). */
const FACETS = {
  facets: [
    {
      field: 'year',
      documents: 3,
      values: [
        { value: 2020, count: 2 },
        { value: '2020', count: 1 },
      ],
    },
    { field: 'draft', documents: 1, values: [{ value: false, count: 1 }] },
  ],
};

describe('metadata facets', () => {
  const changed = vi.fn();
  let answer: () => Response;

  beforeEach(() => {
    document.body.innerHTML = '<fieldset id="facets" hidden></fieldset><p id="documents-error"></p>';
    state.collection = 'kb';
    answer = () => new Response(JSON.stringify(FACETS), { headers: { 'Content-Type': 'application/json' } });
    vi.stubGlobal('fetch', async (url: string) => {
      expect(url).toBe('/v1/collections/kb/facets');
      return answer();
    });
    addFacetTarget('facets', changed);
    resetFacets();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('draws one labelled select per field, "Any" first, each value with its count', async () => {
    await loadFacets();
    const container = document.getElementById('facets')!;
    expect(container.hidden).toBe(false);
    const selects = [...container.querySelectorAll('select')];
    expect(selects.map((select) => select.labels?.[0]?.textContent)).toEqual(['year', 'draft']);
    expect([...selects[0]!.options].map((option) => option.textContent)).toEqual([
      'Any',
      '2020 (2)',
      '"2020" (1)',
    ]);
    expect(chosenFacets('facets')).toEqual({});
  });

  it('keeps the value’s type (2020 is not "2020"), and the choice across a reload', async () => {
    await loadFacets();
    const [year, draft] = [...document.querySelectorAll<HTMLSelectElement>('#facets select')];
    year!.value = '"2020"';
    draft!.value = 'false';
    year!.dispatchEvent(new Event('change'));
    expect(changed).toHaveBeenCalled();
    expect(chosenFacets('facets')).toEqual({ year: '2020', draft: false });
    await loadFacets();
    expect(chosenFacets('facets')).toEqual({ year: '2020', draft: false });
  });

  it('shows a failure next to the documents controls and hides the selects', async () => {
    answer = () =>
      new Response(JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'unknown API key' } }), {
        status: 401,
      });
    await loadFacets();
    expect(document.getElementById('facets')!.hidden).toBe(true);
    expect(document.getElementById('documents-error')!.textContent).toContain('unknown API key');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '../src/core/types.js';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';

/**
 * A harbour authority's quarterly report: one sentence states a significant change in its
 * operating expenses and what drove it; its certification and review paragraphs share more of a
 * question's other words ("significant change", "reported", "quarter") and outrank it in search.
 * Other reports make the harbour's name a word that singles its report out.
 */
const HARBOUR = `# Contoso Harbour Authority Quarterly Report

## Review of controls

Contoso Harbour discloses any significant change in internal control reported in the quarter.
Significant changes reported in any quarter are reviewed by Contoso Harbour's audit committee each
quarter, and any significant change reported is certified.

## Certification

The officers certify that the quarterly report discloses any significant change reported in the quarter.

## Traffic

Vessel calls rose to 412 in the quarter, and cargo handled reached 1.9 million tonnes.

## Costs

In the second quarter of 2024 operating expenses increased 14% to $8.2 million, driven by the new ferry terminal's staff and power.

## Outlook

The authority expects steady traffic for the rest of the year.
`;

const OTHERS: Record<string, string> = Object.fromEntries(
  ['Fabrikam Rail', 'Tailspin Water', 'Northwind Ferries', 'Adatum Bridges', 'Litware Tunnels'].map(
    (name) => [
      `${name.toLowerCase().replace(' ', '-')}-report-2024-q2.md`,
      `# ${name} Quarterly Report\n\n## Costs\n\nOperating expenses were level with the first quarter; operating expenses per passenger fell.\n`,
    ],
  ),
);

/** The document and text the answer's first `[n]` marker cites. */
function firstCited(answer: Answer): string | undefined {
  const marker = /\[(\d+)\]/.exec(answer.text);
  return marker ? answer.sources[Number(marker[1]) - 1]?.hit.chunk.text : undefined;
}

describe('an offline answer leads with the passage that states what is asked (engine, SQLite)', () => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(':memory:'), chunkSize: 48, chunkOverlap: 0 });
    for (const [name, text] of Object.entries({ 'contoso-harbour-report-2024-q2.md': HARBOUR, ...OTHERS })) {
      await engine.ingestSource(
        { name, bytes: new TextEncoder().encode(text), mediaType: 'text/markdown' },
        { documentId: name },
      );
    }
  });
  afterAll(() => engine.close());

  const question =
    "Has there been any significant change in Contoso Harbour's operating expenses over the reported quarter?";

  it('quotes the stating sentence first, even when search ranks its chunk below the hits it answers from', async () => {
    // The search the answer reads: its two hits are the review and certification paragraphs.
    const { hits } = await engine.search(question, { topK: 2 });
    expect(hits.some((hit) => hit.chunk.text.includes('operating expenses increased'))).toBe(false);
    const answer = await engine.ask(question, { topK: 2 });
    expect(answer.notFound).toBe(false);
    expect(answer.text).toMatch(/^In the second quarter of 2024 operating expenses increased 14%/);
    expect(firstCited(answer)).toContain('driven by the new ferry terminal');
  });
});

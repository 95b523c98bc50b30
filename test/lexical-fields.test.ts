import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { StructuralContextualizer } from '../src/ingest/contextualize/structural-contextualizer.js';
import { tempDir } from './support/corpus.js';

const text = (value: string) => new TextEncoder().encode(value);

describe('lexical fields beyond the chunk text (SQLite)', () => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await createEngine({
      store: await openStore(path.join(tempDir(), 'cairn.db')),
      contextualizer: new StructuralContextualizer(),
      chunkSize: 40,
      chunkOverlap: 0,
    });
    await engine.ingestSource(
      {
        name: 'reports/2023 Q3 ACME.md',
        bytes: text(
          [
            '# Quarterly filing',
            '',
            'Revenue grew by nine percent compared with the same quarter of the previous year, led by services.',
            '',
            'Operating expenses rose slightly because the company hired more engineers for its cloud division.',
            '',
            'The board approved a buyback of common stock worth two billion dollars over the next twelve months.',
          ].join('\n'),
        ),
      },
      { documentId: 'reports/2023 Q3 ACME.md' },
    );
    await engine.ingestSource(
      { name: 'notes/other.md', bytes: text('Revenue of another company grew as well.') },
      { documentId: 'notes/other.md' },
    );
  });
  afterAll(() => engine.close());

  it('finds every chunk of a document by a word of its file name', async () => {
    const { hits } = await engine.search('ACME', { mode: 'lexical', topK: 10 });
    expect(hits.length).toBeGreaterThan(1);
    expect(new Set(hits.map((hit) => hit.chunk.documentId))).toEqual(new Set(['reports/2023 Q3 ACME.md']));
  });

  it('ranks the named document first for a question that names it', async () => {
    const { hits } = await engine.search('ACME revenue', { mode: 'lexical', topK: 3 });
    expect(hits[0]?.chunk.documentId).toBe('reports/2023 Q3 ACME.md');
  });

  it('finds a chunk by a word that only its neighbouring paragraph (its context) holds', async () => {
    const { hits } = await engine.search('buyback', { mode: 'lexical', topK: 10 });
    const ids = hits.map((hit) => hit.chunk.id);
    const own = hits.find((hit) => hit.chunk.text.includes('buyback'));
    expect(own).toBeDefined();
    expect(ids[0]).toBe(own!.chunk.id);
    expect(hits.some((hit) => !hit.chunk.text.includes('buyback'))).toBe(true);
  });
});

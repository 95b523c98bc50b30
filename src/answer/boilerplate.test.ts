import { describe, expect, it } from 'vitest';
import type { Hit } from '../core/types.js';
import { createEngine } from '../engine/engine.js';
import { createMemoryStore } from '../store/memory/memory-store.js';
import { boilerplateHits, copiedChunks, repeatedPassages, resemblance, shingles } from './boilerplate.js';

function hit(documentId: string, text: string, ordinal = 0): Hit {
  return {
    chunk: {
      id: `${documentId}:${ordinal}`,
      documentId,
      sourceId: documentId,
      ordinal,
      text,
      headingPath: [],
      pageStart: 1,
      pageEnd: 1,
      tokenCount: 1,
      metadata: {},
    },
    score: 1,
    scores: { lexical: 1 },
  };
}

const CERTIFICATION =
  'I have reviewed this quarterly report. Based on my knowledge, this report does not contain any untrue statement of a material fact or omit to state a material fact necessary to make the statements made not misleading.';

describe('shingles and resemblance', () => {
  it('count numbers as words, so statements that differ in their figures are not copies', () => {
    const a = shingles('Total net sales were 82,959 million in the quarter ended June');
    const b = shingles('Total net sales were 94,836 million in the quarter ended June');
    expect(resemblance(a, a)).toBe(1);
    expect(resemblance(a, b)).toBeLessThan(0.8);
  });
});

describe('copiedChunks and repeatedPassages', () => {
  it('find near-copies among the hits, and passages repeated apart from chunk overlap', () => {
    const hits = [
      hit('a.pdf', `${CERTIFICATION} Signed on March 1, 2023.`),
      hit('b.pdf', `${CERTIFICATION} Signed on June 1, 2023.`),
      hit('a.pdf', 'Net sales rose 2% to $82,959 million, driven by services.', 7),
    ];
    expect(copiedChunks(hits)).toEqual(new Set(['a.pdf:0', 'b.pdf:0']));
    const overlap = [hit('c.pdf', 'Shared sentence.', 1), hit('c.pdf', 'Shared sentence.', 2)];
    expect(repeatedPassages(overlap, [['Shared sentence.'], ['Shared sentence.']])).toEqual(new Set());
    const apart = [hit('c.pdf', 'Shared sentence.', 1), hit('d.pdf', 'Shared sentence.', 1)];
    expect(repeatedPassages(apart, [['Shared sentence.'], ['Shared sentence.']])).toEqual(
      new Set(['shared sentence.']),
    );
  });
});

describe('boilerplateHits', () => {
  it('marks a hit whose text other documents of the collection hold nearly verbatim', async () => {
    const engine = await createEngine({ store: createMemoryStore() });
    try {
      const texts: Record<string, string> = {
        'acme.md': `# Acme\n\n## Certification\n\n${CERTIFICATION}\n`,
        'globex.md': `# Globex\n\n## Certification\n\n${CERTIFICATION}\n`,
        'initech.md': `# Initech\n\n## Certification\n\n${CERTIFICATION}\n`,
        'results.md':
          '# Acme results\n\nAcme reported that quarterly net sales rose to $82,959 million, a statement of fact that is not misleading.\n',
      };
      for (const [id, text] of Object.entries(texts)) {
        await engine.ingestSource(
          { name: id, bytes: new TextEncoder().encode(text), mediaType: 'text/markdown' },
          { documentId: id },
        );
      }
      const { hits } = await engine.search('quarterly report statement of a material fact', {
        mode: 'lexical',
      });
      const found = await boilerplateHits(engine, hits);
      expect([...found].sort()).toEqual(['acme.md:0', 'globex.md:0', 'initech.md:0']);
      expect(await boilerplateHits(engine, hits, { minCopies: 3 })).toEqual(new Set());
    } finally {
      await engine.close();
    }
  });
});

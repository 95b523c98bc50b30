import { describe, expect, it } from 'vitest';
import { testHit } from '../../test/support/hits.js';
import type { Hit } from '../core/types.js';
import { createEngine } from '../engine/engine.js';
import { createMemoryStore } from '../store/memory/memory-store.js';
import {
  answerBoilerplate,
  boilerplateHits,
  copiedChunks,
  copiedHits,
  repeatedPassages,
  resemblance,
  shingles,
} from './boilerplate.js';

function hit(documentId: string, text: string, ordinal = 0): Hit {
  return testHit(documentId, text, { ordinal });
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

describe('copies across series, not across versions', () => {
  const REPURCHASE =
    'The Company repurchased shares of its common stock under the program announced in May, and all repurchased shares were retired.';

  it('a paragraph every quarterly report of one issuer carries is no copy; a certification of another issuer is', () => {
    const versions = [
      hit('2023 Q1 ACME.pdf', REPURCHASE, 20),
      hit('2023 Q2 ACME.pdf', REPURCHASE, 21),
      hit('2022 Q3 ACME.pdf', REPURCHASE, 19),
    ];
    expect(copiedChunks(versions)).toEqual(new Set());
    expect(repeatedPassages(versions, [[REPURCHASE], [REPURCHASE], [REPURCHASE]])).toEqual(new Set());
    const across = [hit('2023 Q1 ACME.pdf', CERTIFICATION, 40), hit('2023 Q1 GLOBEX.pdf', CERTIFICATION, 38)];
    expect(copiedChunks(across)).toEqual(new Set(['2023 Q1 ACME.pdf:40', '2023 Q1 GLOBEX.pdf:38']));
    expect(repeatedPassages(across, [[CERTIFICATION], [CERTIFICATION]]).size).toBe(1);
    // Two certifications far apart in one report are copies still.
    const twice = [hit('2023 Q1 ACME.pdf', CERTIFICATION, 40), hit('2023 Q1 ACME.pdf', CERTIFICATION, 44)];
    expect(copiedChunks(twice).size).toBe(2);
  });

  it('boilerplateHits counts the series holding a copy, not the versions of the hit’s own', async () => {
    const engine = await createEngine({ store: createMemoryStore() });
    try {
      const texts: Record<string, string> = {
        'acme-2023-q1.md': `# Acme\n\n## Equity\n\n${REPURCHASE}\n\n## Certification\n\n${CERTIFICATION}\n`,
        'acme-2023-q2.md': `# Acme\n\n## Equity\n\n${REPURCHASE}\n\n## Certification\n\n${CERTIFICATION}\n`,
        'acme-2023-q3.md': `# Acme\n\n## Equity\n\n${REPURCHASE}\n\n## Certification\n\n${CERTIFICATION}\n`,
        'globex-2023-q1.md': `# Globex\n\n## Certification\n\n${CERTIFICATION}\n`,
        'initech-2023-q1.md': `# Initech\n\n## Certification\n\n${CERTIFICATION}\n`,
      };
      for (const [id, text] of Object.entries(texts)) {
        await engine.ingestSource(
          { name: id, bytes: new TextEncoder().encode(text), mediaType: 'text/markdown' },
          { documentId: id },
        );
      }
      const { hits } = await engine.search('repurchased shares common stock program retired', {
        mode: 'lexical',
      });
      const repurchase = hits.filter((h) => h.chunk.text.includes('repurchased'));
      expect(repurchase.length).toBeGreaterThan(0);
      expect(await boilerplateHits(engine, repurchase)).toEqual(new Set());
      const certifications = (
        await engine.search('quarterly report untrue statement of a material fact', { mode: 'lexical' })
      ).hits.filter((h) => h.chunk.text.includes('untrue') && !h.chunk.text.includes('repurchased'));
      expect(certifications.length).toBeGreaterThan(0);
      const found = await boilerplateHits(engine, certifications);
      expect(found.size).toBe(certifications.length);
    } finally {
      await engine.close();
    }
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

describe('copiedHits: text carried from version to version', () => {
  it('is carried when another version holds it with the same numbers, not when only its figures changed', async () => {
    const engine = await createEngine({ store: createMemoryStore() });
    const policy =
      'The Board of Directors reviews the dividend each year against cash flow, capital needs and the covenants of the revolving credit facility.';
    const visitors = (n: string) =>
      `The maritime museum and the harbour walks welcomed ${n} visitors in the quarter, most of them at the winter lantern festival.`;
    try {
      const texts: Record<string, string> = {
        'harbor-report-2022-q2.md': `# Harbor\n\n## Visitors\n\n${visitors('41,200')}\n\n## Dividend\n\n${policy}\n`,
        'harbor-report-2023-q2.md': `# Harbor\n\n## Visitors\n\n${visitors('44,750')}\n\n## Dividend\n\n${policy}\n`,
      };
      for (const [id, text] of Object.entries(texts)) {
        await engine.ingestSource(
          { name: id, bytes: new TextEncoder().encode(text), mediaType: 'text/markdown' },
          { documentId: id },
        );
      }
      const { hits } = await engine.search('visitors harbour walks dividend board covenants', {
        mode: 'lexical',
        topK: 20,
      });
      const newer = hits.filter((h) => h.chunk.documentId === 'harbor-report-2023-q2.md');
      const copies = await copiedHits(engine, newer);
      const carried = newer.filter((h) => copies.carried.has(h.chunk.id)).map((h) => h.chunk.text);
      expect(carried.some((t) => t.includes('revolving credit facility'))).toBe(true);
      expect(carried.some((t) => t.includes('44,750'))).toBe(false);
      expect(copies.boilerplate).toEqual(new Set());
      // Only a question naming a time (a period, the newest or previous version, a date a version
      // is asked at: the retriever's own test, `namesTime`) treats carried text as boilerplate.
      expect(answerBoilerplate('What is the dividend policy?', copies)).toEqual(new Set());
      expect(answerBoilerplate('What is the dividend policy in the latest report?', copies)).toEqual(
        copies.carried,
      );
      expect(answerBoilerplate('How many visitors came in Q2 2023?', copies)).toEqual(copies.carried);
      expect(answerBoilerplate('What was the dividend policy as of March 15, 2023?', copies)).toEqual(
        copies.carried,
      );
      expect(answerBoilerplate('What did the previous version say about the dividend?', copies)).toEqual(
        copies.carried,
      );
    } finally {
      await engine.close();
    }
  });

  it('is not carried when a sum changed to a figure the other version writes without its sign', async () => {
    // "£10 for every 10 minutes" against "£15 for every 10 minutes": the numbers alone (`10`, `15`)
    // are all written in the newer version, the sums are not.
    const engine = await createEngine({ store: createMemoryStore() });
    const charges = (late: string) =>
      `A registration fee of £50 is payable when you accept a place. Late collection after 6pm is charged at ${late} for every 10 minutes, and fees are payable by the 5th of each month.`;
    try {
      const texts: Record<string, string> = {
        'nursery-fees-2026-27.md': `# Nursery fees\n\n## Other charges\n\n${charges('£10')}\n`,
        'nursery-fees-2027-28.md': `# Nursery fees\n\n## Other charges\n\n${charges('£15')} Sessions run 15 times a term.\n`,
      };
      for (const [id, text] of Object.entries(texts)) {
        await engine.ingestSource(
          { name: id, bytes: new TextEncoder().encode(text), mediaType: 'text/markdown' },
          { documentId: id },
        );
      }
      const { hits } = await engine.search('late collection charge registration fee', {
        mode: 'lexical',
        topK: 20,
      });
      const older = hits.filter((h) => h.chunk.documentId === 'nursery-fees-2026-27.md');
      expect(older.length).toBeGreaterThan(0);
      const copies = await copiedHits(engine, older);
      expect(older.filter((h) => copies.carried.has(h.chunk.id))).toEqual([]);
    } finally {
      await engine.close();
    }
  });
});

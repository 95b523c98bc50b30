import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testHit } from '../../test/support/hits.js';
import { COPY_RESEMBLANCE, resemblance, shingles } from '../answer/boilerplate.js';
import type { Hit } from '../core/types.js';
import { createEngine, type Engine } from '../engine/engine.js';
import { openStore } from '../engine/store-schemes.js';
import {
  copiedAcrossDocuments,
  demoteCopies,
  nearCopies,
  newestCopiesFirst,
  shingleHashes,
} from './copy-demotion.js';

// A certification copied into every quarterly report of a series, and each report's own figures.
const CERTIFICATION =
  'I certify that this quarterly report on Form 10-Q fully complies with the requirements of the ' +
  'Securities Exchange Act and that the information contained in the quarterly report fairly ' +
  'presents, in all material respects, the financial condition and results of operations of the company.';
const reports: Record<string, string> = {
  q1: `# Quarterly report, first quarter\n\nRevenue in the quarter was 410 million, up 3 percent on higher unit sales.\n\n## Certification\n\n${CERTIFICATION}`,
  q2: `# Quarterly report, second quarter\n\nRevenue in the quarter was 452 million, up 5 percent as services grew.\n\n## Certification\n\n${CERTIFICATION}`,
  q3: `# Quarterly report, third quarter\n\nRevenue in the quarter was 470 million, up 4 percent with new products.\n\n## Certification\n\n${CERTIFICATION}`,
  other: '# Field notes\n\nOtters float on kelp rafts in the bay.',
};

describe('demoting copies across documents (SQLite store)', () => {
  let engine: Engine;
  beforeAll(async () => {
    // Small chunks, so that each report's certification is in chunks of its own (two: it is longer).
    engine = await createEngine({ store: await openStore(':memory:'), chunkSize: 48, chunkOverlap: 0 });
    for (const [id, text] of Object.entries(reports)) {
      await engine.ingestSource(
        { name: `${id}.md`, bytes: new TextEncoder().encode(text), mediaType: 'text/markdown' },
        { documentId: id },
      );
    }
  });
  afterAll(() => engine.close());

  const question = 'revenue in the most recent quarterly report on Form 10-Q';
  const isCertification = (hit: Hit) => !hit.chunk.text.includes('Revenue in the quarter');

  it('lets the certification lead without demotion, because it shares the question’s words', async () => {
    const { hits, scoring } = await engine.search(question, {
      mode: 'lexical',
      topK: 3,
      demoteCopies: false,
    });
    expect(isCertification(hits[0]!)).toBe(true);
    expect(scoring.copiesDemoted).toBeUndefined();
  });

  it('puts each report’s own figures before its copy of the certification, documents keeping their rank', async () => {
    // The demotion alone: "the most recent quarterly report" would also prefer q3, the highest
    // of the reports numbered q1 to q3 (a time preference, measured elsewhere).
    const plain = await engine.search(question, {
      mode: 'lexical',
      topK: 9,
      demoteCopies: false,
      timePreference: 0,
    });
    const { hits, scoring } = await engine.search(question, { mode: 'lexical', topK: 9, timePreference: 0 });
    const documentOrder = (list: Hit[]) => [...new Set(list.map((h) => h.chunk.documentId))];
    expect(documentOrder(hits)).toEqual(documentOrder(plain.hits));
    expect(isCertification(hits[0]!)).toBe(false);
    for (const document of documentOrder(hits)) {
      expect(isCertification(hits.find((h) => h.chunk.documentId === document)!)).toBe(false);
    }
    expect(scoring.copiesDemoted).toBe(3);
  });

  it('leaves a copy in place when its document has no other hit in the pool', async () => {
    const { hits } = await engine.search(question, { mode: 'lexical', topK: 3, keepBest: true });
    expect(hits.some(isCertification)).toBe(true);
  });

  it('needs copies in enough other documents: two reports alone are not a template at minCopies 2', async () => {
    const { hits } = await engine.search(question, {
      mode: 'lexical',
      topK: 10,
      demoteCopies: 2,
      documentIds: ['q1', 'q2'],
    });
    expect(isCertification(hits[0]!)).toBe(true);
  });

  it('copiedAcrossDocuments ignores copies within one document and short texts', async () => {
    const { hits } = await engine.search(question, { mode: 'lexical', topK: 10, demoteCopies: false });
    const copies = copiedAcrossDocuments(hits, 2);
    expect([...copies].every((id) => isCertification(hits.find((h) => h.chunk.id === id)!))).toBe(true);
    expect(copies.size).toBe(6);
    const same = hits
      .filter(isCertification)
      .map((h) => ({ ...h, chunk: { ...h.chunk, documentId: 'one' } }));
    expect(copiedAcrossDocuments(same, 1).size).toBe(0);
    expect(
      demoteCopies(hits, 2)
        .hits.map((h) => h.chunk.id)
        .sort(),
    ).toEqual(hits.map((h) => h.chunk.id).sort());
  });

  it('refuses a negative or fractional demoteCopies', async () => {
    await expect(engine.search(question, { demoteCopies: -1 })).rejects.toThrow(/demoteCopies/);
    await expect(engine.search(question, { demoteCopies: 1.5 })).rejects.toThrow(/demoteCopies/);
  });
});

describe('newestCopiesFirst (stop 54)', () => {
  const CREDIT =
    'Veltro thanks Ana Ribeiro of Lisbon Security Research for reporting this flaw in the router.';
  const dates: Record<string, string> = {
    'rev-1': '2025-06-02',
    'rev-2': '2025-07-15',
    'rev-3': '2025-09-01',
  };
  const versions = {
    series: (id: string) => (id.startsWith('rev-') ? Object.keys(dates) : []),
    date: (id: string) => dates[id],
  };
  const ids = (hits: Hit[]) => hits.map((hit) => hit.chunk.id);

  it('puts the newest version’s copy of a passage at the first place the copies hold', () => {
    const hits = [
      testHit('rev-1', CREDIT),
      testHit('other', 'Otters float on kelp rafts in the bay and groom their fur at length each day.'),
      testHit('rev-3', CREDIT),
      testHit('rev-2', CREDIT),
    ];
    expect(ids(newestCopiesFirst(hits, versions))).toEqual(['rev-3:0', 'other:0', 'rev-2:0', 'rev-1:0']);
  });

  it('leaves passages that differ, copies outside one series and undated versions where they are', () => {
    const fixed = testHit(
      'rev-2',
      'Firmware 3.4.2, released 14 July 2025, fixes the flaw on all affected models.',
    );
    const none = testHit(
      'rev-1',
      'No fixed firmware is available yet; Veltro expects to release a fix in July 2025.',
    );
    expect(ids(newestCopiesFirst([none, fixed], versions))).toEqual(['rev-1:0', 'rev-2:0']);
    const apart = [testHit('rev-1', CREDIT), testHit('elsewhere', CREDIT)];
    expect(ids(newestCopiesFirst(apart, versions))).toEqual(['rev-1:0', 'elsewhere:0']);
    const undated = {
      series: versions.series,
      date: (id: string) => (id === 'rev-1' ? undefined : dates[id]),
    };
    const both = [testHit('rev-1', CREDIT), testHit('rev-2', CREDIT)];
    expect(ids(newestCopiesFirst(both, undated))).toEqual(['rev-1:0', 'rev-2:0']);
  });
});

describe('shingleHashes', () => {
  // The definition it must agree with: FNV-1a of each distinct shingle string, ascending.
  const fnv = (text: string) => {
    let hash = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    return hash >>> 0;
  };
  const reference = (text: string) => Uint32Array.from(shingles(text), fnv).sort();

  it('holds the hash of every distinct shingle string, ascending, without building the strings', () => {
    for (const text of [
      CERTIFICATION,
      reports.q2!,
      'Ünïcode Wörter: Straße, café, 東京 タワー, and the the the the the repeated.',
      'Net sales were 82,959 million; net sales were 82,959 million.',
    ]) {
      expect([...shingleHashes(text)]).toEqual([...reference(text)]);
    }
    expect(shingleHashes('two words').length).toBe(0);
  });

  it('measures resemblance as the shingle sets do: a copy with one figure changed stays a near-copy', () => {
    const changed = CERTIFICATION.replace('material respects', 'material aspects');
    const hits = [testHit('a', CERTIFICATION), testHit('b', changed), testHit('c', reports.q3!)];
    expect(resemblance(shingles(CERTIFICATION), shingles(changed))).toBeGreaterThanOrEqual(COPY_RESEMBLANCE);
    expect(nearCopies(hits)).toEqual([['a:0', 'b:0']]);
  });
});

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Hit } from '../src/core/types.js';
import { createEngine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';
import { ensureBuilt } from './support/ensure-built.js';
import { runCairn as cairn } from './support/run-cli.js';

/** Policies, release notes, manuals and handbooks in several versions, dated in their text. */
const VERSIONED = path.resolve('test/fixtures/versioned');

interface SearchJson {
  hits: Hit[];
}

// Each test runs the CLI a few times: generous limits for a busy machine, no timing asserted.
describe('documents in time (cairn CLI over test/fixtures/versioned)', { timeout: 300_000 }, () => {
  let db: string;
  const search = async (query: string, ...args: string[]): Promise<Hit[]> => {
    const result = await cairn(['search', query, '--db', db, '--mode', 'lexical', '--json', ...args]);
    expect(result.code, result.stderr).toBe(0);
    return (JSON.parse(result.stdout) as SearchJson).hits;
  };
  const first = (hits: Hit[]) => hits[0]?.chunk.documentId;

  beforeAll(async () => {
    ensureBuilt();
    db = path.join(tempDir(), 'versioned.db');
    const ingest = await cairn(['ingest', VERSIONED, '--db', db]);
    expect(ingest.code, ingest.stderr).toBe(0);
  }, 300_000);

  it('finds every dated document unchanged on a second ingest', async () => {
    const again = await cairn(['ingest', VERSIONED, '--db', db, '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout).totals).toMatchObject({ ingested: 0, unchanged: 14 });
  });

  it('dates every document from its text, and shows the date in hits', async () => {
    const hits = await search('meal allowance abroad', '--top-k', '20');
    const dates = Object.fromEntries(hits.map((h) => [h.chunk.documentId, h.chunk.metadata.date]));
    expect(dates).toMatchObject({
      'policies/travel-policy-2022.md': '2022-01-01',
      'policies/travel-policy-2023.md': '2023-02-01',
      'policies/travel-policy-2024.md': '2024-03-01',
    });
    expect(hits[0]!.chunk.metadata).toMatchObject({ period: { kind: 'day' }, dateFrom: 'text' });
    const plain = await cairn(['search', 'meal allowance abroad', '--db', db, '--mode', 'lexical']);
    expect(plain.stdout).toMatch(/travel-policy-20\d\d\.md \(20\d\d-\d\d-\d\d\)/);
  });

  it('filters on dates with $gte and $lt', async () => {
    const hits = await search(
      'travel policy',
      '--filter',
      '{"date":{"$gte":"2023-01-01","$lt":"2024-01-01"}}',
    );
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(String(hit.chunk.metadata.date)).toMatch(/^2023-/);
    expect(new Set(hits.map((h) => h.chunk.documentId))).toContain('policies/travel-policy-2023.md');
  });

  it('prefers the newest version for a recency question, and says why', async () => {
    const hits = await search('Under the latest travel policy, what is the meal allowance abroad?');
    expect(first(hits)).toBe('policies/travel-policy-2024.md');
    expect(hits[0]!.boosts).toContainEqual(expect.objectContaining({ kind: 'recency' }));
    // Versions that share a file name in different folders are one series, dated by their text.
    expect(
      first(await search('How many days of paid holiday does the most recent employee handbook give?')),
    ).toBe('handbook/employee-handbook.md');
    const plain = await cairn(['search', 'the latest Orbit release notes: maximum upload size', '--db', db]);
    expect(plain.stdout).toContain('boosted (recency)');
  });

  it('reads words of the present as recency: "currently", "now", "at present" (stop 51)', async () => {
    for (const question of [
      'What is the meal allowance abroad under the travel policy currently?',
      'What meal allowance abroad does the travel policy give now?',
      'What is the travel policy’s meal allowance abroad at present?',
    ]) {
      const hits = await search(question);
      expect(first(hits), question).toBe('policies/travel-policy-2024.md');
      expect(hits[0]!.boosts, question).toContainEqual(expect.objectContaining({ kind: 'recency' }));
    }
  });

  it('prefers the version of the period a question names', async () => {
    expect(
      first(await search('What was the daily meal allowance under the travel policy in effect in 2022?')),
    ).toBe('policies/travel-policy-2022.md');
    const hits = await search('What was the maximum upload size in the Orbit release of April 2023?');
    expect(first(hits)).toBe('release-notes/orbit-release-notes-1.4.md');
    expect(hits[0]!.boosts).toContainEqual(expect.objectContaining({ kind: 'period' }));
  });

  it('never lets recency override the one version that holds the answer', async () => {
    const hits = await search('What does the latest manual say about storing the pump below 0 °C in winter?');
    expect(first(hits)).toBe('manuals/pump-manual-rev-b.md');
  });

  it('leads the offline answer with the newest version and says each quote’s date', async () => {
    const result = await cairn([
      'ask',
      'What is the maximum upload size in the latest Orbit release?',
      '--db',
      db,
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/1 GB/);
    expect(result.stdout.indexOf('1 GB')).toBeLessThan(
      result.stdout.search(/500 MB|200 MB/) < 0
        ? Number.POSITIVE_INFINITY
        : result.stdout.search(/500 MB|200 MB/),
    );
  });
});

describe('document focus on titles that share words (engine, SQLite)', { timeout: 300_000 }, () => {
  it('does not fire on "Phase II Study" or "University", and keeps the best unfocused document first', async () => {
    const folder = path.join(tempDir(), 'protocols');
    mkdirSync(folder);
    const protocol = (title: string, body: string) => `# ${title}\n\n## Summary\n\n${body}\n`;
    const files: Record<string, string> = {
      'NCT01.md': protocol(
        'A Phase II Study of Statins in Heart Failure',
        'Statins are given daily to adults with heart failure.',
      ),
      'NCT02.md': protocol(
        'A Phase II Study of Nivolumab in Lung Cancer',
        'Nivolumab is infused every two weeks.',
      ),
      'NCT03.md': protocol('A Phase II Study of Metformin in Obesity', 'Metformin is taken with meals.'),
      'NCT04.md': protocol(
        'Knee Rehabilitation at Cairo University',
        'Physiotherapy after knee replacement.',
      ),
      'NCT05.md': protocol(
        'Sleep Quality of Nurses at Tanta University',
        'Nurses on night shifts keep sleep diaries.',
      ),
      'NCT06.md': protocol('Hand Hygiene at Mansoura University', 'Wards are audited for hand hygiene.'),
      'NCT07.md': protocol(
        'NCT07',
        'Autologous dendritic cells loaded with tumour lysate are given to patients with melanoma as a vaccine.',
      ),
      'NCT08.md': protocol(
        'NCT08',
        'Pilonidal sinus excision with flap closure; outcomes are followed at the Assiut clinic.',
      ),
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, name), text);
    const engine = await createEngine({ store: await openStore(path.join(folder, '..', 'protocols.db')) });
    try {
      await engine.ingestPaths([folder], {});
      for (const [question, right] of [
        ['a phase II study of dendritic cells in melanoma', 'NCT07.md'],
        ['pilonidal sinus surgery at Assiut University', 'NCT08.md'],
      ] as const) {
        const { hits } = await engine.search(question, { mode: 'lexical', keepBest: true });
        expect(hits[0]?.chunk.documentId, question).toBe(right);
        // Focus may fire only on the right protocol, by its own words ("Pilonidal", "Assiut" on
        // its first page), never by the words titles share.
        for (const hit of hits) {
          for (const boost of hit.boosts ?? []) {
            expect(hit.chunk.documentId, question).toBe(right);
            expect(boost.reason, question).not.toMatch(/"(?:phase|ii|study|university|sinus|surgery)"/i);
          }
        }
      }
    } finally {
      await engine.close();
    }
  });
});

describe('document focus on a document noun another series’ titles hold (engine, SQLite; stop 50)', {
  timeout: 300_000,
}, () => {
  it('names the company the question names, not the series whose titles say when they were filed', async () => {
    const folder = path.join(tempDir(), 'noun-filings');
    mkdirSync(folder);
    // One company's titles read "Form 10-Q for … filed …" (as a PDF's metadata title may); the
    // other's are its name. Only one filing writes about a dividend, and it is not Contoso's.
    const filing = (title: string, quarter: string, body: string) =>
      `# ${title}\n\n## Quarterly report for the quarter ended ${quarter}\n\n${body}\n`;
    const files: Record<string, string> = {
      'fabrikam-2024-q1.md': filing(
        'Form 10-Q for Fabrikam Corp filed 04/25/2024',
        'March 31, 2024',
        'Our board declared a quarterly dividend of $0.75 per share.',
      ),
      'fabrikam-2024-q2.md': filing(
        'Form 10-Q for Fabrikam Corp filed 07/25/2024',
        'June 30, 2024',
        'Our board declared a quarterly dividend of $0.80 per share.',
      ),
      'contoso-2024-q1.md': filing(
        'Contoso Ltd',
        'March 31, 2024',
        'Net sales per share of common stock rose.',
      ),
      'contoso-2024-q2.md': filing(
        'Contoso Ltd',
        'June 30, 2024',
        'Net sales rose 4%; we may use cash to pay dividends or repurchase shares.',
      ),
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, name), text);
    const engine = await createEngine({ store: await openStore(path.join(folder, '..', 'noun-filings.db')) });
    try {
      await engine.ingestPaths([folder], {});
      // "filing", "Form" and a legal form ("Corp") are words for a kind of document or company:
      // the other series' titles hold them, yet they name only when no other word does.
      for (const question of [
        'What quarterly dividend did Contoso declare in its latest quarterly filing?',
        'What quarterly dividend did Contoso Corp declare in its latest Form 10-Q?',
      ]) {
        const { hits } = await engine.search(question, { mode: 'lexical', keepBest: true });
        expect(hits[0]?.chunk.documentId, question).toBe('contoso-2024-q2.md');
        for (const hit of hits) {
          for (const boost of hit.boosts ?? []) {
            if (boost.kind === 'focus') expect(hit.chunk.documentId, question).toMatch(/^contoso-/);
          }
        }
      }
    } finally {
      await engine.close();
    }
  });
});

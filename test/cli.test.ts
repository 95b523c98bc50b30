import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/corpus.js';
import { ensureBuilt } from './support/ensure-built.js';
import { runCairn as cairn } from './support/run-cli.js';

describe('cairn CLI', () => {
  let db: string;
  beforeAll(() => {
    ensureBuilt();
    db = path.join(tempDir(), 'cli.db');
  });

  it('ingests the examples and reports them unchanged the second time', async () => {
    const first = await cairn(['ingest', 'examples', '--include', '*.pdf', '--db', db, '--json']);
    expect(first.code).toBe(0);
    const report = JSON.parse(first.stdout);
    expect(report.totals).toMatchObject({ ingested: 3, failed: 0 });
    expect(report.totals.pages).toBe(12);
    const second = await cairn(['ingest', 'examples', '--include', '*.pdf', '--db', db]);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/0 ingested, 3 unchanged, 0 skipped, 0 failed/);
  });

  it('answers the Piper question with citations to the right report', async () => {
    const { code, stdout } = await cairn([
      'ask',
      'What did the Piper PA-22-150 hit on final approach near Tallahassee?',
      '--db',
      db,
    ]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/trees/i);
    // A citation names the date the report states (read at ingest), not its PDF's creation date (2019).
    expect(stdout).toMatch(/Sources:\n\[\d+\] 20071229X02007\.pdf \(2007-12-08\), p\. \d/);
  });

  it('searches with JSON output and treats query syntax as text', async () => {
    const { code, stdout } = await cairn([
      'search',
      'Tallahassee utility wires',
      '--db',
      db,
      '--json',
      '-k',
      '3',
    ]);
    expect(code).toBe(0);
    const parsed = JSON.parse(stdout);
    expect(parsed.mode).toBe('lexical');
    expect(parsed.hits.length).toBeGreaterThan(0);
    expect(parsed.hits.length).toBeLessThanOrEqual(3);
    expect(parsed.hits[0].chunk.documentId).toBe('20071229X02007.pdf');
    const punct = await cairn(['search', '"*) OR (NEAR', '--db', db, '--json']);
    expect(punct.code).toBe(0);
  });

  it('searches by the phrase the documents spell an abbreviation out with, and says so', async () => {
    const folder = tempDir();
    writeFileSync(
      path.join(folder, 'report.md'),
      '# Quarterly Report\n\n## Overview\n\nExpenses followed orders; revenue and deferred income rose.\n\n' +
        '## Expenses\n\n| | Q1 2024 |\n|---|---|\n| Research and development | 14,820 |\n',
    );
    const abbreviated = path.join(tempDir(), 'abbreviations.db');
    expect((await cairn(['ingest', folder, '--db', abbreviated])).code).toBe(0);
    const text = await cairn(['search', 'R&D expenses', '--db', abbreviated, '-k', '1']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^Read "R&D" as "research and development"\.\n1\. /);
    expect(text.stdout).toContain('Research and development | 14,820');
    const json = JSON.parse((await cairn(['search', 'R&D expenses', '--db', abbreviated, '--json'])).stdout);
    expect(json.expansions).toEqual([{ abbreviation: 'R&D', expansion: 'research and development' }]);
  });

  it('refuses to read a database that does not exist, without creating it', async () => {
    const missing = path.join(tempDir(), 'nothere', 'y.db');
    const result = await cairn(['search', 'x', '--db', missing]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/no database at .*y\.db/);
    expect(existsSync(path.dirname(missing))).toBe(false);
    const folder = await cairn(['search', 'x', '--db', tempDir()]);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toMatch(/cannot open the SQLite database/);
    expect(folder.stderr).not.toMatch(/at .*\.js:\d+/);
  });

  it('exits 2 with a message naming the option on bad usage', async () => {
    const bad = await cairn(['search', 'x', '--db', db, '--mode', 'fuzzy']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--mode/);
    const badK = await cairn(['search', 'x', '--db', db, '-k', '0']);
    expect(badK.code).toBe(2);
    expect(badK.stderr).toMatch(/--top-k must be a positive integer/);
  });

  it('lists collections and documents, deletes a document, and explains its set-up', async () => {
    const collections = JSON.parse((await cairn(['collections', '--db', db, '--json'])).stdout);
    expect(collections[0]).toMatchObject({ name: 'default', model: null, dimension: null });
    expect(collections[0].count).toBeGreaterThan(0);
    // The chunks of another namespace are counted when it is named; here it has none.
    const other = JSON.parse((await cairn(['collections', '--db', db, '-n', 'other', '--json'])).stdout);
    expect(other[0]).toMatchObject({ name: 'default', count: 0 });
    const named = JSON.parse(
      (await cairn(['collections', 'list', '--db', db, '--namespace', 'default', '--json'])).stdout,
    );
    expect(named[0].count).toBe(collections[0].count);
    const docs = JSON.parse((await cairn(['documents', '--db', db, '--json'])).stdout);
    expect(docs.map((d: { documentId: string }) => d.documentId).sort()).toEqual([
      '20071229X02007.pdf',
      '20080104X00020.pdf',
      '20080108X00031.pdf',
    ]);
    expect((await cairn(['delete', '20080104X00020.pdf', '--db', db])).code).toBe(0);
    const missing = await cairn(['delete', '20080104X00020.pdf', '--db', db]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/not in collection/);
    const doctor = await cairn(['doctor', '--db', db]);
    expect(doctor.stdout).toMatch(/no embedder configured/);
    expect(doctor.stdout).toMatch(/extractive/);
  });

  it('refuses to create a collection named like a path or with control characters, and still serves an old one so named', async () => {
    const names = path.join(tempDir(), 'names.db');
    for (const [name, message] of [
      ['../x', /collection: must not contain path separators/],
      ['a\u001b[31mb', /collection: must not contain control or invisible characters \(U\+001B/],
      ['..', /collection: must not be only dots/],
    ] as const) {
      const created = await cairn(['collections', 'create', name, '--db', names]);
      expect(created.code, name).toBe(2);
      expect(created.stderr).toMatch(message);
    }
    // A collection created before the rule, with such a name, is listed, searched and dropped.
    expect((await cairn(['collections', 'create', 'legacy', '--db', names])).code).toBe(0);
    const raw = new Database(names);
    raw.prepare("UPDATE cairn_collections SET name = '../legacy' WHERE name = 'legacy'").run();
    raw.close();
    const docs = tempDir();
    writeFileSync(path.join(docs, 'old.md'), '# Old\n\nBadgers keep old setts.\n');
    expect((await cairn(['ingest', docs, '--db', names, '--collection', '../legacy'])).code).toBe(0);
    const found = await cairn(['search', 'badgers', '--db', names, '--collection', '../legacy', '--json']);
    expect(JSON.parse(found.stdout).hits).toHaveLength(1);
    const listed = JSON.parse((await cairn(['collections', '--db', names, '--json'])).stdout);
    expect(JSON.stringify(listed)).toContain('../legacy');
    const dropped = await cairn(['collections', 'drop', '../legacy', '--db', names]);
    expect(dropped.code, dropped.stderr).toBe(0);
    expect(
      JSON.stringify(JSON.parse((await cairn(['collections', '--db', names, '--json'])).stdout)),
    ).not.toContain('legacy');
  });

  it('attaches metadata at ingest, filters on it at search time, and rejects bad filters', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'otters.md'), '# Otters\n\nSea otters hold hands while sleeping.\n');
    const meta = ['--db', db, '--collection', 'teams'];
    expect((await cairn(['collections', 'create', 'teams', '--db', db])).code).toBe(0);
    expect((await cairn(['ingest', dir, ...meta, '--metadata', '{"team":"a","year":2024}'])).code).toBe(0);
    const hitsFor = async (filter: string) =>
      JSON.parse((await cairn(['search', 'otters', ...meta, '--json', '--filter', filter])).stdout).hits;
    expect(await hitsFor('{"team":"a"}')).toHaveLength(1);
    expect(await hitsFor('{"team":"b"}')).toHaveLength(0);
    expect(await hitsFor('{"year":{"$gte":2020}}')).toHaveLength(1);
    const unknownOp = await cairn(['search', 'otters', ...meta, '--filter', '{"team":{"$regex":"a"}}']);
    expect(unknownOp.code).toBe(2);
    expect(unknownOp.stderr).toMatch(/\$regex/);
    const proto = await cairn(['search', 'otters', ...meta, '--filter', '{"__proto__":{"team":"b"}}']);
    expect(proto.code).toBe(2);
    expect(proto.stderr).toMatch(/invalid filter at __proto__: __proto__ cannot name a metadata field/);
    const protoMeta = await cairn(['ingest', dir, ...meta, '--metadata', '{"__proto__":{"team":"b"}}']);
    expect(protoMeta.code).toBe(1);
    expect(protoMeta.stdout + protoMeta.stderr).toMatch(/metadata: the key __proto__/);
    expect(await hitsFor('{"team":"a"}')).toHaveLength(1);
    const notJson = await cairn(['search', 'otters', ...meta, '--filter', 'team=a']);
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(/--filter must be a JSON object/);
  });

  it('evaluates a BEIR folder and reports nDCG@10, recall@100 and MRR@10', async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'qrels'));
    const docs = [
      { _id: 'd1', title: 'Marmots', text: 'Marmots hibernate in burrows through the winter.' },
      { _id: 'd2', title: 'Pikas', text: 'Pikas gather hay piles for the winter.' },
      { _id: 'd3', title: 'Quokkas', text: 'Quokkas live on Rottnest Island.' },
    ];
    writeFileSync(path.join(dir, 'corpus.jsonl'), docs.map((d) => JSON.stringify(d)).join('\n'));
    writeFileSync(
      path.join(dir, 'queries.jsonl'),
      [
        { _id: 'q1', text: 'which animal hibernates in burrows' },
        { _id: 'q2', text: 'hay piles' },
      ]
        .map((q) => JSON.stringify(q))
        .join('\n'),
    );
    writeFileSync(path.join(dir, 'qrels', 'test.tsv'), 'query-id\tcorpus-id\tscore\nq1\td1\t1\nq2\td2\t1\n');
    const { code, stdout } = await cairn(['eval', dir, '--db', path.join(dir, 'eval.db'), '--json']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ documents: 3, queries: 2, split: 'test' });
    expect(report.results[0]).toMatchObject({ mode: 'lexical', ndcgAt10: 1, recallAt100: 1, mrrAt10: 1 });
  });

  it('evaluates a folder of documents with its questions file: hit@k, coverage, key figures', async () => {
    const dir = tempDir();
    writeFileSync(
      path.join(dir, 'marmots.md'),
      '# Marmots\n\nMarmots hibernate in burrows for 7.5 months.\n',
    );
    writeFileSync(path.join(dir, 'pikas.md'), '# Pikas\n\nPikas gather hay piles weighing 6,400 grams.\n');
    const lines = [
      { id: 'm', question: 'how long do marmots hibernate', sources: ['marmots.md'], answer: '7.5 months' },
      { id: 'p', question: 'how heavy are pika hay piles', sources: 'pikas.md', answer: '6,400 grams' },
      { id: 'b', question: 'burrows and hay piles', sources: ['*.md'] },
    ];
    writeFileSync(path.join(dir, 'questions.dev.jsonl'), lines.map((q) => JSON.stringify(q)).join('\n'));
    const db = path.join(dir, 'index', 'eval.db');
    mkdirSync(path.dirname(db));
    const json = await cairn(['eval', dir, '--db', db, '--json']);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout);
    expect(report).toMatchObject({ documents: 2, questions: 3, mode: 'lexical', unmatched: [] });
    expect(report.retrieval.single).toMatchObject({ questions: 2, hitAt1: 1 });
    expect(report.retrieval.multi).toMatchObject({ questions: 1, coverageAt10: 1 });
    expect(report.answers.single).toMatchObject({ withKeyFigure: 2, keyFigure: 1, firstCitation: 1 });

    const table = await cairn(['eval', dir, '--db', db, '--no-answers']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/2 documents, 3 questions; lexical/);
    expect(table.stdout).toMatch(/^single\s+2\s+100%\s+100%\s+100%\s+1\.000\s+100%$/m);
    expect(table.stdout).not.toMatch(/key figure/);

    const bare = tempDir();
    writeFileSync(path.join(bare, 'a.md'), '# A\n');
    const missing = await cairn(['eval', bare, '--db', path.join(bare, 'x.db')]);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toMatch(/not a BEIR folder .* --questions FILE/);
  });

  it('never ingests its own database and cache files when they sit inside the folder', async () => {
    const docs = tempDir();
    writeFileSync(path.join(docs, 'notes.md'), '# Notes\n\nMarmots hibernate in burrows.');
    const db = path.join(docs, 'index', 'cairn.db');
    mkdirSync(path.dirname(db));
    expect((await cairn(['ingest', docs, '--db', db])).code).toBe(0);
    expect(existsSync(path.join(docs, 'index', 'cache.db'))).toBe(true);
    const again = JSON.parse((await cairn(['ingest', docs, '--db', db, '--json'])).stdout);
    expect(again.items.map((i: { documentId: string }) => i.documentId)).toEqual(['notes.md']);
    expect(again.totals).toMatchObject({ unchanged: 1, skipped: 0 });
  });
});

/**
 * `--trace` on the built CLI: the span tree of `ingest`, `search` and `ask` on standard error,
 * with `--json` output on standard output still valid JSON. Models come from a local
 * OpenAI-compatible server.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIPER_REPORT, tempDir } from './support/corpus.js';
import { ensureBuilt } from './support/ensure-built.js';
import { type FakeServer, startOpenAICompatibleServer } from './support/openai-compatible-server.js';
import { runCairn as cairn } from './support/run-cli.js';

const MS = String.raw`\d+\.\d ms`;

/** The lines of the trace printed to standard error (after `trace:`, before `stages:`). */
function treeLines(stderr: string): string[] {
  const at = stderr.indexOf('\ntrace:\n');
  expect(at, stderr).toBeGreaterThanOrEqual(0);
  const tree = stderr.slice(at + '\ntrace:\n'.length);
  return tree.slice(0, tree.indexOf('\n\nstages:\n')).split('\n');
}

describe('cairn --trace', () => {
  let server: FakeServer;
  let docs: string;
  let db: string;
  let env: Record<string, string>;
  const model = ['--embedder', 'openai:hash-16', '--embedding-dimension', '16'];

  beforeAll(async () => {
    ensureBuilt();
    server = await startOpenAICompatibleServer({
      dimension: 16,
      reply: () => 'Marmots dig burrows under granite boulders [1].',
    });
    env = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'test-key' };
    docs = path.join(tempDir('cairn-cli-trace-'), 'docs');
    mkdirSync(docs);
    writeFileSync(
      path.join(docs, 'marmots.md'),
      '# Marmots\n\nMarmots dig burrows under granite boulders.\n',
    );
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage().drawText('Quokkas live on Rottnest Island.', { x: 72, y: 700, size: 12, font });
    writeFileSync(path.join(docs, 'quokkas.pdf'), await pdf.save());
    writeFileSync(path.join(docs, 'broken.pdf'), readFileSync(PIPER_REPORT).subarray(0, 1500));
    db = path.join(tempDir(), 'trace.db');
  });
  afterAll(() => server.close());

  it('ingest --trace --json: a valid JSON report on stdout and the span tree per document on stderr', async () => {
    const result = await cairn(['ingest', docs, '--db', db, ...model, '--trace', '--json'], env);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.totals).toMatchObject({ ingested: 2, failed: 1 });
    const lines = treeLines(result.stderr);
    expect(lines[0]).toMatch(new RegExp(`^cairn\\.ingest \\(\\d+ chunks?\\)  ${MS}  ok$`));
    const documents = lines.filter((line) => /^[├└]─ cairn\.ingest\.document/.test(line));
    expect(documents).toHaveLength(3);
    expect(documents.find((line) => line.includes('broken.pdf'))).toMatch(
      new RegExp(`${MS}  ERROR PARSE_FAILED: broken\\.pdf: `),
    );
    for (const name of ['marmots.md', 'quokkas.pdf']) {
      expect(documents.find((line) => line.includes(name))).toMatch(new RegExp(`${MS}  ok$`));
    }
    // Each stored document's stages, indented under it.
    const stages = lines
      .filter((line) => /^[│ ] {2}[├└]─ /.test(line))
      .map((line) => line.replace(/^[│ ] {2}[├└]─ /, '').split(' ')[0]);
    for (const stage of ['cairn.route', 'cairn.parse', 'cairn.chunk', 'embeddings', 'cairn.store.write']) {
      expect(stages.filter((s) => s === stage).length, stage).toBeGreaterThanOrEqual(2);
    }
    expect(result.stderr).toMatch(/\n\nstages:\n {2}cairn\.ingest +1× +\d+\.\d ms\n/);
  });

  it('search --trace: retrieval with its dense, lexical and fusion stages; the hits are unchanged', async () => {
    const plain = await cairn(['search', 'granite boulders', '--db', db, ...model, '--json'], env);
    const traced = await cairn(
      ['search', 'granite boulders', '--db', db, ...model, '--json', '--trace'],
      env,
    );
    expect(traced.code).toBe(0);
    const hits = (out: string) => JSON.parse(out).hits.map((h: { chunk: { id: string } }) => h.chunk.id);
    expect(hits(traced.stdout)).toEqual(hits(plain.stdout));
    expect(plain.stderr).not.toMatch(/trace:/);
    const lines = treeLines(traced.stderr);
    expect(lines[0]).toMatch(
      new RegExp(`^retrieval default \\(hybrid, \\d+ hits?, top score [\\d.e-]+\\)  ${MS}  ok$`),
    );
    const children = lines.slice(1).map((line) => line.replace(/^[├└]─ /, '').split(' ')[0]);
    // The query's embedding is found whole in the cache the plain run filled: no model call was
    // made, so there is no embeddings span.
    expect([...children].sort()).toEqual(['cairn.fusion', 'cairn.search.dense', 'cairn.search.lexical']);
    const fresh = await cairn(['search', 'river granite', '--db', db, ...model, '--json', '--trace'], env);
    const freshChildren = treeLines(fresh.stderr)
      .slice(1)
      .map((line) => line.replace(/^[├└]─ /, '').split(' ')[0]);
    expect([...freshChildren].sort()).toEqual([
      'cairn.fusion',
      'cairn.search.dense',
      'cairn.search.lexical',
      'embeddings',
    ]);
  });

  it('ask --trace: ask, retrieval, and the chat call with its token counts', async () => {
    const result = await cairn(
      ['ask', 'Where do marmots dig?', '--db', db, ...model, '--chat', 'openai:chat', '--trace'],
      env,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/granite boulders \[1\]/);
    const lines = treeLines(result.stderr);
    expect(lines[0]).toMatch(new RegExp(`^cairn\\.ask  ${MS}  ok$`));
    expect(lines.some((line) => /^├─ retrieval default /.test(line))).toBe(true);
    expect(
      lines.some((line) =>
        /^[│ ] {2}└─ chat chat \(tokens \d+ in, \d+ out\) {2}\d+\.\d ms {2}ok$/.test(line),
      ),
    ).toBe(true);
  });

  it('a command that fails still prints its trace, the failing call marked ERROR with its code', async () => {
    server.failures.push(400);
    const args = [
      'ask',
      'Where do marmots dig?',
      '--db',
      db,
      '--mode',
      'lexical',
      '--chat',
      'openai:chat',
      '--trace',
    ];
    const result = await cairn(args, env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: .*400/m);
    const lines = treeLines(result.stderr);
    expect(lines[0]).toMatch(new RegExp(`^cairn\\.ask  ${MS}  ERROR PROVIDER_ERROR: `));
    expect(lines.some((line) => new RegExp(`└─ chat chat  ${MS}  ERROR PROVIDER_ERROR: `).test(line))).toBe(
      true,
    );
  });
});

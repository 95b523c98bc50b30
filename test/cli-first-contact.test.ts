import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/corpus.js';
import { ensureBuilt } from './support/ensure-built.js';
import { type FakeServer, startOpenAICompatibleServer } from './support/openai-compatible-server.js';
import { runCairn as cairn } from './support/run-cli.js';

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('cairn CLI on first contact', () => {
  let server: FakeServer;
  let docs: string;
  beforeAll(async () => {
    ensureBuilt();
    server = await startOpenAICompatibleServer({
      dimension: 8,
      reply: () => 'Otters float on kelp [1]. A bogus citation [9].',
    });
    docs = tempDir();
    for (const name of ['a.md', 'b.md', 'c.md', 'd.md', 'e.md', 'f.md']) {
      writeFileSync(path.join(docs, name), `# ${name}\n\nNotes about otters, file ${name}.`);
    }
  });
  afterAll(() => server.close());

  it('shows each command only its own options, with examples', async () => {
    const documents = await cairn(['documents', '--help']);
    expect(documents.code).toBe(0);
    expect(documents.stdout).toMatch(/--collection/);
    expect(documents.stdout).not.toMatch(/--vision|--transcriber|--embedder|--chat/);
    expect(documents.stdout).toMatch(/Examples:\n {2}\$ cairn documents/);
    const ingest = await cairn(['help', 'ingest']);
    expect(ingest.stdout).toMatch(/--transcriber/);
    expect(ingest.stdout).toMatch(/--dry-run/);
    expect(ingest.stdout).not.toMatch(/--rerank|--top-k/);
    expect(ingest.stdout).toMatch(/\$ cairn ingest docs\/ --prune --dry-run/);
    // --force once said it re-parsed, while the parse cache served the pages.
    expect(ingest.stdout.replace(/\s+/g, ' ')).toMatch(
      /--force re-ingest files even when unchanged: chunk and store them again; parsed pages and embeddings still come from the cache unless --no-cache/,
    );
    const search = await cairn(['search', '--help']);
    expect(search.stdout).toMatch(/--rerank/);
    expect(search.stdout).not.toMatch(/--transcriber|--vision|--chat/);
    const wrong = await cairn(['delete', 'x.md', '--transcriber', 'local']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/unknown option '--transcriber'/);
  });

  it('never shows an invalid citation while streaming an answer to the terminal', async () => {
    const db = path.join(tempDir(), 'ask.db');
    expect((await cairn(['ingest', docs, '--db', db])).code).toBe(0);
    const env = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'test-key' };
    const asked = await cairn(
      ['ask', 'What are the notes about otters?', '--db', db, '--chat', 'openai:chat'],
      env,
    );
    expect(asked.code).toBe(0);
    expect(asked.stdout).toMatch(/^Otters float on kelp \[1\]\. A bogus citation\.\n\nSources:\n\[1\] /);
    expect(asked.stdout).not.toMatch(/\[9/);
    const json = await cairn(
      ['ask', 'What are the notes about otters?', '--db', db, '--chat', 'openai:chat', '--json'],
      env,
    );
    expect(JSON.parse(json.stdout)).toMatchObject({
      text: 'Otters float on kelp [1]. A bogus citation.',
      invalidCitations: [9],
    });
  });

  it('stops an ingest before its first file with one message when the embedder has no key', async () => {
    const db = path.join(tempDir(), 'keyless.db');
    const result = await cairn(['ingest', docs, '--db', db, '--embedder', 'openai:text-embedding-3-small'], {
      OPENAI_API_KEY: '',
      OPENAI_BASE_URL: '',
    });
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(
      'error: the embedder (text-embedding-3-small) cannot run: openai-compatible: no API key: set OPENAI_API_KEY or pass apiKey',
    );
    expect(result.stdout).toBe('');
    expect(existsSync(db)).toBe(false);
  });

  it('doctor checks keys and reaches each configured server', async () => {
    const db = path.join(tempDir(), 'doctor.db');
    const reached = await cairn(['doctor', '--db', db, '--json', '--chat', 'openai:gpt-4o-mini'], {
      OPENAI_BASE_URL: server.baseURL,
      OPENAI_API_KEY: 'test-key',
    });
    expect(reached.code).toBe(0);
    expect(JSON.parse(reached.stdout).chatModel).toMatchObject({ model: 'gpt-4o-mini', reached: true });
    expect(server.requests.at(-1)!.path).toBe('/v1/chat/completions');

    const keyless = await cairn(['doctor', '--db', db, '--json', '--chat', 'anthropic:claude-sonnet-4-5'], {
      ANTHROPIC_API_KEY: '',
    });
    expect(keyless.code).toBe(1);
    expect(JSON.parse(keyless.stdout).chatModel.error).toBe(
      'anthropic: no API key: set ANTHROPIC_API_KEY or pass apiKey',
    );

    const port = await closedPort();
    const down = await cairn(['doctor', '--db', db, '--embedder', 'openai:text-embedding-3-small'], {
      OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      OPENAI_API_KEY: 'test-key',
    });
    expect(down.code).toBe(1);
    expect(down.stdout).toMatch(
      /^embedder: .*error=openai-compatible: request to http:\/\/127\.0\.0\.1:\d+\/v1\/embeddings failed/m,
    );
  });

  it('prunes only what --include selects, and --dry-run shows what it would do', async () => {
    const db = path.join(tempDir(), 'prune.db');
    const dir = tempDir();
    writeFileSync(path.join(dir, 'faq.json'), '{"q":"opening hours","a":"nine to five"}');
    writeFileSync(path.join(dir, 'rates.csv'), 'item,price\ntea,2\n');
    expect((await cairn(['ingest', dir, '--db', db])).code).toBe(0);
    const kept = await cairn(['ingest', dir, '--db', db, '--include', '*.csv', '--prune']);
    expect(kept.code).toBe(0);
    expect(kept.stdout).not.toMatch(/pruned/);
    rmSync(path.join(dir, 'faq.json'));
    const plan = await cairn(['ingest', dir, '--db', db, '--prune', '--dry-run']);
    expect(plan.code).toBe(0);
    expect(plan.stdout).toBe(
      'would re-read rates.csv (stored; re-ingested if changed)\nwould prune faq.json\n' +
        'dry run: 1 files (0 new), 1 to prune (1 chunks); nothing was written\n',
    );
    const docs = JSON.parse((await cairn(['documents', '--db', db, '--json'])).stdout);
    expect(docs.map((d: { documentId: string }) => d.documentId).sort()).toEqual(['faq.json', 'rates.csv']);
    const pruned = await cairn(['ingest', dir, '--db', db, '--prune', '--json']);
    expect(JSON.parse(pruned.stdout)).toMatchObject({
      pruned: ['faq.json'],
      totals: { unchanged: 1, pruned: 1, deletedChunks: 1 },
    });
    const after = JSON.parse((await cairn(['documents', '--db', db, '--json'])).stdout);
    expect(after.map((d: { documentId: string }) => d.documentId)).toEqual(['rates.csv']);
    const fresh = path.join(tempDir(), 'fresh.db');
    const first = await cairn(['ingest', dir, '--db', fresh, '--dry-run']);
    expect(first.stdout).toMatch(/^would ingest rates\.csv$/m);
    expect(existsSync(fresh)).toBe(false);
  });
});

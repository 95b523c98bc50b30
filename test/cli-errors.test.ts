/**
 * Errors a user can cause, as the CLI reports them: one line that says what failed and what to
 * do, no stack trace; and read commands that never create a store.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/corpus.js';
import { ensureBuilt } from './support/ensure-built.js';
import { hashEmbedding } from './support/openai-compatible-server.js';
import { runCairn as cairn, spawnCairn } from './support/run-cli.js';

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Asserts that `stderr` is one `error:` line without a stack frame. */
function expectOneLine(stderr: string): void {
  const lines = stderr.trimEnd().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^error: /);
  expect(stderr).not.toMatch(/\n\s+at /);
}

const READ_COMMANDS = [
  ['search', 'otters'],
  ['ask', 'What do otters hold?'],
  ['documents'],
  ['collections', 'list'],
];

describe('cairn CLI errors a user can cause', () => {
  beforeAll(() => ensureBuilt());

  it('a PostgreSQL server that refuses the connection: one line naming the server', async () => {
    const port = await closedPort();
    const result = await cairn(['search', 'x', '--db', `postgres://nobody:secret@127.0.0.1:${port}/x`]);
    expect(result.code).toBe(2);
    expectOneLine(result.stderr);
    expect(result.stderr).toContain(
      `cannot connect to postgres://nobody@127.0.0.1:${port}/x: connection refused`,
    );
    expect(result.stderr).toContain('is the PostgreSQL server running');
    expect(result.stderr).not.toContain('secret');
  });

  it('a local model server that is not running: one line at once, not minutes of retries', async () => {
    const port = await closedPort();
    const dir = tempDir();
    writeFileSync(path.join(dir, 'a.md'), '# Otters\n\nOtters hold hands.');
    const result = await cairn(
      ['ingest', dir, '--db', path.join(dir, 'kb.db'), '--embedder', 'openai:text-embedding-3-small'],
      { OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`, OPENAI_API_KEY: 'test-key' },
    );
    expect(result.code).toBe(1);
    expectOneLine(result.stderr);
    // Retried, it would say "retrying may help" after two minutes of back-off.
    expect(result.stderr).toBe(
      `error: openai-compatible: request to http://127.0.0.1:${port}/v1/embeddings failed: connection refused; is the server running and listening there?\n`,
    );
  });

  const serverUrl = process.env.CAIRN_TEST_DATABASE_URL;
  it.skipIf(serverUrl === undefined)(
    'a login refused and a database missing on the server at CAIRN_TEST_DATABASE_URL: one line each',
    async () => {
      const wrong = new URL(serverUrl!);
      wrong.password = 'not-the-password';
      const refused = await cairn(['search', 'x', '--db', wrong.href]);
      expect(refused.code).toBe(2);
      expectOneLine(refused.stderr);
      expect(refused.stderr).toMatch(/refused the login/);
      expect(refused.stderr).not.toContain('not-the-password');
      const missing = new URL(serverUrl!);
      missing.pathname = '/cairn_no_such_database';
      const absent = await cairn(['search', 'x', '--db', missing.href]);
      expect(absent.code).toBe(2);
      expectOneLine(absent.stderr);
      expect(absent.stderr).toMatch(/database "cairn_no_such_database" does not exist on .*; create it/);
    },
  );

  it('read commands create no SQLite file and no PGlite folder', async () => {
    const dir = tempDir();
    for (const args of READ_COMMANDS) {
      for (const db of [path.join(dir, 'absent.db'), `pglite:${path.join(dir, 'absent-pgl')}`]) {
        const result = await cairn([...args, '--db', db]);
        expect(result.code, `${args.join(' ')} --db ${db}`).toBe(2);
        expectOneLine(result.stderr);
        expect(result.stderr).toMatch(/no database at .*absent.*; ingest documents into it first/);
      }
    }
    expect(existsSync(path.join(dir, 'absent.db'))).toBe(false);
    expect(existsSync(path.join(dir, 'absent-pgl'))).toBe(false);
  });

  it('a missing collection names the CLI commands that make one, not the library call', async () => {
    const dir = tempDir();
    const db = path.join(dir, 'kb.db');
    writeFileSync(path.join(dir, 'otters.md'), '# Otters\n\nOtters hold hands while they sleep.');
    expect((await cairn(['ingest', path.join(dir, 'otters.md'), '--db', db])).code).toBe(0);
    const result = await cairn(['search', 'otters', '--db', db, '--collection', 'notes']);
    expect(result.code).not.toBe(0);
    expectOneLine(result.stderr);
    expect(result.stderr).toContain('collection "notes" does not exist');
    expect(result.stderr).toContain('cairn collections create notes');
    expect(result.stderr).not.toContain('createCollection');
  });

  // util-linux `script` gives the CLI a terminal, so that it draws its progress bar.
  const script = ['/usr/bin/script', '/bin/script'].find((file) => existsSync(file));
  it.skipIf(script === undefined)(
    'a note during ingest comes on its own line, after the progress bar',
    () => {
      const dir = tempDir();
      for (let i = 0; i < 5; i++)
        writeFileSync(path.join(dir, `d${i}.md`), `# Doc ${i}\n\nOtters, part ${i}.`);
      const cli = path.resolve('dist/cli/cairn.cjs');
      const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(cli)} ingest ${JSON.stringify(dir)} --db ${JSON.stringify(path.join(dir, 'kb.db'))}`;
      const output = execFileSync(script!, ['-qec', command, '/dev/null'], {
        encoding: 'utf8',
        env: { ...process.env, CAIRN_EMBEDDER: '', CAIRN_CHAT_MODEL: '', COLUMNS: '110' },
      });
      expect(output).toContain('ingest [');
      expect(output).toContain('note: no embedder configured');
      for (const at of [...output.matchAll(/note: /g)].map((match) => match.index)) {
        expect(output[at - 1], output).toBe('\n');
      }
    },
  );

  it('Ctrl-C during ingest says what was saved and exits 130; a re-run ingests the rest', async () => {
    // An embeddings endpoint that never answers for text marked HANG: the ingest waits there.
    let hanging = false;
    const server = createHttpServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      request.on('end', () => {
        const input = (JSON.parse(raw) as { input: string[] }).input;
        if (input.some((text) => text.includes('HANG'))) {
          hanging = true;
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            data: input.map((text, index) => ({ index, embedding: hashEmbedding(text, 8) })),
            usage: { prompt_tokens: 1, total_tokens: 1 },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const dir = tempDir();
      const docs = path.join(dir, 'docs');
      const db = path.join(dir, 'kb.db');
      mkdirSync(docs);
      writeFileSync(path.join(docs, 'a.md'), '# Otters\n\nOtters hold hands.');
      writeFileSync(path.join(docs, 'b.md'), '# Marmots\n\nMarmots HANG around burrows.');
      const env = { OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`, OPENAI_API_KEY: 'test-key' };
      const args = [
        'ingest',
        docs,
        '--db',
        db,
        '--embedder',
        'openai:text-embedding-3-small',
        '--embedding-dimension',
        '8',
      ];
      const running = spawnCairn(args, env);
      await expect.poll(() => hanging).toBe(true);
      running.child.kill('SIGINT');
      const exited = await running.exited;
      expect(exited.code, running.stderr()).toBe(130);
      const lines = running.stderr().trimEnd().split('\n');
      expect(lines.at(-1)).toMatch(
        /^interrupted: \d of 2 sources were saved; run the same command again to ingest the rest$/,
      );
      writeFileSync(path.join(docs, 'b.md'), '# Marmots\n\nMarmots dig burrows.');
      const rerun = await cairn(args, env);
      expect(rerun.code, rerun.stderr).toBe(0);
      const listed = await cairn(['documents', '--db', db, '--json']);
      expect(
        (JSON.parse(listed.stdout) as Array<{ documentId: string }>).map((d) => d.documentId).sort(),
      ).toEqual(['a.md', 'b.md']);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('eval FOLDER says which temporary collection it made and drops it, unless --keep or --collection', async () => {
    const dir = tempDir();
    const docs = path.join(dir, 'notes');
    mkdirSync(docs);
    writeFileSync(
      path.join(docs, 'marmots.md'),
      '# Marmots\n\nMarmots hibernate in burrows for 7.5 months.\n',
    );
    writeFileSync(
      path.join(docs, 'questions.jsonl'),
      JSON.stringify({ question: 'how long do marmots hibernate', sources: ['marmots.md'] }),
    );
    const db = path.join(dir, 'kb.db');
    expect((await cairn(['collections', 'create', 'mine', '--db', db])).code).toBe(0);
    const collections = async () =>
      (
        JSON.parse((await cairn(['collections', 'list', '--db', db, '--json'])).stdout) as Array<{
          name: string;
        }>
      )
        .map((c) => c.name)
        .sort();
    const dropped = await cairn(['eval', docs, '--db', db, '--no-answers']);
    expect(dropped.code, dropped.stderr).toBe(0);
    expect(dropped.stderr).toMatch(
      /temporary collection "eval-notes" .*dropped at the end \(--keep keeps it\)/,
    );
    expect(await collections()).toEqual(['mine']);
    const kept = await cairn(['eval', docs, '--db', db, '--no-answers', '--keep']);
    expect(kept.code, kept.stderr).toBe(0);
    expect(await collections()).toEqual(['eval-notes', 'mine']);
    const named = await cairn(['eval', docs, '--db', db, '--no-answers', '--collection', 'mine']);
    expect(named.code, named.stderr).toBe(0);
    expect(named.stderr).not.toContain('temporary');
    expect(await collections()).toEqual(['eval-notes', 'mine']);
  });
});

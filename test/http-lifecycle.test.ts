/**
 * Starting and stopping the server: graceful shutdown (no new connections, requests in flight
 * finish, then the engine closes), and `cairn serve` from the built CLI — its fail-closed start
 * rules and its shutdown on SIGTERM.
 */
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { serveCairn } from '../src/interfaces/http/serve.js';
import { tempDir } from './support/corpus.js';
import { ensureBuilt } from './support/ensure-built.js';
import { KEY_TEXT, KEYS } from './support/http-server.js';
import { runCairn } from './support/run-cli.js';
import { type ServeProcess, startServe } from './support/serve-cli.js';

/**
 * Starts a multipart upload of one text file in two halves: the request goes out with
 * `Expect: 100-continue`, so `started` resolves only once the server has the request in hand
 * (Node answers `100 Continue` as it dispatches it); the first half is sent then, and the rest
 * when `release` resolves. No fixed waits: the order of events is the test's, whatever the load.
 */
function halfUpload(url: string, key: string, name: string, text: string, release: Promise<unknown>) {
  const { hostname, port } = new URL(url);
  const head = `--B\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`;
  let sentFirst!: () => void;
  const started = new Promise<void>((resolve) => {
    sentFirst = resolve;
  });
  const done = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        hostname,
        port,
        method: 'POST',
        path: '/v1/collections/kb/documents',
        headers: {
          Authorization: `Bearer ${key}`,
          'Content-Type': 'multipart/form-data; boundary=B',
          Expect: '100-continue',
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.once('continue', () => {
      req.write(head + text.slice(0, 10));
      sentFirst();
      release.then(
        () => {
          if (!req.destroyed) req.end(`${text.slice(10)}\r\n--B--\r\n`);
        },
        () => req.destroy(),
      );
    });
    req.flushHeaders();
  });
  return { started, done };
}

async function refused(url: string): Promise<string | undefined> {
  try {
    await fetch(`${url}/v1/health`);
    return undefined;
  } catch (error) {
    return ((error as Error & { cause?: { code?: string } }).cause?.code ??
      (error as Error).message) as string;
  }
}

describe('graceful shutdown', () => {
  it('stops accepting, lets the request in flight finish, then closes the engine', async () => {
    const db = path.join(tempDir(), 'shutdown.db');
    const engine = await createEngine({ store: await openStore(db) });
    // A generous limit: on a busy machine the upload and its ingest may take seconds after close().
    const running = await serveCairn(engine, {
      port: 0,
      keys: KEY_TEXT,
      closeEngine: true,
      shutdownTimeoutMs: 120_000,
    });
    let release!: () => void;
    const upload = halfUpload(
      running.url,
      KEYS.aWrite,
      'late.txt',
      'Marmots finish their burrow before winter.',
      // The rest of the upload goes only once the closing server refuses new connections.
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    await upload.started;
    await expect.poll(() => running.inFlight).toBe(1);
    const closing = running.close();
    await expect.poll(() => refused(running.url)).toBe('ECONNREFUSED');
    release();
    const result = await upload.done;
    expect(result.status).toBe(200);
    expect(JSON.parse(result.body).items[0]).toMatchObject({ documentId: 'late.txt', status: 'ingested' });
    await closing;
    expect(await engine.store.ping()).toBe(false);
    // What the finished request wrote is there for the next server.
    const store = await openStore(db);
    expect(await store.getDocument({ collection: 'kb', namespace: 'team-a' }, 'late.txt')).toBeDefined();
    await store.close();
  });

  it('cuts requests still running after the time limit', async () => {
    const engine = await createEngine({ store: await openStore(path.join(tempDir(), 'cut.db')) });
    const running = await serveCairn(engine, { port: 0, keys: KEY_TEXT, shutdownTimeoutMs: 100 });
    const upload = halfUpload(
      running.url,
      KEYS.aWrite,
      'never.txt',
      'This upload never finishes in time.',
      // Never released: only the time limit can end it.
      new Promise<void>(() => {}),
    );
    await upload.started;
    await expect.poll(() => running.inFlight).toBe(1);
    const began = Date.now();
    await running.close();
    // Closing did not wait for the upload (which never ends), only for the 100 ms limit; generous
    // for a busy machine.
    expect(Date.now() - began).toBeLessThan(30_000);
    await expect(upload.done).rejects.toThrow();
    // The engine is the caller's unless closeEngine is set.
    expect(await engine.store.ping()).toBe(true);
    await engine.close();
  });
});

describe('cairn serve', () => {
  let serve: ServeProcess | undefined;
  beforeAll(() => ensureBuilt());
  afterEach(async () => {
    await serve?.stop('SIGKILL');
    serve = undefined;
  });

  it('refuses to serve other machines without keys, and --no-auth beyond loopback (exit 2)', async () => {
    const db = path.join(tempDir(), 'refuse.db');
    const open = await runCairn(['serve', '--db', db, '--host', '0.0.0.0', '--port', '0'], {
      CAIRN_API_KEYS: '',
    });
    expect(open.code).toBe(2);
    expect(open.stderr).toMatch(/no API keys are configured \(CAIRN_API_KEYS\).*loopback/);
    const noAuth = await runCairn(['serve', '--db', db, '--host', '0.0.0.0', '--port', '0', '--no-auth'], {
      CAIRN_API_KEYS: KEY_TEXT,
    });
    expect(noAuth.code).toBe(2);
    expect(noAuth.stderr).toMatch(/--no-auth is refused on 0\.0\.0\.0/);
    const badKeys = await runCairn(['serve', '--db', db, '--port', '0'], { CAIRN_API_KEYS: 'k:ns:owner' });
    expect(badKeys.code).toBe(2);
    expect(badKeys.stderr).toMatch(/CAIRN_API_KEYS: entry 1/);
  });

  it('says when it serves without keys, on loopback only', async () => {
    serve = await startServe(['--port', '0', '--db', path.join(tempDir(), 'open.db'), '--namespace', 'me']);
    expect(serve.stderr()).toMatch(
      /no API keys configured \(CAIRN_API_KEYS\): serving without authentication, on loopback only, as namespace "me"/,
    );
    expect(new URL(serve.url).hostname).toBe('127.0.0.1');
    const response = await fetch(`${serve.url}/v1/collections`);
    expect(response.status).toBe(200);
    // The bundled CLI (dist/cli/) finds the explorer's files beside the module that serves them.
    const page = await fetch(`${serve.url}/`);
    expect(page.status).toBe(200);
    const script = /src="(\/explorer\/[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(script).toBeDefined();
    expect((await fetch(`${serve.url}${script}`)).status).toBe(200);
  });

  it('serves with keys, logs requests, and on SIGTERM finishes the upload in flight and exits 0', async () => {
    const db = path.join(tempDir(), 'keys.db');
    serve = await startServe(['--port', '0', '--db', db], { CAIRN_API_KEYS: KEY_TEXT });
    expect(serve.stderr()).toMatch(/6 API keys for namespaces team-a, team-b/);
    const running = serve;
    // The server has the request before SIGTERM (`started`), and the upload ends only after the
    // server says it is finishing it: the order holds on a busy machine too.
    let release!: () => void;
    const upload = halfUpload(
      serve.url,
      KEYS.aWrite,
      'sigterm.txt',
      'Uploaded while the server was asked to stop.',
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    await upload.started;
    const exited = running.stop('SIGTERM');
    await expect
      .poll(() => running.stderr(), { timeout: 60_000 })
      .toMatch(/SIGTERM: finishing 1 request\(s\) in flight/);
    release();
    const result = await upload.done;
    expect(result.status).toBe(200);
    expect(await exited).toBe(0);
    expect(serve.stderr()).toMatch(/SIGTERM: finishing 1 request\(s\) in flight/);
    expect(serve.stderr()).toMatch(/POST \/v1\/collections\/kb\/documents 200 .* ns=team-a key=[0-9a-f]{8}/);
    expect(serve.stderr()).not.toContain(KEYS.aWrite);
    expect(serve.stderr()).toMatch(/cairn serve: stopped/);
    serve = undefined;
    // The document is in the database for the next start.
    const listed = await runCairn([
      'documents',
      '--db',
      db,
      '--collection',
      'kb',
      '--namespace',
      'team-a',
      '--json',
    ]);
    expect(listed.stdout).toContain('sigterm.txt');
  });
});

import { AdminClient } from 'chromadb';
import { afterAll, describe, expect, it } from 'vitest';
import { type ChromaServer, startChroma } from '../../../test/support/chroma-server.js';
import type { Store } from '../../core/ports.js';
import { runStoreContract } from '../store.contract.js';
import { CHROMA_CAPABILITIES } from './chroma-backend.js';
import { parseChromaUrl } from './chroma-options.js';
import { openChromaStore } from './chroma-store.js';

// The real server, started once for the file: skipped (with the reason) only where it cannot start.
const started = await startChroma();
const server: ChromaServer | undefined = 'reason' in started ? undefined : started;
let databases = 0;

afterAll(async () => {
  await server?.stop();
});

/** A store on its own, new Chroma database, so that every test starts empty. */
async function freshStore(options: Parameters<typeof openChromaStore>[0] = {}): Promise<Store> {
  if (server === undefined) throw new Error('the Chroma server did not start');
  const database = `db${++databases}`;
  const admin = new AdminClient({ host: server.host, port: server.port, ssl: false });
  await admin.createDatabase({ name: database, tenant: 'default_tenant' });
  return openChromaStore({ host: server.host, port: server.port, database, ...options });
}

if (server === undefined) {
  describe.skip(`Store contract: chroma — skipped: ${'reason' in started ? started.reason : ''}`, () => {
    it('needs a Chroma server', () => {});
  });
} else {
  runStoreContract('chroma (chroma run)', () => freshStore(), CHROMA_CAPABILITIES);
}

describe('parseChromaUrl', () => {
  it('reads host, port, tenant, database, TLS and the API key', () => {
    expect(parseChromaUrl('chroma://db.example:9000/acme/prod', { CHROMA_API_KEY: 'k' })).toEqual({
      host: 'db.example',
      port: 9000,
      ssl: false,
      tenant: 'acme',
      database: 'prod',
      headers: { 'x-chroma-token': 'k' },
    });
    expect(parseChromaUrl('chroma+https://api.trychroma.com', {})).toMatchObject({ port: 443, ssl: true });
    expect(parseChromaUrl('chroma://h:1', { CHROMA_HEADERS: '{"X-A":"b"}' }).headers).toEqual({ 'X-A': 'b' });
  });

  it('refuses a malformed URL or headers', () => {
    expect(() => parseChromaUrl('chroma://')).toThrow(/chroma:\/\/HOST:PORT/);
    expect(() => parseChromaUrl('chroma://h:1', { CHROMA_HEADERS: '[1]' })).toThrow(/CHROMA_HEADERS/);
  });
});

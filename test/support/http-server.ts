/**
 * A cairn HTTP server on loopback over a real SQLite file, with keys for two tenants in every
 * role, and a small client that speaks to it over real HTTP.
 */
import path from 'node:path';
import { createEngine, type Engine, type EngineConfig } from '../../src/engine/engine.js';
import { openStore } from '../../src/engine/store-schemes.js';
import {
  type RunningCairnServer,
  type ServeCairnOptions,
  serveCairn,
} from '../../src/interfaces/http/serve.js';
import { tempDir } from './corpus.js';

/** One key per tenant and role (each at least 16 characters). */
export const KEYS = {
  aRead: 'team-a-read-key-0001',
  aWrite: 'team-a-write-key-0002',
  aAdmin: 'team-a-admin-key-0003',
  bRead: 'team-b-read-key-0004',
  bWrite: 'team-b-write-key-0005',
  bAdmin: 'team-b-admin-key-0006',
} as const;

/** {@link KEYS} as `CAIRN_API_KEYS` text. */
export const KEY_TEXT = [
  `${KEYS.aRead}:team-a:read`,
  `${KEYS.aWrite}:team-a:write`,
  `${KEYS.aAdmin}:team-a:admin`,
  `${KEYS.bRead}:team-b:read`,
  `${KEYS.bWrite}:team-b:write`,
  `${KEYS.bAdmin}:team-b:admin`,
].join(',');

/** A started server and what it runs on. */
export interface TestServer {
  engine: Engine;
  running: RunningCairnServer;
  url: string;
  dbPath: string;
  /** Sends a request; `json` is sent as a JSON body. */
  request(method: string, route: string, init?: RequestOptions): Promise<Response>;
  /** Sends a request and reads its JSON body. */
  json<T = Record<string, unknown>>(
    method: string,
    route: string,
    init?: RequestOptions,
  ): Promise<{ status: number; body: T }>;
  /** Uploads files (name → text) as multipart. */
  upload(
    collection: string,
    key: string,
    files: Record<string, string | Uint8Array>,
    metadata?: unknown,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** Options of one request. */
export interface RequestOptions {
  key?: string;
  json?: unknown;
  body?: RequestInit['body'];
  headers?: Record<string, string>;
}

/** Starts a server (keys {@link KEY_TEXT} unless `options` says otherwise) on a fresh SQLite file. */
export async function startTestServer(
  options: ServeCairnOptions = {},
  config: Omit<EngineConfig, 'store'> = {},
): Promise<TestServer> {
  const dbPath = path.join(tempDir('cairn-http-'), 'cairn.db');
  const engine = await createEngine({ ...config, store: await openStore(dbPath) });
  const running = await serveCairn(engine, {
    port: 0,
    ...(options.auth === false ? {} : { keys: KEY_TEXT }),
    ...options,
  });
  const request = (method: string, route: string, init: RequestOptions = {}) =>
    fetch(`${running.url}${route}`, {
      method,
      headers: {
        ...(init.key ? { Authorization: `Bearer ${init.key}` } : {}),
        ...(init.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...init.headers,
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
  const json = async <T>(method: string, route: string, init?: RequestOptions) => {
    const response = await request(method, route, init);
    return { status: response.status, body: (await response.json()) as T };
  };
  return {
    engine,
    running,
    url: running.url,
    dbPath,
    request,
    json,
    upload: (collection, key, files, metadata) => {
      const form = new FormData();
      for (const [name, content] of Object.entries(files)) {
        form.append('file', new Blob([content]), name);
      }
      if (metadata !== undefined) form.append('metadata', JSON.stringify(metadata));
      return json('POST', `/v1/collections/${encodeURIComponent(collection)}/documents`, { key, body: form });
    },
    close: async () => {
      await running.close();
      await engine.close();
    },
  };
}

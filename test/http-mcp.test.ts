/**
 * `/mcp`: the MCP server over Streamable HTTP, driven by the MCP SDK's own client and transport,
 * with the HTTP API's keys: each key sees its namespace's tools and resources only, and the
 * ingest tool is offered to write keys alone.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, startTestServer, type TestServer } from './support/http-server.js';

function structured(result: unknown): Record<string, unknown> {
  return (result as CallToolResult).structuredContent as Record<string, unknown>;
}

describe('MCP over Streamable HTTP at /mcp', () => {
  let server: TestServer;
  const clients: Client[] = [];

  /** A connected SDK client with `key`, serving `collection`. */
  async function connect(key: string, collection = 'kb'): Promise<Client> {
    const client = new Client({ name: 'cairn-http-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(
      new URL(`${server.url}/mcp?collection=${encodeURIComponent(collection)}`),
      { requestInit: { headers: { Authorization: `Bearer ${key}` } } },
    );
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    server = await startTestServer();
    await server.upload('kb', KEYS.aWrite, {
      'vault.md': '# Vault\n\nThe marmot vault combination is 4711.',
    });
    await server.upload('kb', KEYS.bWrite, {
      'meadow.md': '# Meadow\n\nMarmots graze in the alpine meadow.',
    });
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await server.close();
  });

  it('serves the read tools to a read key, scoped to its namespace', async () => {
    const client = await connect(KEYS.aRead);
    expect(client.getInstructions()).toMatch(/collection "kb", namespace "team-a"/);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['search', 'context', 'lookup', 'ask']);
    const hits = structured(await client.callTool({ name: 'search', arguments: { query: 'marmot vault' } }))
      .hits as Array<{ documentId: string }>;
    expect(hits.map((h) => h.documentId)).toEqual(['vault.md']);
  });

  it('never shows namespace A to a key for B: search, lookup by chunk id, ask, resources', async () => {
    const client = await connect(KEYS.bAdmin);
    const hits = structured(
      await client.callTool({ name: 'search', arguments: { query: 'marmot vault combination' } }),
    ).hits as Array<{ documentId: string; text: string }>;
    expect(hits.map((h) => h.documentId)).toEqual(['meadow.md']);
    const lookup = await client.callTool({ name: 'lookup', arguments: { chunkId: 'vault.md:0' } });
    expect(lookup.isError).toBe(true);
    expect(structured(lookup)).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const ask = structured(
      await client.callTool({ name: 'ask', arguments: { question: 'What is the vault combination?' } }),
    );
    expect(JSON.stringify(ask)).not.toContain('4711');
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.name)).toEqual(['meadow.md']);
    await expect(client.readResource({ uri: 'cairn://kb/team-b/documents/vault.md' })).rejects.toThrow(
      /no document/,
    );
    // A URI naming namespace A matches no resource of this server.
    await expect(client.readResource({ uri: 'cairn://kb/team-a/documents/vault.md' })).rejects.toThrow();
  });

  it('offers ingest to write keys only, into their own namespace', async () => {
    const reader = await connect(KEYS.bRead);
    expect((await reader.listTools()).tools.map((t) => t.name)).not.toContain('ingest');
    const refused = await reader.callTool({ name: 'ingest', arguments: { name: 'x.md', text: '# X' } });
    expect(refused.isError).toBe(true);

    const writer = await connect(KEYS.bWrite);
    expect((await writer.listTools()).tools.map((t) => t.name)).toContain('ingest');
    const result = await writer.callTool({
      name: 'ingest',
      arguments: { name: 'notes/burrow.md', text: '# Burrow\n\nMarmots dig burrows under boulders.' },
    });
    expect(structured(result)).toMatchObject({ documentId: 'notes/burrow.md', status: 'ingested' });
    const b = await server.json<{ documents: Array<{ documentId: string }> }>(
      'GET',
      '/v1/collections/kb/documents',
      {
        key: KEYS.bRead,
      },
    );
    expect(b.body.documents.map((d) => d.documentId)).toContain('notes/burrow.md');
    const a = await server.json<{ documents: Array<{ documentId: string }> }>(
      'GET',
      '/v1/collections/kb/documents',
      {
        key: KEYS.aRead,
      },
    );
    expect(a.body.documents.map((d) => d.documentId)).toEqual(['vault.md']);
  });

  it('answers GET and DELETE with 405 (stateless), and refuses a client without a key', async () => {
    const get = await server.request('GET', '/mcp', { key: KEYS.aRead });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const client = new Client({ name: 'no-key', version: '1.0.0' });
    await expect(
      client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`))),
    ).rejects.toThrow();
  });
});

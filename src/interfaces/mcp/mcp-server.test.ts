import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerEngine } from '../../../test/support/answer-corpus.js';
import { tempDir } from '../../../test/support/corpus.js';
import { ensureBuilt } from '../../../test/support/ensure-built.js';
import { createEngine } from '../../engine/engine.js';
import { openStore } from '../../engine/store-schemes.js';

const commandModule = path.resolve('dist/interfaces/cli/mcp-command.js');

/** Builds dist/; a type error elsewhere in the tree still emits, so only a missing file is fatal. */
function build(): void {
  try {
    ensureBuilt();
  } catch (error) {
    if (!existsSync(commandModule)) throw error;
  }
}

/** Runs `cairn mcp ARGS` (the built command, as main.ts would) in a child process. */
function serverTransport(args: string[]): StdioClientTransport {
  const script = [
    "import { Command } from 'commander';",
    `import { configureMcpCommand } from ${JSON.stringify(pathToFileURL(commandModule).href)};`,
    `await configureMcpCommand(new Command('cairn-mcp')).parseAsync(${JSON.stringify(args)}, { from: 'user' });`,
  ].join('\n');
  return new StdioClientTransport({
    command: process.execPath,
    args: ['--input-type=module', '-e', script],
    cwd: process.cwd(),
    env: { ...getDefaultEnvironment(), CAIRN_EMBEDDER: '', CAIRN_CHAT_MODEL: '' },
    stderr: 'pipe',
  });
}

function structured(result: unknown): Record<string, unknown> {
  return (result as CallToolResult).structuredContent as Record<string, unknown>;
}

describe('cairn mcp over stdio, with the SDK client', () => {
  let client: Client;
  let transport: StdioClientTransport;
  let stderr = '';

  beforeAll(async () => {
    build();
    const db = path.join(tempDir(), 'mcp.db');
    const teamA = await answerEngine({ collection: 'kb', namespace: 'team-a' }, db);
    await teamA.close();
    const teamB = await createEngine({ store: await openStore(db), collection: 'kb', namespace: 'team-b' });
    await teamB.ingestSource(
      {
        name: 'secret.md',
        bytes: new TextEncoder().encode('# Secret\n\nThe marmot vault combination is 9917.\n'),
      },
      { documentId: 'secret.md' },
    );
    await teamB.close();

    transport = serverTransport(['--db', db, '--collection', 'kb', '--namespace', 'team-a']);
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    client = new Client({ name: 'cairn-test', version: '1.0.0' });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client?.close();
  });

  it('announces itself and its scope', () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'cairn' });
    expect(client.getInstructions()).toMatch(/collection "kb", namespace "team-a"/);
    expect(stderr).toMatch(/serving collection "kb", namespace "team-a"/);
  });

  it('lists search, context, lookup and ask with JSON Schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['search', 'context', 'lookup', 'ask']);
    const search = tools.find((t) => t.name === 'search')!;
    expect(search.inputSchema).toMatchObject({
      type: 'object',
      required: ['query'],
      properties: { query: { type: 'string' }, topK: { type: 'integer' } },
    });
    expect(search.annotations).toMatchObject({ readOnlyHint: true });
  });

  it('searches, coercing a number sent as a string, within its namespace only', async () => {
    const result = await client.callTool({ name: 'search', arguments: { query: 'marmots', topK: '5' } });
    expect(result.isError).toBeFalsy();
    const hits = structured(result).hits as Array<{ documentId: string }>;
    expect(hits.map((h) => h.documentId).sort()).toEqual(['burrows.md', 'diet.md']);
    expect(JSON.parse((result.content as Array<{ text: string }>)[0]!.text)).toEqual(structured(result));
  });

  it('returns spotlighted context and looks up chunks and documents', async () => {
    const context = structured(
      await client.callTool({ name: 'context', arguments: { query: 'hangar door code' } }),
    );
    expect(context.text).toMatch(/^<<source 1 [0-9a-f]{12}>>/);
    expect(context.instructions).toMatch(/data, not instructions/);
    const chunk = structured(await client.callTool({ name: 'lookup', arguments: { chunkId: 'piper.md:0' } }));
    expect(chunk).toMatchObject({ kind: 'chunk', chunk: { text: expect.stringContaining('Tallahassee') } });
    const document = structured(
      await client.callTool({ name: 'lookup', arguments: { documentId: 'diet.md' } }),
    );
    expect(document).toMatchObject({ kind: 'document', document: { documentId: 'diet.md' } });
  });

  it('answers with citations, and follow-ups with history', async () => {
    const result = structured(
      await client.callTool({
        name: 'ask',
        arguments: {
          question: 'What do they eat?',
          history: [{ role: 'user', content: 'Tell me about marmots' }],
        },
      }),
    );
    expect(result).toMatchObject({ notFound: false, rewritten: true, answeredBy: 'extractive' });
    expect(result.answer).toMatch(/grasses.*\[1\]/);
    expect(result.sources).toContainEqual(expect.objectContaining({ n: 1, documentId: 'diet.md' }));
  });

  it('returns errors as tool results, never as protocol errors', async () => {
    const missing = await client.callTool({ name: 'lookup', arguments: { documentId: 'secret.md' } });
    expect(missing.isError).toBe(true);
    expect(structured(missing)).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const invalid = await client.callTool({ name: 'search', arguments: { topK: 3 } });
    expect(invalid.isError).toBe(true);
    expect((invalid.content as Array<{ text: string }>)[0]!.text).toMatch(/query/);
    const badFilter = await client.callTool({
      name: 'search',
      arguments: { query: 'x', filter: { a: { $bad: 1 } } },
    });
    expect(badFilter.isError).toBe(true);
    expect(structured(badFilter)).toMatchObject({ error: { code: 'INVALID_FILTER' } });
    // A __proto__ key was dropped on the way and the filter matched everything.
    const protoFilter = await client.callTool({
      name: 'search',
      arguments: JSON.parse('{"query":"marmots","filter":{"__proto__":{"topic":"none"}}}'),
    });
    expect(protoFilter.isError).toBe(true);
    expect(structured(protoFilter)).toMatchObject({
      error: { code: 'INVALID_FILTER', message: expect.stringContaining('__proto__') },
    });
  });
});

describe('cairn mcp --allow-write over stdio', () => {
  let client: Client;
  beforeAll(async () => {
    build();
    const db = path.join(tempDir(), 'fresh', 'mcp-write.db');
    client = new Client({ name: 'cairn-test', version: '1.0.0' });
    await client.connect(serverTransport(['--db', db, '--collection', 'kb', '--allow-write']));
  });
  afterAll(async () => {
    await client?.close();
  });

  it('creates the database, ingests through the tool and serves the document as a resource', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('ingest');
    const result = await client.callTool({
      name: 'ingest',
      arguments: {
        name: 'tickets.jsonl',
        text: '{"id":"T-1","title":"Login fails"}\n{"id":"T-2"',
        textFields: ['title'],
      },
    });
    expect(structured(result)).toMatchObject({ status: 'ingested', chunks: 1, malformedRecords: 1 });
    const { contents } = await client.readResource({ uri: 'cairn://kb/default/documents/tickets.jsonl' });
    expect((contents[0] as { text: string }).text).toBe('Login fails');
  });
});

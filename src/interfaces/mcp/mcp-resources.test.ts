import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult, TextResourceContents } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_CORPUS, answerEngine } from '../../../test/support/answer-corpus.js';
import { tempDir } from '../../../test/support/corpus.js';
import { createEngine, type Engine } from '../../engine/engine.js';
import { openStore } from '../../engine/store-schemes.js';
import { joinChunkTexts } from './document-text.js';
import { createCairnMcpServer } from './mcp-server.js';

async function connect(engine: Engine, options: Parameters<typeof createCairnMcpServer>[1] = {}) {
  const server = createCairnMcpServer(engine, options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'cairn-test', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

const text = (contents: unknown) => (contents as TextResourceContents).text;
const structured = (result: unknown) =>
  (result as CallToolResult).structuredContent as Record<string, unknown>;

const GUIDE = [
  '# Guide',
  '',
  'Intro words here.',
  '',
  '## Burrows',
  '',
  Array.from({ length: 12 }, (_, i) => `Sentence ${i} about marmots and their burrows in the valley.`).join(
    ' ',
  ),
  '',
  '## Diet',
  '',
  'Marmots eat grasses and clover.',
].join('\n');

describe('documents as MCP resources', () => {
  let engine: Engine;
  let client: Client;
  beforeAll(async () => {
    const db = path.join(tempDir(), 'resources.db');
    engine = await answerEngine(
      { collection: 'kb', namespace: 'team-a', chunkSize: 60, chunkOverlap: 15 },
      db,
    );
    await engine.ingestSource({ name: 'guides/long guide.md', bytes: new TextEncoder().encode(GUIDE) });
    const other = await createEngine({ store: engine.store, collection: 'kb', namespace: 'team-b' });
    await other.ingestSource({
      name: 'secret.md',
      bytes: new TextEncoder().encode('# Secret\n\nVault code 9917.\n'),
    });
    client = await connect(engine);
  });
  afterAll(async () => {
    await client.close();
    await engine.close();
  });

  it('lists documents a page at a time, by opaque cursors, each once, in document-id order', async () => {
    const paged = await connect(engine, { resourcePageSize: 2 });
    try {
      const pages: string[][] = [];
      let cursor: string | undefined;
      do {
        const page = await paged.listResources(cursor === undefined ? {} : { cursor });
        pages.push(page.resources.map((r) => r.name));
        cursor = page.nextCursor;
      } while (cursor !== undefined && pages.length < 20);
      const all = [...Object.keys(ANSWER_CORPUS), 'guides/long guide.md'].sort();
      expect(pages.flat()).toEqual(all);
      expect(pages.slice(0, -1).every((names) => names.length === 2)).toBe(true);
      expect(pages.length).toBe(Math.ceil(all.length / 2));
      const { resources } = await client.listResources();
      expect(resources.map((r) => r.name)).toEqual(all);
      await expect(paged.listResources({ cursor: 'not-a-cursor' })).rejects.toThrow(
        /not a resources\/list cursor/,
      );
    } finally {
      await paged.close();
    }
    expect(() => createCairnMcpServer(engine, { resourcePageSize: 0 })).toThrow(/resourcePageSize/);
  });

  it('lists the documents of its collection and namespace only', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.name).sort()).toEqual(
      [...Object.keys(ANSWER_CORPUS), 'guides/long guide.md'].sort(),
    );
    expect(resources.find((r) => r.name === 'guides/long guide.md')).toMatchObject({
      uri: 'cairn://kb/team-a/documents/guides%2Flong%20guide.md',
      title: 'Guide',
      mimeType: 'text/markdown',
      description: expect.stringMatching(/^guides\/long guide\.md \(text\/markdown\): 1 page, \d+ chunks$/),
    });
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      'cairn://kb/team-a/documents/{documentId}',
      'cairn://kb/team-a/documents/{documentId}/chunks',
    ]);
  });

  it('reads a document’s text, rebuilt from its overlapping chunks without repeats', async () => {
    const uri = 'cairn://kb/team-a/documents/guides%2Flong%20guide.md';
    const { contents } = await client.readResource({ uri });
    expect(contents[0]).toMatchObject({ uri, mimeType: 'text/markdown' });
    const chunks = await engine.store.getChunks({ collection: 'kb', namespace: 'team-a' }, [
      'guides/long guide.md:1',
      'guides/long guide.md:2',
    ]);
    expect(chunks).toHaveLength(2); // the guide really was split, with overlap
    const words = (s: string) => s.replace(/\s+/g, ' ').trim();
    expect(words(text(contents[0]))).toBe(words(GUIDE));
  });

  it('reads a document’s chunks with their locations and metadata', async () => {
    const { contents } = await client.readResource({ uri: 'cairn://kb/team-a/documents/diet.md/chunks' });
    expect(contents[0]!.mimeType).toBe('application/json');
    const body = JSON.parse(text(contents[0]));
    expect(body.document).toMatchObject({ documentId: 'diet.md', chunkCount: 1 });
    expect(body.chunks).toEqual([
      expect.objectContaining({
        chunkId: 'diet.md:0',
        ordinal: 0,
        pageStart: 1,
        headingPath: ['Field Guide', 'Diet'],
        metadata: { topic: 'diet' },
        text: expect.stringContaining('alpine clover'),
      }),
    ]);
  });

  it('refuses documents of another namespace and unknown ones', async () => {
    await expect(client.readResource({ uri: 'cairn://kb/team-b/documents/secret.md' })).rejects.toThrow(
      /not found/i,
    );
    await expect(client.readResource({ uri: 'cairn://kb/team-a/documents/secret.md' })).rejects.toMatchObject(
      {
        code: -32002,
        message: expect.stringMatching(/no document "secret\.md" in collection "kb", namespace "team-a"/),
      },
    );
  });

  it('offers no ingest tool without write access', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['search', 'context', 'lookup', 'ask']);
    expect((await client.callTool({ name: 'ingest', arguments: { name: 'x.md', text: 'x' } })).isError).toBe(
      true,
    );
    expect(await engine.store.getDocument({ collection: 'kb', namespace: 'team-a' }, 'x.md')).toBeUndefined();
  });
});

describe('the ingest tool, with write access', () => {
  let engine: Engine;
  let client: Client;
  beforeAll(async () => {
    engine = await createEngine({
      store: await openStore(path.join(tempDir(), 'write.db')),
      collection: 'kb',
      namespace: 'team-a',
    });
    client = await connect(engine, { allowWrite: true });
  });
  afterAll(async () => {
    await client.close();
    await engine.close();
  });

  it('is listed as a destructive, idempotent tool', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['search', 'context', 'lookup', 'ask', 'ingest']);
    expect(tools.find((t) => t.name === 'ingest')!.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    });
  });

  it('ingests text into the served scope, then search and resources find it', async () => {
    const result = await client.callTool({
      name: 'ingest',
      arguments: {
        name: 'notes/otters.md',
        text: '# Otters\n\nSea otters float on kelp.\n',
        metadata: '{"team":"ops"}',
      },
    });
    expect(result.isError).toBeFalsy();
    expect(structured(result)).toMatchObject({
      documentId: 'notes/otters.md',
      status: 'ingested',
      chunks: 1,
    });
    const again = await client.callTool({
      name: 'ingest',
      arguments: {
        name: 'notes/otters.md',
        text: '# Otters\n\nSea otters float on kelp.\n',
        metadata: { team: 'ops' },
      },
    });
    expect(structured(again)).toMatchObject({ status: 'unchanged' });
    const hits = structured(
      await client.callTool({ name: 'search', arguments: { query: 'kelp', filter: { team: 'ops' } } }),
    ).hits as Array<{ documentId: string }>;
    expect(hits.map((h) => h.documentId)).toEqual(['notes/otters.md']);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(['cairn://kb/team-a/documents/notes%2Fotters.md']);
  });

  it('ingests structured records and binary content, reporting malformed records', async () => {
    const csv = await client.callTool({
      name: 'ingest',
      arguments: {
        name: 'items.csv',
        text: 'sku,name\nA1,Kettle\nA2,Mug,extra\n',
        textFields: ['name'],
        idField: 'sku',
      },
    });
    expect(structured(csv)).toMatchObject({
      status: 'ingested',
      chunks: 1,
      recordIssues: [{ line: 3, message: 'has 3 fields; the header has 2' }],
    });
    const encoded = Buffer.from('Pikas gather hay.').toString('base64');
    const binary = await client.callTool({
      name: 'ingest',
      arguments: { name: 'pikas.txt', base64: encoded },
    });
    expect(structured(binary)).toMatchObject({ status: 'ingested', chunks: 1 });
  });

  it('answers bad arguments with error results and writes nothing', async () => {
    const both = await client.callTool({
      name: 'ingest',
      arguments: { name: 'a.md', text: 'x', base64: 'eA==' },
    });
    expect(both.isError).toBe(true);
    // The SDK checks arguments against the tool's schema before calling it.
    expect((both.content as Array<{ text: string }>)[0]!.text).toMatch(/exactly one of text or base64/);
    const bad = await client.callTool({
      name: 'ingest',
      arguments: { name: 'b.pdf', base64: 'not base64!' },
    });
    expect(structured(bad)).toMatchObject({
      error: { code: 'INVALID_ARGUMENT', message: 'base64: is not base64' },
    });
    const scope = { collection: 'kb', namespace: 'team-a' };
    expect(await engine.store.getDocument(scope, 'a.md')).toBeUndefined();
    expect(await engine.store.getDocument(scope, 'b.pdf')).toBeUndefined();
  });

  it('needs an engine that can ingest', () => {
    const readOnly = {
      search: engine.search.bind(engine),
      store: engine.store,
      chatModel: undefined,
      collection: 'kb',
      namespace: 'x',
    };
    expect(() => createCairnMcpServer(readOnly, { allowWrite: true })).toThrow(
      /allowWrite needs an engine with ingestSource/,
    );
  });
});

describe('joinChunkTexts', () => {
  it('keeps chunks that do not overlap, and short chance repeats', () => {
    expect(joinChunkTexts(['First part ends with the', 'the second part.'])).toBe(
      'First part ends with the\n\nthe second part.',
    );
    expect(joinChunkTexts(['alpha beta gamma delta epsilon', 'gamma delta epsilon zeta eta'])).toBe(
      'alpha beta gamma delta epsilon\n\nzeta eta',
    );
    expect(joinChunkTexts([])).toBe('');
  });
});

/**
 * The HTTP API over real HTTP on loopback, on a real SQLite file: uploads, listing, documents
 * with their Markdown, chunks, search with highlights, ask as JSON and as Server-Sent Events, and
 * the OpenAPI document — generated from the schemas that validate requests, and describing what
 * the routes return (responses are validated against it with Ajv, JSON Schema 2020-12).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCairnServer } from '../src/interfaces/http/create-server.js';
import { AskBody, CreateCollectionBody, SearchBody } from '../src/interfaces/http/schemas.js';
import { OpenAIChatModel } from '../src/providers/openai/openai-chat-model.js';
import { KEYS, startTestServer, type TestServer } from './support/http-server.js';
import { type FakeServer, startOpenAICompatibleServer } from './support/openai-compatible-server.js';

const HANDBOOK =
  '# Key Handbook\n\n## Rotation\n\nSigning keys are rotated every ninety days with the vault tool.\n\n' +
  '## Storage\n\nKeys are stored in the hardware security module, never on laptops.\n';
const MARMOTS =
  '# Field Guide\n\n## Burrows\n\nMarmots hibernate in burrows under granite boulders from October to April.\n';

interface Event {
  event: string;
  data: Record<string, unknown>;
}

/** The events of an SSE body, parsed as the HTML standard says (event and data lines, blank line ends one). */
function parseEvents(text: string): Event[] {
  return text
    .split(/\n\n/)
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const event =
        lines
          .find((l) => l.startsWith('event:'))
          ?.slice(6)
          .trim() ?? 'message';
      const data = lines
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).replace(/^ /, ''))
        .join('\n');
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}

describe('the HTTP API', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    const upload = await server.upload(
      'kb',
      KEYS.aWrite,
      { 'guides/keys.md': HANDBOOK, 'field/marmots.md': MARMOTS },
      { team: 'security' },
    );
    expect(upload.status).toBe(200);
  });
  afterAll(async () => server.close());

  describe('GET /v1/health and /v1/openapi.json', () => {
    it('answer without a key', async () => {
      expect(await server.json('GET', '/v1/health')).toEqual({
        status: 200,
        body: { status: 'ok', version: '0.1.0' },
      });
      const doc = await server.json<{ openapi: string }>('GET', '/v1/openapi.json');
      expect(doc.status).toBe(200);
      expect(doc.body.openapi).toBe('3.1.0');
    });
  });

  describe('POST /v1/collections/{collection}/documents', () => {
    it('ingests each uploaded file under its name, with the metadata, and reports each', async () => {
      const { status, body } = await server.upload(
        'uploads',
        KEYS.aWrite,
        { 'notes/a.md': '# A\n\nAlpha notes about rotation.', 'b.txt': 'Bravo.', 'empty.txt': '' },
        { source: 'test' },
      );
      expect(status).toBe(200);
      const items = body.items as Array<{ documentId: string; status: string; reason?: string }>;
      expect(items.map((i) => [i.documentId, i.status])).toEqual([
        ['notes/a.md', 'ingested'],
        ['b.txt', 'ingested'],
        ['empty.txt', 'skipped'],
      ]);
      expect(body.totals).toMatchObject({ ingested: 2, skipped: 1, failed: 0, chunks: 2 });
      const { body: listed } = await server.json<{
        documents: Array<{ documentId: string; metadata: unknown }>;
      }>('GET', '/v1/collections/uploads/documents', { key: KEYS.aRead });
      expect(listed.documents.map((d) => d.documentId)).toEqual(['b.txt', 'notes/a.md']);
      expect(listed.documents[0]!.metadata).toEqual({ source: 'test' });
    });

    it('finds an unchanged re-upload unchanged, and replaces a changed one', async () => {
      const again = await server.upload('uploads', KEYS.aWrite, { 'b.txt': 'Bravo.' });
      expect((again.body.items as Array<{ status: string }>)[0]!.status).toBe('unchanged');
      const changed = await server.upload('uploads', KEYS.aWrite, { 'b.txt': 'Bravo, changed.' });
      expect((changed.body.items as Array<{ status: string }>)[0]!.status).toBe('ingested');
      const { body } = await server.json<{ markdown: string; document: { metadata: unknown } }>(
        'GET',
        '/v1/collections/uploads/documents/b.txt',
        { key: KEYS.aRead },
      );
      expect(body.markdown).toBe('Bravo, changed.');
      // Omitted metadata keeps what was stored.
      expect(body.document.metadata).toEqual({ source: 'test' });
    });

    it('fails one bad file alone: a corrupt PDF and a duplicate name beside a good file', async () => {
      const { status, body } = await server.upload('uploads', KEYS.aWrite, {
        'broken.pdf': new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<< /Type /Catalog'),
        'good.md': '# Good\n\nThis one goes in.',
      });
      expect(status).toBe(200);
      const items = body.items as Array<{ documentId: string; status: string; reason?: string }>;
      expect(items[0]).toMatchObject({ documentId: 'broken.pdf', status: 'failed' });
      expect(items[0]!.reason).toBeTruthy();
      expect(items[1]).toMatchObject({ documentId: 'good.md', status: 'ingested' });

      const form = new FormData();
      form.append('file', new Blob(['one']), 'twice.txt');
      form.append('file', new Blob(['two']), 'twice.txt');
      const twice = await server.json<{ items: Array<{ status: string; reason?: string }> }>(
        'POST',
        '/v1/collections/uploads/documents',
        { key: KEYS.aWrite, body: form },
      );
      expect(twice.body.items.map((i) => i.status)).toEqual(['ingested', 'failed']);
      expect(twice.body.items[1]!.reason).toMatch(/duplicate document id/);
    });

    it('refuses metadata that is not a JSON object, and an upload without files, with 400', async () => {
      const bad = new FormData();
      bad.append('file', new Blob(['x']), 'x.txt');
      bad.append('metadata', '[1,2]');
      const refused = await server.json<{ error: { code: string; message: string } }>(
        'POST',
        '/v1/collections/uploads/documents',
        { key: KEYS.aWrite, body: bad },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'INVALID_ARGUMENT' });
      expect(refused.body.error.message).toContain('metadata');
      const none = new FormData();
      none.append('metadata', '{}');
      const empty = await server.json<{ error: { message: string } }>(
        'POST',
        '/v1/collections/uploads/documents',
        {
          key: KEYS.aWrite,
          body: none,
        },
      );
      expect(empty.status).toBe(400);
      expect(empty.body.error.message).toMatch(/no file/);
      // Nothing of the refused upload was stored.
      const { body } = await server.json<{ documents: Array<{ documentId: string }> }>(
        'GET',
        '/v1/collections/uploads/documents',
        { key: KEYS.aRead },
      );
      expect(body.documents.map((d) => d.documentId)).not.toContain('x.txt');
    });
  });

  describe('collections', () => {
    it("lists them with the key's chunk counts", async () => {
      const { body } = await server.json<{
        collections: Array<{ name: string; chunks: number; model: null }>;
      }>('GET', '/v1/collections', { key: KEYS.aRead });
      expect(body.collections.find((c) => c.name === 'kb')).toMatchObject({ chunks: 3, model: null });
    });

    it('creates one (201), returns it again (200), and refuses a model the server cannot embed with', async () => {
      const created = await server.json('POST', '/v1/collections', {
        key: KEYS.aWrite,
        json: { name: 'fresh' },
      });
      expect(created).toMatchObject({
        status: 201,
        body: { name: 'fresh', model: null, dimension: null, chunks: 0 },
      });
      const again = await server.json('POST', '/v1/collections', {
        key: KEYS.aWrite,
        json: { name: 'fresh' },
      });
      expect(again.status).toBe(200);
      const refused = await server.json<{ error: { code: string; message: string } }>(
        'POST',
        '/v1/collections',
        {
          key: KEYS.aWrite,
          json: { name: 'dense', model: 'text-embedding-3-small', dimension: 1536 },
        },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toMatch(/no embedder/);
      const unknown = await server.json('POST', '/v1/collections', {
        key: KEYS.aWrite,
        json: { name: 'x', color: 'red' },
      });
      expect(unknown.status).toBe(400);
    });

    it('refuses a name with control characters or path syntax (400 naming collection), creating nothing', async () => {
      for (const name of ['../evil', 'a\u001b[31mb\nc', '..', 'a/b']) {
        const refused = await server.json<{ error: { code: string; message: string } }>(
          'POST',
          '/v1/collections',
          { key: KEYS.aWrite, json: { name } },
        );
        expect(refused, JSON.stringify(name)).toMatchObject({
          status: 400,
          body: { error: { code: 'INVALID_ARGUMENT', message: expect.stringMatching(/^collection: /) } },
        });
        expect(await server.engine.store.getCollection(name)).toBeUndefined();
      }
      // An upload creates its collection: the same rule applies.
      const upload = await server.upload('a\u001bb', KEYS.aWrite, { 'a.md': '# A\n\nText.' });
      expect(upload.body).toMatchObject({
        totals: { ingested: 0, failed: 1 },
        items: [{ status: 'failed', reason: expect.stringMatching(/^collection: must not contain control/) }],
      });
      expect(await server.engine.store.getCollection('a\u001bb')).toBeUndefined();
    });
  });

  describe('documents and chunks', () => {
    it('reads a document by its URL-encoded path with its Markdown, and its chunks in order', async () => {
      const { status, body } = await server.json<{
        document: { documentId: string; title: string };
        markdown: string;
      }>('GET', '/v1/collections/kb/documents/guides%2Fkeys.md', { key: KEYS.aRead });
      expect(status).toBe(200);
      expect(body.document).toMatchObject({ documentId: 'guides/keys.md', title: 'Key Handbook' });
      expect(body.markdown).toContain('## Rotation');
      expect(body.markdown).toContain('hardware security module');
      const chunks = await server.json<{
        chunks: Array<{ chunkId: string; ordinal: number; headingPath: string[] }>;
      }>('GET', '/v1/collections/kb/documents/guides%2Fkeys.md/chunks', { key: KEYS.aRead });
      expect(chunks.body.chunks.map((c) => c.ordinal)).toEqual([0, 1]);
      expect(chunks.body.chunks[0]!.headingPath).toEqual(['Key Handbook', 'Rotation']);
      const one = await server.json<{ chunk: { text: string }; document: { documentId: string } }>(
        'GET',
        `/v1/collections/kb/chunks/${encodeURIComponent(chunks.body.chunks[1]!.chunkId)}`,
        { key: KEYS.aRead },
      );
      expect(one.body.chunk.text).toContain('hardware security module');
      expect(one.body.document.documentId).toBe('guides/keys.md');
    });

    it('answers 404 with the error body for a document, chunk or collection that is not there', async () => {
      for (const route of [
        '/v1/collections/kb/documents/nope.md',
        '/v1/collections/kb/documents/nope.md/chunks',
        '/v1/collections/kb/chunks/nope.md%3A0',
        '/v1/collections/missing/documents',
      ]) {
        const { status, body } = await server.json<{ error: { code: string } }>('GET', route, {
          key: KEYS.aRead,
        });
        expect(status, route).toBe(404);
        expect(body.error.code, route).toMatch(/NOT_FOUND/);
      }
      const route = await server.json<{ error: { code: string } }>('GET', '/v1/nothing', { key: KEYS.aRead });
      expect(route).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } });
    });

    it('deletes a document with its chunks, then 404s it', async () => {
      await server.upload('kb', KEYS.aWrite, { 'temp/delete-me.md': '# Temporary\n\nGone soon.' });
      const deleted = await server.json('DELETE', '/v1/collections/kb/documents/temp%2Fdelete-me.md', {
        key: KEYS.aWrite,
      });
      expect(deleted).toEqual({
        status: 200,
        body: { documentId: 'temp/delete-me.md', chunks: 1, documents: 1 },
      });
      const again = await server.json('DELETE', '/v1/collections/kb/documents/temp%2Fdelete-me.md', {
        key: KEYS.aWrite,
      });
      expect(again.status).toBe(404);
    });
  });

  describe('POST /v1/collections/{collection}/search', () => {
    it('ranks hits and locates the query’s words in each', async () => {
      const { status, body } = await server.json<{
        mode: string;
        scoring: Record<string, string>;
        hits: Array<{ rank: number; documentId: string; text: string; highlights: Array<[number, number]> }>;
      }>('POST', '/v1/collections/kb/search', {
        key: KEYS.aRead,
        json: { query: 'rotating signing keys', topK: 2 },
      });
      expect(status).toBe(200);
      expect(body.mode).toBe('lexical');
      // "keys" names guides/keys.md: its own lexical search is fused in (the document focus).
      expect(body.scoring).toEqual({ lexical: 'bm25', fused: 'rrf-engine', score: 'relevance-v1' });
      expect(body.hits).toHaveLength(2);
      const [first] = body.hits;
      // The focused query's hit scores on the relevance scale (all three terms held), not RRF's.
      expect((first as unknown as { score: number }).score).toBe(1);
      expect(first).toMatchObject({ rank: 1, documentId: 'guides/keys.md' });
      const words = first!.highlights.map(([s, e]) => first!.text.slice(s, e).toLowerCase());
      expect(words).toEqual(expect.arrayContaining(['rotation', 'signing', 'keys', 'rotated']));
    });

    it('reads an abbreviation the documents spell out, says so, and highlights the phrase', async () => {
      const upload = await server.upload('ledger', KEYS.aWrite, {
        'q1.md':
          '# Quarterly Report\n\n## Expenses\n\n| | Q1 2024 |\n|---|---|\n| Research and development | 14,820 |\n| Revenue and deferred income | 2,100 |\n',
      });
      expect(upload.status).toBe(200);
      const { status, body } = await server.json<{
        scoring: { expansions?: Array<{ abbreviation: string; expansion: string }> };
        hits: Array<{ text: string; highlights: Array<[number, number]> }>;
      }>('POST', '/v1/collections/ledger/search', {
        key: KEYS.aRead,
        json: { query: 'R&D expenses', topK: 1 },
      });
      expect(status).toBe(200);
      expect(body.scoring.expansions).toEqual([
        { abbreviation: 'R&D', expansion: 'research and development' },
      ]);
      const [first] = body.hits;
      const words = first!.highlights.map(([s, e]) => first!.text.slice(s, e).toLowerCase());
      expect(words).toEqual(expect.arrayContaining(['research', 'development']));
      expect(words).not.toContain('deferred');
    });

    it('applies a metadata filter and refuses a malformed one with 400', async () => {
      await server.upload(
        'kb',
        KEYS.aWrite,
        { 'ops.md': '# Ops\n\nOperators rotate signing keys too.' },
        { team: 'ops' },
      );
      const { body } = await server.json<{ hits: Array<{ documentId: string }> }>(
        'POST',
        '/v1/collections/kb/search',
        {
          key: KEYS.aRead,
          json: { query: 'signing keys', filter: { team: 'ops' } },
        },
      );
      expect(body.hits.map((h) => h.documentId)).toEqual(['ops.md']);
      const bad = await server.json<{ error: { code: string } }>('POST', '/v1/collections/kb/search', {
        key: KEYS.aRead,
        json: { query: 'keys', filter: { team: { $regex: 'o' } } },
      });
      expect(bad).toMatchObject({ status: 400, body: { error: { code: 'INVALID_FILTER' } } });
    });

    it('filters on a dotted metadata key and on the heading path', async () => {
      await server.upload(
        'kb',
        KEYS.aWrite,
        { 'flat.md': '# Flat\n\n## Export\n\nSigning keys exported from a flat store.' },
        { 'source.system': 'ledger' },
      );
      const search = async (filter: unknown) => {
        const { status, body } = await server.json<{ hits: Array<{ documentId: string }> }>(
          'POST',
          '/v1/collections/kb/search',
          { key: KEYS.aRead, json: { query: 'signing keys', filter } },
        );
        expect(status).toBe(200);
        return body.hits.map((h) => h.documentId).sort();
      };
      // Metadata written with a dot in its key is found by the dotted name.
      expect(await search({ 'source.system': 'ledger' })).toEqual(['flat.md']);
      expect(await search({ 'source.system': { $ne: 'ledger' } })).not.toContain('flat.md');
      // Headings: any heading of the chunk's path.
      expect(await search({ $headingPath: 'Rotation' })).toEqual(['guides/keys.md']);
      expect(await search({ $headingPath: { $in: ['Export', 'Rotation'] } })).toEqual([
        'flat.md',
        'guides/keys.md',
      ]);
    });

    it('refuses a filter or metadata with a __proto__ key instead of dropping it (the filter matched everything)', async () => {
      for (const filter of ['{"__proto__":{"team":"nope"}}', '{"$and":[{"__proto__":{"$eq":1}}]}']) {
        const search = await server.json<{ error: { code: string; message: string } }>(
          'POST',
          '/v1/collections/kb/search',
          { key: KEYS.aRead, json: JSON.parse(`{"query":"keys","filter":${filter}}`) },
        );
        expect(search, filter).toMatchObject({ status: 400, body: { error: { code: 'INVALID_FILTER' } } });
        expect(search.body.error.message).toContain('__proto__');
        const ask = await server.json<{ error: { code: string } }>('POST', '/v1/collections/kb/ask', {
          key: KEYS.aRead,
          json: JSON.parse(`{"question":"keys?","filter":${filter}}`),
        });
        expect(ask.status, filter).toBe(400);
      }
      const upload = await server.upload(
        'kb',
        KEYS.aWrite,
        { 'proto.md': '# Proto\n\nNot stored.' },
        JSON.parse('{"team":"ops","__proto__":{"team":"x"}}'),
      );
      expect(upload).toMatchObject({ status: 400, body: { error: { code: 'INVALID_ARGUMENT' } } });
      expect(String((upload.body.error as { message: string }).message)).toContain('__proto__');
      expect(await server.engine.store.getDocument({ collection: 'kb' }, 'proto.md')).toBeUndefined();
    });

    it('validates the body by its schema: the message names the field', async () => {
      const { status, body } = await server.json<{ error: { code: string; message: string } }>(
        'POST',
        '/v1/collections/kb/search',
        { key: KEYS.aRead, json: { query: 'keys', topK: 500, mode: 'fuzzy' } },
      );
      expect(status).toBe(400);
      expect(body.error.code).toBe('INVALID_ARGUMENT');
      expect(body.error.message).toContain('body.topK');
      expect(body.error.message).toContain('body.mode');
      const rerank = await server.json<{ error: { message: string } }>('POST', '/v1/collections/kb/search', {
        key: KEYS.aRead,
        json: { query: 'keys', rerank: true },
      });
      expect(rerank.status).toBe(400);
      expect(rerank.body.error.message).toMatch(/no reranker/);
    });

    it('refuses a mode the collection cannot serve with 400 naming the mode, not a server error', async () => {
      // The server has no embedder, so its collections are lexical-only: dense and hybrid search
      // are the client's request that this server cannot serve, not a fault of the server.
      for (const mode of ['dense', 'hybrid']) {
        const { status, body } = await server.json<{ error: { code: string; message: string } }>(
          'POST',
          '/v1/collections/kb/search',
          { key: KEYS.aRead, json: { query: 'keys', mode } },
        );
        expect(status).toBe(400);
        expect(body.error.code).toBe('INVALID_ARGUMENT');
        expect(body.error.message).toMatch(new RegExp(`^mode: ${mode} search needs an embedder`));
      }
    });
  });

  describe('POST /v1/collections/{collection}/ask', () => {
    it('answers as JSON with numbered sources and the citations the text uses', async () => {
      const { status, body } = await server.json<{
        answer: string;
        notFound: boolean;
        sources: Array<{ n: number; documentId: string }>;
        citations: Array<{ n: number; documentId: string }>;
      }>('POST', '/v1/collections/kb/ask', {
        key: KEYS.aRead,
        json: { question: 'How often are signing keys rotated?' },
      });
      expect(status).toBe(200);
      expect(body.notFound).toBe(false);
      expect(body.answer).toContain('ninety days');
      expect(body.citations.length).toBeGreaterThan(0);
      for (const citation of body.citations) expect(body.answer).toContain(`[${citation.n}]`);
      expect(body.citations[0]!.documentId).toBe('guides/keys.md');
    });

    it('says not found, without sources, when nothing relevant is stored', async () => {
      const { body } = await server.json<{ notFound: boolean; sources: unknown[] }>(
        'POST',
        '/v1/collections/kb/ask',
        {
          key: KEYS.aRead,
          json: { question: 'What is the capital of Mongolia?' },
        },
      );
      expect(body).toMatchObject({ notFound: true, sources: [] });
    });
  });

  describe('the OpenAPI document', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    let doc: {
      openapi: string;
      paths: Record<
        string,
        Record<string, { security?: unknown[]; requestBody?: { content: Record<string, unknown> } }>
      >;
      components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
    };

    beforeAll(async () => {
      doc = (await server.json<typeof doc>('GET', '/v1/openapi.json')).body;
      ajv.addSchema({ $id: 'api', components: doc.components }, 'api');
    });

    /** Validates `value` against component `name` of the served document. */
    function conforms(name: string, value: unknown): string[] {
      const validate = ajv.getSchema(`api#/components/schemas/${name}`);
      if (!validate) throw new Error(`no schema ${name}`);
      return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
    }

    it('describes every route the server answers, each protected one with the bearer scheme', () => {
      const app = createCairnServer(server.engine, { keys: `${'x'.repeat(16)}:a:read`, explorer: false }).app;
      const served = new Set(
        app.routes
          .filter((r) => r.method !== 'ALL' && /^\/(v1|mcp)/.test(r.path) && !r.path.includes('*'))
          .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`),
      );
      const documented = new Set(
        Object.entries(doc.paths).flatMap(([path, methods]) =>
          Object.keys(methods).map((m) => `${m} ${path}`),
        ),
      );
      // GET and DELETE /mcp only answer 405 (the MCP server is stateless); every other route is documented.
      const undocumented = [...served].filter((r) => !documented.has(r) && !/^(get|delete) \/mcp$/.test(r));
      expect(undocumented).toEqual([]);
      expect([...documented].filter((r) => !served.has(r))).toEqual([]);
      expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
      for (const [path, methods] of Object.entries(doc.paths)) {
        for (const [method, operation] of Object.entries(methods)) {
          const isPublic = path === '/v1/health' || path === '/v1/openapi.json';
          expect(operation.security, `${method} ${path}`).toEqual(isPublic ? [] : [{ bearer: [] }]);
        }
      }
    });

    it('names every operation (operationId, unique) and the server to call, for generated clients', () => {
      const ids = Object.values(doc.paths).flatMap((methods) =>
        Object.values(methods).map((operation) => (operation as { operationId?: string }).operationId),
      );
      expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
      expect(new Set(ids).size).toBe(ids.length);
      expect((doc as unknown as { servers: Array<{ url: string }> }).servers).toEqual([
        { url: new URL(server.url).origin, description: 'This server' },
      ]);
      // The ask stream's events are described one by one.
      const ask = doc.paths['/v1/collections/{collection}/ask']!.post as unknown as {
        responses: { 200: { content: Record<string, { schema: unknown }> } };
      };
      expect(ask.responses[200].content['text/event-stream']!.schema).toEqual({
        $ref: '#/components/schemas/AskStreamEvent',
      });
      expect(conforms('AskStreamEvent', { event: 'text', data: { delta: 'Mar' } })).toEqual([]);
      expect(conforms('AskStreamEvent', { event: 'text', data: { text: 'Mar' } })).not.toEqual([]);
    });

    it('describes the search response of a query whose abbreviation was read', async () => {
      const { body } = await server.json('POST', '/v1/collections/ledger/search', {
        key: KEYS.aRead,
        json: { query: 'R&D expenses', topK: 1 },
      });
      expect((body as { scoring: { expansions?: unknown[] } }).scoring.expansions).toHaveLength(1);
      expect(conforms('SearchResponse', body)).toEqual([]);
      const scoring = (
        doc.components.schemas.SearchResponse as { properties: { scoring: { properties: object } } }
      ).properties.scoring.properties;
      expect(Object.keys(scoring)).toContain('expansions');
    });

    it('is generated from the very schemas that validate requests', () => {
      const app = createCairnServer(server.engine, { keys: `${'x'.repeat(16)}:a:read`, explorer: false }).app;
      const bodies = new Map<string, unknown>();
      for (const definition of app.openAPIRegistry.definitions) {
        if (definition.type !== 'route') continue;
        const content = definition.route.request?.body?.content['application/json'] as
          | { schema?: unknown }
          | undefined;
        const schema = content?.schema;
        if (schema) bodies.set(`${definition.route.method} ${definition.route.path}`, schema);
      }
      expect(bodies.get('post /v1/collections/{collection}/search')).toBe(SearchBody);
      expect(bodies.get('post /v1/collections/{collection}/ask')).toBe(AskBody);
      expect(bodies.get('post /v1/collections')).toBe(CreateCollectionBody);
      expect(
        doc.paths['/v1/collections/{collection}/search']!.post!.requestBody!.content['application/json'],
      ).toEqual({
        schema: { $ref: '#/components/schemas/SearchRequest' },
      });
    });

    it('validates real requests and responses: what the routes return conforms to it', async () => {
      expect(conforms('SearchRequest', { query: 'keys', topK: 3, mode: 'lexical' })).toEqual([]);
      expect(conforms('SearchRequest', { query: 'keys', topK: 0 })).not.toEqual([]);
      const search = await server.json('POST', '/v1/collections/kb/search', {
        key: KEYS.aRead,
        json: { query: 'keys' },
      });
      expect(conforms('SearchResponse', search.body)).toEqual([]);
      const ask = await server.json('POST', '/v1/collections/kb/ask', {
        key: KEYS.aRead,
        json: { question: 'Where are keys stored?' },
      });
      expect(conforms('AskResponse', ask.body)).toEqual([]);
      const docs = await server.json('GET', '/v1/collections/kb/documents', { key: KEYS.aRead });
      expect(conforms('DocumentList', docs.body)).toEqual([]);
      const chunks = await server.json('GET', '/v1/collections/kb/documents/guides%2Fkeys.md/chunks', {
        key: KEYS.aRead,
      });
      expect(conforms('DocumentChunks', chunks.body)).toEqual([]);
      const upload = await server.upload('kb', KEYS.aWrite, { 'conform.md': '# C\n\nConforming.' });
      expect(conforms('IngestReport', upload.body)).toEqual([]);
      const list = await server.json('GET', '/v1/collections', { key: KEYS.aRead });
      expect(conforms('CollectionList', list.body)).toEqual([]);
      const error = await server.json('GET', '/v1/collections/kb/documents/none', { key: KEYS.aRead });
      expect(conforms('Error', error.body)).toEqual([]);
    });
  });
});

describe('ask with Accept: text/event-stream', () => {
  let model: FakeServer;
  let server: TestServer;

  /** An honest model: the first sentence of source 1, cited, plus a marker pointing at no source. */
  const reply = (messages: Array<{ role: string; content: string }>) => {
    const system = messages.find((m) => m.role === 'system')?.content ?? '';
    if (system.startsWith('You rewrite')) return 'How often are signing keys rotated with the vault tool?';
    const user = messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
    const text = /<<source 1 [^>]+>>\n\[1\][^\n]*\n([\s\S]*?)\n<<end source 1/.exec(user)?.[1] ?? '';
    const sentence = /[A-Z][^.#]*\./.exec(text)?.[0] ?? '';
    return `${sentence} [1] See also [9].`;
  };

  beforeAll(async () => {
    model = await startOpenAICompatibleServer({ reply, deltaDelayMs: 5 });
    server = await startTestServer(
      {},
      {
        chatModel: new OpenAIChatModel({
          model: 'gpt-test',
          apiKey: 'test-key',
          baseURL: model.baseURL,
          maxRetries: 0,
        }),
      },
    );
    await server.upload('kb', KEYS.aWrite, { 'guides/keys.md': HANDBOOK, 'field/marmots.md': MARMOTS });
  });
  afterAll(async () => {
    await server.close();
    await model.close();
  });

  it('sends the question, the sources, the text in pieces, then the answer with its citations', async () => {
    const response = await server.request('POST', '/v1/collections/kb/ask', {
      key: KEYS.aRead,
      json: {
        question: 'And how often is that done?',
        history: [
          { role: 'user', content: 'Tell me about signing keys.' },
          { role: 'assistant', content: 'Signing keys are kept in a vault.' },
        ],
      },
      headers: { Accept: 'text/event-stream' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = parseEvents(await response.text());
    const names = events.map((e) => e.event);
    expect(names[0]).toBe('question');
    expect(names[1]).toBe('sources');
    expect(names.at(-1)).toBe('answer');
    const texts = events.filter((e) => e.event === 'text');
    expect(names.slice(2, -1).every((n) => n === 'text')).toBe(true);
    expect(texts.length).toBeGreaterThan(3);

    expect(events[0]!.data).toEqual({
      question: 'And how often is that done?',
      standalone: 'How often are signing keys rotated with the vault tool?',
      rewritten: true,
    });
    const final = events.at(-1)!.data as {
      answer: string;
      sources: unknown[];
      citations: Array<{ n: number; documentId: string }>;
      invalidCitations: number[];
    };
    // The sources sent first are the ones the answer was written from.
    expect(events[1]!.data.sources).toEqual(final.sources);
    const streamed = texts.map((e) => e.data.delta).join('');
    expect(streamed).toBe(final.answer);
    expect(final.answer).toContain('Signing keys are rotated every ninety days with the vault tool. [1]');
    expect(streamed).not.toContain('[9]');
    expect(final.invalidCitations).toEqual([9]);
    expect(final.citations.map((c) => [c.n, c.documentId])).toEqual([[1, 'guides/keys.md']]);
  });

  it('answers small talk without sources', async () => {
    const response = await server.request('POST', '/v1/collections/kb/ask', {
      key: KEYS.aRead,
      json: { question: 'Thanks!' },
      headers: { Accept: 'text/event-stream' },
    });
    const events = parseEvents(await response.text());
    expect(events.map((e) => e.event)).not.toContain('sources');
    expect(events[0]).toMatchObject({ event: 'question', data: { question: 'Thanks!', rewritten: false } });
    expect(events.at(-1)).toMatchObject({ event: 'answer', data: { smallTalk: true, sources: [] } });
  });

  it('reports a failure part-way as an error event', async () => {
    model.failures.push(500);
    const response = await server.request('POST', '/v1/collections/kb/ask', {
      key: KEYS.aRead,
      json: { question: 'Where are keys stored?' },
      headers: { Accept: 'text/event-stream' },
    });
    const events = parseEvents(await response.text());
    model.failures.length = 0;
    expect(events.map((e) => e.event)).toEqual(['question', 'sources', 'error']);
    expect(events.at(-1)!.data).toMatchObject({ error: { code: 'PROVIDER_ERROR' } });
  });

  it('404s a collection that does not exist before streaming anything', async () => {
    const response = await server.request('POST', '/v1/collections/missing/ask', {
      key: KEYS.aRead,
      json: { question: 'Anything?' },
      headers: { Accept: 'text/event-stream' },
    });
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body).toMatchObject({ error: { code: 'COLLECTION_NOT_FOUND' } });
    // The message names the routes that make a collection, not the library's createCollection.
    expect(body.error.message).toContain('POST /v1/collections');
    expect(body.error.message).not.toContain('createCollection');
  });
});

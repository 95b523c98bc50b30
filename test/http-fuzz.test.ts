/**
 * Hostile input never makes the HTTP server fail with a 5xx: JSON nested tens of thousands of
 * levels is a 400 naming where, and requests generated from the server's own OpenAPI document
 * (values that fit each schema, values that almost do, and arbitrary JSON, with fixed seeds) are
 * all answered below 500. Real HTTP on loopback, a real SQLite file.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, startTestServer, type TestServer } from './support/http-server.js';

/** `{"a":{"a":…1…}}`, `depth` levels, built as text (building it as an object would recurse). */
function nested(depth: number, leaf = '1'): string {
  return `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;
}

type Schema = Record<string, unknown>;

/** Values for a JSON Schema (OpenAPI 3.1), with `$ref`s resolved against `components`. */
function valuesOf(
  schema: Schema | undefined,
  components: Record<string, Schema>,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if (typeof schema.$ref === 'string') {
    return valuesOf(components[schema.$ref.split('/').at(-1)!], components, depth + 1);
  }
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants) return fc.oneof(...variants.map((s) => valuesOf(s, components, depth + 1)));
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.constantFrom('kb', 'keys', '', ' ', '../x', '%2e%2e', '\u0000', 'a'.repeat(2100)),
      );
    case 'integer':
      return fc.oneof(fc.integer({ min: -5, max: 120 }), fc.constantFrom(0, 2 ** 31, -(2 ** 53)));
    case 'number':
      return fc.oneof(fc.double(), fc.constantFrom(0, 1e308, -1));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valuesOf(schema.items as Schema | undefined, components, depth + 1), { maxLength: 4 });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties))
        record[key] = valuesOf(value, components, depth + 1);
      const keys = Object.keys(record);
      if (keys.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }));
      return fc.record(record, { requiredKeys: keys.filter((k) => required.has(k)) });
    }
    default:
      return fc.jsonValue({ maxDepth: 3 });
  }
}

describe('hostile input over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    const seeded = await server.upload(
      'kb',
      KEYS.aWrite,
      { 'keys.md': '# Keys\n\nRotate the signing keys yearly.' },
      {
        team: 'ops',
      },
    );
    expect(seeded.status).toBe(200);
  });
  afterAll(async () => server.close());

  it('answers JSON nested 50,000 levels with 400 naming where, on every route that takes JSON', async () => {
    const deep = nested(50_000);
    const cases: Array<[string, string, string]> = [
      ['/v1/collections/kb/search', `{"query":"keys","filter":${deep}}`, 'body'],
      ['/v1/collections/kb/ask', `{"question":"keys","filter":${deep}}`, 'body'],
      ['/v1/collections', `{"name":"deep","metadata":${deep}}`, 'body'],
      [
        '/mcp',
        `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search","arguments":{"query":"k","filter":${deep}}}}`,
        'body',
      ],
    ];
    for (const [route, body, field] of cases) {
      const response = await server.request('POST', route, {
        key: KEYS.aAdmin,
        body,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      });
      const answer = (await response.json()) as { error: { code: string; message: string } };
      expect(response.status, route).toBe(400);
      expect(answer.error.code, route).toBe('INVALID_ARGUMENT');
      expect(answer.error.message, route).toMatch(
        new RegExp(`^${field}: nests deeper than 64 levels \\(at [a-z.]+…\\)`),
      );
    }
    // An upload's metadata field: the field is named.
    const form = new FormData();
    form.append('file', new Blob(['# Deep\n\ntext']), 'deep.md');
    form.append('metadata', `{"m":${deep}}`);
    const upload = await server.request('POST', '/v1/collections/kb/documents', {
      key: KEYS.aWrite,
      body: form,
    });
    expect(upload.status).toBe(400);
    expect(((await upload.json()) as { error: { message: string } }).error.message).toMatch(
      /^metadata: nests deeper than 64 levels/,
    );
    // Nesting within the limit still works.
    const within = await server.request('POST', '/v1/collections/kb/search', {
      key: KEYS.aRead,
      json: { query: 'keys', filter: { team: 'ops' } },
    });
    expect(within.status).toBe(200);
  });

  it('answers requests generated from its OpenAPI document below 500', async () => {
    const document = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Schema>>;
      components: { schemas: Record<string, Schema> };
    };
    const components = document.components.schemas;
    const operations = Object.entries(document.paths).flatMap(([route, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        route,
        method: method.toUpperCase(),
        operation,
      })),
    );
    expect(operations.length).toBeGreaterThan(8);
    const failures: string[] = [];
    for (const [index, { route, method, operation }] of operations.entries()) {
      const content = (operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)
        ?.content;
      const jsonSchema = content?.['application/json']?.schema;
      const names = [...route.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const request = fc.record({
        params: fc.tuple(...names.map(() => fc.oneof(fc.constant('kb'), fc.string({ maxLength: 20 })))),
        body: jsonSchema
          ? fc.oneof(
              valuesOf(jsonSchema, components),
              fc.jsonValue({ maxDepth: 4 }),
              fc.constantFrom(nested(70), nested(50_000), '{"query":', '[]', 'null', '"x"'),
            )
          : fc.constant(undefined),
        key: fc.constantFrom(KEYS.aRead, KEYS.aWrite, KEYS.aAdmin, KEYS.bRead),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ params, body, key }) => {
          let path = route;
          names.forEach((name, i) => {
            path = path.replace(`{${name}}`, encodeURIComponent(params[i]!));
          });
          // Deletes would empty the collection the other cases read: they run on another one.
          if (method === 'DELETE') path = path.replace('/collections/kb', '/collections/scratch');
          const text =
            typeof body === 'string' && /^[{["n]/.test(body)
              ? body
              : body === undefined
                ? undefined
                : JSON.stringify(body);
          const response = await server.request(method, path, {
            key,
            ...(text === undefined
              ? {}
              : {
                  body: text,
                  headers: {
                    'Content-Type': 'application/json',
                    Accept: 'application/json, text/event-stream',
                  },
                }),
          });
          await response.arrayBuffer();
          if (response.status >= 500)
            failures.push(`${method} ${path} ${text?.slice(0, 200)} → ${response.status}`);
          return response.status < 500;
        }),
        { numRuns: 25, seed: 4711 + index },
      );
    }
    expect(failures).toEqual([]);
  }, 240_000);
});

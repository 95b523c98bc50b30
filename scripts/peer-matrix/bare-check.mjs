// Runs inside a scratch app that installed only the packed cairn tarball (see
// scripts/peer-matrix.mjs): no optional peer is there, and the root export still works.
import assert from 'node:assert/strict';

await assert.rejects(import('@opentelemetry/api'), { code: 'ERR_MODULE_NOT_FOUND' });
await assert.rejects(import('ai'), { code: 'ERR_MODULE_NOT_FOUND' });
const { openEngine, TRACER_NAME } = await import('cairn');
assert.equal(TRACER_NAME, 'cairn');
const engine = await openEngine({ store: 'memory:', env: {} });
await engine.ingestSource({
  name: 'a.md',
  bytes: new TextEncoder().encode('# Otters\n\nOtters hold hands while they sleep.\n'),
  mediaType: 'text/markdown',
});
const { hits } = await engine.search('otters sleep', { mode: 'lexical' });
assert.equal(hits[0].chunk.documentId, 'a.md');
assert.ok(hits[0].score > 0 && hits[0].score <= 1);
await engine.close();
console.log("ok  bare  import 'cairn', ingest and search without @opentelemetry/api or any optional peer");

// cairn/testing's fakes import without the OpenTelemetry packages (only startSpanRecorder needs
// them, and says so with a typed error).
const { createTestEngine, startSpanRecorder } = await import('cairn/testing');
const test = await createTestEngine();
await test.engine.ingestSource({
  name: 'b.md',
  bytes: new TextEncoder().encode('# Beavers\n\nBeavers build dams of branches and mud.\n'),
  mediaType: 'text/markdown',
});
const found = await test.engine.search('beavers dams');
assert.equal(found.hits[0].chunk.documentId, 'b.md');
await test.close();
assert.throws(() => startSpanRecorder(), {
  name: 'MissingDependencyError',
  packageName: '@opentelemetry/api',
});
console.log("ok  bare  import 'cairn/testing' and search a test engine without @opentelemetry/*");

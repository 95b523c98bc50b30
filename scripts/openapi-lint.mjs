// Lints the HTTP API's OpenAPI document (/v1/openapi.json) with Redocly's CLI (fetched by npx
// from the npm registry, so it is no dependency of cairn), with its recommended rules. Fails on
// any error. Build first: `npm run build`.
//
//   node scripts/openapi-lint.mjs [--keep FILE]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openEngine } from '../dist/index.js';
import { createCairnServer } from '../dist/interfaces/http/index.js';

const { values } = parseArgs({ options: { keep: { type: 'string' } } });
const engine = await openEngine({ store: 'memory:', env: {} });
const server = createCairnServer(engine, { keys: `${'k'.repeat(32)}:default:admin`, explorer: false });
const response = await server.fetch(new Request('http://127.0.0.1:8787/v1/openapi.json'));
const document = await response.json();
await engine.close();
const dir = mkdtempSync(path.join(tmpdir(), 'cairn-openapi-'));
const file = values.keep ?? path.join(dir, 'openapi.json');
writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
try {
  execFileSync('npx', ['--yes', '@redocly/cli@2', 'lint', '--format', 'summary', file], { stdio: 'inherit' });
  execFileSync('npx', ['--yes', '@redocly/cli@2', 'lint', file], { stdio: 'inherit' });
} catch {
  console.error('openapi-lint: Redocly found errors in /v1/openapi.json');
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}

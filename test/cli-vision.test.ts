import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disposeOcr } from '../src/ingest/ocr/tesseract-ocr.js';
import { tempDir } from './support/corpus.js';
import { ensureBuilt } from './support/ensure-built.js';
import { type FakeServer, startOpenAICompatibleServer } from './support/openai-compatible-server.js';
import { runCairn as cairn } from './support/run-cli.js';
import { ocrVisionReply, type VisionCall } from './support/vision-model.js';

describe('cairn ingest --vision', () => {
  let server: FakeServer;
  const calls: VisionCall[] = [];

  beforeAll(async () => {
    ensureBuilt();
    server = await startOpenAICompatibleServer({ reply: ocrVisionReply(calls) });
  });
  afterAll(async () => {
    await server.close();
    await disposeOcr();
  });

  it('reads images with the vision model named by --vision, and doctor says so', async () => {
    const docs = tempDir();
    copyFileSync(path.resolve('test/fixtures/parsers/scan.png'), path.join(docs, 'invoice.png'));
    const db = path.join(tempDir(), 'vision.db');
    const env = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'test-key' };
    const ingest = await cairn(['ingest', docs, '--db', db, '--vision', 'openai:gpt-4o-mini', '--json'], env);
    expect(ingest.code).toBe(0);
    expect(JSON.parse(ingest.stdout).totals).toMatchObject({ ingested: 1, failed: 0 });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.mediaTypes).toEqual(['image/png']);
    const requests = server.requests.filter((r) => r.path.endsWith('/chat/completions'));
    expect(requests.at(-1)!.headers.authorization).toBe('Bearer test-key');

    const search = JSON.parse((await cairn(['search', 'invoice 4217', '--db', db, '--json'])).stdout);
    expect(search.hits[0].chunk).toMatchObject({ documentId: 'invoice.png' });
    expect(search.hits[0].chunk.text).toContain('Invoice 4217 due on March 3');

    // Doctor names the vision model, and says that it cannot run without its key.
    const doctor = await cairn(['doctor', '--db', db, '--json'], {
      CAIRN_VISION_MODEL: 'openai:gpt-4o',
      OPENAI_API_KEY: '',
    });
    expect(doctor.code).toBe(1);
    expect(JSON.parse(doctor.stdout).pageImages).toEqual({
      vision: 'openai-compatible:gpt-4o',
      why: 'set by CAIRN_VISION_MODEL=openai:gpt-4o',
      error: 'openai-compatible: no API key: set OPENAI_API_KEY or pass apiKey',
    });
    const bad = await cairn(['ingest', docs, '--db', db, '--vision', 'acme:eye']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown --vision provider "acme"; supported: openai/);
    const malformed = await cairn(['ingest', docs, '--db', db, '--transcriber', 'bogus']);
    expect(malformed.stderr).toMatch(
      /--transcriber "bogus" must look like provider:model, e.g\. openai:whisper-1 \(or local\)/,
    );
  });
});

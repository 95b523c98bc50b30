import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { env } from '@huggingface/transformers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/support/corpus.js';
import { writeTinyEmbeddingModel } from '../../../test/support/tiny-models.js';
import { ProviderError } from '../../core/errors.js';
import { embedQuery } from '../embed.js';
import type { ModelDownloadProgress } from './local-models.js';
import { TransformersEmbedder } from './transformers-embedder.js';

/**
 * A local stand-in for the Hugging Face Hub (`/{model}/resolve/{revision}/{file}`), serving a
 * generated model folder, so the download-once-then-cache path runs without network.
 */
describe('TransformersEmbedder without a models folder (Hub download)', () => {
  const requests: string[] = [];
  let close: () => Promise<void>;
  const savedHost = env.remoteHost;

  beforeAll(async () => {
    const hub = tempDir();
    writeTinyEmbeddingModel(hub, { modelId: 'Xenova/all-MiniLM-L6-v2', dimension: 8 });
    const server = createServer((request, response) => {
      requests.push(`${request.method} ${request.url}`);
      const match = /^\/([^/]+\/[^/]+)\/resolve\/[^/]+\/(.+)$/.exec(request.url ?? '');
      const file = match ? path.join(hub, match[1]!, match[2]!) : '';
      if (!match || !existsSync(file)) {
        response.writeHead(404).end();
        return;
      }
      const body = readFileSync(file);
      response.writeHead(200, { 'content-length': body.length, 'content-type': 'application/octet-stream' });
      response.end(request.method === 'HEAD' ? undefined : body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    env.remoteHost = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(async () => {
    env.remoteHost = savedHost;
    await close();
  });

  it('downloads once into the cache folder, reporting progress, then loads from the cache', async () => {
    const cacheDir = tempDir();
    const progress: ModelDownloadProgress[] = [];
    const first = new TransformersEmbedder({
      model: 'all-MiniLM-L6-v2',
      dimension: 8,
      modelsDir: '',
      cacheDir,
      onProgress: (p) => progress.push(p),
    });
    expect(await embedQuery(first, 'otters')).toHaveLength(8);
    expect(requests.some((r) => r.endsWith('/onnx/model_quantized.onnx'))).toBe(true);
    expect(
      existsSync(path.join(cacheDir, 'Xenova', 'all-MiniLM-L6-v2', 'onnx', 'model_quantized.onnx')),
    ).toBe(true);
    expect(progress.some((p) => p.status === 'done' && p.file === 'onnx/model_quantized.onnx')).toBe(true);
    const fetched = requests.filter((r) => r.startsWith('GET')).length;
    const second = new TransformersEmbedder({
      model: 'all-MiniLM-L6-v2',
      dimension: 8,
      modelsDir: '',
      cacheDir,
    });
    expect(await embedQuery(second, 'otters')).toEqual(await embedQuery(first, 'otters'));
    expect(requests.filter((r) => r.startsWith('GET')).length).toBe(fetched);
  });

  it('says how to work offline when the Hub has no such model', async () => {
    const embedder = new TransformersEmbedder({
      model: 'acme/absent',
      dimension: 8,
      modelsDir: '',
      cacheDir: tempDir(),
    });
    const error = await embedQuery(embedder, 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(/could not load acme\/absent from the Hugging Face Hub/);
    expect((error as Error).message).toMatch(/CAIRN_MODELS_DIR \(--models-dir\)/);
  });
});

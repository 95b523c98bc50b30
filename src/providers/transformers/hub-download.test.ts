import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/support/corpus.js';
import { type FakeHub, startFakeHub } from '../../../test/support/fake-hub.js';
import { writeTinyEmbeddingModel } from '../../../test/support/tiny-models.js';
import { ProviderError } from '../../core/errors.js';
import { embedQuery } from '../../embed/embed.js';
import type { ModelDownloadProgress } from './local-models.js';
import { TransformersEmbedder } from './transformers-embedder.js';

/** The download-once-then-cache path, against a local stand-in for the Hugging Face Hub. */
describe('TransformersEmbedder without a models folder (Hub download)', () => {
  let hub: FakeHub;
  let requests: string[];

  beforeAll(async () => {
    const root = tempDir();
    writeTinyEmbeddingModel(root, { modelId: 'Xenova/all-MiniLM-L6-v2', dimension: 8 });
    hub = await startFakeHub(root);
    requests = hub.requests;
  });
  afterAll(() => hub.stop());

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

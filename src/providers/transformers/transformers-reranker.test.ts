import { rmSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/support/corpus.js';
import { writeTinyCrossEncoder } from '../../../test/support/tiny-models.js';
import { ConfigError, ProviderError } from '../../core/errors.js';
import { createEngine } from '../../engine/engine.js';
import { runRerankerPortContract } from '../../retrieve/rerank/reranker.contract.js';
import { createMemoryStore } from '../../store/memory/memory-store.js';
import { TransformersReranker } from './transformers-reranker.js';

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

runRerankerPortContract(
  'TransformersReranker (a tiny cross-encoder made here)',
  async ({ maxDocumentsPerCall }) => {
    const modelsDir = tempDir();
    writeTinyCrossEncoder(modelsDir, { modelId: 'Xenova/ms-marco-MiniLM-L-6-v2', maxLength: 32 });
    const reranker = new TransformersReranker({ modelsDir, maxBatchSize: maxDocumentsPerCall });
    return { reranker, close: async () => rmSync(modelsDir, { recursive: true, force: true }) };
  },
);

describe('TransformersReranker', () => {
  let modelsDir: string;
  beforeAll(() => {
    modelsDir = tempDir();
    writeTinyCrossEncoder(modelsDir, { modelId: 'Xenova/ms-marco-MiniLM-L-6-v2', maxLength: 16 });
    writeTinyCrossEncoder(modelsDir, { modelId: 'acme/two-class', labels: 2 });
  });

  it('scores each query-document pair through the cross-encoder, squashed by a sigmoid', async () => {
    const reranker = new TransformersReranker({ modelsDir });
    expect(reranker).toMatchObject({ model: 'Xenova/ms-marco-MiniLM-L-6-v2', provider: 'transformers' });
    const scores = await reranker.doRerank({
      query: 'where do otters sleep',
      documents: ['otters sleep on kelp', 'marmots hibernate in burrows', 'otters float'],
    });
    // The tiny model's logit is the number of words the query and the document share.
    expect(scores[0]).toBeCloseTo(sigmoid(2), 6);
    expect(scores[1]).toBeCloseTo(sigmoid(0), 6);
    expect(scores[2]).toBeCloseTo(sigmoid(1), 6);
  });

  it('returns raw logits with activation none, and the same in any batch size', async () => {
    const documents = ['otters sleep', 'hay', 'where do otters sleep', 'the river', 'otters', 'sleep sleep'];
    const query = 'where do otters sleep in the river';
    const one = await new TransformersReranker({ modelsDir, activation: 'none', maxBatchSize: 1 }).doRerank({
      query,
      documents,
    });
    expect(one).toEqual([2, 0, 4, 2, 1, 1]);
    const pairs = new TransformersReranker({ modelsDir, activation: 'none', maxBatchSize: 4 });
    expect(await pairs.doRerank({ query, documents })).toEqual(one);
  });

  it('reads only the first model_max_length tokens of each pair', async () => {
    const reranker = new TransformersReranker({ modelsDir, activation: 'none' });
    // [CLS] + 4 query words + [SEP] leaves 10 tokens of the document within 16.
    const filler = 'hay hay hay hay hay hay hay hay hay hay';
    const scores = await reranker.doRerank({
      query: 'where do otters sleep',
      documents: [`otters ${filler}`, `${filler} otters`],
    });
    expect(scores).toEqual([1, 0]);
  });

  it('loads nothing for an empty list', async () => {
    const reranker = new TransformersReranker({ modelsDir: tempDir() });
    expect(await reranker.doRerank({ query: 'q', documents: [] })).toEqual([]);
    await expect(reranker.doRerank({ query: 'q', documents: ['d'] })).rejects.toBeInstanceOf(ConfigError);
  });

  it('names the files and the folder when the model is missing', async () => {
    const dir = tempDir();
    const error = await new TransformersReranker({ modelsDir: dir })
      .doRerank({ query: 'q', documents: ['d'] })
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      /local model Xenova\/ms-marco-MiniLM-L-6-v2 is not in the models folder .*missing config\.json, tokenizer\.json, tokenizer_config\.json, onnx\/model_quantized\.onnx.*https:\/\/huggingface\.co\/Xenova\/ms-marco-MiniLM-L-6-v2/,
    );
  });

  it('refuses a classifier with more than one logit', async () => {
    const reranker = new TransformersReranker({ modelsDir, model: 'acme/two-class' });
    const error = await reranker
      .doRerank({ query: 'otters', documents: ['otters'] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(
      /logits of shape \[1, 2\]; a reranker needs one relevance logit/,
    );
  });

  it('reranks search hits through the engine', async () => {
    const engine = await createEngine({
      store: createMemoryStore(),
      reranker: new TransformersReranker({ modelsDir }),
    });
    const docs = {
      a: 'Otters float on kelp.',
      b: 'Where do otters sleep? Otters sleep on kelp in the river.',
      c: 'Marmots hibernate in burrows.',
    };
    for (const [id, text] of Object.entries(docs)) {
      await engine.ingestSource({ name: id, bytes: new TextEncoder().encode(text), mediaType: 'text/plain' });
    }
    const { hits } = await engine.search('where do otters sleep', { mode: 'lexical', topK: 2 });
    expect(hits[0]!.chunk.documentId).toBe('b');
    expect(hits[0]!.scores.rerank).toBeCloseTo(sigmoid(4), 6);
    expect(hits[0]!.scores.lexical).toBeGreaterThan(0);
    await engine.close();
  });
});

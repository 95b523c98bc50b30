import { rmSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/support/corpus.js';
import {
  referenceTokens,
  tinyEmbeddingRow,
  writeTinyEmbeddingModel,
} from '../../../test/support/tiny-models.js';
import { ConfigError } from '../../core/errors.js';
import { embedDocuments, embedQuery } from '../../embed/embed.js';
import { runEmbedderPortContract } from '../../embed/embedder.contract.js';
import { TransformersEmbedder, type TransformersEmbedderOptions } from './transformers-embedder.js';

const DIM = 8;
const MAX_LENGTH = 12;

/** Expected vector: the tiny model's rows for the reference tokens, pooled and optionally normalised. */
function expected(text: string, pooling: 'mean' | 'cls', normalize = true): number[] {
  const tokens = referenceTokens(text, MAX_LENGTH);
  const rows = tokens.map((id) => tinyEmbeddingRow(id, DIM));
  const pooled =
    pooling === 'cls'
      ? rows[0]!
      : Array.from({ length: DIM }, (_, j) => rows.reduce((sum, row) => sum + row[j]!, 0) / rows.length);
  const norm = Math.hypot(...pooled);
  return normalize ? pooled.map((x) => x / norm) : pooled;
}

function close(actual: number[], wanted: number[]) {
  expect(actual).toHaveLength(wanted.length);
  actual.forEach((x, i) => {
    expect(x).toBeCloseTo(wanted[i]!, 5);
  });
}

runEmbedderPortContract('TransformersEmbedder (a tiny ONNX model made here)', async (options) => {
  const modelsDir = tempDir();
  const modelDimension = options.modelDimension ?? options.dimension ?? 16;
  writeTinyEmbeddingModel(modelsDir, {
    modelId: 'acme/tiny-encoder',
    dimension: modelDimension,
    maxLength: 16,
  });
  const embedder = new TransformersEmbedder({
    model: 'acme/tiny-encoder',
    modelsDir,
    dimension: options.dimension ?? 16,
    maxBatchSize: options.maxBatchSize,
  });
  return { embedder, close: async () => rmSync(modelsDir, { recursive: true, force: true }) };
});

describe('TransformersEmbedder', () => {
  let modelsDir: string;
  const local = (options: TransformersEmbedderOptions) =>
    new TransformersEmbedder({ modelsDir, dimension: DIM, ...options });

  beforeAll(() => {
    modelsDir = tempDir();
    for (const modelId of [
      'Xenova/bge-small-en-v1.5',
      'Xenova/all-MiniLM-L6-v2',
      'Xenova/e5-small-v2',
      'nomic-ai/nomic-embed-text-v1.5',
    ]) {
      writeTinyEmbeddingModel(modelsDir, { modelId, dimension: DIM, maxLength: MAX_LENGTH });
    }
  });

  it('defaults to bge-small-en-v1.5: 384 dimensions, CLS pooling, a query-only instruction', () => {
    const embedder = new TransformersEmbedder();
    expect(embedder).toMatchObject({
      provider: 'transformers',
      model: 'Xenova/bge-small-en-v1.5',
      dimension: 384,
      pooling: 'cls',
      queryPrefix: 'Represent this sentence for searching relevant passages: ',
      documentPrefix: '',
    });
    expect(new TransformersEmbedder({ model: 'e5-small-v2' })).toMatchObject({
      model: 'Xenova/e5-small-v2',
      queryPrefix: 'query: ',
      documentPrefix: 'passage: ',
    });
    expect(new TransformersEmbedder({ model: 'gte-small' })).toMatchObject({
      dimension: 384,
      pooling: 'mean',
    });
    expect(() => new TransformersEmbedder({ model: 'acme/encoder' })).toThrow(
      /dimension of local model acme\/encoder is unknown/,
    );
  });

  it('mean-pools token vectors over the attention mask and L2-normalises them', async () => {
    const embedder = local({ model: 'all-MiniLM-L6-v2' });
    const [a, b] = await embedDocuments(embedder, ['marmots hibernate', 'otters float on kelp']);
    close(a!, expected('marmots hibernate', 'mean'));
    close(b!, expected('otters float on kelp', 'mean'));
    expect(Math.hypot(...a!)).toBeCloseTo(1, 6);
  });

  it('returns raw pooled vectors when normalize is false', async () => {
    const embedder = local({ model: 'all-MiniLM-L6-v2', normalize: false });
    close(await embedQuery(embedder, 'pikas gather hay'), expected('pikas gather hay', 'mean', false));
  });

  it('pools the CLS token for bge and prefixes queries only', async () => {
    const embedder = local({});
    const [doc] = await embedDocuments(embedder, ['marmots hibernate in burrows']);
    close(doc!, expected('anything at all', 'cls'));
    // The instruction is visible under mean pooling: same model, pooling overridden.
    const mean = local({ pooling: 'mean' });
    close(await embedQuery(mean, 'marmots'), expected(`${mean.queryPrefix}marmots`, 'mean'));
    close((await embedDocuments(mean, ['marmots']))[0]!, expected('marmots', 'mean'));
  });

  it('applies e5 and nomic prefixes to queries and documents', async () => {
    const e5 = local({ model: 'e5-small-v2' });
    close(await embedQuery(e5, 'where do otters sleep'), expected('query: where do otters sleep', 'mean'));
    close((await embedDocuments(e5, ['otters float']))[0]!, expected('passage: otters float', 'mean'));
    const nomic = local({ model: 'nomic-embed-text-v1.5' });
    close(await embedQuery(nomic, 'kelp'), expected('search_query: kelp', 'mean'));
    close((await embedDocuments(nomic, ['kelp']))[0]!, expected('search_document: kelp', 'mean'));
  });

  it('embeds padded batches exactly as single texts, in batches of maxBatchSize', async () => {
    const texts = ['marmots', 'otters float on kelp in the river', 'hay', 'beavers build dams', 'winter'];
    const batched = await embedDocuments(local({ model: 'all-MiniLM-L6-v2', maxBatchSize: 2 }), texts);
    const whole = await embedDocuments(local({ model: 'all-MiniLM-L6-v2', maxBatchSize: 5 }), texts);
    texts.forEach((text, i) => {
      close(batched[i]!, expected(text, 'mean'));
      close(whole[i]!, batched[i]!);
    });
  });

  it("truncates texts to the tokenizer's model_max_length tokens", async () => {
    const embedder = local({ model: 'all-MiniLM-L6-v2' });
    const long =
      'marmots hibernate in burrows in the winter otters float on kelp in the river where pikas gather hay';
    const [vector] = await embedDocuments(embedder, [long]);
    expect(referenceTokens(long, MAX_LENGTH)).toHaveLength(MAX_LENGTH);
    close(vector!, expected(long, 'mean'));
    // transformers.js cuts the finished sequence: [CLS] and the first 11 words, no final [SEP].
    close(
      vector!,
      expected('marmots hibernate in burrows in the winter otters float on kelp and more', 'mean'),
    );
    const [other] = await embedDocuments(embedder, [`${long} beavers build dams`]);
    close(other!, vector!);
  });

  it('names what to download and where when the models folder lacks the model, and loads once it is there', async () => {
    const dir = tempDir();
    const embedder = new TransformersEmbedder({ modelsDir: dir, model: 'Xenova/gte-small', dimension: DIM });
    const error = await embedQuery(embedder, 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    const folder = path.join(dir, 'Xenova', 'gte-small');
    expect((error as Error).message).toContain(
      `local model Xenova/gte-small is not in the models folder ${dir}`,
    );
    expect((error as Error).message).toContain('onnx/model_quantized.onnx');
    expect((error as Error).message).toContain('https://huggingface.co/Xenova/gte-small');
    expect((error as Error).message).toContain(folder);
    writeTinyEmbeddingModel(dir, { modelId: 'Xenova/gte-small', dimension: DIM, maxLength: MAX_LENGTH });
    close(await embedQuery(embedder, 'hay'), expected('hay', 'mean'));
  });

  it('reads q8 weights by default and the fp32 file when asked', async () => {
    const dir = tempDir();
    writeTinyEmbeddingModel(dir, {
      modelId: 'Xenova/gte-small',
      dimension: DIM,
      files: ['model_quantized.onnx'],
    });
    const q8 = new TransformersEmbedder({ modelsDir: dir, model: 'gte-small', dimension: DIM });
    expect(await embedQuery(q8, 'hay')).toHaveLength(DIM);
    const fp32 = new TransformersEmbedder({
      modelsDir: dir,
      model: 'gte-small',
      dimension: DIM,
      dtype: 'fp32',
    });
    await expect(embedQuery(fp32, 'hay')).rejects.toThrow(/missing onnx\/model\.onnx/);
    rmSync(path.join(dir, 'Xenova', 'gte-small', 'tokenizer.json'));
    const fresh = new TransformersEmbedder({ modelsDir: dir, model: 'gte-small', dimension: DIM });
    await expect(embedQuery(fresh, 'hay')).rejects.toThrow(/missing tokenizer\.json/);
  });

  it('reads CAIRN_MODELS_DIR when the model first loads', async () => {
    const saved = process.env.CAIRN_MODELS_DIR;
    const embedder = new TransformersEmbedder({ model: 'e5-small-v2', dimension: DIM });
    process.env.CAIRN_MODELS_DIR = modelsDir;
    try {
      close(await embedQuery(embedder, 'kelp'), expected('query: kelp', 'mean'));
    } finally {
      if (saved === undefined) delete process.env.CAIRN_MODELS_DIR;
      else process.env.CAIRN_MODELS_DIR = saved;
    }
  });
});

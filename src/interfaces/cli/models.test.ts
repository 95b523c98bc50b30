import { describe, expect, it } from 'vitest';
import { CohereEmbedder } from '../../providers/cohere/cohere-embedder.js';
import { CohereReranker } from '../../providers/cohere/cohere-reranker.js';
import { OpenAIEmbedder } from '../../providers/openai/openai-embedder.js';
import { OpenAITranscriber } from '../../providers/openai/openai-transcriber.js';
import { TransformersEmbedder } from '../../providers/transformers/transformers-embedder.js';
import { TransformersReranker } from '../../providers/transformers/transformers-reranker.js';
import { TransformersTranscriber } from '../../providers/transformers/transformers-transcriber.js';
import { VoyageEmbedder } from '../../providers/voyage/voyage-embedder.js';
import { VoyageReranker } from '../../providers/voyage/voyage-reranker.js';
import { downloadProgressWriter, embedderFromSpec, rerankerFromSpec, transcriberFromSpec } from './models.js';

describe('embedderFromSpec', () => {
  it('builds each provider with the known dimension, or the one given', () => {
    expect(embedderFromSpec('openai:text-embedding-3-small')).toBeInstanceOf(OpenAIEmbedder);
    expect(embedderFromSpec('cohere:embed-english-v3.0')).toMatchObject({ dimension: 1024 });
    expect(embedderFromSpec('cohere:embed-english-v3.0')).toBeInstanceOf(CohereEmbedder);
    expect(embedderFromSpec('voyage:voyage-3')).toBeInstanceOf(VoyageEmbedder);
    expect(embedderFromSpec('voyage:voyage-3.5', '512')).toMatchObject({ dimension: 512 });
    expect(embedderFromSpec('local')).toMatchObject({ model: 'Xenova/bge-small-en-v1.5', dimension: 384 });
    expect(embedderFromSpec('local:nomic-embed-text-v1.5')).toBeInstanceOf(TransformersEmbedder);
    expect(embedderFromSpec('local:acme/enc', '16')).toMatchObject({ model: 'acme/enc', dimension: 16 });
    expect(embedderFromSpec('none')).toBeUndefined();
    expect(() => embedderFromSpec('acme:x')).toThrow(/supported: openai .*cohere, voyage, local/);
    expect(() => embedderFromSpec('local', '0')).toThrow(/--embedding-dimension must be a positive integer/);
  });
});

describe('rerankerFromSpec', () => {
  it('builds each provider, with its default model when none is named', () => {
    expect(rerankerFromSpec('cohere')).toBeInstanceOf(CohereReranker);
    expect(rerankerFromSpec('cohere:rerank-english-v3.0')?.model).toBe('rerank-english-v3.0');
    expect(rerankerFromSpec('voyage')).toBeInstanceOf(VoyageReranker);
    expect(rerankerFromSpec('voyage')?.model).toBe('rerank-2');
    expect(rerankerFromSpec('local')).toBeInstanceOf(TransformersReranker);
    expect(rerankerFromSpec('local')?.model).toBe('Xenova/ms-marco-MiniLM-L-6-v2');
    expect(rerankerFromSpec('none')).toBeUndefined();
    expect(rerankerFromSpec('')).toBeUndefined();
  });
});

describe('transcriberFromSpec', () => {
  it('builds the OpenAI-compatible or local Whisper transcriber, and checks the language early', () => {
    expect(transcriberFromSpec('openai:whisper-1', 'de')).toBeInstanceOf(OpenAITranscriber);
    expect(transcriberFromSpec('local')).toBeInstanceOf(TransformersTranscriber);
    expect(transcriberFromSpec('local')?.model).toBe('onnx-community/whisper-base');
    expect(transcriberFromSpec('local:onnx-community/whisper-small')?.model).toBe(
      'onnx-community/whisper-small',
    );
    expect(transcriberFromSpec('none')).toBeUndefined();
    expect(transcriberFromSpec('', undefined)).toBeUndefined();
    expect(() => transcriberFromSpec('local:onnx-community/whisper-base.en', 'fr')).toThrow(/English-only/);
    expect(() => transcriberFromSpec('acme:stt')).toThrow(/supported: openai .*, local/);
  });
});

describe('downloadProgressWriter', () => {
  it('rewrites one line per file with the percentage and ends it when the file is done', () => {
    let out = '';
    const report = downloadProgressWriter((text) => {
      out += text;
    });
    report({ status: 'initiate', name: 'Xenova/m', file: 'config.json' });
    report({ status: 'done', name: 'Xenova/m', file: 'config.json' });
    report({
      status: 'progress',
      name: 'Xenova/m',
      file: 'onnx/model_quantized.onnx',
      loaded: 0,
      total: 34e6,
    });
    report({
      status: 'progress',
      name: 'Xenova/m',
      file: 'onnx/model_quantized.onnx',
      loaded: 17e6,
      total: 34e6,
    });
    report({ status: 'done', name: 'Xenova/m', file: 'onnx/model_quantized.onnx' });
    expect(out).toBe(
      '\rdownloading Xenova/m/onnx/model_quantized.onnx   0% of 34.0 MB' +
        '\rdownloading Xenova/m/onnx/model_quantized.onnx  50% of 34.0 MB\n',
    );
  });
});

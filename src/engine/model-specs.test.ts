import { describe, expect, it } from 'vitest';
import { CohereEmbedder } from '../providers/cohere/cohere-embedder.js';
import { CohereReranker } from '../providers/cohere/cohere-reranker.js';
import { OpenAIEmbedder } from '../providers/openai/openai-embedder.js';
import { OpenAITranscriber } from '../providers/openai/openai-transcriber.js';
import { TransformersEmbedder } from '../providers/transformers/transformers-embedder.js';
import { TransformersReranker } from '../providers/transformers/transformers-reranker.js';
import { TransformersTranscriber } from '../providers/transformers/transformers-transcriber.js';
import { VoyageEmbedder } from '../providers/voyage/voyage-embedder.js';
import { VoyageReranker } from '../providers/voyage/voyage-reranker.js';
import {
  resolveChatModel,
  resolveContextualizer,
  resolveEmbedder,
  resolveReranker,
  resolveTranscriber,
  resolveVision,
} from './model-specs.js';
import { settingNamer } from './settings.js';

describe('resolveEmbedder', () => {
  it('builds each provider with the known dimension, or the one given', async () => {
    expect(await resolveEmbedder('openai:text-embedding-3-small', undefined)).toBeInstanceOf(OpenAIEmbedder);
    expect(await resolveEmbedder('cohere:embed-english-v3.0', undefined)).toMatchObject({ dimension: 1024 });
    expect(await resolveEmbedder('cohere:embed-english-v3.0', undefined)).toBeInstanceOf(CohereEmbedder);
    expect(await resolveEmbedder('voyage:voyage-3', undefined)).toBeInstanceOf(VoyageEmbedder);
    expect(await resolveEmbedder('voyage:voyage-3.5', '512')).toMatchObject({ dimension: 512 });
    expect(await resolveEmbedder('local', undefined)).toMatchObject({
      model: 'Xenova/bge-small-en-v1.5',
      dimension: 384,
    });
    expect(await resolveEmbedder('local:nomic-embed-text-v1.5', undefined)).toBeInstanceOf(
      TransformersEmbedder,
    );
    expect(await resolveEmbedder('local:acme/enc', 16)).toMatchObject({ model: 'acme/enc', dimension: 16 });
    expect(await resolveEmbedder('none', undefined)).toBeUndefined();
    expect(await resolveEmbedder(undefined, undefined)).toBeUndefined();
    await expect(resolveEmbedder('acme:x', undefined)).rejects.toThrow(
      /supported: openai .*cohere, voyage, local/,
    );
  });

  it('names settings generically, or as the caller names them', async () => {
    await expect(resolveEmbedder('local', '0')).rejects.toThrow(
      /^embeddingDimension must be a positive integer/,
    );
    await expect(resolveEmbedder('voyage:voyage-9', undefined)).rejects.toThrow(
      /dimension of voyage-9 is unknown; pass embeddingDimension N or set CAIRN_EMBEDDING_DIMENSION/,
    );
    const name = settingNamer({ embeddingDimension: '--embedding-dimension', embedder: '--embedder' });
    await expect(resolveEmbedder('local', '0', { name })).rejects.toThrow(
      /^--embedding-dimension must be a positive integer, got "0"/,
    );
    await expect(resolveEmbedder('openai', undefined, { name })).rejects.toThrow(
      /^--embedder "openai" must look like provider:model, e\.g\. openai:text-embedding-3-small/,
    );
    await expect(resolveEmbedder('openai', undefined)).rejects.toThrow(/^embedder "openai" must look like/);
  });

  it('does not take a model id for a known dimension from the prototype', async () => {
    await expect(resolveEmbedder('cohere:constructor', undefined)).rejects.toThrow(
      /dimension of constructor is unknown/,
    );
  });
});

describe('resolveReranker', () => {
  it('builds each provider, with its default model when none is named', async () => {
    expect(await resolveReranker('cohere')).toBeInstanceOf(CohereReranker);
    expect((await resolveReranker('cohere:rerank-english-v3.0'))?.model).toBe('rerank-english-v3.0');
    expect(await resolveReranker('voyage')).toBeInstanceOf(VoyageReranker);
    expect((await resolveReranker('voyage'))?.model).toBe('rerank-2');
    expect(await resolveReranker('local')).toBeInstanceOf(TransformersReranker);
    expect((await resolveReranker('local'))?.model).toBe('Xenova/ms-marco-MiniLM-L-6-v2');
    expect(await resolveReranker('none')).toBeUndefined();
    expect(await resolveReranker('')).toBeUndefined();
    await expect(resolveReranker('acme:best')).rejects.toThrow(
      /unknown reranker "acme:best"; supported: cohere/,
    );
  });
});

describe('resolveTranscriber', () => {
  it('builds the OpenAI-compatible or local Whisper transcriber, and checks the language early', async () => {
    expect(await resolveTranscriber('openai:whisper-1', 'de')).toBeInstanceOf(OpenAITranscriber);
    expect(await resolveTranscriber('local', undefined)).toBeInstanceOf(TransformersTranscriber);
    expect((await resolveTranscriber('local', undefined))?.model).toBe('onnx-community/whisper-base');
    expect((await resolveTranscriber('local:onnx-community/whisper-small', undefined))?.model).toBe(
      'onnx-community/whisper-small',
    );
    expect(await resolveTranscriber('none', undefined)).toBeUndefined();
    expect(await resolveTranscriber('', undefined)).toBeUndefined();
    await expect(resolveTranscriber('local:onnx-community/whisper-base.en', 'fr')).rejects.toThrow(
      /English-only/,
    );
    await expect(resolveTranscriber('acme:stt', undefined)).rejects.toThrow(/supported: openai .*, local/);
  });
});

describe('resolveChatModel, resolveVision and resolveContextualizer', () => {
  it('builds chat models and names the setting that gave a bad one', async () => {
    expect((await resolveChatModel('anthropic:claude-sonnet-4-5'))?.provider).toBe('anthropic');
    expect((await resolveChatModel('openai:gpt-4o-mini'))?.model).toBe('gpt-4o-mini');
    await expect(resolveChatModel('acme:x')).rejects.toThrow(/^unknown chatModel provider "acme"/);
    await expect(resolveVision('acme:eye', { name: settingNamer({ vision: '--vision' }) })).rejects.toThrow(
      /^unknown --vision provider "acme"; supported: openai/,
    );
    expect((await resolveVision('openai:gpt-4o'))?.id).toMatch(/^openai-compatible:gpt-4o#[0-9a-f]{8}$/);
  });

  it('builds contextualizers, refusing llm without a chat model', async () => {
    expect(await resolveContextualizer(undefined, undefined)).toBeUndefined();
    expect((await resolveContextualizer('structural', undefined))?.fingerprint).toMatch(/^structural/);
    await expect(resolveContextualizer('llm', undefined)).rejects.toThrow(
      /contextualize llm needs a chat model: set chatModel or CAIRN_CHAT_MODEL/,
    );
    const chatModel = await resolveChatModel('openai:gpt-4o-mini');
    expect((await resolveContextualizer('llm', chatModel))?.fingerprint).toMatch(/^llm\//);
    await expect(resolveContextualizer('fancy', undefined)).rejects.toThrow(
      /must be structural, llm or none/,
    );
  });
});

/**
 * Sentence-embedding models known to the local embedder, with what each needs: vector length,
 * pooling, and the instruction prefixes its authors prescribe for queries and documents
 * (BGE: Xiao et al. 2023, "C-Pack"; E5: Wang et al. 2022; nomic-embed-text: Nussbaum et al.
 * 2024; all-MiniLM-L6-v2 and GTE use none).
 * @module
 */

/** How token vectors become one sentence vector. */
export type LocalPooling = 'mean' | 'cls';

/** What the local embedder needs to know about a model. */
export interface LocalEmbeddingPreset {
  dimension: number;
  pooling: LocalPooling;
  /** Prepended to queries only. */
  queryPrefix: string;
  /** Prepended to documents only. */
  documentPrefix: string;
}

const bgeQuery = 'Represent this sentence for searching relevant passages: ';

/** Presets by Hub model id (ONNX exports with `onnx/model_quantized.onnx`). */
export const LOCAL_EMBEDDING_PRESETS = {
  'Xenova/bge-small-en-v1.5': { dimension: 384, pooling: 'cls', queryPrefix: bgeQuery, documentPrefix: '' },
  'Xenova/bge-base-en-v1.5': { dimension: 768, pooling: 'cls', queryPrefix: bgeQuery, documentPrefix: '' },
  'Xenova/all-MiniLM-L6-v2': { dimension: 384, pooling: 'mean', queryPrefix: '', documentPrefix: '' },
  'Xenova/e5-small-v2': {
    dimension: 384,
    pooling: 'mean',
    queryPrefix: 'query: ',
    documentPrefix: 'passage: ',
  },
  'Xenova/e5-base-v2': {
    dimension: 768,
    pooling: 'mean',
    queryPrefix: 'query: ',
    documentPrefix: 'passage: ',
  },
  'Xenova/gte-small': { dimension: 384, pooling: 'mean', queryPrefix: '', documentPrefix: '' },
  'Xenova/gte-base': { dimension: 768, pooling: 'mean', queryPrefix: '', documentPrefix: '' },
  'nomic-ai/nomic-embed-text-v1.5': {
    dimension: 768,
    pooling: 'mean',
    queryPrefix: 'search_query: ',
    documentPrefix: 'search_document: ',
  },
} as const satisfies Record<string, LocalEmbeddingPreset>;

/** Model ids with a preset, or any other string. */
export type LocalEmbeddingModelId = keyof typeof LOCAL_EMBEDDING_PRESETS | (string & {});

/** The default local embedding model. */
export const DEFAULT_LOCAL_EMBEDDING_MODEL = 'Xenova/bge-small-en-v1.5';

/**
 * The Hub id a name stands for: a preset's id when `name` is its id or its last part
 * (`bge-small-en-v1.5`, `e5-small-v2`), else `name` unchanged.
 */
export function localEmbeddingModelId(name: string): string {
  if (name in LOCAL_EMBEDDING_PRESETS) return name;
  return Object.keys(LOCAL_EMBEDDING_PRESETS).find((id) => id.split('/')[1] === name) ?? name;
}

/** The preset of `model` (an id or short name), if there is one. */
export function localEmbeddingPreset(model: string): LocalEmbeddingPreset | undefined {
  return (LOCAL_EMBEDDING_PRESETS as Record<string, LocalEmbeddingPreset>)[localEmbeddingModelId(model)];
}

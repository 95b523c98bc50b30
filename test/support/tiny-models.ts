/**
 * Tiny transformer stand-ins for tests, written to a folder in the layout transformers.js reads
 * (`<model id>/config.json`, `tokenizer.json`, `tokenizer_config.json`, `onnx/model*.onnx`):
 *
 * - an embedding model: a lookup table (`Gather`) masked by `attention_mask`, returning
 *   `last_hidden_state`; pooling and normalisation happen in the library, as for BERT-style
 *   sentence encoders;
 * - a cross-encoder: `logits` = the number of word tokens the two segments share (bags of
 *   one-hot tokens split by `token_type_ids`, `Min`, `ReduceSum`), an honest relevance score.
 *
 * Both share a lower-casing WordPiece tokenizer over {@link TINY_VOCABULARY}, so tests can
 * compute the expected outputs independently with {@link referenceTokens}.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { encodeOnnxModel, ONNX_FLOAT, ONNX_INT64, type OnnxModel } from './onnx-writer.js';

/** Special tokens, at ids 0–3. */
const SPECIAL = ['[PAD]', '[UNK]', '[CLS]', '[SEP]'] as const;

/** Word tokens after the special ones (ids from 4). */
export const TINY_VOCABULARY = [
  ...SPECIAL,
  ':',
  '_',
  'represent',
  'this',
  'sentence',
  'for',
  'searching',
  'relevant',
  'passages',
  'query',
  'passage',
  'search',
  'document',
  'marmots',
  'hibernate',
  'in',
  'burrows',
  'otters',
  'float',
  'on',
  'kelp',
  'beavers',
  'build',
  'dams',
  'the',
  'river',
  'pikas',
  'gather',
  'hay',
  'winter',
  'where',
  'do',
  'sleep',
  'what',
];

const ids = new Map(TINY_VOCABULARY.map((t, i) => [t, i]));

/**
 * Token ids the tiny tokenizer produces for `text` (and `pair`): lower-cased words and
 * punctuation, unknown words as `[UNK]`, as `[CLS] text [SEP]` (then `pair [SEP]`), cut to
 * `maxLength` tokens. Like transformers.js 4, the cut applies to the finished sequence, so a
 * truncated input loses its last `[SEP]`.
 */
export function referenceTokens(text: string, maxLength: number, pair?: string): number[] {
  const words = (s: string) =>
    (s.toLowerCase().match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu) ?? []).map((w) => ids.get(w) ?? 1);
  const sequence = [2, ...words(text), 3, ...(pair === undefined ? [] : [...words(pair), 3])];
  return sequence.slice(0, maxLength);
}

/** The embedding table row of token `id`: `dimension` deterministic values. */
export function tinyEmbeddingRow(id: number, dimension: number): number[] {
  return Array.from({ length: dimension }, (_, j) => (id === 0 ? 0 : Math.sin(id * 1.7 + j * 0.9 + 0.3)));
}

function tokenizerJson(): unknown {
  const special = (id: number) => ({
    id,
    content: SPECIAL[id],
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  const token = (name: string, type: number) => ({ SpecialToken: { id: name, type_id: type } });
  const sequence = (name: string, type: number) => ({ Sequence: { id: name, type_id: type } });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [0, 1, 2, 3].map(special),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [token('[CLS]', 0), sequence('A', 0), token('[SEP]', 0)],
      pair: [token('[CLS]', 0), sequence('A', 0), token('[SEP]', 0), sequence('B', 1), token('[SEP]', 1)],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [2], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [3], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(ids),
    },
  };
}

function tokenizerConfig(maxLength: number): unknown {
  return {
    tokenizer_class: 'BertTokenizer',
    do_lower_case: true,
    model_max_length: maxLength,
    cls_token: '[CLS]',
    sep_token: '[SEP]',
    pad_token: '[PAD]',
    unk_token: '[UNK]',
    clean_up_tokenization_spaces: true,
  };
}

const maskedInputs = [
  { name: 'input_ids', elemType: ONNX_INT64, shape: ['batch', 'sequence'] },
  { name: 'attention_mask', elemType: ONNX_INT64, shape: ['batch', 'sequence'] },
] as const;

/** Nodes turning an int64 `[batch, sequence]` input into a float `[batch, sequence, 1]` tensor. */
function asFloatColumn(input: string, output: string): OnnxModel['nodes'] {
  return [
    { opType: 'Cast', inputs: [input], outputs: [`${output}_float`], attributes: { to: ONNX_FLOAT } },
    { opType: 'Unsqueeze', inputs: [`${output}_float`, 'last_axis'], outputs: [output] },
  ];
}

const lastAxis = { name: 'last_axis', dataType: ONNX_INT64, dims: [1], values: [2] } as const;

function writeModelFolder(
  dir: string,
  modelId: string,
  config: Record<string, unknown>,
  maxLength: number,
  model: OnnxModel,
  files: string[],
): string {
  const folder = path.join(dir, ...modelId.split('/'));
  mkdirSync(path.join(folder, 'onnx'), { recursive: true });
  writeFileSync(path.join(folder, 'config.json'), JSON.stringify(config));
  writeFileSync(path.join(folder, 'tokenizer.json'), JSON.stringify(tokenizerJson()));
  writeFileSync(path.join(folder, 'tokenizer_config.json'), JSON.stringify(tokenizerConfig(maxLength)));
  const bytes = encodeOnnxModel(model);
  for (const file of files) writeFileSync(path.join(folder, 'onnx', file), bytes);
  return folder;
}

/** Options of {@link writeTinyEmbeddingModel} and {@link writeTinyCrossEncoder}. */
export interface TinyModelOptions {
  /** Model id, e.g. `Xenova/bge-small-en-v1.5`; its folder is created under `dir`. */
  modelId: string;
  /** Tokenizer's `model_max_length`; default 64. */
  maxLength?: number;
  /** ONNX file names under `onnx/`; default `model_quantized.onnx` (q8) and `model.onnx` (fp32). */
  files?: string[];
}

/** Writes the embedding model (hidden size `dimension`, default 8) and returns its folder. */
export function writeTinyEmbeddingModel(
  dir: string,
  options: TinyModelOptions & { dimension?: number },
): string {
  const dimension = options.dimension ?? 8;
  const table = TINY_VOCABULARY.flatMap((_, id) => tinyEmbeddingRow(id, dimension));
  return writeModelFolder(
    dir,
    options.modelId,
    {
      model_type: 'bert',
      architectures: ['BertModel'],
      hidden_size: dimension,
      vocab_size: TINY_VOCABULARY.length,
    },
    options.maxLength ?? 64,
    {
      opset: 13,
      initializers: [
        { name: 'table', dataType: ONNX_FLOAT, dims: [TINY_VOCABULARY.length, dimension], values: table },
        lastAxis,
      ],
      nodes: [
        { opType: 'Gather', inputs: ['table', 'input_ids'], outputs: ['vectors'] },
        ...asFloatColumn('attention_mask', 'mask'),
        { opType: 'Mul', inputs: ['vectors', 'mask'], outputs: ['last_hidden_state'] },
      ],
      inputs: [...maskedInputs],
      outputs: [{ name: 'last_hidden_state', elemType: ONNX_FLOAT, shape: ['batch', 'sequence', dimension] }],
    },
    options.files ?? ['model_quantized.onnx', 'model.onnx'],
  );
}

/**
 * Writes the cross-encoder and returns its folder. With `labels: 2` it returns the score twice
 * (`[batch, 2]` logits), like a two-class classifier that is not a reranker.
 */
export function writeTinyCrossEncoder(dir: string, options: TinyModelOptions & { labels?: 1 | 2 }): string {
  const labels = options.labels ?? 1;
  const v = TINY_VOCABULARY.length;
  // One-hot rows for word tokens; special tokens (ids 0–3) count for nothing.
  const oneHot = TINY_VOCABULARY.flatMap((_, id) =>
    Array.from({ length: v }, (_, j) => (id >= SPECIAL.length && id === j ? 1 : 0)),
  );
  return writeModelFolder(
    dir,
    options.modelId,
    {
      model_type: 'bert',
      architectures: ['BertForSequenceClassification'],
      num_labels: labels,
      id2label: Object.fromEntries(Array.from({ length: labels }, (_, i) => [i, `LABEL_${i}`])),
      label2id: Object.fromEntries(Array.from({ length: labels }, (_, i) => [`LABEL_${i}`, i])),
      vocab_size: v,
    },
    options.maxLength ?? 64,
    {
      opset: 13,
      initializers: [
        { name: 'one_hot', dataType: ONNX_FLOAT, dims: [v, v], values: oneHot },
        { name: 'one', dataType: ONNX_FLOAT, dims: [], values: [1] },
        { name: 'sequence_axis', dataType: ONNX_INT64, dims: [1], values: [1] },
        lastAxis,
      ],
      nodes: [
        { opType: 'Gather', inputs: ['one_hot', 'input_ids'], outputs: ['tokens'] },
        ...asFloatColumn('attention_mask', 'mask'),
        ...asFloatColumn('token_type_ids', 'second'),
        { opType: 'Sub', inputs: ['one', 'second'], outputs: ['first'] },
        { opType: 'Mul', inputs: ['tokens', 'mask'], outputs: ['present'] },
        { opType: 'Mul', inputs: ['present', 'first'], outputs: ['query_tokens'] },
        { opType: 'Mul', inputs: ['present', 'second'], outputs: ['document_tokens'] },
        {
          opType: 'ReduceSum',
          inputs: ['query_tokens', 'sequence_axis'],
          outputs: ['query_bag'],
          attributes: { keepdims: 0 },
        },
        {
          opType: 'ReduceSum',
          inputs: ['document_tokens', 'sequence_axis'],
          outputs: ['document_bag'],
          attributes: { keepdims: 0 },
        },
        { opType: 'Min', inputs: ['query_bag', 'document_bag'], outputs: ['shared'] },
        {
          opType: 'ReduceSum',
          inputs: ['shared', 'sequence_axis'],
          outputs: [labels === 1 ? 'logits' : 'score'],
          attributes: { keepdims: 1 },
        },
        ...(labels === 1
          ? []
          : [{ opType: 'Concat', inputs: ['score', 'score'], outputs: ['logits'], attributes: { axis: 1 } }]),
      ],
      inputs: [
        ...maskedInputs,
        { name: 'token_type_ids', elemType: ONNX_INT64, shape: ['batch', 'sequence'] },
      ],
      outputs: [{ name: 'logits', elemType: ONNX_FLOAT, shape: ['batch', labels] }],
    },
    options.files ?? ['model_quantized.onnx', 'model.onnx'],
  );
}

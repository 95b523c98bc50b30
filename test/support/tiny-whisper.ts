/**
 * A tiny Whisper stand-in for tests, written in the folder layout transformers.js reads for
 * `automatic-speech-recognition` (config, generation config, feature-extractor config, tokenizer,
 * `onnx/encoder_model*.onnx`, `onnx/decoder_model_merged*.onnx`). Real audio goes through the
 * real path — decoding, resampling to 16 kHz, the log-mel spectrogram, the encoder, greedy
 * decoding with Whisper's timestamp rules, the tokenizer — and what comes out depends on what
 * was heard:
 *
 * - the encoder averages the 80 log-mel bands over time and returns one number, the low half
 *   (below about 1.7 kHz) minus the high half: positive for a low tone, negative for a high one;
 * - the decoder is a bigram machine: the next token is a table lookup on the current one, from
 *   the low table when the encoder's number is positive and from the high table otherwise.
 *
 * A low tone is heard as {@link LOW_TONE_SEGMENTS}, a high tone as {@link HIGH_TONE_SEGMENTS},
 * both with timestamps (the tiny model only speaks with timestamps). The decoder has no key/value cache inputs, so transformers.js feeds it
 * the last token only after the first step, which is all a bigram machine needs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { encodeOnnxModel, ONNX_FLOAT, ONNX_INT64, type OnnxModel } from './onnx-writer.js';

const WORDS = ['marmots', 'hibernate', 'in', 'burrows', 'otters', 'float', 'on', 'kelp'] as const;
const SPECIAL = [
  '<|endoftext|>',
  '<|startoftranscript|>',
  '<|en|>',
  '<|transcribe|>',
  '<|translate|>',
  '<|notimestamps|>',
] as const;
const VOCABULARY = [...WORDS, ...SPECIAL];
const id = (token: string) => VOCABULARY.indexOf(token as never);
const EOS = id('<|endoftext|>');
const NO_TIMESTAMPS = id('<|notimestamps|>');
/** Timestamp tokens follow `<|notimestamps|>`, one per 20 ms from 0 to 30 s. */
const TIMESTAMP_BEGIN = NO_TIMESTAMPS + 1;
const VOCABULARY_SIZE = TIMESTAMP_BEGIN + 1501;
const at = (seconds: number) => TIMESTAMP_BEGIN + Math.round(seconds / 0.02);

/** What a low tone (e.g. 400 Hz) at the start of a 30-second window is heard as. */
export const LOW_TONE_SEGMENTS = [
  { start: 0, end: 1, text: 'marmots hibernate' },
  { start: 1.2, end: 2, text: 'in burrows' },
] as const;

/** What a high tone (e.g. 4 kHz) in a 30-second window is heard as: seconds 6–8 of the window. */
export const HIGH_TONE_SEGMENTS = [{ start: 6, end: 8, text: 'otters float on kelp' }] as const;

/** A bigram table: every token leads to `<|endoftext|>` unless `chain` says otherwise. */
function nextTokens(chain: ReadonlyArray<readonly [number, number]>): number[] {
  const next = Array.from({ length: VOCABULARY_SIZE }, () => EOS);
  for (const [from, to] of chain) next[from] = to;
  return next;
}

/** Token chain of `segments`, as Whisper writes them: `<|t0|> words <|t1|>`, back to back. */
function segmentChain(
  start: number,
  segments: ReadonlyArray<{ start: number; end: number; text: string }>,
): Array<readonly [number, number]> {
  const sequence = [start];
  for (const segment of segments) {
    sequence.push(at(segment.start), ...segment.text.split(' ').map(id), at(segment.end));
  }
  sequence.push(EOS);
  return sequence.slice(0, -1).map((token, i) => [token, sequence[i + 1]!] as const);
}

/**
 * The low or high bigram table. The prompt's last token starts the segments' chain:
 * `<|transcribe|>` for a multilingual model, `<|startoftranscript|>` for an English-only one
 * (whose prompt has no language or task).
 */
function chain(
  segments: typeof LOW_TONE_SEGMENTS | typeof HIGH_TONE_SEGMENTS,
  englishOnly: boolean,
): number[] {
  return nextTokens(segmentChain(id(englishOnly ? '<|startoftranscript|>' : '<|transcribe|>'), segments));
}

function encoder(): OnnxModel {
  const bands = 80;
  return {
    opset: 13,
    initializers: [
      {
        name: 'low_minus_high',
        dataType: ONNX_FLOAT,
        dims: [bands, 1],
        values: Array.from({ length: bands }, (_, band) => (band < bands / 2 ? 1 : -1)),
      },
      { name: 'last_axis', dataType: ONNX_INT64, dims: [1], values: [2] },
    ],
    nodes: [
      {
        opType: 'ReduceMean',
        inputs: ['input_features'],
        outputs: ['spectrum'],
        attributes: { axes: [2], keepdims: 0 },
      },
      { opType: 'MatMul', inputs: ['spectrum', 'low_minus_high'], outputs: ['balance'] },
      { opType: 'Unsqueeze', inputs: ['balance', 'last_axis'], outputs: ['last_hidden_state'] },
    ],
    inputs: [{ name: 'input_features', elemType: ONNX_FLOAT, shape: ['batch', bands, 'frames'] }],
    outputs: [{ name: 'last_hidden_state', elemType: ONNX_FLOAT, shape: ['batch', 1, 1] }],
  };
}

function decoder(englishOnly: boolean): OnnxModel {
  return {
    opset: 13,
    initializers: [
      {
        name: 'next_low',
        dataType: ONNX_INT64,
        dims: [VOCABULARY_SIZE],
        values: chain(LOW_TONE_SEGMENTS, englishOnly),
      },
      {
        name: 'next_high',
        dataType: ONNX_INT64,
        dims: [VOCABULARY_SIZE],
        values: chain(HIGH_TONE_SEGMENTS, englishOnly),
      },
      { name: 'depth', dataType: ONNX_INT64, dims: [], values: [VOCABULARY_SIZE] },
      { name: 'off_on', dataType: ONNX_FLOAT, dims: [2], values: [0, 20] },
      { name: 'zero', dataType: ONNX_FLOAT, dims: [], values: [0] },
      { name: 'last_axis', dataType: ONNX_INT64, dims: [1], values: [2] },
    ],
    nodes: [
      { opType: 'Squeeze', inputs: ['encoder_hidden_states', 'last_axis'], outputs: ['balance'] },
      { opType: 'Greater', inputs: ['balance', 'zero'], outputs: ['low'] },
      { opType: 'Gather', inputs: ['next_low', 'input_ids'], outputs: ['if_low'] },
      { opType: 'Gather', inputs: ['next_high', 'input_ids'], outputs: ['if_high'] },
      { opType: 'Where', inputs: ['low', 'if_low', 'if_high'], outputs: ['next'] },
      {
        opType: 'OneHot',
        inputs: ['next', 'depth', 'off_on'],
        outputs: ['logits'],
        attributes: { axis: -1 },
      },
    ],
    inputs: [
      { name: 'input_ids', elemType: ONNX_INT64, shape: ['batch', 'sequence'] },
      { name: 'encoder_hidden_states', elemType: ONNX_FLOAT, shape: ['batch', 1, 1] },
    ],
    outputs: [{ name: 'logits', elemType: ONNX_FLOAT, shape: ['batch', 'sequence', VOCABULARY_SIZE] }],
  };
}

function tokenizerJson(): unknown {
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL.map((content) => ({
      id: id(content),
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: null,
    pre_tokenizer: { type: 'Whitespace' },
    post_processor: null,
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '<|endoftext|>',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(VOCABULARY.map((token, i) => [token, i])),
    },
  };
}

/** Options of {@link writeTinyWhisperModel}. */
export interface TinyWhisperOptions {
  /** Model id, e.g. `onnx-community/whisper-base`; its folder is created under `dir`. */
  modelId: string;
  /** ONNX files to write under `onnx/`; default the fp32 and q8 names of both sessions. */
  files?: string[];
  /**
   * Write an English-only model (like `whisper-base.en`): `is_multilingual: false`, so
   * transformers.js refuses a language or task for it. Default false.
   */
  englishOnly?: boolean;
}

/** Writes the tiny Whisper model into `dir` and returns its folder. */
export function writeTinyWhisperModel(dir: string, options: TinyWhisperOptions): string {
  const folder = path.join(dir, ...options.modelId.split('/'));
  mkdirSync(path.join(folder, 'onnx'), { recursive: true });
  const json = (file: string, value: unknown) =>
    writeFileSync(path.join(folder, file), JSON.stringify(value));
  json('config.json', {
    model_type: 'whisper',
    architectures: ['WhisperForConditionalGeneration'],
    is_encoder_decoder: true,
    vocab_size: VOCABULARY_SIZE,
    num_mel_bins: 80,
    d_model: 1,
    encoder_layers: 1,
    encoder_attention_heads: 1,
    decoder_layers: 1,
    decoder_attention_heads: 1,
    max_source_positions: 1500,
    max_target_positions: 448,
    decoder_start_token_id: id('<|startoftranscript|>'),
    eos_token_id: EOS,
    pad_token_id: EOS,
    bos_token_id: EOS,
  });
  json('generation_config.json', {
    decoder_start_token_id: id('<|startoftranscript|>'),
    eos_token_id: EOS,
    pad_token_id: EOS,
    bos_token_id: EOS,
    no_timestamps_token_id: NO_TIMESTAMPS,
    is_multilingual: !options.englishOnly,
    lang_to_id: { '<|en|>': id('<|en|>') },
    task_to_id: { transcribe: id('<|transcribe|>'), translate: id('<|translate|>') },
    // Real Whisper allows a first timestamp up to 1 s; 10 s lets the high chain start at 6 s.
    max_initial_timestamp_index: 500,
    max_length: 448,
  });
  json('preprocessor_config.json', {
    feature_extractor_type: 'WhisperFeatureExtractor',
    processor_class: 'WhisperProcessor',
    feature_size: 80,
    sampling_rate: 16000,
    hop_length: 160,
    chunk_length: 30,
    n_fft: 400,
    n_samples: 480000,
    nb_max_frames: 3000,
    padding_side: 'right',
    padding_value: 0,
    return_attention_mask: false,
  });
  json('tokenizer.json', tokenizerJson());
  json('tokenizer_config.json', {
    tokenizer_class: 'WhisperTokenizer',
    model_max_length: 448,
    unk_token: '<|endoftext|>',
    bos_token: '<|endoftext|>',
    eos_token: '<|endoftext|>',
    pad_token: '<|endoftext|>',
    clean_up_tokenization_spaces: true,
  });
  const files = options.files ?? [
    'encoder_model.onnx',
    'encoder_model_quantized.onnx',
    'decoder_model_merged.onnx',
    'decoder_model_merged_quantized.onnx',
  ];
  const encoderBytes = encodeOnnxModel(encoder());
  const decoderBytes = encodeOnnxModel(decoder(options.englishOnly ?? false));
  for (const file of files) {
    writeFileSync(path.join(folder, 'onnx', file), file.startsWith('encoder') ? encoderBytes : decoderBytes);
  }
  return folder;
}

/**
 * Local speech-to-text: a Whisper model (Radford et al. 2022, "Robust Speech Recognition via
 * Large-Scale Weak Supervision") exported to ONNX, run on the CPU by transformers.js
 * (`@huggingface/transformers`, loaded on first use). Default `onnx-community/whisper-base`,
 * multilingual, with the encoder at full precision and the decoder 8-bit quantised (quantising
 * Whisper's encoder costs accuracy; its decoder much less).
 *
 * Audio is decoded and resampled to 16 kHz mono by {@link decodeAudio}, then transcribed with
 * timestamps in consecutive 30-second windows (Whisper's receptive field), as Whisper's own
 * sequential long-form algorithm does: when a window ends inside a segment (its closing timestamp
 * missing), the next window starts where that segment began, so speech cut by a window edge is
 * heard whole. The transcript comes back as timed segments, and an abort takes effect between
 * windows.
 * @module
 */
import { ConfigError, InvalidArgumentError, ParseError } from '../../core/errors.js';
import { decodeAudio, isDecodableAudio } from '../../ingest/audio/decode-audio.js';
import type { Transcriber, Transcript } from '../../ingest/audio/transcriber.js';
import {
  LOCAL_MODEL_FILES,
  type LocalModelDtype,
  type LocalModelOptions,
  lazyModel,
  loadModel,
  resolveModelSource,
  TRANSFORMERS_PROVIDER,
} from './local-models.js';
import { loadTransformers } from './transformers-module.js';
import { type HeardSegment, transcribeInWindows, WHISPER_SAMPLE_RATE } from './whisper-windows.js';

/** The default local speech-to-text model. */
export const DEFAULT_LOCAL_TRANSCRIPTION_MODEL = 'onnx-community/whisper-base';

/** Options of {@link TransformersTranscriber}. */
export interface TransformersTranscriberOptions extends Omit<LocalModelOptions, 'dtype'> {
  /**
   * Hub id of a Whisper ONNX export with `encoder_model` and `decoder_model_merged` sessions
   * (e.g. `onnx-community/whisper-small`, `onnx-community/whisper-base.en`); default
   * `onnx-community/whisper-base`.
   */
  model?: string;
  /**
   * Spoken language, as a code or name (`en`, `french`); default `en`. English-only models
   * (ids ending `.en`) take no language.
   */
  language?: string;
  /** `transcribe` (default) keeps the spoken language; `translate` writes English. */
  task?: 'transcribe' | 'translate';
  /** Encoder precision; default `fp32`. */
  encoderDtype?: LocalModelDtype;
  /** Decoder precision; default `q8`. */
  decoderDtype?: LocalModelDtype;
  /** Largest audio file accepted, in bytes; default 200 MiB. */
  maxAudioBytes?: number;
}

/** Media type aliases routed as audio, by the name {@link decodeAudio} knows them. */
const ALIASES: Record<string, string> = {
  'audio/wave': 'audio/wav',
  'audio/x-wav': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/mp3': 'audio/mpeg',
  'audio/mpeg3': 'audio/mpeg',
  'audio/x-mpeg-3': 'audio/mpeg',
  'audio/m4a': 'audio/mp4',
  'audio/x-m4a': 'audio/mp4',
};

/** What the transformers.js pipeline returns with `return_timestamps: true`. */
interface WhisperOutput {
  text: string;
  chunks?: HeardSegment[];
}

type Recognizer = (audio: Float32Array, options: Record<string, unknown>) => Promise<WhisperOutput>;

/** The ONNX file of a Whisper `session` at `dtype`, e.g. `onnx/encoder_model_quantized.onnx`. */
function sessionFile(session: 'encoder_model' | 'decoder_model_merged', dtype: LocalModelDtype): string {
  return LOCAL_MODEL_FILES[dtype].replace('/model', `/${session}`);
}

/** Local Whisper speech-to-text through transformers.js. */
export class TransformersTranscriber implements Transcriber {
  readonly specificationVersion = 'v1' as const;
  readonly provider = TRANSFORMERS_PROVIDER;
  readonly model: string;
  readonly maxAudioBytes: number;
  /** Audio is decoded here, in-process (see {@link Transcriber.decodesLocally}). */
  readonly decodesLocally = true;
  readonly settings: string;
  readonly #options: TransformersTranscriberOptions;
  readonly #englishOnly: boolean;
  readonly #language: string;
  #load = lazyModel(() => this.#open());
  #release: (() => Promise<unknown>) | undefined;
  /** Transcriptions run one at a time: each already uses every core. */
  #queue: Promise<unknown> = Promise.resolve();

  /**
   * Reads nothing from disk or network: the model loads on the first `doTranscribe`.
   * @throws {ConfigError} for a language or `translate` with an English-only model.
   * @throws {InvalidArgumentError} for a size limit that is not positive.
   */
  constructor(options: TransformersTranscriberOptions = {}) {
    this.model = options.model ?? DEFAULT_LOCAL_TRANSCRIPTION_MODEL;
    this.#englishOnly = /\.en$/i.test(this.model);
    this.#language = options.language?.trim() || 'en';
    if (this.#englishOnly && (!/^(en|english)$/i.test(this.#language) || options.task === 'translate')) {
      throw new ConfigError(`${this.model} is an English-only model: it takes no language or translate task`);
    }
    this.maxAudioBytes = options.maxAudioBytes ?? 200 * 1024 * 1024;
    if (!(this.maxAudioBytes > 0)) {
      throw new InvalidArgumentError('maxAudioBytes', `must be positive, got ${this.maxAudioBytes}`);
    }
    this.#options = options;
    this.settings = [
      this.#englishOnly ? 'language=en' : `language=${this.#language};task=${options.task ?? 'transcribe'}`,
      'windows=sequential',
      `dtype=${options.encoderDtype ?? 'fp32'}/${options.decoderDtype ?? 'q8'}`,
    ].join(';');
  }

  /** Same as {@link checkModelFiles}. */
  checkReady(): void {
    this.checkModelFiles();
  }

  /**
   * Releases the loaded model's ONNX sessions, if it was loaded; a later call loads it again.
   */
  async close(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    this.#load = lazyModel(() => this.#open());
    await release?.();
  }

  /**
   * Transcribes one WAV, MP3 or M4A file into timed segments.
   * @throws {ParseError} when the audio cannot be decoded or is not one of those formats.
   * @throws {EmptyDocumentError} when the file holds no samples.
   * @throws {ConfigError} when the model is missing from the models folder, or transformers.js is not installed.
   * @throws {ProviderError} when the model cannot be downloaded.
   */
  async doTranscribe(options: {
    audio: Uint8Array;
    mediaType: string;
    fileName: string;
    signal?: AbortSignal;
  }): Promise<Transcript> {
    const run = this.#queue.then(() => this.#transcribe(options));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #transcribe(options: {
    audio: Uint8Array;
    mediaType: string;
    fileName: string;
    signal?: AbortSignal;
  }): Promise<Transcript> {
    options.signal?.throwIfAborted();
    const mediaType = ALIASES[options.mediaType] ?? options.mediaType;
    if (!isDecodableAudio(mediaType)) {
      throw new ParseError(
        options.fileName,
        `local transcription reads WAV, MP3 and M4A audio, not ${mediaType}`,
      );
    }
    if (options.audio.length > this.maxAudioBytes) {
      throw new ParseError(
        options.fileName,
        `audio is ${options.audio.length} bytes, over this transcriber's maxAudioBytes of ${this.maxAudioBytes}`,
      );
    }
    const samples = await decodeAudio(options.audio, {
      mediaType,
      sampleRate: WHISPER_SAMPLE_RATE,
      name: options.fileName,
      signal: options.signal,
    });
    const recognize = await this.#load();
    const language = this.#englishOnly
      ? {}
      : { language: this.#language, task: this.#options.task ?? 'transcribe' };
    const segments = await transcribeInWindows(
      samples,
      async (window) => (await recognize(window, { return_timestamps: true, ...language })).chunks ?? [],
      options.signal,
    );
    return {
      text: segments.map((s) => s.text).join(' '),
      ...(segments.length > 0 ? { segments } : {}),
      language: this.#englishOnly ? 'en' : this.#language,
    };
  }

  /**
   * Checks, without loading anything, that a configured models folder holds every file of the
   * model, so a batch can be refused before its first file. Does nothing when models download
   * from the Hub.
   * @throws {ConfigError} naming the missing files, where to download them and where to put them.
   */
  checkModelFiles(): void {
    this.#source();
  }

  #source() {
    return resolveModelSource(this.model, this.#options, [
      'config.json',
      'generation_config.json',
      'preprocessor_config.json',
      'tokenizer.json',
      'tokenizer_config.json',
      sessionFile('encoder_model', this.#options.encoderDtype ?? 'fp32'),
      sessionFile('decoder_model_merged', this.#options.decoderDtype ?? 'q8'),
    ]);
  }

  async #open(): Promise<Recognizer> {
    const encoder = this.#options.encoderDtype ?? 'fp32';
    const decoder = this.#options.decoderDtype ?? 'q8';
    const source = this.#source();
    const transformers = await loadTransformers();
    const { dtype: _, ...shared } = source.loadOptions;
    const recognizer = await loadModel(this.model, source, () =>
      transformers.pipeline('automatic-speech-recognition', source.source, {
        ...shared,
        dtype: { encoder_model: encoder, decoder_model_merged: decoder },
      }),
    );
    this.#release = () => recognizer.dispose();
    return (audio, options) => recognizer(audio, options) as Promise<WhisperOutput>;
  }
}

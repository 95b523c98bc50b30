/**
 * The speech-to-text port. {@link AudioParser} calls it once per audio source.
 *
 * Adapters: {@link OpenAITranscriber} for any server speaking the OpenAI transcription API
 * (OpenAI, a self-hosted faster-whisper or whisper.cpp server, a gateway), and
 * {@link TransformersTranscriber}, a local Whisper model run in-process by transformers.js.
 * @module
 */
import type { AdapterLifecycle } from '../../core/ports.js';

/** A timed stretch of a transcript. */
export interface TranscriptSegment {
  /** Seconds from the start of the audio. */
  start: number;
  /** Seconds from the start of the audio. */
  end: number;
  text: string;
}

/** What a transcriber heard. */
export interface Transcript {
  /** The whole transcript. */
  text: string;
  /** Timed segments in order, when the model reports them. */
  segments?: TranscriptSegment[];
  /** Spoken language, when the model reports it (e.g. `english` or `en`). */
  language?: string;
}

/** Turns recorded speech into text. */
export interface Transcriber extends AdapterLifecycle {
  readonly specificationVersion: 'v1';
  /** Provider name for messages, e.g. `openai-compatible`. */
  readonly provider: string;
  /** Model id, part of the audio parser's fingerprint. */
  readonly model: string;
  /**
   * Other settings that change what is heard (language, task, precision), e.g.
   * `language=de;task=transcribe`; part of the audio parser's fingerprint, so cached parses made
   * with other settings are not reused.
   */
  readonly settings?: string;
  /** Largest audio file one call accepts, in bytes; larger sources fail before any request. */
  readonly maxAudioBytes: number;
  /**
   * True when {@link doTranscribe} decodes the audio in this process (a local model). Parse
   * isolation then decodes each file once in the isolated parsing process first, under its
   * deadline and memory cap, so that a hostile file fails there rather than in this process.
   */
  readonly decodesLocally?: boolean;
  /**
   * Transcribes one audio file.
   * @param options.audio the file's bytes (WAV, MP3, M4A…), at most {@link maxAudioBytes}.
   * @param options.mediaType e.g. `audio/mpeg`.
   * @param options.fileName a name with the right extension (servers often sniff the format from it).
   * @throws {ProviderError} when the provider fails.
   */
  doTranscribe(options: {
    audio: Uint8Array;
    mediaType: string;
    fileName: string;
    signal?: AbortSignal;
  }): Promise<Transcript>;
}

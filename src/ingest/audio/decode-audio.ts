/**
 * Audio files to the samples speech models read: WAV, MP3 and M4A decoded by `audio-decode`
 * (WebAssembly and JavaScript codecs, no ffmpeg), mixed down to mono and resampled by
 * `wave-resampler` (cubic interpolation behind a low-pass filter) to the model's rate. Both are
 * optional peer dependencies, imported on first use.
 *
 * Decoding streams the file in 1 MiB pieces and resamples in blocks of about 30 seconds, so
 * memory holds the compressed file, the 16 kHz result (about 230 MB per hour at 32-bit floats)
 * and one block, not the whole recording at its native rate and channel count.
 * @module
 */
import { InvalidArgumentError, ParseError } from '../../core/errors.js';
import { loadOptionalPeer } from '../../core/optional-peer.js';

/** The `audio-decode` codec for each media type {@link AudioParser} routes. */
const CODECS = { 'audio/wav': 'wav', 'audio/mpeg': 'mp3', 'audio/mp4': 'm4a' } as const;

/** A media type {@link decodeAudio} reads. */
export type DecodableAudioType = keyof typeof CODECS;

/** True when {@link decodeAudio} can read `mediaType`. */
export function isDecodableAudio(mediaType: string): mediaType is DecodableAudioType {
  return Object.hasOwn(CODECS, mediaType);
}

/** Options of {@link decodeAudio}. */
export interface DecodeAudioOptions {
  /** What the bytes are: `audio/wav`, `audio/mpeg` or `audio/mp4`. */
  mediaType: DecodableAudioType;
  /** Sample rate of the result, in hertz; Whisper reads 16,000. */
  sampleRate: number;
  /** Source name for errors. */
  name: string;
  signal?: AbortSignal;
}

const PIECE_BYTES = 1 << 20;
const BLOCK_SECONDS = 30;

async function* pieces(bytes: Uint8Array, signal?: AbortSignal): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += PIECE_BYTES) {
    signal?.throwIfAborted();
    yield bytes.subarray(at, at + PIECE_BYTES);
  }
}

/** The mean of the channels; one channel is returned as is. */
function mixDown(channels: Float32Array[]): Float32Array {
  if (channels.length === 1) return channels[0]!;
  const mono = new Float32Array(channels[0]!.length);
  for (const channel of channels) {
    for (let i = 0; i < mono.length; i++) mono[i]! += channel[i]! / channels.length;
  }
  return mono;
}

function concat(parts: Float32Array[], length: number): Float32Array {
  if (parts.length === 1 && parts[0]!.length === length) return parts[0]!;
  const all = new Float32Array(length);
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

/**
 * Decodes an audio file to mono samples in [-1, 1] at `sampleRate`.
 * @throws {ParseError} when the codec cannot read the bytes or finds no samples in them (a
 * truncated file, another format, a header without audio), naming the source and the reason, or
 * for a media type it does not read.
 * @throws {InvalidArgumentError} for a sample rate that is not a positive integer.
 * @throws {MissingDependencyError} when `audio-decode` or `wave-resampler` is not installed.
 */
export async function decodeAudio(bytes: Uint8Array, options: DecodeAudioOptions): Promise<Float32Array> {
  if (!isDecodableAudio(options.mediaType)) {
    throw new ParseError(options.name, `cannot decode ${options.mediaType}: WAV, MP3 and M4A are read`);
  }
  if (!(Number.isInteger(options.sampleRate) && options.sampleRate > 0)) {
    throw new InvalidArgumentError(
      'sampleRate',
      `must be a positive whole number of hertz, got ${options.sampleRate}`,
    );
  }
  const codec = CODECS[options.mediaType];
  // Optional peer dependencies, loaded on first use.
  const feature = 'decoding audio for local speech-to-text';
  const [{ default: decode }, { default: waveResampler }] = await Promise.all([
    loadOptionalPeer('audio-decode', feature, () => import('audio-decode')),
    loadOptionalPeer('wave-resampler', feature, () => import('wave-resampler')),
  ]);
  const out: Float32Array[] = [];
  let outLength = 0;
  let block: Float32Array[] = [];
  let blockLength = 0;
  let sourceRate = 0;
  const flush = () => {
    if (blockLength === 0) return;
    const native = concat(block, blockLength);
    const samples =
      sourceRate === options.sampleRate
        ? native
        : Float32Array.from(waveResampler.resample(native, sourceRate, options.sampleRate));
    out.push(samples);
    outLength += samples.length;
    block = [];
    blockLength = 0;
  };
  try {
    for await (const piece of decode(pieces(bytes, options.signal), codec)) {
      if (piece.channelData.length === 0 || piece.channelData[0]!.length === 0) continue;
      if (sourceRate !== 0 && piece.sampleRate !== sourceRate) flush();
      sourceRate = piece.sampleRate;
      const mono = mixDown(piece.channelData);
      block.push(mono);
      blockLength += mono.length;
      if (blockLength >= sourceRate * BLOCK_SECONDS) flush();
    }
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ParseError(options.name, `cannot decode ${codec} audio: ${(error as Error).message}`, {
      cause: error,
    });
  }
  flush();
  if (outLength === 0) {
    throw new ParseError(
      options.name,
      `no ${codec} audio could be decoded: the file holds no samples, is truncated, or is not ${codec}`,
    );
  }
  return concat(out, outLength);
}

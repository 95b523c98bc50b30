/**
 * Audio files for tests, made by real writers: 16-bit PCM WAV (the RIFF layout) and MP3 through
 * the LAME encoder's JavaScript port (`@breezystack/lamejs`). Signals are pure tones, so a test
 * can tell which frequency band a decoder and resampler delivered.
 */
import { Mp3Encoder } from '@breezystack/lamejs';

/** A stretch of pure tone: `frequency` hertz (0 is silence) for `seconds`. */
export interface Tone {
  frequency: number;
  seconds: number;
}

/** Mono samples in [-1, 1] of `tones` played one after another at `sampleRate`, amplitude 0.5. */
export function toneSamples(tones: readonly Tone[], sampleRate: number): Float32Array {
  const total = tones.reduce((sum, t) => sum + Math.round(t.seconds * sampleRate), 0);
  const samples = new Float32Array(total);
  let at = 0;
  for (const { frequency, seconds } of tones) {
    const n = Math.round(seconds * sampleRate);
    for (let i = 0; i < n; i++) samples[at + i] = 0.5 * Math.sin((2 * Math.PI * frequency * i) / sampleRate);
    at += n;
  }
  return samples;
}

/** Options of {@link toneWav} and {@link toneMp3}. */
export interface ToneFileOptions {
  /** Hertz; default 16,000. */
  sampleRate?: number;
  /** 1 or 2; stereo carries the same signal in both channels. Default 1. */
  channels?: 1 | 2;
}

const int16 = (x: number) => Math.max(-32768, Math.min(32767, Math.round(x * 32767)));

/** A 16-bit PCM WAV file of `tones`. */
export function toneWav(tones: readonly Tone[], options: ToneFileOptions = {}): Uint8Array {
  const rate = options.sampleRate ?? 16_000;
  const channels = options.channels ?? 1;
  const samples = toneSamples(tones, rate);
  const dataBytes = samples.length * channels * 2;
  const bytes = new Uint8Array(44 + dataBytes);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string) => bytes.set(new TextEncoder().encode(text), at);
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVEfmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, channels, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * channels * 2, true); // bytes per second
  view.setUint16(32, channels * 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  samples.forEach((x, i) => {
    for (let c = 0; c < channels; c++) view.setInt16(44 + (i * channels + c) * 2, int16(x), true);
  });
  return bytes;
}

/** An MP3 file (64 kbit/s) of `tones`. */
export function toneMp3(tones: readonly Tone[], options: ToneFileOptions = {}): Uint8Array {
  const rate = options.sampleRate ?? 16_000;
  const channels = options.channels ?? 1;
  const pcm = Int16Array.from(toneSamples(tones, rate), int16);
  const encoder = new Mp3Encoder(channels, rate, 64);
  const frames = channels === 1 ? [encoder.encodeBuffer(pcm)] : [encoder.encodeBuffer(pcm, pcm)];
  frames.push(encoder.flush());
  const length = frames.reduce((sum, f) => sum + f.length, 0);
  const out = new Uint8Array(length);
  let at = 0;
  for (const frame of frames) {
    out.set(new Uint8Array(frame.buffer, frame.byteOffset, frame.byteLength), at);
    at += frame.length;
  }
  return out;
}

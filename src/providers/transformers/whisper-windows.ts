/**
 * Whisper's sequential long-form transcription (Radford et al. 2022, section 4.5): the model hears
 * 30 seconds at a time, so a recording is read in consecutive windows; when a window ends inside
 * a segment (no closing timestamp), the next window starts where that segment began, so speech
 * cut by the window edge is heard whole instead of in two broken halves.
 * @module
 */
import type { TranscriptSegment } from '../../ingest/audio/transcriber.js';

/** Sample rate every Whisper model reads, in hertz. */
export const WHISPER_SAMPLE_RATE = 16_000;

/** Whisper's window: 30 seconds of samples. */
export const WHISPER_WINDOW_SAMPLES = 30 * WHISPER_SAMPLE_RATE;

/**
 * A segment as heard in one window: seconds from the window's start; `end` is `null` when the
 * window ended before the segment closed.
 */
export interface HeardSegment {
  timestamp: [number, number | null];
  text: string;
}

/** Hears one window (at most {@link WHISPER_WINDOW_SAMPLES} samples at 16 kHz). */
export type HearWindow = (window: Float32Array) => Promise<HeardSegment[]>;

/** Seconds to two decimals, as Whisper's 20 ms timestamps are. */
const round = (seconds: number) => Math.round(seconds * 100) / 100;

/**
 * Transcribes `samples` (16 kHz mono) window by window with `hear`, returning the segments with
 * times from the start of the recording. A segment left open by a full window is dropped and heard
 * again from its start in the next window, unless it began in the window's first second (then
 * the window is kept whole, so the loop always moves on). Times are capped at the end of the
 * audio, and empty segments are dropped.
 * @throws the signal's reason when it is aborted (checked before each window).
 */
export async function transcribeInWindows(
  samples: Float32Array,
  hear: HearWindow,
  signal?: AbortSignal,
): Promise<TranscriptSegment[]> {
  const segments: TranscriptSegment[] = [];
  for (let seek = 0; seek < samples.length; ) {
    signal?.throwIfAborted();
    const window = samples.subarray(seek, seek + WHISPER_WINDOW_SAMPLES);
    const offset = seek / WHISPER_SAMPLE_RATE;
    const windowEnd = offset + window.length / WHISPER_SAMPLE_RATE;
    const heard = await hear(window);
    let advance = window.length;
    const last = heard.at(-1);
    if (
      window.length === WHISPER_WINDOW_SAMPLES &&
      last &&
      last.timestamp[1] === null &&
      last.timestamp[0] >= 1
    ) {
      heard.pop();
      advance = Math.round(last.timestamp[0] * WHISPER_SAMPLE_RATE);
    }
    for (const { timestamp, text } of heard) {
      const trimmed = text.trim();
      if (trimmed === '') continue;
      // Whisper reads a short last window padded with silence; nothing is heard past the audio.
      const start = Math.min(offset + timestamp[0], windowEnd);
      const end = timestamp[1] === null ? windowEnd : Math.min(offset + timestamp[1], windowEnd);
      segments.push({ start: round(start), end: round(Math.max(start, end)), text: trimmed });
    }
    seek += advance;
  }
  return segments;
}

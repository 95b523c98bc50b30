import { describe, expect, it } from 'vitest';
import { toneSamples } from '../../../test/support/audio.js';
import { type HeardSegment, transcribeInWindows, WHISPER_SAMPLE_RATE } from './whisper-windows.js';

/**
 * An honest stand-in for Whisper's hearing: each run of sound (0.1-second blocks louder than
 * silence) is a segment named by its length; a run still sounding at the window's end is open.
 */
async function hearSounds(window: Float32Array): Promise<HeardSegment[]> {
  const block = WHISPER_SAMPLE_RATE / 10;
  const heard: HeardSegment[] = [];
  let runStart: number | undefined;
  const blocks = Math.ceil(window.length / block);
  for (let b = 0; b <= blocks; b++) {
    const part = window.subarray(b * block, (b + 1) * block);
    const loud = part.length > 0 && Math.sqrt(part.reduce((sum, x) => sum + x * x, 0) / part.length) > 0.05;
    if (loud && runStart === undefined) runStart = b / 10;
    if (!loud && runStart !== undefined) {
      const end = Math.min(b / 10, window.length / WHISPER_SAMPLE_RATE);
      const open = b >= blocks;
      heard.push({ timestamp: [runStart, open ? null : end], text: `${Math.round(end - runStart)}s sound` });
      runStart = undefined;
    }
  }
  return heard;
}

const recording = (tones: Array<[frequency: number, seconds: number]>) =>
  toneSamples(
    tones.map(([frequency, seconds]) => ({ frequency, seconds })),
    WHISPER_SAMPLE_RATE,
  );

describe('transcribeInWindows', () => {
  it('hears a sound cut by the 30-second edge whole, from the next window', async () => {
    const samples = recording([
      [0, 27],
      [440, 6],
      [0, 7],
    ]);
    expect(await transcribeInWindows(samples, hearSounds)).toEqual([
      { start: 27, end: 33, text: '6s sound' },
    ]);
  });

  it('keeps an open segment that began in the first second, so it always moves on', async () => {
    const samples = recording([[440, 35]]);
    expect(await transcribeInWindows(samples, hearSounds)).toEqual([
      { start: 0, end: 30, text: '30s sound' },
      { start: 30, end: 35, text: '5s sound' },
    ]);
  });

  it('times segments from the start of the recording, window after window', async () => {
    const samples = recording([
      [0, 2],
      [440, 3],
      [0, 30],
      [440, 2],
      [0, 1],
    ]);
    expect(await transcribeInWindows(samples, hearSounds)).toEqual([
      { start: 2, end: 5, text: '3s sound' },
      { start: 35, end: 37, text: '2s sound' },
    ]);
  });

  it('caps times at the end of the audio: a short last window is padded with silence', async () => {
    const hear = async (): Promise<HeardSegment[]> => [{ timestamp: [1, 8], text: ' words ' }];
    expect(await transcribeInWindows(recording([[440, 3]]), hear)).toEqual([
      { start: 1, end: 3, text: 'words' },
    ]);
  });

  it('stops between windows when the signal is aborted', async () => {
    const controller = new AbortController();
    const windows: number[] = [];
    const hear = async (window: Float32Array) => {
      windows.push(window.length);
      controller.abort(new Error('cancelled'));
      return [];
    };
    await expect(transcribeInWindows(recording([[440, 65]]), hear, controller.signal)).rejects.toThrow(
      'cancelled',
    );
    expect(windows).toHaveLength(1);
  });
});

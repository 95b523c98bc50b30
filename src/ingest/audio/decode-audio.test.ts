import { describe, expect, it } from 'vitest';
import { toneMp3, toneSamples, toneWav } from '../../../test/support/audio.js';
import { InvalidArgumentError, ParseError } from '../../core/errors.js';
import { decodeAudio } from './decode-audio.js';

/** Dominant frequency of a pure tone, in hertz, from its zero crossings. */
function frequencyOf(samples: Float32Array, sampleRate: number): number {
  let crossings = 0;
  for (let i = 1; i < samples.length; i++) {
    if (samples[i - 1]! < 0 !== samples[i]! < 0) crossings++;
  }
  return crossings / 2 / (samples.length / sampleRate);
}

const at16k = { sampleRate: 16_000, name: 'clip' } as const;

describe('decodeAudio', () => {
  it('returns a 16 kHz mono WAV sample for sample', async () => {
    const tones = [{ frequency: 440, seconds: 0.5 }];
    const samples = await decodeAudio(toneWav(tones), { ...at16k, mediaType: 'audio/wav' });
    const original = toneSamples(tones, 16_000);
    expect(samples).toHaveLength(original.length);
    for (let i = 0; i < original.length; i += 97) expect(samples[i]).toBeCloseTo(original[i]!, 3);
  });

  it('mixes stereo down and resamples 48 kHz to 16 kHz, keeping the pitch', async () => {
    const wav = toneWav([{ frequency: 4000, seconds: 2 }], { sampleRate: 48_000, channels: 2 });
    const samples = await decodeAudio(wav, { ...at16k, mediaType: 'audio/wav' });
    expect(samples.length).toBeGreaterThan(31_900);
    expect(samples.length).toBeLessThan(32_100);
    expect(frequencyOf(samples, 16_000)).toBeCloseTo(4000, -2);
    expect(Math.max(...samples.subarray(1000, 2000))).toBeGreaterThan(0.4);
  });

  it('resamples a recording longer than one 30-second block without losing or doubling time', async () => {
    const wav = toneWav(
      [
        { frequency: 300, seconds: 40 },
        { frequency: 3000, seconds: 25 },
      ],
      { sampleRate: 44_100 },
    );
    const samples = await decodeAudio(wav, { ...at16k, mediaType: 'audio/wav' });
    expect(samples.length / 16_000).toBeCloseTo(65, 1);
    expect(frequencyOf(samples.subarray(16_000, 16_000 * 39), 16_000)).toBeCloseTo(300, -1);
    expect(frequencyOf(samples.subarray(16_000 * 41), 16_000)).toBeCloseTo(3000, -2);
  });

  it('decodes MP3 written by LAME', async () => {
    const mp3 = toneMp3([{ frequency: 400, seconds: 2 }], { sampleRate: 22_050, channels: 2 });
    const samples = await decodeAudio(mp3, { ...at16k, mediaType: 'audio/mpeg' });
    // LAME adds encoder delay and padding: under a tenth of a second here.
    expect(samples.length / 16_000).toBeGreaterThan(1.99);
    expect(samples.length / 16_000).toBeLessThan(2.1);
    expect(frequencyOf(samples.subarray(4000, 28_000), 16_000)).toBeCloseTo(400, -1);
  });

  it('fails with a ParseError naming the source for bytes the codec cannot read', async () => {
    const garbage = new TextEncoder().encode('RIFF\x10\0\0\0WAVEjunkjunkjunkjunk');
    const error = await decodeAudio(garbage, {
      ...at16k,
      name: 'calls/broken.wav',
      mediaType: 'audio/wav',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParseError);
    expect((error as Error).message).toMatch(/^calls\/broken\.wav: no wav audio could be decoded/);
    const mp3 = toneMp3([{ frequency: 400, seconds: 1 }]);
    const cut = await decodeAudio(mp3.subarray(0, 3), {
      ...at16k,
      name: 'cut.mp3',
      mediaType: 'audio/mpeg',
    }).catch((e: unknown) => e);
    expect(cut).toBeInstanceOf(ParseError);
    const header = await decodeAudio(toneWav([]), {
      ...at16k,
      name: 'header.wav',
      mediaType: 'audio/wav',
    }).catch((e: unknown) => e);
    expect((header as Error).message).toMatch(
      /^header\.wav: no wav audio could be decoded: the file holds no samples/,
    );
  });

  it('refuses a media type it does not read, and a sample rate that is not one, before decoding', async () => {
    const wav = toneWav([{ frequency: 440, seconds: 0.1 }]);
    await expect(
      decodeAudio(wav, { ...at16k, name: 'a.ogg', mediaType: 'audio/ogg' as 'audio/wav' }),
    ).rejects.toThrow(/^a\.ogg: cannot decode audio\/ogg: WAV, MP3 and M4A are read$/);
    await expect(decodeAudio(wav, { name: 'a.wav', sampleRate: -1, mediaType: 'audio/wav' })).rejects.toThrow(
      InvalidArgumentError,
    );
  });

  it('decodes what survives of a truncated file', async () => {
    const wav = toneWav([{ frequency: 440, seconds: 2 }]);
    const samples = await decodeAudio(wav.subarray(0, 44 + 16_000 * 2), { ...at16k, mediaType: 'audio/wav' });
    expect(samples.length).toBeGreaterThan(15_000);
    expect(samples.length).toBeLessThanOrEqual(16_000);
  });

  it('stops when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      decodeAudio(toneWav([{ frequency: 440, seconds: 1 }]), {
        ...at16k,
        mediaType: 'audio/wav',
        signal: controller.signal,
      }),
    ).rejects.toThrow(/abort/i);
  });
});

import { describe, expect, it } from 'vitest';
import { toneWav } from '../../../test/support/audio.js';
import { EmptyDocumentError, ParseError, ProviderError, UnsupportedFormatError } from '../../core/errors.js';
import type { Transcriber, Transcript } from '../audio/transcriber.js';
import { AudioParser, audioMediaType } from './audio-parser.js';

/** A mono 16-bit PCM WAV file of `seconds` of silence at 8 kHz. */
const wav = (seconds: number) => toneWav([{ frequency: 0, seconds }], { sampleRate: 8000 });

/**
 * An honest stand-in for a speech model: it cannot hear, so it reports what it can know — the
 * WAV's duration — as one segment every 25 seconds, and records what it was sent.
 */
class DurationTranscriber implements Transcriber {
  readonly specificationVersion = 'v1' as const;
  readonly provider = 'duration';
  readonly model = 'wav-header';
  readonly maxAudioBytes: number;
  readonly calls: Array<{ mediaType: string; fileName: string; bytes: number }> = [];

  constructor(maxAudioBytes = 10_000_000) {
    this.maxAudioBytes = maxAudioBytes;
  }

  async doTranscribe(options: {
    audio: Uint8Array;
    mediaType: string;
    fileName: string;
  }): Promise<Transcript> {
    this.calls.push({
      mediaType: options.mediaType,
      fileName: options.fileName,
      bytes: options.audio.length,
    });
    const view = new DataView(options.audio.buffer, options.audio.byteOffset, options.audio.byteLength);
    const seconds = view.getUint32(40, true) / view.getUint32(28, true);
    const segments = [];
    for (let start = 0; start < seconds; start += 25) {
      const end = Math.min(seconds, start + 25);
      segments.push({ start, end, text: ` Silence from ${start} to ${end} seconds.` });
    }
    return { text: segments.map((s) => s.text).join(''), segments };
  }
}

describe('AudioParser', () => {
  it('returns one page of the transcript in timestamped paragraphs of about a minute', async () => {
    const transcriber = new DurationTranscriber();
    const parser = new AudioParser({ transcriber });
    const parsed = await parser.parse({ name: 'recordings/briefing', bytes: wav(130) });
    expect(parsed).toEqual({
      mediaType: 'audio/wav',
      pages: [
        {
          pageNumber: 1,
          markdown: [
            '[0:00] Silence from 0 to 25 seconds. Silence from 25 to 50 seconds.',
            '[0:50] Silence from 50 to 75 seconds. Silence from 75 to 100 seconds.',
            '[1:40] Silence from 100 to 125 seconds. Silence from 125 to 130 seconds.',
          ].join('\n\n'),
        },
      ],
    });
    // The file name gets the extension servers sniff the format from.
    expect(transcriber.calls).toEqual([
      { mediaType: 'audio/wav', fileName: 'briefing.wav', bytes: 44 + 130 * 16000 },
    ]);
    expect(parser.fingerprint).toBe('audio/v1;stt=duration:wav-header;p60');
  });

  it('uses the plain text when the transcriber reports no segments', async () => {
    const plain: Transcriber = {
      specificationVersion: 'v1',
      provider: 'plain',
      model: 'm',
      maxAudioBytes: 1e6,
      doTranscribe: async () => ({ text: '  Just words.  ' }),
    };
    const parsed = await new AudioParser({ transcriber: plain }).parse({ name: 'a.wav', bytes: wav(1) });
    expect(parsed.pages[0]!.markdown).toBe('Just words.');
  });

  it('refuses audio as unsupported, saying how to configure a transcriber, when none is set', async () => {
    const error = await new AudioParser().parse({ name: 'talk.wav', bytes: wav(1) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedFormatError);
    expect((error as UnsupportedFormatError).format).toMatch(
      /^audio\/wav \(speech-to-text is not configured: on the command line --transcriber local .*--transcriber openai:whisper-1/,
    );
  });

  it('goes by the bytes, not the name: other data called .mp3 or .wav fails before any transcription', async () => {
    const transcriber = new DurationTranscriber();
    const parser = new AudioParser({ transcriber });
    const random = Uint8Array.from({ length: 2000 }, (_, i) => (i * 7919) % 251);
    for (const name of ['random.mp3', 'random.wav', 'random.m4a']) {
      const error = await parser
        .parse({ name, bytes: random, mediaType: 'audio/mpeg' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ParseError);
      expect((error as Error).message).toBe(
        `${name}: not a WAV, MP3 or M4A file: no RIFF/WAVE, ID3, MPEG frame or MP4 header (it starts 00 8a 19 a3)`,
      );
    }
    const text = new TextEncoder().encode('just some notes, saved as .wav');
    await expect(parser.parse({ name: 'notes.wav', bytes: text })).rejects.toThrow(
      /not a WAV, MP3 or M4A file/,
    );
    await expect(parser.parse({ name: 'zero.wav', bytes: new Uint8Array() })).rejects.toThrow(
      EmptyDocumentError,
    );
    expect(transcriber.calls).toEqual([]);
  });

  it('refuses a file larger than the transcriber accepts before sending it', async () => {
    const transcriber = new DurationTranscriber(1000);
    const error = await new AudioParser({ transcriber })
      .parse({ name: 'long.wav', bytes: wav(1) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParseError);
    expect((error as Error).message).toMatch(
      /^long\.wav: audio is 0\.0 MiB but duration accepts at most 0\.0 MiB; split it first/,
    );
    expect(transcriber.calls).toEqual([]);
  });

  it('passes provider errors through and reports silence as empty', async () => {
    const failing: Transcriber = {
      specificationVersion: 'v1',
      provider: 'down',
      model: 'm',
      maxAudioBytes: 1e6,
      doTranscribe: async () => {
        throw new ProviderError({
          provider: 'down',
          message: 'unavailable',
          statusCode: 503,
          isRetryable: true,
        });
      },
    };
    await expect(
      new AudioParser({ transcriber: failing }).parse({ name: 'a.wav', bytes: wav(1) }),
    ).rejects.toBeInstanceOf(ProviderError);
    const silent: Transcriber = { ...failing, doTranscribe: async () => ({ text: ' ', segments: [] }) };
    await expect(
      new AudioParser({ transcriber: silent }).parse({ name: 'a.wav', bytes: wav(1) }),
    ).rejects.toBeInstanceOf(EmptyDocumentError);
  });
});

describe('audioMediaType', () => {
  it('recognises WAV, MP3 (ID3 tag or frame sync) and M4A by their first bytes', () => {
    expect(audioMediaType(wav(0.01))).toBe('audio/wav');
    expect(audioMediaType(Uint8Array.of(0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0))).toBe('audio/mpeg');
    expect(audioMediaType(Uint8Array.of(0xff, 0xfb, 0x90, 0x64))).toBe('audio/mpeg');
    const m4a = new Uint8Array(32);
    m4a.set([0, 0, 0, 32], 0);
    m4a.set(new TextEncoder().encode('ftypM4A \0\0\0\0M4A isom'), 4);
    expect(audioMediaType(m4a)).toBe('audio/mp4');
  });

  it('does not mistake text or video for audio', () => {
    expect(audioMediaType(new TextEncoder().encode('ID3 tags are metadata'))).toBeUndefined();
    const mp4 = new Uint8Array(32);
    mp4.set([0, 0, 0, 24], 0);
    mp4.set(new TextEncoder().encode('ftypisom\0\0\0\0isomavc1'), 4);
    expect(audioMediaType(mp4)).toBeUndefined();
    expect(audioMediaType(Uint8Array.of(0xff, 0xd8, 0xff, 0xe0))).toBeUndefined();
  });
});

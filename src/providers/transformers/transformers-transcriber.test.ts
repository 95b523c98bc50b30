import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toneMp3, toneWav } from '../../../test/support/audio.js';
import { tempDir } from '../../../test/support/corpus.js';
import { type FakeHub, startFakeHub } from '../../../test/support/fake-hub.js';
import {
  HIGH_TONE_SEGMENTS,
  LOW_TONE_SEGMENTS,
  writeTinyWhisperModel,
} from '../../../test/support/tiny-whisper.js';
import { ConfigError, InvalidArgumentError, ParseError, ProviderError } from '../../core/errors.js';
import { AudioParser } from '../../ingest/parsers/audio-parser.js';
import { parseSource } from '../../ingest/route.js';
import { TransformersTranscriber } from './transformers-transcriber.js';

const LOW = 400;
const HIGH = 4000;
const low = LOW_TONE_SEGMENTS.map((s) => ({ ...s }));
const high = HIGH_TONE_SEGMENTS.map((s) => ({ ...s }));

describe('TransformersTranscriber (local Whisper)', () => {
  let modelsDir: string;
  const local = (options: ConstructorParameters<typeof TransformersTranscriber>[0] = {}) =>
    new TransformersTranscriber({ modelsDir, ...options });
  const transcribe = (transcriber: TransformersTranscriber, audio: Uint8Array, mediaType = 'audio/wav') =>
    transcriber.doTranscribe({ audio, mediaType, fileName: 'clip.wav' });

  beforeAll(() => {
    modelsDir = tempDir();
    writeTinyWhisperModel(modelsDir, { modelId: 'onnx-community/whisper-base' });
    writeTinyWhisperModel(modelsDir, { modelId: 'onnx-community/whisper-tiny.en', englishOnly: true });
  });

  it('defaults to whisper-base, loading nothing until the first call', () => {
    const transcriber = new TransformersTranscriber({ modelsDir: path.join(modelsDir, 'absent') });
    expect(transcriber).toMatchObject({
      provider: 'transformers',
      model: 'onnx-community/whisper-base',
      maxAudioBytes: 200 * 1024 * 1024,
    });
  });

  it('hears a low tone as its timed segments', async () => {
    const transcript = await transcribe(local(), toneWav([{ frequency: LOW, seconds: 3 }]));
    expect(transcript).toEqual({ text: 'marmots hibernate in burrows', segments: low, language: 'en' });
  });

  it('resamples before listening: a 4 kHz tone in a 48 kHz stereo file is heard as high', async () => {
    // Read at 48 kHz as if it were 16 kHz, the tone would sit at 1.3 kHz, in the low half.
    const wav = toneWav([{ frequency: HIGH, seconds: 9 }], { sampleRate: 48_000, channels: 2 });
    expect(await transcribe(local(), wav)).toEqual({
      text: 'otters float on kelp',
      segments: high,
      language: 'en',
    });
  });

  it('decodes MP3', async () => {
    const mp3 = toneMp3([{ frequency: LOW, seconds: 3 }], { sampleRate: 44_100 });
    expect((await transcribe(local(), mp3, 'audio/mpeg')).text).toBe('marmots hibernate in burrows');
  });

  it('transcribes past 30 seconds in consecutive windows, timing segments from the start of the file', async () => {
    // Windows 0–30 s (mostly low), 30–60 s (high, heard at its 6–8 s) and 60–65 s (low).
    const wav = toneWav([
      { frequency: LOW, seconds: 25 },
      { frequency: HIGH, seconds: 32 },
      { frequency: LOW, seconds: 8 },
    ]);
    const { text, segments } = await transcribe(local(), wav);
    expect(text).toBe('marmots hibernate in burrows otters float on kelp marmots hibernate in burrows');
    expect(segments).toEqual([
      ...low,
      { start: 36, end: 38, text: 'otters float on kelp' },
      ...low.map((s) => ({ ...s, start: s.start + 60, end: s.end + 60 })),
    ]);
  });

  it('accepts audio/x-wav and the other names routed as audio, and enforces its size limit', async () => {
    const wav = toneWav([{ frequency: LOW, seconds: 1 }]);
    expect((await transcribe(local(), wav, 'audio/x-wav')).text).toBe('marmots hibernate in burrows');
    const small = local({ maxAudioBytes: 100 });
    await expect(transcribe(small, wav)).rejects.toThrow(/over this transcriber's maxAudioBytes of 100/);
  });

  it('takes an empty language as the default, English', async () => {
    const transcriber = local({ language: '  ' });
    expect(transcriber.settings).toContain('language=en;');
    expect((await transcribe(transcriber, toneWav([{ frequency: LOW, seconds: 1 }]))).language).toBe('en');
  });

  it('sends no language or task to an English-only model', async () => {
    const english = local({ model: 'onnx-community/whisper-tiny.en' });
    expect((await transcribe(english, toneWav([{ frequency: LOW, seconds: 2 }]))).text).toBe(
      'marmots hibernate in burrows',
    );
    expect(() => local({ model: 'onnx-community/whisper-tiny.en', language: 'fr' })).toThrow(ConfigError);
    expect(() => local({ model: 'onnx-community/whisper-tiny.en', task: 'translate' })).toThrow(
      /English-only/,
    );
  });

  it('refuses bad settings and audio it cannot read, with typed errors', async () => {
    expect(() => local({ maxAudioBytes: 0 })).toThrow(InvalidArgumentError);
    const ogg = await local()
      .doTranscribe({ audio: new Uint8Array(8), mediaType: 'audio/ogg', fileName: 'a.ogg' })
      .catch((e: unknown) => e);
    expect(ogg).toBeInstanceOf(ParseError);
    expect((ogg as Error).message).toMatch(
      /a\.ogg: local transcription reads WAV, MP3 and M4A audio, not audio\/ogg/,
    );
    const junk = await transcribe(local(), new TextEncoder().encode('RIFF\x10\0\0\0WAVEjunk')).catch(
      (e: unknown) => e,
    );
    expect(junk).toBeInstanceOf(ParseError);
  });

  it('names the files to download when the models folder lacks the model', async () => {
    const folder = writeTinyWhisperModel(tempDir(), { modelId: 'onnx-community/whisper-small' });
    rmSync(path.join(folder, 'onnx', 'decoder_model_merged_quantized.onnx'));
    const error = await transcribe(
      new TransformersTranscriber({
        modelsDir: path.dirname(path.dirname(folder)),
        model: 'onnx-community/whisper-small',
      }),
      toneWav([{ frequency: LOW, seconds: 1 }]),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(
      /missing onnx\/decoder_model_merged_quantized\.onnx\. Download /,
    );
    expect((error as Error).message).toMatch(/preprocessor_config\.json, .*onnx\/encoder_model\.onnx/);
  });

  it('gives the audio parser a timestamped transcript, one parse at a time', async () => {
    const transcriber = local();
    const [first, second] = await Promise.all([
      parseSource(
        { name: 'talks/low.wav', bytes: toneWav([{ frequency: LOW, seconds: 2 }]) },
        { transcriber },
      ),
      parseSource(
        { name: 'talks/high.mp3', bytes: toneMp3([{ frequency: HIGH, seconds: 9 }]) },
        { transcriber },
      ),
    ]);
    expect(first!.pages).toEqual([{ pageNumber: 1, markdown: '[0:00] marmots hibernate in burrows' }]);
    expect(second!.pages).toEqual([{ pageNumber: 1, markdown: '[0:06] otters float on kelp' }]);
    expect(first!.parserFingerprint).toContain(
      'stt=transformers:onnx-community/whisper-base(language=en;task=transcribe;windows=sequential;dtype=fp32/q8)',
    );
    // Another language is another parse: the cache must not hand back the English one.
    const german = new AudioParser({ transcriber: local({ language: 'de' }) });
    expect(german.fingerprint).not.toBe(first!.parserFingerprint);
  });
});

describe('TransformersTranscriber without a models folder (Hub download)', () => {
  let hub: FakeHub;
  beforeAll(async () => {
    const root = tempDir();
    writeTinyWhisperModel(root, { modelId: 'onnx-community/whisper-base' });
    hub = await startFakeHub(root);
  });
  afterAll(() => hub.stop());

  it('downloads the encoder, decoder and configs once into the cache folder', async () => {
    const cacheDir = tempDir();
    const first = new TransformersTranscriber({ modelsDir: '', cacheDir });
    const wav = toneWav([{ frequency: LOW, seconds: 1 }]);
    const heard = await first.doTranscribe({ audio: wav, mediaType: 'audio/wav', fileName: 'a.wav' });
    expect(heard.text).toBe('marmots hibernate in burrows');
    const folder = path.join(cacheDir, 'onnx-community', 'whisper-base');
    for (const file of [
      'onnx/encoder_model.onnx',
      'onnx/decoder_model_merged_quantized.onnx',
      'preprocessor_config.json',
    ]) {
      expect(existsSync(path.join(folder, file))).toBe(true);
    }
    const fetched = hub.requests.filter((r) => r.startsWith('GET')).length;
    const second = new TransformersTranscriber({ modelsDir: '', cacheDir });
    expect(await second.doTranscribe({ audio: wav, mediaType: 'audio/wav', fileName: 'a.wav' })).toEqual(
      heard,
    );
    expect(hub.requests.filter((r) => r.startsWith('GET')).length).toBe(fetched);
  });

  it('says how to work offline when the Hub lacks the model', async () => {
    const transcriber = new TransformersTranscriber({
      model: 'acme/whisper',
      modelsDir: '',
      cacheDir: tempDir(),
    });
    const error = await transcriber
      .doTranscribe({
        audio: toneWav([{ frequency: LOW, seconds: 1 }]),
        mediaType: 'audio/wav',
        fileName: 'a.wav',
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(/CAIRN_MODELS_DIR \(--models-dir\)/);
    // The next file does not wait out the Hub again: the failure is remembered for a minute.
    const asked = hub.requests.length;
    const again = await transcriber
      .doTranscribe({
        audio: toneWav([{ frequency: LOW, seconds: 1 }]),
        mediaType: 'audio/wav',
        fileName: 'b.wav',
      })
      .catch((e: unknown) => e);
    expect(again).toBe(error);
    expect(hub.requests.length).toBe(asked);
  });
});

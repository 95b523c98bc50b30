import { EmptyDocumentError, isCairnError, ParseError, UnsupportedFormatError } from '../../core/errors.js';
import type { Parser } from '../../core/ports.js';
import type { ParsedDocument, Source } from '../../core/types.js';
import type { Transcriber, TranscriptSegment } from '../audio/transcriber.js';

/** Options of {@link AudioParser}. */
export interface AudioParserOptions {
  /** Speech-to-text; without one every audio source is refused with a hint on configuring it. */
  transcriber?: Transcriber;
  /** Longest stretch of speech, in seconds, gathered into one timestamped paragraph; default 60. */
  paragraphSeconds?: number;
}

/** The audio type named by the first bytes: WAV, MP3 (ID3 tag or frame sync) or M4A. */
export function audioMediaType(bytes: Uint8Array): string | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'audio/wav';
  if (ascii(0, 3) === 'ID3' && bytes[3]! >= 2 && bytes[3]! <= 4 && bytes[4]! < 0xff) return 'audio/mpeg';
  // MPEG audio frame header: 11 sync bits, a valid version and layer, a bitrate index other than 15.
  if (
    bytes[0] === 0xff &&
    (bytes[1]! & 0xe0) === 0xe0 &&
    (bytes[1]! & 0x18) !== 0x08 &&
    (bytes[1]! & 0x06) !== 0 &&
    bytes[2] !== undefined &&
    (bytes[2] & 0xf0) !== 0xf0
  ) {
    return 'audio/mpeg';
  }
  if (ascii(4, 8) === 'ftyp') {
    const size = Math.min(
      new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0),
      bytes.length,
      256,
    );
    for (let at = 8; at + 4 <= size; at += at === 8 ? 8 : 4) {
      if (/^M4[ABP] $/.test(ascii(at, at + 4))) return 'audio/mp4';
    }
  }
  return undefined;
}

/** Any MP4 container (`ftyp` box), whatever its brand: phones write `isom` and `mp42` audio too. */
function isMp4Container(bytes: Uint8Array): boolean {
  return String.fromCharCode(...bytes.subarray(4, 8)) === 'ftyp';
}

const EXTENSIONS: Record<string, string> = { 'audio/wav': 'wav', 'audio/mpeg': 'mp3', 'audio/mp4': 'm4a' };

/** `75.4` → `1:15`; `3725` → `1:02:05`. */
function timestamp(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Segments gathered into paragraphs of at most `seconds`, each starting with its time. */
function paragraphs(segments: TranscriptSegment[], seconds: number): string {
  const out: string[] = [];
  let current: TranscriptSegment | undefined;
  for (const segment of segments) {
    const text = segment.text.replace(/\s+/g, ' ').trim();
    if (text === '') continue;
    if (current && segment.end - current.start <= seconds) {
      current.text += ` ${text}`;
      current.end = segment.end;
    } else {
      if (current) out.push(`[${timestamp(current.start)}] ${current.text}`);
      current = { ...segment, text };
    }
  }
  if (current) out.push(`[${timestamp(current.start)}] ${current.text}`);
  return out.join('\n\n');
}

/**
 * Audio (WAV, MP3, M4A): one page holding the transcript from the configured
 * {@link Transcriber}. When the transcriber reports timed segments, the transcript is split into
 * paragraphs of about a minute, each starting with its `[m:ss]` time, so that a cited chunk says
 * where in the recording it was heard.
 */
export class AudioParser implements Parser {
  readonly specificationVersion = 'v1' as const;
  readonly fingerprint: string;
  readonly mediaTypes = ['audio/wav', 'audio/mpeg', 'audio/mp4'] as const;
  private readonly transcriber: Transcriber | undefined;
  private readonly paragraphSeconds: number;

  constructor(options: AudioParserOptions = {}) {
    this.transcriber = options.transcriber;
    this.paragraphSeconds = options.paragraphSeconds ?? 60;
    const by = this.transcriber
      ? `${this.transcriber.provider}:${this.transcriber.model}` +
        (this.transcriber.settings ? `(${this.transcriber.settings})` : '')
      : 'none';
    this.fingerprint = `audio/v1;stt=${by};p${this.paragraphSeconds}`;
  }

  /**
   * @throws {UnsupportedFormatError} when no transcriber is configured; the format names the fix.
   * @throws {ParseError} when the bytes are not WAV, MP3 or M4A (whatever the name says), or the
   *   file is too large for the transcriber.
   * @throws {ProviderError} when the transcriber's provider fails.
   * @throws {EmptyDocumentError} when nothing was heard.
   */
  async parse(source: Source): Promise<ParsedDocument> {
    if (source.bytes.length === 0) throw new EmptyDocumentError(source.name);
    // The bytes decide, never the name: random data called .mp3 is not decoded as noise.
    const mediaType =
      audioMediaType(source.bytes) ?? (isMp4Container(source.bytes) ? 'audio/mp4' : undefined);
    if (mediaType === undefined) {
      const head = Array.from(source.bytes.subarray(0, 4), (b) => b.toString(16).padStart(2, '0')).join(' ');
      throw new ParseError(
        source.name,
        `not a WAV, MP3 or M4A file: no RIFF/WAVE, ID3, MPEG frame or MP4 header (it starts ${head})`,
      );
    }
    if (this.transcriber === undefined) {
      throw new UnsupportedFormatError(
        source.name,
        `${mediaType} (speech-to-text is not configured: on the command line --transcriber local ` +
          '(Whisper on the CPU) or --transcriber openai:whisper-1; in code a `transcriber`, e.g. ' +
          'new TransformersTranscriber() or new OpenAITranscriber())',
      );
    }
    if (source.bytes.length > this.transcriber.maxAudioBytes) {
      const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
      throw new ParseError(
        source.name,
        `audio is ${mb(source.bytes.length)} MiB but ${this.transcriber.provider} accepts at most ` +
          `${mb(this.transcriber.maxAudioBytes)} MiB; split it first (e.g. ffmpeg -f segment -segment_time 600)`,
      );
    }
    const base = source.name.replace(/^.*[\\/]/, '').replace(/[?#].*$/, '') || 'audio';
    const extension = EXTENSIONS[mediaType];
    const fileName =
      extension && !base.toLowerCase().endsWith(`.${extension}`) ? `${base}.${extension}` : base;
    let transcript: Awaited<ReturnType<Transcriber['doTranscribe']>>;
    try {
      transcript = await this.transcriber.doTranscribe({ audio: source.bytes, mediaType, fileName });
    } catch (error) {
      if (isCairnError(error)) throw error;
      throw new ParseError(source.name, `transcription failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const markdown = transcript.segments?.length
      ? paragraphs(transcript.segments, this.paragraphSeconds)
      : transcript.text.trim();
    if (markdown === '') throw new EmptyDocumentError(source.name);
    return { mediaType, pages: [{ pageNumber: 1, markdown }] };
  }
}

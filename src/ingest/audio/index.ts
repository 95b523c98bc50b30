/**
 * Speech-to-text: the {@link Transcriber} port, its OpenAI-compatible and local Whisper
 * adapters, and the audio decoder the local one uses.
 * @module
 */
export {
  type DecodableAudioType,
  type DecodeAudioOptions,
  decodeAudio,
  isDecodableAudio,
} from './decode-audio.js';
export {
  OpenAITranscriber,
  type OpenAITranscriberOptions,
  type OpenAITranscriptionModel,
} from './openai-transcriber.js';
export type { Transcriber, Transcript, TranscriptSegment } from './transcriber.js';
export {
  DEFAULT_LOCAL_TRANSCRIPTION_MODEL,
  TransformersTranscriber,
  type TransformersTranscriberOptions,
} from './transformers-transcriber.js';

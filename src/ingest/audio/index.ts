/**
 * Speech-to-text: the {@link Transcriber} port and the audio decoder local models use. Adapters
 * live in `src/providers/openai` and `src/providers/transformers`.
 * @module
 */
export {
  type DecodableAudioType,
  type DecodeAudioOptions,
  decodeAudio,
  isDecodableAudio,
} from './decode-audio.js';
export type { Transcriber, Transcript, TranscriptSegment } from './transcriber.js';

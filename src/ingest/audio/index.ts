/**
 * Speech-to-text: the {@link Transcriber} port and its OpenAI-compatible adapter.
 * @module
 */
export {
  OpenAITranscriber,
  type OpenAITranscriberOptions,
  type OpenAITranscriptionModel,
} from './openai-transcriber.js';
export type { Transcriber, Transcript, TranscriptSegment } from './transcriber.js';

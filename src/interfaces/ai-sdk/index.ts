/**
 * cairn inside the Vercel AI SDK: the agent tools for `generateText`/`streamText`, and streamed
 * answers as AI SDK text streams and UI message streams. Needs `ai` (an optional peer
 * dependency of cairn) for the stream responses.
 *
 * @example
 * ```ts
 * import { generateText, stepCountIs } from 'ai';
 * import { cairnTools } from 'cairn/ai-sdk';
 * const { text } = await generateText({ model, tools: cairnTools(engine), stopWhen: stepCountIs(3), prompt });
 * ```
 * @module
 */
export { type AiSdkTool, toAiSdkTools } from '../tools/create-tools.js';
export { type StreamedAnswer, streamAnswer } from './stream-answer.js';
export { toTextStream, toTextStreamResponse } from './text-stream.js';
export { cairnTools } from './tools.js';
export {
  type CairnUIMessageStreamOptions,
  sourceDocumentChunk,
  toUIMessageStream,
  toUIMessageStreamResponse,
} from './ui-message-stream.js';

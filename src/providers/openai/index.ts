/**
 * OpenAI and OpenAI-compatible servers (Ollama, vLLM, LM Studio): embedder, chat model and
 * speech-to-text, sharing one connection helper (`OPENAI_API_KEY`, `OPENAI_BASE_URL`).
 * @module
 */
export * from './openai-chat-model.js';
export * from './openai-embedder.js';
export * from './openai-transcriber.js';

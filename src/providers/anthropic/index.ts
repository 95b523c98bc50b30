/**
 * Anthropic: the Messages API chat model (`ANTHROPIC_API_KEY`, `ANTHROPIC_BASE_URL`).
 * @module
 */
export * from './anthropic-chat-model.js';

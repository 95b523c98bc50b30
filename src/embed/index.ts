export * from './embed.js';
export * from './openai/openai-embedder.js';

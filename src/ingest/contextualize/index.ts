export * from './llm-contextualizer.js';
export * from './structural-contextualizer.js';

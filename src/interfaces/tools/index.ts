/**
 * Agent tools over a cairn engine: search, context, lookup and ask.
 * @module
 */
export * from './arguments.js';
export * from './ask-tool.js';
export * from './cairn-tool.js';
export * from './context-tool.js';
export * from './create-tools.js';
export * from './ingest-tool.js';
export * from './lookup-tool.js';
export * from './search-tool.js';
export * from './tool-engine.js';

/**
 * `cairn/answer`: the answering building blocks behind `Engine.ask` — grounded prompts with
 * spotlighted sources, the relevance floor, the extractive answerer, query rewriting, small talk,
 * and delimited context for agents.
 * @module
 */
export * from '../answer/answer-sources.js';
export * from '../answer/answer-stream.js';
export * from '../answer/ask.js';
export * from '../answer/ask-with-history.js';
export * from '../answer/boilerplate.js';
export * from '../answer/citations.js';
export * from '../answer/extractive-answerer.js';
export * from '../answer/prepare-question.js';
export * from '../answer/prompt.js';
export * from '../answer/query-rewriter.js';
export * from '../answer/relevance.js';
export * from '../answer/retrieve-text.js';
export * from '../answer/searcher.js';
export * from '../answer/small-talk.js';

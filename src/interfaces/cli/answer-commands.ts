/**
 * `cairn search` and `cairn ask`.
 * @module
 */
import type { Command } from 'commander';
import { DEFAULT_ASK_TOP_K } from '../../answer/ask-with-history.js';
import { InvalidArgumentError } from '../../core/errors.js';
import type { Filter } from '../../core/filter/filter.js';
import type { SearchMode } from '../../core/types.js';
import {
  engineFromOptions,
  type GlobalOptions,
  jsonObject,
  positiveInt,
  retrievalOptions,
  withEngineOptions,
  withRetrievalOptions,
} from './context.js';
import { formatHits, formatSources } from './format.js';

interface SearchOptions extends GlobalOptions {
  mode?: SearchMode;
  topK?: number;
  filter?: Filter;
  json?: boolean;
}

const modes = ['lexical', 'dense', 'hybrid'];

/**
 * `--mode` checked against the search modes.
 * @throws {InvalidArgumentError} naming the option for any other value.
 */
export function checkMode(mode: string | undefined): SearchMode | undefined {
  if (mode !== undefined && !modes.includes(mode)) {
    throw new InvalidArgumentError('--mode', `must be one of ${modes.join(', ')}, got "${mode}"`);
  }
  return mode as SearchMode | undefined;
}

/** Registers `search` and `ask`. */
export function registerAnswerCommands(program: Command): void {
  withRetrievalOptions(withEngineOptions(program.command('search')))
    .description(
      'search a collection (BM25, dense, or both fused by reciprocal rank fusion), optionally reranked',
    )
    .argument('<query>', 'what to look for (plain text; no query syntax)')
    .option('--mode <mode>', 'lexical | dense | hybrid (default: hybrid when embeddings exist)')
    .option('-k, --top-k <n>', 'hits to return', positiveInt('--top-k'), 10)
    .option('--filter <json>', 'metadata filter, e.g. \'{"year":{"$gte":2020}}\'', jsonObject('--filter'))
    .option('--json', 'print hits as JSON')
    .action(async (query: string, options: SearchOptions) => {
      const engine = await engineFromOptions(options, options.json);
      try {
        const { hits, mode } = await engine.search(query, {
          ...retrievalOptions(options),
          mode: checkMode(options.mode),
          topK: options.topK,
          filter: options.filter,
        });
        process.stdout.write(
          options.json
            ? `${JSON.stringify({ query, mode, reranker: engine.reranker?.model, hits }, null, 2)}\n`
            : `${formatHits(hits)}\n`,
        );
      } finally {
        await engine.close();
      }
    });

  withRetrievalOptions(withEngineOptions(program.command('ask')))
    .description('answer a question with numbered citations (extractive unless a chat model is configured)')
    .argument('<question>', 'the question')
    .option('--mode <mode>', 'lexical | dense | hybrid')
    .option('-k, --top-k <n>', 'hits to consider', positiveInt('--top-k'), DEFAULT_ASK_TOP_K)
    .option('--filter <json>', 'metadata filter (JSON)', jsonObject('--filter'))
    .option('--json', 'print the answer and sources as JSON')
    .action(async (question: string, options: SearchOptions) => {
      const engine = await engineFromOptions(options, options.json);
      try {
        const stream = !options.json;
        const answer = await engine.ask(question, {
          ...retrievalOptions(options),
          mode: checkMode(options.mode),
          topK: options.topK,
          filter: options.filter,
          onToken: stream && engine.chatModel ? (delta) => process.stdout.write(delta) : undefined,
        });
        if (options.json) {
          process.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
        } else {
          if (!engine.chatModel) process.stdout.write(answer.text);
          process.stdout.write(`\n${formatSources(answer)}\n`);
        }
      } finally {
        await engine.close();
      }
    });
}

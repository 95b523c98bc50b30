/**
 * `cairn search` and `cairn ask`.
 * @module
 */
import type { Command } from 'commander';
import { DEFAULT_ASK_TOP_K } from '../../answer/ask-defaults.js';
import type { ConversationalAnswer } from '../../answer/ask-with-history.js';
import { InvalidArgumentError } from '../../core/errors.js';
import type { Filter } from '../../core/filter/filter.js';
import type { SearchMode } from '../../core/types.js';
import {
  engineFromOptions,
  type GlobalOptions,
  jsonObject,
  positiveInt,
  retrievalOptions,
  tracedCommand,
  withCacheOption,
  withChatOption,
  withEmbedderOptions,
  withExamples,
  withRetrievalOptions,
  withScopeOptions,
  withTraceOption,
} from './context.js';

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
  const search = program
    .command('search')
    .description(
      'search a collection (BM25, dense, or both fused by reciprocal rank fusion), optionally reranked',
    )
    .argument('<query>', 'what to look for (plain text; no query syntax)')
    .option('--mode <mode>', 'lexical | dense | hybrid (default: hybrid when embeddings exist)')
    .option('-k, --top-k <n>', 'hits to return', positiveInt('--top-k'), 10)
    .option('--filter <json>', 'metadata filter, e.g. \'{"year":{"$gte":2020}}\'', jsonObject('--filter'))
    .option('--json', 'print hits as JSON');
  withRetrievalOptions(search);
  withScopeOptions(search);
  withEmbedderOptions(search);
  withCacheOption(search);
  withTraceOption(search);
  withExamples(search, [
    ['cairn search "rotate signing keys" --top-k 5', 'the five best passages'],
    ['cairn search "rotate signing keys" --filter \'{"team":"ops"}\'', 'only documents with that metadata'],
    ['cairn search "rotate signing keys" --mode lexical --json', 'BM25 only, as JSON'],
    ['cairn search "rotate signing keys" --rerank cohere', 'reranked by Cohere (COHERE_API_KEY)'],
  ]);
  search.action((query: string, options: SearchOptions) =>
    tracedCommand(options.trace, () => runSearch(query, options)),
  );
  async function runSearch(query: string, options: SearchOptions): Promise<void> {
    const engine = await engineFromOptions(options, options.json);
    try {
      const { hits, mode, scoring } = await engine.search(query, {
        ...retrievalOptions(options),
        mode: checkMode(options.mode),
        topK: options.topK,
        filter: options.filter,
      });
      const { formatExpansions, formatHits } = await import('./format.js');
      const expansions = scoring.expansions ?? [];
      process.stdout.write(
        options.json
          ? `${JSON.stringify(
              {
                query,
                mode,
                reranker: engine.reranker?.model,
                ...(expansions.length > 0 ? { expansions } : {}),
                hits,
              },
              null,
              2,
            )}\n`
          : `${formatExpansions(expansions)}${formatHits(hits)}\n`,
      );
    } finally {
      await engine.close();
    }
  }

  const ask = program
    .command('ask')
    .description('answer a question with numbered citations (extractive unless a chat model is configured)')
    .argument('<question>', 'the question')
    .option('--mode <mode>', 'lexical | dense | hybrid')
    .option('-k, --top-k <n>', 'hits to consider', positiveInt('--top-k'), DEFAULT_ASK_TOP_K)
    .option('--filter <json>', 'metadata filter (JSON)', jsonObject('--filter'))
    .option('--json', 'print the answer and sources as JSON');
  withRetrievalOptions(ask);
  withScopeOptions(ask);
  withEmbedderOptions(ask);
  withChatOption(ask);
  withCacheOption(ask);
  withTraceOption(ask);
  withExamples(ask, [
    ['cairn ask "How do I rotate signing keys?"', 'an extractive answer with citations (offline)'],
    [
      'cairn ask "How do I rotate signing keys?" --chat openai:gpt-4o-mini',
      'a streamed answer (OPENAI_API_KEY)',
    ],
    ['cairn ask "Who approves releases?" --json', 'the answer, sources and citations as JSON'],
  ]);
  ask.action((question: string, options: SearchOptions) =>
    tracedCommand(options.trace, () => runAsk(question, options)),
  );
  async function runAsk(question: string, options: SearchOptions): Promise<void> {
    const engine = await engineFromOptions(options, options.json);
    const { formatSources, printableText } = await import('./format.js');
    try {
      let answer: ConversationalAnswer | undefined;
      // Text parts arrive with their citation markers checked: one pointing at no source never shows.
      for await (const part of engine.stream(question, {
        ...retrievalOptions(options),
        mode: checkMode(options.mode),
        topK: options.topK,
        filter: options.filter,
      })) {
        if (part.type === 'answer') answer = part.answer;
        else if (!options.json) process.stdout.write(printableText(part.delta));
      }
      if (!answer) return;
      if (options.json) process.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
      else process.stdout.write(`\n${formatSources(answer)}\n`);
    } finally {
      await engine.close();
    }
  }
}

/**
 * `cairn chat`: an interactive conversation over a collection. History is kept, so a follow-up
 * is rewritten into a standalone question before retrieval, and the rewrite is shown.
 * Commands: `/reset` forgets the conversation, `/exit` (or end of input, or Ctrl-C) quits.
 * @module
 */
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { Command } from 'commander';
import { DEFAULT_ASK_TOP_K } from '../../answer/ask-defaults.js';
import type { ConversationTurn } from '../../answer/query-rewriter.js';
import type { AnsweringEngine, SearcherOptions } from '../../answer/searcher.js';
import { InvalidArgumentError, isCairnError } from '../../core/errors.js';
import type { SearchMode } from '../../core/types.js';
import {
  engineFromOptions,
  type GlobalOptions,
  positiveInt,
  withCacheOption,
  withChatOption,
  withEmbedderOptions,
  withExamples,
  withScopeOptions,
} from './context.js';

/** Options of {@link runChatSession}. */
export interface ChatSessionOptions {
  engine: AnsweringEngine;
  input: Readable;
  output: Writable;
  /** Search options for every turn (mode, topK, …). */
  search?: SearcherOptions;
  /** Turns (user and assistant messages) kept as history; default 20. */
  maxHistory?: number;
  /** Prompt shown before each message; default `> `. */
  prompt?: string;
}

const help = 'Ask a question about the documents. /reset forgets the conversation, /exit quits.';

/**
 * Runs a chat on `input`/`output` until `/exit` or end of input. A failing turn prints its error
 * and the session goes on. Resolves with the number of questions answered.
 */
export async function runChatSession(options: ChatSessionOptions): Promise<{ turns: number }> {
  const { engine, output } = options;
  const maxHistory = options.maxHistory ?? 20;
  const terminal = (options.input as { isTTY?: boolean }).isTTY === true;
  const [{ askWithHistory }, { formatSources, printableText }] = await Promise.all([
    import('../../answer/ask-with-history.js'),
    import('./format.js'),
  ]);
  const rl = createInterface({ input: options.input, output, terminal });
  const write = (text: string) => output.write(text);
  let history: ConversationTurn[] = [];
  let turns = 0;
  write(`${help}\n`);
  rl.on('SIGINT', () => rl.close());
  rl.setPrompt(options.prompt ?? '> ');
  rl.prompt();
  try {
    for await (const line of rl) {
      const message = line.trim();
      if (message === '/exit' || message === '/quit') break;
      if (message === '/reset') {
        history = [];
        write('(conversation reset)\n');
      } else if (message === '/help') {
        write(`${help}\n`);
      } else if (message) {
        try {
          const answer = await askWithHistory(engine, message, {
            ...options.search,
            history,
            onRewrite: (standalone) => write(`(searching for: ${printableText(standalone)})\n`),
            onToken: (delta) => write(printableText(delta)),
          });
          write('\n');
          const sources = formatSources(answer);
          if (sources) write(`${sources.trimStart()}\n`);
          if (answer.invalidCitations.length > 0) {
            const removed = answer.invalidCitations.map((n) => `[${n}]`).join(' ');
            write(`(removed citations to missing sources: ${removed})\n`);
          }
          history.push({ role: 'user', content: message }, { role: 'assistant', content: answer.text });
          history = history.slice(-maxHistory);
          turns++;
        } catch (error) {
          if (!isCairnError(error)) throw error;
          write(`error: ${error.message}\n`);
        }
      }
      rl.prompt();
    }
  } finally {
    rl.close();
  }
  return { turns };
}

interface ChatOptions extends GlobalOptions {
  mode?: string;
  topK?: number;
}

const modes: readonly string[] = ['lexical', 'dense', 'hybrid'] satisfies SearchMode[];

function checkMode(mode: string | undefined): SearchMode | undefined {
  if (mode !== undefined && !modes.includes(mode)) {
    throw new InvalidArgumentError('--mode', `must be one of ${modes.join(', ')}, got "${mode}"`);
  }
  return mode as SearchMode | undefined;
}

/** Registers `chat`. */
export function registerChatCommand(program: Command): void {
  const command = program
    .command('chat')
    .description(
      'chat about a collection: follow-ups are rewritten using the conversation, answers cite sources',
    )
    .option('--mode <mode>', 'lexical | dense | hybrid')
    .option('-k, --top-k <n>', 'hits to consider per question', positiveInt('--top-k'), DEFAULT_ASK_TOP_K);
  withScopeOptions(command);
  withEmbedderOptions(command);
  withChatOption(command);
  withCacheOption(command);
  withExamples(command, [
    ['cairn chat', 'extractive answers; type /reset to forget, /exit to quit'],
    ['cairn chat --chat anthropic:claude-sonnet-4-5', 'generated answers (ANTHROPIC_API_KEY)'],
  ]);
  command.action(async (options: ChatOptions) => {
    const mode = checkMode(options.mode);
    const engine = await engineFromOptions(options);
    try {
      await runChatSession({
        engine,
        input: process.stdin,
        output: process.stdout,
        search: { mode, topK: options.topK },
      });
    } finally {
      await engine.close();
    }
  });
}

/**
 * The CLI's option groups — each command adds only the groups it uses — their parsers, and the
 * engine or store the options describe (opened through the engine's composition root, loaded on
 * first use so that `--help` loads nothing of the engine).
 * @module
 */
import { existsSync } from 'node:fs';
import { type Command, InvalidArgumentError as CommanderArgumentError } from 'commander';
import type { Store } from '../../core/ports.js';
import type { Engine } from '../../engine/engine.js';
import { type SettingNames, settingValue } from '../../engine/settings.js';
import { DEFAULT_DB_PATH, sqliteFileOf } from '../../engine/store-schemes.js';

/** Options as parsed by commander; each command has the groups it added. */
export interface GlobalOptions {
  db?: string;
  collection?: string;
  namespace?: string;
  embedder?: string;
  embeddingDimension?: string;
  chat?: string;
  chunkSize?: string;
  chunkOverlap?: string;
  contextualize?: string;
  transcriber?: string;
  /** `--vision`: a vision chat model that reads page images instead of OCR. */
  vision?: string;
  /** `--transcriber-language`: spoken language of audio sources. */
  transcriberLanguage?: string;
  /** `false` with `--no-cache`. */
  cache?: boolean;
  /** `--models-dir`: folder of local ONNX models (no downloads). */
  modelsDir?: string;
  /** `--rerank`: a reranker spec, e.g. `cohere:rerank-v3.5`. */
  rerank?: string;
  /** `--rerank-candidates`: pool handed to the reranker. */
  rerankCandidates?: number;
  /** `--rrf-k`: RRF rank constant. */
  rrfK?: number;
  /** `--rrf-weights`: RRF weights `[dense, lexical]`. */
  rrfWeights?: [number, number];
  /** `--prf`: RM3 pseudo-relevance feedback on the lexical ranking. */
  prf?: boolean;
  /** `false` with `--no-demote-copies`: boilerplate may lead the ranking. */
  demoteCopies?: boolean;
  /** `--trace`: print the span tree to standard error. */
  trace?: boolean;
}

/** The CLI's flag for each engine setting, so the engine's messages name flags. */
export const CLI_SETTING_NAMES: SettingNames = {
  store: '--db',
  embedder: '--embedder',
  embeddingDimension: '--embedding-dimension',
  reranker: '--rerank',
  chatModel: '--chat',
  transcriber: '--transcriber',
  transcriberLanguage: '--transcriber-language',
  vision: '--vision',
  contextualize: '--contextualize',
  modelsDir: '--models-dir',
};

/** The store location the options name: `--db`, else `CAIRN_DB`, else `.cairn/cairn.db`. */
export function storeLocation(options: GlobalOptions): string {
  return String(settingValue({ store: options.db }, 'store') ?? DEFAULT_DB_PATH);
}

/** True when `location` is a SQLite file that does not exist yet (`:memory:` aside). */
export function isMissingDatabase(location: string): boolean {
  const file = sqliteFileOf(location);
  return file !== undefined && file !== ':memory:' && !existsSync(file);
}

/** Adds `--db`. */
export function withStoreOption(command: Command): Command {
  return command.option(
    '--db <location>',
    `database: a SQLite file, sqlite:PATH, memory:, pglite:DIR or postgres://… (env CAIRN_DB; default ${DEFAULT_DB_PATH})`,
  );
}

/** Adds `--db`, `--collection` and `--namespace`. */
export function withScopeOptions(command: Command): Command {
  return withStoreOption(command)
    .option('-c, --collection <name>', 'collection', 'default')
    .option('-n, --namespace <name>', 'tenant namespace', 'default');
}

/** Adds the embedder options: `--embedder`, `--embedding-dimension`, `--models-dir`. */
export function withEmbedderOptions(command: Command): Command {
  return command
    .option(
      '--embedder <provider:model>',
      'embedding model: openai:MODEL | cohere:MODEL | voyage:MODEL | local[:MODEL] (env CAIRN_EMBEDDER)',
    )
    .option('--embedding-dimension <n>', 'embedding dimension (env CAIRN_EMBEDDING_DIMENSION)')
    .option(
      '--models-dir <dir>',
      'folder of local ONNX models, e.g. <dir>/Xenova/bge-small-en-v1.5/; nothing is downloaded (env CAIRN_MODELS_DIR; without it, downloads are cached in CAIRN_MODELS_CACHE, default ~/.cache/cairn/models)',
    );
}

/** Adds `--chat`. */
export function withChatOption(command: Command, purpose = 'chat model for answers'): Command {
  return command.option(
    '--chat <provider:model>',
    `${purpose}, e.g. openai:gpt-4o-mini or anthropic:MODEL (env CAIRN_CHAT_MODEL)`,
  );
}

/** Adds the options that decide how sources are read: `--transcriber`, `--transcriber-language`, `--vision`. */
export function withParseOptions(command: Command): Command {
  return command
    .option(
      '--transcriber <provider:model>',
      'speech-to-text for audio: openai:MODEL (e.g. openai:whisper-1) | local[:MODEL] (Whisper on the CPU, default onnx-community/whisper-base) (env CAIRN_TRANSCRIBER)',
    )
    .option(
      '--transcriber-language <code>',
      'spoken language of audio, e.g. en or de (env CAIRN_TRANSCRIBER_LANGUAGE; local default en)',
    )
    .option(
      '--vision <provider:model>',
      'read scanned pages and images with a vision chat model instead of OCR: openai:MODEL | anthropic:MODEL, e.g. openai:gpt-4o-mini (env CAIRN_VISION_MODEL)',
    );
}

/** Adds `--no-cache`. */
export function withCacheOption(command: Command): Command {
  return command.option(
    '--no-cache',
    'do not use the parse and embedding cache (cache.db beside the database)',
  );
}

/** Adds `--chunk-size`, `--chunk-overlap` and `--contextualize`. */
export function withChunkingOptions(command: Command): Command {
  return command
    .option('--chunk-size <tokens>', 'chunk budget in tokens (default 512)')
    .option('--chunk-overlap <tokens>', 'overlap between chunks in tokens (default 64)')
    .option(
      '--contextualize <kind>',
      'add context to chunks before embedding: structural | llm (needs --chat)',
    );
}

/**
 * Adds the retrieval options of `search`, `ask` and `eval`: reranking (`--rerank`,
 * `--rerank-candidates`) and fusion (`--rrf-k`, `--rrf-weights`).
 */
export function withRetrievalOptions(command: Command): Command {
  return command
    .option(
      '--rerank <provider[:model]>',
      'rerank candidates: cohere[:rerank-v3.5] | voyage[:rerank-2] | local[:MODEL] | none (env CAIRN_RERANKER)',
    )
    .option(
      '--rerank-candidates <n>',
      'candidates handed to the reranker (default 50)',
      positiveInt('--rerank-candidates'),
    )
    .option(
      '--rrf-k <k>',
      'reciprocal rank fusion constant for hybrid mode (default 60)',
      nonNegative('--rrf-k'),
    )
    .option(
      '--rrf-weights <dense,lexical>',
      'reciprocal rank fusion weights for hybrid mode, e.g. 0.5,1 (default 1,1)',
      rrfWeights,
    )
    .option(
      '--prf',
      'expand the lexical query with RM3 pseudo-relevance feedback (terms of the 10 best hits; off by default)',
    )
    .option(
      '--no-demote-copies',
      'let boilerplate (text copied across several documents among the candidates) lead the ranking',
    );
}

/** Adds `--trace`. */
export function withTraceOption(command: Command): Command {
  return command.option(
    '--trace',
    'print the OpenTelemetry span tree of the command (stages, milliseconds, status) to standard error; needs @opentelemetry/sdk-trace-base and @opentelemetry/context-async-hooks',
  );
}

/**
 * Runs `command`, traced when `enabled` (`--trace`): the OpenTelemetry SDK is loaded and
 * registered first (see `cli-trace.ts`; nothing of it loads otherwise) and the span tree is
 * written to standard error after the command, whether it succeeded or threw.
 * @throws {MissingDependencyError} when `enabled` and an SDK package is not installed.
 */
export async function tracedCommand<T>(enabled: boolean | undefined, command: () => Promise<T>): Promise<T> {
  if (!enabled) return command();
  const { startCliTrace } = await import('./cli-trace.js');
  const recorder = await startCliTrace();
  try {
    return await command();
  } finally {
    process.stderr.write(`
trace:
${await recorder.finish()}
`);
  }
}

/** Adds examples under a command's help: one `cairn …` line each, with what it does. */
export function withExamples(command: Command, examples: Array<[string, string]>): Command {
  const width = Math.max(...examples.map(([line]) => line.length));
  const lines = examples.map(([line, what]) => `  $ ${line.padEnd(width)}  # ${what}`);
  return command.addHelpText('after', `\nExamples:\n${lines.join('\n')}\n`);
}

/**
 * The search options `--rerank-candidates`, `--rrf-k`, `--rrf-weights`, `--prf` and
 * `--no-demote-copies` set.
 */
export function retrievalOptions(options: GlobalOptions): {
  rerankCandidates?: number;
  rrfK?: number;
  rrfWeights?: [number, number];
  pseudoRelevanceFeedback?: boolean;
  demoteCopies?: false;
} {
  return {
    rerankCandidates: options.rerankCandidates,
    rrfK: options.rrfK,
    rrfWeights: options.rrfWeights,
    ...(options.prf ? { pseudoRelevanceFeedback: true } : {}),
    ...(options.demoteCopies === false ? { demoteCopies: false as const } : {}),
  };
}

/**
 * Opens the engine the options describe (see `open-cli-engine.ts`, loaded on first use).
 * Commands that only read pass `create: false`: a SQLite file that does not exist is then an
 * error rather than a new database.
 * @throws {ConfigError} when the database does not exist (and `create` is false) or cannot be opened.
 */
export async function engineFromOptions(
  options: GlobalOptions,
  quiet = false,
  settings: import('./open-cli-engine.js').CliEngineSettings = {},
): Promise<Engine> {
  const { openCliEngine } = await import('./open-cli-engine.js');
  return openCliEngine(options, quiet, settings);
}

/**
 * Opens the store `--db` names, for commands that need no models.
 * @throws {ConfigError} when the database does not exist (and `create` is false) or cannot be opened.
 */
export async function storeFromOptions(options: GlobalOptions, { create = false } = {}): Promise<Store> {
  const { openStore } = await import('../../engine/store-schemes.js');
  return openStore(storeLocation(options), { create, settingName: CLI_SETTING_NAMES.store });
}

/** Parses a positive integer option or throws a message naming it. */
export function positiveInt(name: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n <= 0) {
      throw new CommanderArgumentError(`${name} must be a positive integer, got "${value}"`);
    }
    return n;
  };
}

/** Parses a non-negative integer option (0 allowed) or throws a message naming it. */
export function nonNegativeInt(name: string) {
  return (value: string): number => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isInteger(n) || n < 0) {
      throw new CommanderArgumentError(`${name} must be an integer ≥ 0, got "${value}"`);
    }
    return n;
  };
}

/** Parses a finite, non-negative number option or throws a message naming it. */
export function nonNegative(name: string) {
  return (value: string): number => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n < 0) {
      throw new CommanderArgumentError(`${name} must be a number ≥ 0, got "${value}"`);
    }
    return n;
  };
}

/**
 * Parses `--rrf-weights dense,lexical`: two finite, non-negative numbers, not both zero.
 * @throws commander's InvalidArgumentError (exit 2) naming the option otherwise.
 */
export function rrfWeights(value: string): [number, number] {
  const parts = value.split(',').map((p) => p.trim());
  const numbers = parts.map(Number);
  if (
    parts.length !== 2 ||
    parts.some((p) => p === '') ||
    numbers.some((n) => !Number.isFinite(n) || n < 0) ||
    (numbers[0] === 0 && numbers[1] === 0)
  ) {
    throw new CommanderArgumentError(
      `--rrf-weights must be two numbers ≥ 0, not both 0, as dense,lexical (e.g. 0.5,1); got "${value}"`,
    );
  }
  return [numbers[0]!, numbers[1]!];
}

/**
 * Parses a JSON object option (`--filter`, `--metadata`).
 * @throws commander's InvalidArgumentError (exit 2) naming the option when it is not a JSON object.
 */
export function jsonObject(name: string) {
  return (value: string): Record<string, never> => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch (error) {
      throw new CommanderArgumentError(`${name} must be a JSON object: ${(error as Error).message}`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new CommanderArgumentError(`${name} must be a JSON object, e.g. '{"lang":"en"}'`);
    }
    return parsed as Record<string, never>;
  };
}

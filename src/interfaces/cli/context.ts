/**
 * Options every command shares (`--db`, `--collection`, `--namespace`, model flags) and the
 * engine they configure.
 * @module
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Command, InvalidArgumentError as CommanderArgumentError } from 'commander';
import { openSqliteCache } from '../../cache/sqlite-cache.js';
import { ConfigError } from '../../core/errors.js';
import type { Cache } from '../../core/ports.js';
import { createEngine, type Engine } from '../../engine/engine.js';
import { DEFAULT_DB_PATH } from '../../engine/open-store.js';
import type { ParseSourceOptions } from '../../ingest/route.js';
import { TransformersTranscriber } from '../../providers/transformers/transformers-transcriber.js';
import {
  chatModelFromSpec,
  contextualizerFromOption,
  downloadProgressWriter,
  embedderFromSpec,
  type LocalModelSettings,
  rerankerFromSpec,
  transcriberFromSpec,
  visionFromSpec,
} from './models.js';

/** Global options as parsed by commander. */
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
}

/**
 * Where the cache lives for a store location: `cache.db` beside a SQLite file, or
 * `.cairn/cache.db` for a server URL.
 */
export function cachePathFor(store: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(store)) return path.join('.cairn', 'cache.db');
  return path.join(path.dirname(store.replace(/^sqlite:/i, '')), 'cache.db');
}

/** Parser settings from `--transcriber` (audio) and `--vision` (page images); `undefined` when neither. */
function parseOptions(
  options: GlobalOptions,
  local: LocalModelSettings,
  ingesting: boolean,
): ParseSourceOptions | undefined {
  const transcriber = transcriberFromSpec(options.transcriber, options.transcriberLanguage, local);
  // A local model missing from --models-dir stops an ingest before its first file, not halfway.
  if (ingesting && transcriber instanceof TransformersTranscriber) transcriber.checkModelFiles();
  const vision = visionFromSpec(options.vision);
  if (!transcriber && !vision) return undefined;
  return { ...(transcriber ? { transcriber } : {}), ...(vision ? vision.parseOptions : {}) };
}

/** Adds the shared options to a command. */
export function withEngineOptions(command: Command): Command {
  return command
    .option('--db <path>', `database file (env CAIRN_DB; default ${DEFAULT_DB_PATH})`)
    .option('-c, --collection <name>', 'collection', 'default')
    .option('-n, --namespace <name>', 'tenant namespace', 'default')
    .option(
      '--embedder <provider:model>',
      'embedding model: openai:MODEL | cohere:MODEL | voyage:MODEL | local[:MODEL] (env CAIRN_EMBEDDER)',
    )
    .option(
      '--models-dir <dir>',
      'folder of local ONNX models, e.g. <dir>/Xenova/bge-small-en-v1.5/; nothing is downloaded (env CAIRN_MODELS_DIR; without it, downloads are cached in CAIRN_MODELS_CACHE, default ~/.cache/cairn/models)',
    )
    .option('--embedding-dimension <n>', 'embedding dimension (env CAIRN_EMBEDDING_DIMENSION)')
    .option(
      '--chat <provider:model>',
      'chat model for answers, e.g. openai:gpt-4o-mini or anthropic:MODEL (env CAIRN_CHAT_MODEL)',
    )
    .option(
      '--transcriber <provider:model>',
      'speech-to-text for audio: openai:MODEL (e.g. openai:whisper-1) | local[:MODEL] (Whisper on the CPU, default onnx-community/whisper-base) (env CAIRN_TRANSCRIBER)',
    )
    .option(
      '--vision <provider:model>',
      'read scanned pages and images with a vision chat model instead of OCR: openai:MODEL | anthropic:MODEL, e.g. openai:gpt-4o-mini (env CAIRN_VISION_MODEL)',
    )
    .option(
      '--transcriber-language <code>',
      'spoken language of audio, e.g. en or de (env CAIRN_TRANSCRIBER_LANGUAGE; local default en)',
    )
    .option('--no-cache', 'do not use the parse and embedding cache (cache.db beside the database)');
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
    );
}

/** The search options `--rerank-candidates`, `--rrf-k` and `--rrf-weights` set. */
export function retrievalOptions(options: GlobalOptions): {
  rerankCandidates?: number;
  rrfK?: number;
  rrfWeights?: [number, number];
} {
  return { rerankCandidates: options.rerankCandidates, rrfK: options.rrfK, rrfWeights: options.rrfWeights };
}

/**
 * The files cairn itself writes for these options: the SQLite database and cache with their
 * journal, WAL and shared-memory files. Ingest never reads them as documents, even when they sit
 * inside the folder being ingested.
 */
export function ownFiles(options: GlobalOptions): string[] {
  const store = options.db ?? process.env.CAIRN_DB ?? DEFAULT_DB_PATH;
  const bases = [cachePathFor(store), ...(isSqliteFile(store) ? [sqliteFile(store)] : [])];
  return bases.flatMap((file) => ['', '-wal', '-shm', '-journal'].map((suffix) => `${file}${suffix}`));
}

/** True when `store` names a SQLite file (not a server URL, `pglite:` or `memory:`). */
function isSqliteFile(store: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(store) || /^sqlite:/i.test(store);
}

/**
 * Opens the cache beside the store, or runs without one (with a note) when it cannot be opened,
 * e.g. in a read-only folder.
 */
function openCacheFor(store: string, quiet: boolean): Cache | undefined {
  const file = cachePathFor(store);
  try {
    return openSqliteCache(file);
  } catch (error) {
    if (!quiet)
      process.stderr.write(
        `note: running without a cache: cannot open ${file}: ${(error as Error).message}\n`,
      );
    return undefined;
  }
}

/**
 * Opens the engine the options describe. Notices go to stderr. Commands that only read pass
 * `create: false`: a SQLite file that does not exist is then an error rather than a new database.
 * @throws {ConfigError} when the database does not exist (and `create` is false) or cannot be opened.
 */
export async function engineFromOptions(
  options: GlobalOptions,
  quiet = false,
  { create = false }: { create?: boolean } = {},
): Promise<Engine> {
  // Model settings are checked first, so a bad flag is reported whatever the database.
  const chatModel = chatModelFromSpec(options.chat);
  const local = {
    modelsDir: options.modelsDir,
    onProgress: quiet ? undefined : downloadProgressWriter((text) => process.stderr.write(text)),
  };
  const embedder = embedderFromSpec(options.embedder, options.embeddingDimension, local);
  const reranker = rerankerFromSpec(options.rerank, local);
  const contextualizer = contextualizerFromOption(options.contextualize, chatModel);
  const parse = parseOptions(options, local, create);
  const store = options.db ?? process.env.CAIRN_DB ?? DEFAULT_DB_PATH;
  if (!create && isMissingDatabase(store)) {
    const file = sqliteFile(store);
    throw new ConfigError(`no database at ${file}; ingest documents first (cairn ingest PATH --db ${file})`);
  }
  return createEngine({
    cache: options.cache === false ? undefined : openCacheFor(store, quiet),
    contextualizer,
    store,
    embedder,
    chatModel,
    reranker,
    parse,
    collection: options.collection,
    namespace: options.namespace,
    chunkSize: options.chunkSize === undefined ? undefined : Number(options.chunkSize),
    chunkOverlap: options.chunkOverlap === undefined ? undefined : Number(options.chunkOverlap),
    onNotice: quiet ? undefined : (message) => process.stderr.write(`note: ${message}\n`),
  });
}

/** The file path of a SQLite store location (`sqlite:` prefix removed). */
export function sqliteFile(store: string): string {
  return store.replace(/^sqlite:(\/\/)?/i, '');
}

/** True when the store location is a SQLite file that does not exist yet (`:memory:` aside). */
export function isMissingDatabase(store: string): boolean {
  return isSqliteFile(store) && sqliteFile(store) !== ':memory:' && !existsSync(sqliteFile(store));
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

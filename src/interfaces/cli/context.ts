/**
 * Options every command shares (`--db`, `--collection`, `--namespace`, model flags) and the
 * engine they configure.
 * @module
 */
import path from 'node:path';
import { type Command, InvalidArgumentError as CommanderArgumentError } from 'commander';
import { openSqliteCache } from '../../cache/sqlite-cache.js';
import { createEngine, type Engine } from '../../engine/engine.js';
import { DEFAULT_DB_PATH } from '../../engine/open-store.js';
import {
  chatModelFromSpec,
  contextualizerFromOption,
  embedderFromSpec,
  transcriberFromSpec,
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
  /** `false` with `--no-cache`. */
  cache?: boolean;
}

/**
 * Where the cache lives for a store location: `cache.db` beside a SQLite file, or
 * `.cairn/cache.db` for a server URL.
 */
export function cachePathFor(store: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(store)) return path.join('.cairn', 'cache.db');
  return path.join(path.dirname(store.replace(/^sqlite:/i, '')), 'cache.db');
}

function transcriberOption(spec: string | undefined) {
  const transcriber = transcriberFromSpec(spec);
  return transcriber ? { transcriber } : undefined;
}

/** Adds the shared options to a command. */
export function withEngineOptions(command: Command): Command {
  return command
    .option('--db <path>', `database file (env CAIRN_DB; default ${DEFAULT_DB_PATH})`)
    .option('-c, --collection <name>', 'collection', 'default')
    .option('-n, --namespace <name>', 'tenant namespace', 'default')
    .option(
      '--embedder <provider:model>',
      'embedding model, e.g. openai:text-embedding-3-small (env CAIRN_EMBEDDER)',
    )
    .option('--embedding-dimension <n>', 'embedding dimension (env CAIRN_EMBEDDING_DIMENSION)')
    .option(
      '--chat <provider:model>',
      'chat model for answers, e.g. openai:gpt-4o-mini (env CAIRN_CHAT_MODEL)',
    );
}

/** Opens the engine the options describe. Notices go to stderr. */
export function engineFromOptions(options: GlobalOptions, quiet = false): Promise<Engine> {
  const chatModel = chatModelFromSpec(options.chat);
  const store = options.db ?? process.env.CAIRN_DB ?? DEFAULT_DB_PATH;
  return createEngine({
    cache: options.cache === false ? undefined : openSqliteCache(cachePathFor(store)),
    contextualizer: contextualizerFromOption(options.contextualize, chatModel),
    store,
    embedder: embedderFromSpec(options.embedder, options.embeddingDimension),
    chatModel,
    parse: transcriberOption(options.transcriber),
    collection: options.collection,
    namespace: options.namespace,
    chunkSize: options.chunkSize === undefined ? undefined : Number(options.chunkSize),
    chunkOverlap: options.chunkOverlap === undefined ? undefined : Number(options.chunkOverlap),
    onNotice: quiet ? undefined : (message) => process.stderr.write(`note: ${message}\n`),
  });
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

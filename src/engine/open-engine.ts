/**
 * The composition root: {@link openEngine} turns settings — a store location, `provider:model`
 * specs, environment variables — into adapters and an {@link Engine} that owns them. The CLI and
 * the MCP server start here, and so should any other interface.
 * @module
 */
import path from 'node:path';
import { LazySqliteCache } from '../cache/lazy-sqlite-cache.js';
import { type Closeable, createEngine, type Engine } from './engine.js';
import {
  resolveChatModel,
  resolveContextualizer,
  resolveEmbedder,
  resolveReranker,
  resolveTranscriber,
  resolveVision,
  type SpecOptions,
} from './model-specs.js';
import { checkAdapters } from './readiness.js';
import { type EngineSettings, settingNamer, settingValue } from './settings.js';
import { DEFAULT_DB_PATH, openStore, sqliteFileOf } from './store-schemes.js';

/**
 * Where the cache lives for a store location: `cache.db` beside a SQLite file, or
 * `.cairn/cache.db` for any other store.
 */
export function cachePathFor(location: string): string {
  const file = sqliteFileOf(location);
  return file === undefined || file === ':memory:'
    ? path.join('.cairn', 'cache.db')
    : path.join(path.dirname(file), 'cache.db');
}

/**
 * The files cairn writes for a store location and cache: the SQLite database and the cache with
 * their journal, WAL and shared-memory files.
 */
export function ownFilesFor(location: string, cacheFile: string | undefined): string[] {
  const file = sqliteFileOf(location);
  const bases = [...(cacheFile ? [cacheFile] : []), ...(file && file !== ':memory:' ? [file] : [])];
  return bases.flatMap((base) => ['', '-wal', '-shm', '-journal'].map((suffix) => `${base}${suffix}`));
}

function text(value: string | number | undefined): string | undefined {
  return value === undefined ? undefined : String(value);
}

function cacheFileFor(settings: EngineSettings, location: string): string {
  return typeof settings.cache === 'string' ? settings.cache : cachePathFor(location);
}

/**
 * The cache the settings ask for, opened on first use (a command that never reads it creates no
 * file), or none. When the file cannot be opened (e.g. in a read-only folder) the work goes on
 * without a cache, with a notice: a cache speeds work up, and its absence must not stop it.
 */
function openCache(settings: EngineSettings, location: string): LazySqliteCache | undefined {
  if (settings.cache === false) return undefined;
  const file = cacheFileFor(settings, location);
  return new LazySqliteCache(file, (error) =>
    settings.onNotice?.(`running without a cache: cannot open ${file}: ${(error as Error).message}`),
  );
}

/**
 * Opens an engine from settings: each model spec unset in `settings` falls back to its
 * environment variable (see {@link EngineSettings}); the store is opened through its scheme
 * (`openStore`); the cache beside it. Model settings are checked before the store is opened, so a
 * bad spec is reported whatever the database. `Engine.close()` releases everything opened here.
 * @throws {ConfigError} for a malformed or unknown spec, naming the setting as
 * `settings.settingNames` does; for a store that cannot be opened, or a SQLite file that does not
 * exist when `create` is false.
 * @throws {MissingDependencyError} when the store's driver (an optional peer) is not installed.
 */
export async function openEngine(settings: EngineSettings = {}): Promise<Engine> {
  const name = settingNamer(settings.settingNames);
  const value = (setting: Parameters<typeof settingValue>[1]) => text(settingValue(settings, setting));
  const options: SpecOptions = {
    name,
    local: {
      modelsDir: value('modelsDir'),
      ...(settings.onDownloadProgress ? { onProgress: settings.onDownloadProgress } : {}),
    },
  };
  const chatModel = await resolveChatModel(value('chatModel'), options);
  const embedder = await resolveEmbedder(
    value('embedder'),
    settingValue(settings, 'embeddingDimension'),
    options,
  );
  const reranker = await resolveReranker(value('reranker'), options);
  const contextualizer = await resolveContextualizer(settings.contextualize, chatModel, options);
  const transcriber = await resolveTranscriber(value('transcriber'), value('transcriberLanguage'), options);
  const vision = await resolveVision(value('vision'), options);
  if (settings.readyFor) {
    checkAdapters(settings.readyFor, { embedder, reranker, chatModel, transcriber, vision, contextualizer });
  }

  const location = value('store') ?? DEFAULT_DB_PATH;
  const store = await openStore(location, { create: settings.create ?? true, settingName: name('store') });
  try {
    const cache = openCache(settings, location);
    const owned = [cache, embedder, reranker, chatModel, transcriber].filter(
      (resource): resource is NonNullable<typeof resource> & Closeable =>
        typeof (resource as Partial<Closeable> | undefined)?.close === 'function',
    );
    return await createEngine({
      store,
      ...(cache ? { cache } : {}),
      embedder,
      reranker,
      chatModel,
      contextualizer,
      vision,
      parse: transcriber ? { transcriber } : undefined,
      ownFiles: ownFilesFor(location, cacheFileFor(settings, location)),
      owned,
      collection: settings.collection,
      namespace: settings.namespace,
      chunkSize: settings.chunkSize,
      chunkOverlap: settings.chunkOverlap,
      pageBounds: settings.pageBounds,
      largeTables: settings.largeTables,
      onNotice: settings.onNotice,
    });
  } catch (error) {
    await store.close();
    throw error;
  }
}

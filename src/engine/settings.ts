/**
 * Engine settings as strings — a store location, `provider:model` specs — with the environment
 * variables each falls back to. {@link openEngine} turns them into adapters; the CLI, the MCP
 * server and an HTTP server all start from them.
 * @module
 */
import type { ModelDownloadProgress } from '../providers/transformers/local-models.js';

/** Settings {@link openEngine} reads. Each unset one falls back to its environment variable. */
export interface EngineSettings {
  /** Store location (see `openStore`); env `CAIRN_DB`; default `.cairn/cairn.db`. */
  store?: string;
  /**
   * Whether a SQLite database that does not exist yet may be created. Default `true`; read-only
   * callers pass `false`, so a mistyped path is an error rather than a new empty file.
   */
  create?: boolean;
  /**
   * The parse and embedding cache: `true` (default) for `cache.db` beside a SQLite file (or
   * `.cairn/cache.db` for a server store), a file path, or `false` for none.
   */
  cache?: boolean | string;
  /** Embedder spec, e.g. `openai:text-embedding-3-small` or `local[:MODEL]`; env `CAIRN_EMBEDDER`. */
  embedder?: string;
  /** Dimension of an embedding model cairn does not know; env `CAIRN_EMBEDDING_DIMENSION`. */
  embeddingDimension?: string | number;
  /** Reranker spec: `cohere[:MODEL]`, `voyage[:MODEL]`, `local[:MODEL]`; env `CAIRN_RERANKER`. */
  reranker?: string;
  /** Chat model spec: `openai:MODEL` or `anthropic:MODEL`; env `CAIRN_CHAT_MODEL`. */
  chatModel?: string;
  /** Speech-to-text spec: `openai:MODEL` or `local[:MODEL]`; env `CAIRN_TRANSCRIBER`. */
  transcriber?: string;
  /** Spoken language of audio, e.g. `de`; env `CAIRN_TRANSCRIBER_LANGUAGE`. */
  transcriberLanguage?: string;
  /** Vision chat model spec that reads page images instead of OCR; env `CAIRN_VISION_MODEL`. */
  vision?: string;
  /** `structural`, `llm` (needs a chat model) or `none` (default). */
  contextualize?: string;
  /** Folder of local ONNX models (`<org>/<name>/`), read with no downloads; env `CAIRN_MODELS_DIR`. */
  modelsDir?: string;
  /** Receives download progress of local models (first use only). */
  onDownloadProgress?: (progress: ModelDownloadProgress) => void;
  /** Default collection; default `default`. */
  collection?: string;
  /** Default namespace; default `default`. */
  namespace?: string;
  /** Chunk budget in tokens; default 512. */
  chunkSize?: number;
  /** Chunk overlap in tokens; default 64. */
  chunkOverlap?: number;
  /** `'page'` (default): no chunk spans a page boundary; `'document'`: chunks pack across pages. */
  pageBounds?: 'page' | 'document';
  /** A table over the chunk budget: cut between rows (`'rows'`, default) or kept whole. */
  largeTables?: 'rows' | 'whole';
  /**
   * Work the engine is opened for: its adapters are checked (API keys set, local model files
   * present; nothing is sent) before the store is opened, so a configuration that cannot work
   * creates no database. Default: no check here (`ingestPaths` still checks before its first file).
   */
  readyFor?: 'ingest' | 'search' | 'ask';
  /** Receives notices (no embedder configured, running without a cache, …). */
  onNotice?: (message: string) => void;
  /** Environment the fallbacks are read from; default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /**
   * How messages name each setting; default the setting's own name (`embedder`,
   * `embeddingDimension`, …). The CLI passes its flags (`--embedder`, `--embedding-dimension`).
   */
  settingNames?: SettingNames;
}

/** A setting that can be wrong, as named in error messages. */
export type SettingName =
  | 'store'
  | 'embedder'
  | 'embeddingDimension'
  | 'reranker'
  | 'chatModel'
  | 'transcriber'
  | 'transcriberLanguage'
  | 'vision'
  | 'contextualize'
  | 'modelsDir';

/** Display names of settings, for messages. */
export type SettingNames = Partial<Record<SettingName, string>>;

/** The environment variable each setting falls back to. */
export const SETTING_ENV: Readonly<Partial<Record<SettingName, string>>> = Object.freeze({
  store: 'CAIRN_DB',
  embedder: 'CAIRN_EMBEDDER',
  embeddingDimension: 'CAIRN_EMBEDDING_DIMENSION',
  reranker: 'CAIRN_RERANKER',
  chatModel: 'CAIRN_CHAT_MODEL',
  transcriber: 'CAIRN_TRANSCRIBER',
  transcriberLanguage: 'CAIRN_TRANSCRIBER_LANGUAGE',
  vision: 'CAIRN_VISION_MODEL',
  modelsDir: 'CAIRN_MODELS_DIR',
});

/** A function naming settings for messages: the caller's name, else the setting's own. */
export type NameSetting = (setting: SettingName) => string;

/** The naming function of `names`. */
export function settingNamer(names: SettingNames = {}): NameSetting {
  return (setting) => names[setting] ?? setting;
}

/**
 * The value of `setting`: the one given, else its environment variable (an empty variable
 * counts as unset), else `undefined`.
 */
export function settingValue(settings: EngineSettings, setting: SettingName): string | number | undefined {
  const given = settings[setting as keyof EngineSettings] as string | number | undefined;
  if (given !== undefined) return given;
  const variable = SETTING_ENV[setting];
  const fromEnv = variable === undefined ? undefined : (settings.env ?? process.env)[variable];
  return fromEnv === '' ? undefined : fromEnv;
}

/**
 * The engine a CLI command's options describe, opened through the engine's composition root
 * (`openEngine`) with the CLI's flag names in messages. Notices and download progress go to
 * standard error unless the command is quiet (`--json`).
 * @module
 */
import type { Engine } from '../../engine/engine.js';
import { openEngine } from '../../engine/open-engine.js';
import { CLI_SETTING_NAMES, type GlobalOptions } from './context.js';
import { downloadProgressWriter } from './download-progress.js';

/** How a command opens its engine. */
export interface CliEngineSettings {
  /** Whether a missing database may be created (ingest); default false. */
  create?: boolean;
  cache?: boolean;
  readyFor?: 'ingest' | 'search' | 'ask';
  /**
   * Receives the engine's notices (`no embedder configured…`); default: written to standard error
   * as `note: …` lines. A command with a progress bar holds them until the bar is done.
   */
  onNotice?: (message: string) => void;
}

/** Opens the engine for `options`; see `engineFromOptions` in `context.ts`. */
export function openCliEngine(
  options: GlobalOptions,
  quiet: boolean,
  { create = false, cache = options.cache !== false, readyFor, onNotice }: CliEngineSettings = {},
): Promise<Engine> {
  const stderr = (text: string) => process.stderr.write(text);
  return openEngine({
    store: options.db,
    create,
    cache,
    readyFor,
    embedder: options.embedder,
    embeddingDimension: options.embeddingDimension,
    reranker: options.rerank,
    chatModel: options.chat,
    transcriber: options.transcriber,
    transcriberLanguage: options.transcriberLanguage,
    vision: options.vision,
    contextualize: options.contextualize,
    modelsDir: options.modelsDir,
    collection: options.collection,
    namespace: options.namespace,
    chunkSize: options.chunkSize === undefined ? undefined : Number(options.chunkSize),
    chunkOverlap: options.chunkOverlap === undefined ? undefined : Number(options.chunkOverlap),
    settingNames: CLI_SETTING_NAMES,
    ...(quiet
      ? {}
      : {
          onDownloadProgress: downloadProgressWriter(stderr),
          onNotice: onNotice ?? ((message: string) => stderr(`note: ${message}\n`)),
        }),
  });
}

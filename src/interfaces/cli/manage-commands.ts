/**
 * `cairn collections`, `cairn documents`, `cairn delete` and `cairn doctor`.
 * @module
 */
import { homedir } from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { NotFoundError } from '../../core/errors.js';
import { DEFAULT_DB_PATH } from '../../engine/open-store.js';
import { TRANSFORMERS_PROVIDER } from '../../providers/transformers/local-models.js';
import { TransformersReranker } from '../../providers/transformers/transformers-reranker.js';
import { TransformersTranscriber } from '../../providers/transformers/transformers-transcriber.js';
import {
  engineFromOptions,
  type GlobalOptions,
  isMissingDatabase,
  positiveInt,
  withEngineOptions,
} from './context.js';
import { printable } from './format.js';
import { transcriberFromSpec, visionFromSpec } from './models.js';

interface JsonOption extends GlobalOptions {
  json?: boolean;
}

function print(json: boolean | undefined, value: unknown, text: string): void {
  process.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : `${text}\n`);
}

const noEmbedder =
  'no embedder configured (--embedder / CAIRN_EMBEDDER): search is lexical (BM25) only. ' +
  'That is the offline default: no embedding weights ship with cairn, and the one encoder whose ' +
  'weights ship in npm (Universal Sentence Encoder lite) scored nDCG@10 0.21 alone and 0.45 fused ' +
  'on SciFact, against 0.68-0.70 for BM25 alone';
const noReranker = 'no reranker configured (--rerank / CAIRN_RERANKER): hits keep their retrieval order';

/** Where local model weights come from. */
function weightsFrom(options: GlobalOptions): string {
  const dir = options.modelsDir ?? process.env.CAIRN_MODELS_DIR;
  if (dir) return `models folder ${dir} (no downloads)`;
  const cache = process.env.CAIRN_MODELS_CACHE ?? path.join(homedir(), '.cache', 'cairn', 'models');
  return `Hugging Face Hub, downloaded once into ${cache}`;
}

/** `{ error }` when the local model's files are missing from the models folder; else nothing. */
function modelFilesProblem(transcriber: TransformersTranscriber): { error?: string } {
  try {
    transcriber.checkModelFiles();
    return {};
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** Says whether a setting came from its flag or its environment variable. */
function configuredBy(flagValue: string | undefined, envVar: string, flag: string): string {
  return flagValue ? `set by ${flag}` : `set by ${envVar}=${process.env[envVar] ?? ''}`;
}

/** Registers the management commands. */
export function registerManageCommands(program: Command): void {
  const collections = program.command('collections').description('list, create or drop collections');
  withEngineOptions(collections.command('list', { isDefault: true }))
    .description('list collections with model, dimension, schema version and chunk count')
    .option('--json', 'print JSON')
    .action(async (options: JsonOption) => {
      const engine = await engineFromOptions(options, true);
      try {
        const list = await engine.store.listCollections();
        const text =
          list.length === 0
            ? 'No collections.'
            : list
                .map(
                  (c) =>
                    `${printable(c.name)}\t${printable(c.model ?? 'lexical-only')}\t${c.dimension ?? '-'}\tv${c.schemaVersion}\t${c.count} chunks`,
                )
                .join('\n');
        print(options.json, list, text);
      } finally {
        await engine.close();
      }
    });
  withEngineOptions(collections.command('create'))
    .description('create a collection pinned to an embedding model and dimension (none: lexical-only)')
    .argument('<name>', 'collection name (any characters)')
    .option('--model <id>', 'embedding model id recorded in the registry')
    .option('--dimension <n>', 'embedding dimension', positiveInt('--dimension'))
    .option('--json', 'print JSON')
    .action(async (name: string, options: JsonOption & { model?: string; dimension?: number }) => {
      const engine = await engineFromOptions(options, true, { create: true });
      try {
        const info = await engine.store.createCollection(name, {
          model: options.model,
          dimension: options.dimension,
        });
        print(
          options.json,
          info,
          `${printable(info.name)}\t${printable(info.model ?? 'lexical-only')}\t${info.dimension ?? '-'}\tv${info.schemaVersion}`,
        );
      } finally {
        await engine.close();
      }
    });
  withEngineOptions(collections.command('drop'))
    .description('drop a collection with all of its documents and chunks')
    .argument('<name>', 'collection name')
    .action(async (name: string, options: GlobalOptions) => {
      const engine = await engineFromOptions(options, true);
      try {
        if (!(await engine.store.dropCollection(name)))
          throw new NotFoundError(`collection "${printable(name)}" does not exist`);
        process.stdout.write(`dropped ${printable(name)}\n`);
      } finally {
        await engine.close();
      }
    });

  withEngineOptions(program.command('documents'))
    .description('list the documents of a collection')
    .option('--json', 'print JSON')
    .action(async (options: JsonOption) => {
      const engine = await engineFromOptions(options, true);
      try {
        const docs = await engine.listDocuments();
        const text =
          docs.length === 0
            ? 'No documents.'
            : docs
                .map(
                  (d) =>
                    `${printable(d.documentId)}\t${printable(d.mediaType)}\t${d.pageCount} pages\t${d.chunkCount} chunks`,
                )
                .join('\n');
        print(options.json, docs, text);
      } finally {
        await engine.close();
      }
    });

  withEngineOptions(program.command('delete'))
    .description('delete a document and all of its chunks')
    .argument('<documentId>', 'document id (path relative to the ingest root)')
    .action(async (documentId: string, options: GlobalOptions) => {
      const engine = await engineFromOptions(options, true);
      try {
        if (!(await engine.deleteDocument(documentId))) {
          throw new NotFoundError(
            `document "${printable(documentId)}" is not in collection "${printable(engine.collection)}"`,
          );
        }
        process.stdout.write(`deleted ${printable(documentId)}\n`);
      } finally {
        await engine.close();
      }
    });

  withEngineOptions(program.command('doctor'))
    .description('show which store, embedder, reranker, chat model and transcriber are active, and why')
    .option('--rerank <provider[:model]>', 'reranker to check (env CAIRN_RERANKER)')
    .option('--json', 'print JSON')
    .action(async (options: JsonOption) => {
      const location = options.db ?? process.env.CAIRN_DB ?? DEFAULT_DB_PATH;
      // Doctor explains the set-up even before anything is ingested, without creating files.
      const missing = isMissingDatabase(location);
      const engine = await engineFromOptions(
        missing ? { ...options, db: 'memory:', cache: false } : options,
        true,
      );
      try {
        const embedder = await engine.embedderFor(engine.collection).catch((e: Error) => e);
        const transcriber = transcriberFromSpec(options.transcriber, options.transcriberLanguage, {
          modelsDir: options.modelsDir,
        });
        const vision = visionFromSpec(options.vision);
        const stats = await engine.store.getStats();
        const report = {
          store: {
            backend: missing ? 'sqlite' : engine.store.backend,
            location,
            ...(missing ? { exists: false } : {}),
            ...stats,
          },
          embedder:
            embedder instanceof Error
              ? { error: embedder.message }
              : embedder
                ? {
                    provider: embedder.provider,
                    model: embedder.model,
                    dimension: embedder.dimension,
                    why: configuredBy(options.embedder, 'CAIRN_EMBEDDER', '--embedder'),
                    ...(embedder.provider === TRANSFORMERS_PROVIDER ? { weights: weightsFrom(options) } : {}),
                  }
                : options.embedder || process.env.CAIRN_EMBEDDER
                  ? {
                      none: `collection "${engine.collection}" is lexical-only, so the configured embedder is not used for it`,
                    }
                  : { none: noEmbedder },
          reranker: engine.reranker
            ? {
                model: engine.reranker.model,
                why: configuredBy(options.rerank, 'CAIRN_RERANKER', '--rerank'),
                ...(engine.reranker instanceof TransformersReranker ? { weights: weightsFrom(options) } : {}),
              }
            : { none: noReranker },
          chatModel: engine.chatModel
            ? { provider: engine.chatModel.provider, model: engine.chatModel.model }
            : { none: 'no chat model configured (--chat / CAIRN_CHAT_MODEL): answers are extractive' },
          transcriber: transcriber
            ? {
                provider: transcriber.provider,
                model: transcriber.model,
                why: configuredBy(options.transcriber, 'CAIRN_TRANSCRIBER', '--transcriber'),
                ...(transcriber instanceof TransformersTranscriber
                  ? { weights: weightsFrom(options), ...modelFilesProblem(transcriber) }
                  : {}),
              }
            : {
                none: 'no speech-to-text configured (--transcriber / CAIRN_TRANSCRIBER): audio files are skipped as unsupported',
              },
          pageImages: vision
            ? {
                vision: `${vision.provider}:${vision.model}`,
                why: configuredBy(options.vision, 'CAIRN_VISION_MODEL', '--vision'),
              }
            : { ocr: 'tesseract.js, English (no vision model configured: --vision / CAIRN_VISION_MODEL)' },
        };
        const text = Object.entries(report)
          .map(
            ([k, v]) =>
              `${k}: ${Object.entries(v)
                .map(([a, b]) => `${a}=${b}`)
                .join(', ')}`,
          )
          .join('\n');
        print(options.json, report, text);
      } finally {
        await engine.close();
      }
    });
}

/**
 * `cairn doctor`: which store and models are active and why, whether each model's key is set and
 * its server answers (one minimal request per remote model), without writing anything.
 * @module
 */
import { homedir } from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { optionEnvVar, type SettingSource, settingSource } from './config-file.js';
import {
  engineFromOptions,
  type GlobalOptions,
  isMissingDatabase,
  storeLocation,
  withChatOption,
  withEmbedderOptions,
  withExamples,
  withParseOptions,
  withScopeOptions,
} from './context.js';

interface DoctorOptions extends GlobalOptions {
  json?: boolean;
}

const noEmbedder =
  'no embedder configured (--embedder / CAIRN_EMBEDDER): search is lexical (BM25) only. ' +
  'That is the offline default: no embedding weights ship with cairn, and the one encoder whose ' +
  'weights ship in npm (Universal Sentence Encoder lite) scored nDCG@10 0.21 alone and 0.45 fused ' +
  'on SciFact, against 0.68-0.70 for BM25 alone';
const noReranker = 'no reranker configured (--rerank / CAIRN_RERANKER): hits keep their retrieval order';

/** Says whether a setting came from its flag or its environment variable. */
/** How one model setting was made: by its flag, its environment variable or the configuration file. */
function configuredBy(
  command: Command,
  attribute: string,
  envVar: string,
  flag: string,
  file: string | undefined,
) {
  const source = settingSource(command, attribute);
  if (source === 'flag') return `set by ${flag}`;
  if (source === 'config file') return `set by ${file ?? 'the configuration file'}`;
  return `set by ${envVar}=${process.env[envVar] ?? ''}`;
}

/** Every option of the command with its value and where the value came from. */
function settingsReport(command: Command): Record<string, { value: unknown; from: SettingSource }> {
  const report: Record<string, { value: unknown; from: SettingSource }> = {};
  for (const option of command.options) {
    const attribute = option.attributeName();
    if (attribute === 'json') continue;
    const value = command.getOptionValue(attribute);
    const variable = optionEnvVar(attribute);
    const from = settingSource(command, attribute);
    report[attribute] = { value: from === 'environment' && variable ? process.env[variable] : value, from };
  }
  return report;
}

/** Registers `doctor`. */
export function registerDoctorCommand(program: Command): void {
  const command = program
    .command('doctor')
    .description(
      'show which store, embedder, reranker, chat model and transcriber are active and why; check keys and reach each model server',
    )
    .option('--rerank <provider[:model]>', 'reranker to check (env CAIRN_RERANKER)')
    .option('--json', 'print JSON');
  withScopeOptions(command);
  withEmbedderOptions(command);
  withChatOption(command);
  withParseOptions(command);
  withExamples(command, [
    ['cairn doctor', 'the offline set-up: SQLite, BM25, extractive answers'],
    [
      'cairn doctor --embedder openai:text-embedding-3-small --chat openai:gpt-4o-mini',
      'checks the key and the server',
    ],
    ['cairn doctor --json', 'the same report as JSON'],
  ]);
  command.action(async (options: DoctorOptions, self: Command) => {
    const { loadConfigFile } = await import('./config-file.js');
    const configFile = (
      await loadConfigFile(
        (self.parent?.opts().config as string | undefined) ?? (process.env.CAIRN_CONFIG || undefined),
      )
    )?.file;
    const why = (attribute: string, envVar: string, flag: string) =>
      configuredBy(self, attribute, envVar, flag, configFile);
    const location = storeLocation(options);
    // Doctor explains the set-up even before anything is ingested, without creating files.
    const missing = isMissingDatabase(location);
    const [engine, { probe }, { TRANSFORMERS_PROVIDER }] = await Promise.all([
      engineFromOptions(missing ? { ...options, db: 'memory:' } : options, true, { cache: false }),
      import('../../engine/probe.js'),
      import('../../providers/transformers/local-models.js'),
    ]);
    try {
      const dir = options.modelsDir ?? process.env.CAIRN_MODELS_DIR;
      const cache = process.env.CAIRN_MODELS_CACHE ?? path.join(homedir(), '.cache', 'cairn', 'models');
      const weights = dir
        ? `models folder ${dir} (no downloads)`
        : `Hugging Face Hub, downloaded once into ${cache}`;
      const local = (provider: string | undefined) => (provider === TRANSFORMERS_PROVIDER ? { weights } : {});
      const outcome = (result: Awaited<ReturnType<typeof probe>>) =>
        result.ok
          ? result.reached
            ? { reached: true, milliseconds: result.milliseconds }
            : {}
          : { error: result.error };

      const { reranker, chatModel, transcriber, vision } = engine.adapters;
      const embedder = await engine.embedderFor(engine.collection).catch((e: Error) => e);
      const stats = await engine.store.getStats({ namespace: engine.namespace });
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
                  why: why('embedder', 'CAIRN_EMBEDDER', '--embedder'),
                  ...local(embedder.provider),
                  ...outcome(await probe({ kind: 'embedder', adapter: embedder })),
                }
              : options.embedder || process.env.CAIRN_EMBEDDER
                ? {
                    none: `collection "${engine.collection}" is lexical-only, so the configured embedder is not used for it`,
                  }
                : { none: noEmbedder },
        reranker: reranker
          ? {
              model: reranker.model,
              why: why('rerank', 'CAIRN_RERANKER', '--rerank'),
              ...local(reranker.provider),
              ...outcome(await probe({ kind: 'reranker', adapter: reranker })),
            }
          : { none: noReranker },
        chatModel: chatModel
          ? {
              provider: chatModel.provider,
              model: chatModel.model,
              why: why('chat', 'CAIRN_CHAT_MODEL', '--chat'),
              ...outcome(await probe({ kind: 'chat model', adapter: chatModel })),
            }
          : { none: 'no chat model configured (--chat / CAIRN_CHAT_MODEL): answers are extractive' },
        transcriber: transcriber
          ? {
              provider: transcriber.provider,
              model: transcriber.model,
              why: why('transcriber', 'CAIRN_TRANSCRIBER', '--transcriber'),
              ...local(transcriber.provider),
              ...outcome(await probe({ kind: 'transcriber', adapter: transcriber })),
            }
          : {
              none: 'no speech-to-text configured (--transcriber / CAIRN_TRANSCRIBER): audio files are skipped as unsupported',
            },
        pageImages: vision
          ? {
              vision: `${vision.provider}:${vision.model}`,
              why: why('vision', 'CAIRN_VISION_MODEL', '--vision'),
              ...outcome(await probe({ kind: 'chat model', adapter: vision.chatModel })),
            }
          : { ocr: 'tesseract.js, English (no vision model configured: --vision / CAIRN_VISION_MODEL)' },
        config: { file: configFile ?? 'none (no cairn.config.json found)' },
      };
      const settings = settingsReport(self);
      const text = Object.entries(report)
        .map(([k, v]) => {
          const { reached, milliseconds, ...rest } = v as Record<string, unknown>;
          const fields = Object.entries(rest).map(([a, b]) => `${a}=${b}`);
          if (reached) fields.push(`reached in ${milliseconds} ms`);
          return `${k}: ${fields.join(', ')}`;
        })
        .join('\n');
      const settingLines = Object.entries(settings)
        .filter(([, setting]) => setting.value !== undefined)
        .map(([name, setting]) => `  ${name}=${JSON.stringify(setting.value)} (${setting.from})`);
      process.stdout.write(
        options.json
          ? `${JSON.stringify({ ...report, settings }, null, 2)}\n`
          : `${text}\nsettings:\n${settingLines.join('\n')}\n`,
      );
      // A configured model that cannot run fails the check.
      if (Object.values(report).some((part) => 'error' in part)) process.exitCode = 1;
    } finally {
      await engine.close();
    }
  });
}

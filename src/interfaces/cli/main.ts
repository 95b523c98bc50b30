#!/usr/bin/env node
/**
 * The `cairn` command line: ingest, search, ask, chat, eval, collections, documents, delete,
 * doctor, mcp, serve. Only the module of the command being run is loaded and registered, and
 * registering loads only commander: each command imports what it needs when it runs. The root
 * help loads no command module (`command-modules.ts` holds its summaries), so commands and
 * `cairn --help` start fast (`bench/cli-startup.mjs`).
 * The installed `cairn` command is this file bundled by `scripts/build-cli.mjs` (`dist/cli/`): a
 * CommonJS entry with commander inside, and one CommonJS file per command module, which load their
 * code as a few dozen files instead of a hundred; `dist/interfaces/cli/main.js` runs the same CLI
 * unbundled.
 * Exit codes (`src/core/error-codes.ts`): 0 success; 1 a command failed or an ingest had
 * failures; 2 bad usage or configuration.
 * @module
 */
import module from 'node:module';
import { Command, CommanderError } from 'commander';
import { errorStatus } from '../../core/error-codes.js';
import { type CollectionNotFoundError, isCairnError } from '../../core/errors.js';
import { exitQuietlyOnBrokenPipe } from './broken-pipe.js';
import { COMMAND_MODULES, commandModule, registerSummaries } from './command-modules.js';

exitQuietlyOnBrokenPipe();

// Node ≥ 22.1 keeps the compiled code of the modules loaded from here on (the command's) on disk,
// so that later starts skip compiling them; older Node has no compile cache.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

const program = new Command('cairn')
  .description('Retrieval-augmented generation: ingest documents, search them, answer with citations.')
  .version('0.1.0')
  .showHelpAfterError('(add --help for usage)')
  .option(
    '--config <file>',
    'read options from this JSON file instead of the cairn.config.json found from here upwards (env CAIRN_CONFIG)',
  )
  .exitOverride();

// Options a flag or its environment variable leaves unset come from the configuration file.
program.hook('preAction', async (_program, action) => {
  const { applyConfigFile, checkConfigFile, guardedSettings, loadConfigFile } = await import(
    './config-file.js'
  );
  const explicit = (program.opts().config as string | undefined) ?? (process.env.CAIRN_CONFIG || undefined);
  const config = await loadConfigFile(explicit);
  if (config === undefined) return;
  checkConfigFile(await everyCommand(), config);
  const guarded = guardedSettings(config, action, applyConfigFile(action, config));
  // A file found by walking up may be anyone's who can write a parent folder: what it changes of
  // the store, the providers or the guards is said, every time (naming it with --config trusts it).
  if (guarded.length > 0) {
    process.stderr.write(
      `cairn: ${config.file} (found from the working folder up, not named with --config) sets ${guarded.join(', ')}\n`,
    );
  }
});

/** The command `args` (what follows `node main.js`) runs: its first word that is no root option or its value. */
function invokedCommand(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--config') i++;
    else if (!arg.startsWith('-')) return arg;
  }
  return undefined;
}

/** The root command with every command registered (what the configuration file is checked against). */
async function everyCommand(): Promise<Command> {
  const every = new Command('cairn').option('--config <file>');
  for (const module of COMMAND_MODULES) (await module.register())(every);
  return every;
}

/** What the root help shows after the commands. */
const EXAMPLES = `
Examples:
  $ cairn ingest docs/                          # ingest a folder (SQLite in .cairn/cairn.db)
  $ cairn search "rotate signing keys"          # BM25 search, or hybrid with --embedder
  $ cairn ask "How do I rotate signing keys?"   # an answer with numbered citations
  $ cairn doctor                                # which store and models are active, and why
  $ cairn help ingest                           # one command's options and examples

Options a flag or environment variable leaves unset are read from cairn.config.json (found from
the working directory upwards), e.g. {"db": "kb.db", "search": {"topK": 5}}; see docs/config.md.
`;

/** An error's one line for the CLI: a missing collection names the commands that make one. */
function cliMessage(error: Error & { code: string }): string {
  if (error.code === 'COLLECTION_NOT_FOUND' && 'withHint' in error && typeof error.withHint === 'function') {
    const { collection } = error as CollectionNotFoundError;
    const flag = collection === 'default' ? '' : ` --collection ${collection}`;
    return error.withHint(
      `ingest documents into it (cairn ingest <paths>${flag}) or create it (cairn collections create ${collection}), or check --collection and --db`,
    );
  }
  return error.message;
}

/**
 * Registers what `process.argv` needs and runs it; sets `process.exitCode`. A function, not
 * top-level await, so that the bundled entry can be CommonJS (no ES module loader for `--help`).
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const invoked = invokedCommand(args);
  // `cairn help <command>` needs that command's module; the root help, none.
  const only = commandModule(
    invoked === 'help' ? invokedCommand(args.slice(args.indexOf('help') + 1)) : invoked,
  );
  if (only === undefined) registerSummaries(program);
  else (await only.register())(program);

  program.addHelpText('after', EXAMPLES);

  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? 0 : 2;
    } else if (isCairnError(error)) {
      process.stderr.write(`error: ${cliMessage(error)}\n`);
      process.exitCode = errorStatus(error).exitCode;
    } else {
      process.stderr.write(
        `error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exitCode = 1;
    }
  }
}

void main();

#!/usr/bin/env node
/**
 * The `cairn` command line: ingest, search, ask, chat, eval, collections, documents, delete,
 * doctor, mcp, serve. Registering the commands loads only commander: each command imports what it
 * needs when it runs, so `cairn --help` starts fast.
 * Exit codes (`src/core/error-codes.ts`): 0 success; 1 a command failed or an ingest had
 * failures; 2 bad usage or configuration.
 * @module
 */
import { Command, CommanderError } from 'commander';
import { errorStatus } from '../../core/error-codes.js';
import { isCairnError } from '../../core/errors.js';
import { registerAnswerCommands } from './answer-commands.js';
import { exitQuietlyOnBrokenPipe } from './broken-pipe.js';
import { registerChatCommand } from './chat-command.js';
import { registerDoctorCommand } from './doctor-command.js';
import { registerEvalCommand } from './eval-command.js';
import { registerIngestCommand } from './ingest-command.js';
import { registerManageCommands } from './manage-commands.js';
import { registerMcpCommand } from './mcp-command.js';
import { registerMigrateCommand } from './migrate-command.js';
import { registerServeCommand } from './serve-command.js';

exitQuietlyOnBrokenPipe();

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
  checkConfigFile(program, config);
  const guarded = guardedSettings(config, action, applyConfigFile(action, config));
  // A file found by walking up may be anyone's who can write a parent folder: what it changes of
  // the store, the providers or the guards is said, every time (naming it with --config trusts it).
  if (guarded.length > 0) {
    process.stderr.write(
      `cairn: ${config.file} (found from the working folder up, not named with --config) sets ${guarded.join(', ')}\n`,
    );
  }
});

registerIngestCommand(program);
registerAnswerCommands(program);
registerChatCommand(program);
registerEvalCommand(program);
registerManageCommands(program);
registerDoctorCommand(program);
registerMcpCommand(program);
registerMigrateCommand(program);
registerServeCommand(program);

program.addHelpText(
  'after',
  `
Examples:
  $ cairn ingest docs/                          # ingest a folder (SQLite in .cairn/cairn.db)
  $ cairn search "rotate signing keys"          # BM25 search, or hybrid with --embedder
  $ cairn ask "How do I rotate signing keys?"   # an answer with numbered citations
  $ cairn doctor                                # which store and models are active, and why
  $ cairn help ingest                           # one command's options and examples

Options a flag or environment variable leaves unset are read from cairn.config.json (found from
the working directory upwards), e.g. {"db": "kb.db", "search": {"topK": 5}}; see docs/config.md.
`,
);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    process.exitCode = error.exitCode === 0 ? 0 : 2;
  } else if (isCairnError(error)) {
    process.stderr.write(`error: ${error.message}\n`);
    process.exitCode = errorStatus(error).exitCode;
  } else {
    process.stderr.write(
      `error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  }
}

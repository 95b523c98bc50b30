#!/usr/bin/env node
/**
 * The `cairn` command line: ingest, search, ask, eval, collections, documents, delete.
 * Exit codes: 0 success; 1 a command failed or an ingest had failures; 2 bad usage or configuration.
 * @module
 */
import { Command, CommanderError } from 'commander';
import { isCairnError } from '../../core/errors.js';
import { disposeOcr } from '../../ingest/ocr/tesseract-ocr.js';
import { registerAnswerCommands } from './answer-commands.js';
import { registerChatCommand } from './chat-command.js';
import { registerEvalCommand } from './eval-command.js';
import { registerIngestCommand } from './ingest-command.js';
import { registerManageCommands } from './manage-commands.js';
import { registerMcpCommand } from './mcp-command.js';
import { registerMigrateCommand } from './migrate-command.js';

const program = new Command('cairn')
  .description('Retrieval-augmented generation: ingest documents, search them, answer with citations.')
  .version('0.1.0')
  .exitOverride();

registerIngestCommand(program);
registerAnswerCommands(program);
registerEvalCommand(program);
registerManageCommands(program);
registerChatCommand(program);
registerMcpCommand(program);
registerMigrateCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    process.exitCode = error.exitCode === 0 ? 0 : 2;
  } else if (isCairnError(error)) {
    process.stderr.write(`error: ${error.message}\n`);
    process.exitCode = ['CONFIG_ERROR', 'INVALID_ARGUMENT', 'INVALID_FILTER'].includes(error.code) ? 2 : 1;
  } else {
    process.stderr.write(
      `error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  }
} finally {
  // The OCR worker idles for a few seconds before it stops; end it now so the CLI exits at once.
  await disposeOcr();
}

/**
 * `cairn mcp`: serves one collection and namespace to agents over the Model Context Protocol
 * (stdio). Standard output carries the protocol only; notes go to standard error.
 * @module
 */
import type { Command } from 'commander';
import {
  engineFromOptions,
  type GlobalOptions,
  withCacheOption,
  withChatOption,
  withEmbedderOptions,
  withExamples,
  withScopeOptions,
} from './context.js';

interface McpOptions extends GlobalOptions {
  /** `--allow-write`: offer the ingest tool. */
  allowWrite?: boolean;
}

/** Adds the options and action of the MCP server to `command` (a subcommand or a program of its own). */
export function configureMcpCommand(command: Command): Command {
  command.description(
    'serve search, context, lookup and ask to agents over the Model Context Protocol (stdio), ' +
      'scoped to one collection and namespace; documents are resources',
  );
  command.option(
    '--allow-write',
    'also offer the ingest tool, which adds or replaces documents in the served collection and namespace',
  );
  withScopeOptions(command);
  withEmbedderOptions(command);
  withChatOption(command, 'chat model for the ask tool');
  withCacheOption(command);
  withExamples(command, [
    ['cairn mcp --collection kb --namespace team-a', 'serve one collection of one tenant'],
    ['cairn mcp --db /srv/kb/cairn.db --chat openai:gpt-4o-mini', 'the ask tool answers with a chat model'],
    ['cairn mcp --allow-write', 'also offer the ingest tool'],
  ]);
  return command.action(async (options: McpOptions) => {
    const allowWrite = options.allowWrite === true;
    const [{ serveStdio }, engine] = await Promise.all([
      import('../mcp/serve-stdio.js'),
      engineFromOptions(options, false, { create: allowWrite }),
    ]);
    const stop = new AbortController();
    const abort = () => stop.abort();
    process.once('SIGINT', abort);
    process.once('SIGTERM', abort);
    try {
      const collection = options.collection ?? engine.collection;
      const namespace = options.namespace ?? engine.namespace;
      if (!allowWrite && !(await engine.store.getCollection(collection))) {
        process.stderr.write(
          `note: collection "${collection}" does not exist yet; tools find nothing until it is ingested\n`,
        );
      }
      process.stderr.write(
        `cairn mcp: serving collection "${collection}", namespace "${namespace}" on stdio` +
          `${allowWrite ? ' (with the ingest tool)' : ''}\n`,
      );
      await serveStdio(engine, { collection, namespace, allowWrite, signal: stop.signal });
    } finally {
      process.off('SIGINT', abort);
      process.off('SIGTERM', abort);
      await engine.close();
    }
  });
}

/** Registers `mcp`. */
export function registerMcpCommand(program: Command): void {
  configureMcpCommand(program.command('mcp'));
}

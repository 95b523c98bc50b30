/**
 * The CLI's command modules, in the order `--help` lists their commands, with what each command
 * looks like in the root help (its term and description, checked against the module by
 * `command-modules.test.ts`). `cairn --help`, no command or an unknown one register these
 * summaries alone, loading no command module; running a command (or `cairn help <command>`) loads
 * only its module.
 * @module
 */
import type { Command } from 'commander';

/** One command as the root help lists it. */
export interface CommandSummary {
  name: string;
  /** Its usage in the list, as commander's `Help.subcommandTerm` gives it (`search [options] <query>`). */
  term: string;
  description: string;
}

/** A command module: the commands it registers and how to load its registration. */
export interface CommandModule {
  commands: readonly CommandSummary[];
  register: () => Promise<(program: Command) => void>;
}

export const COMMAND_MODULES: readonly CommandModule[] = [
  {
    commands: [
      {
        name: 'ingest',
        term: 'ingest [options] <paths...>',
        description:
          'ingest files, folders and URLs (PDF, DOCX, PPTX, HTML, Markdown, text, images, audio); unchanged files are skipped',
      },
    ],
    register: async () => (await import('./ingest-command.js')).registerIngestCommand,
  },
  {
    commands: [
      {
        name: 'search',
        term: 'search [options] <query>',
        description:
          'search a collection (BM25, dense, or both fused by reciprocal rank fusion), optionally reranked',
      },
      {
        name: 'ask',
        term: 'ask [options] <question>',
        description:
          'answer a question with numbered citations (extractive unless a chat model is configured)',
      },
    ],
    register: async () => (await import('./answer-commands.js')).registerAnswerCommands,
  },
  {
    commands: [
      {
        name: 'chat',
        term: 'chat [options]',
        description:
          'chat about a collection: follow-ups are rewritten using the conversation, answers cite sources',
      },
    ],
    register: async () => (await import('./chat-command.js')).registerChatCommand,
  },
  {
    commands: [
      {
        name: 'eval',
        term: 'eval [options] <folder>',
        description:
          'evaluate retrieval on a BEIR folder (corpus.jsonl, queries*.jsonl, qrels/<split>.tsv), or on a folder of documents with a questions file (JSONL: question, sources, optional reference answer)',
      },
    ],
    register: async () => (await import('./eval-command.js')).registerEvalCommand,
  },
  {
    commands: [
      { name: 'collections', term: 'collections', description: 'list, create or drop collections' },
      { name: 'documents', term: 'documents [options]', description: 'list the documents of a collection' },
      {
        name: 'delete',
        term: 'delete [options] <documentId>',
        description: 'delete a document and all of its chunks',
      },
    ],
    register: async () => (await import('./manage-commands.js')).registerManageCommands,
  },
  {
    commands: [
      {
        name: 'doctor',
        term: 'doctor [options]',
        description:
          'show which store, embedder, reranker, chat model and transcriber are active and why; check keys and reach each model server',
      },
    ],
    register: async () => (await import('./doctor-command.js')).registerDoctorCommand,
  },
  {
    commands: [
      {
        name: 'mcp',
        term: 'mcp [options]',
        description:
          'serve search, context, lookup and ask to agents over the Model Context Protocol (stdio), scoped to one collection and namespace; documents are resources',
      },
    ],
    register: async () => (await import('./mcp-command.js')).registerMcpCommand,
  },
  {
    commands: [
      {
        name: 'migrate',
        term: 'migrate [options]',
        description:
          'copy collections from one store to another with their embeddings and document records; a rerun resumes',
      },
    ],
    register: async () => (await import('./migrate-command.js')).registerMigrateCommand,
  },
  {
    commands: [
      {
        name: 'serve',
        term: 'serve [options]',
        description:
          'serve the HTTP API (/v1), MCP over HTTP (/mcp) and the web explorer (/) with API keys from CAIRN_API_KEYS',
      },
    ],
    register: async () => (await import('./serve-command.js')).registerServeCommand,
  },
];

/** The module that registers `command`, if any. */
export function commandModule(command: string | undefined): CommandModule | undefined {
  return COMMAND_MODULES.find((module) => module.commands.some((summary) => summary.name === command));
}

/**
 * Registers every command as its summary alone (no options, no action): enough for the root
 * help, `--version` and commander's suggestion for a mistyped command.
 */
export function registerSummaries(program: Command): void {
  const terms = new Map<Command, string>();
  for (const module of COMMAND_MODULES) {
    for (const summary of module.commands) {
      terms.set(program.command(summary.name).description(summary.description), summary.term);
    }
  }
  const help = program.createHelp();
  program.configureHelp({
    subcommandTerm: (command) => terms.get(command) ?? help.subcommandTerm(command),
  });
}

/**
 * `cairn serve`: the HTTP API, MCP over HTTP and the web explorer (`cairn/http`) on one port,
 * with API keys from `CAIRN_API_KEYS`. Without keys it serves this machine only, unauthenticated,
 * and says so; SIGINT and SIGTERM shut it down gracefully.
 * @module
 */
import { type Command, InvalidArgumentError as CommanderArgumentError } from 'commander';
import {
  engineFromOptions,
  type GlobalOptions,
  positiveInt,
  withCacheOption,
  withChatOption,
  withChunkingOptions,
  withEmbedderOptions,
  withExamples,
  withParseOptions,
  withScopeOptions,
} from './context.js';

interface ServeOptions extends GlobalOptions {
  host: string;
  port: number;
  /** `false` with `--no-auth`. */
  auth: boolean;
  corsOrigin?: string[];
  uploadLimit: number;
  bodyLimit: number;
  maxConcurrentUploads: number;
  shutdownTimeout: number;
  headersTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  idleTimeout: number;
  maxConnections: number;
  /** `false` with `--no-access-log`. */
  accessLog: boolean;
  originals?: string;
  originalLimit: number;
  serveSourceFiles?: boolean;
}

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65_535) {
    throw new CommanderArgumentError(`--port must be 0-65535, got "${value}"`);
  }
  return n;
}

function collect(value: string, previous: string[] = []): string[] {
  return [
    ...previous,
    ...value
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  ];
}

/** Registers `serve`. */
export function registerServeCommand(program: Command): void {
  const command = program
    .command('serve')
    .description(
      'serve the HTTP API (/v1), MCP over HTTP (/mcp) and the web explorer (/) with API keys from CAIRN_API_KEYS',
    )
    .option('--host <address>', 'address to listen on (without API keys: loopback only)', '127.0.0.1')
    .option('--port <n>', 'port (0: any free one)', port, 8787)
    .option('--no-auth', 'serve without API keys even if CAIRN_API_KEYS is set (loopback addresses only)')
    .option(
      '--cors-origin <origins>',
      'browser origins allowed to call the API, comma-separated or repeated, e.g. https://app.example.com (* for any)',
      collect,
    )
    .option(
      '--upload-limit <MiB>',
      'most MiB of one upload (every file of it)',
      positiveInt('--upload-limit'),
      64,
    )
    .option('--body-limit <KiB>', 'most KiB of a JSON body or MCP message', positiveInt('--body-limit'), 1024)
    .option(
      '--max-concurrent-uploads <n>',
      'uploads received at once per namespace, and ingested at once; more are answered 429',
      positiveInt('--max-concurrent-uploads'),
      8,
    )
    .option(
      '--shutdown-timeout <seconds>',
      'how long requests in flight may run on after SIGINT/SIGTERM',
      positiveInt('--shutdown-timeout'),
      10,
    )
    .option(
      '--headers-timeout <seconds>',
      'time a client has to send a request line and headers (then 408, closed)',
      positiveInt('--headers-timeout'),
      10,
    )
    .option(
      '--request-timeout <seconds>',
      'time a client has to send a whole request, body included (then 408, closed)',
      positiveInt('--request-timeout'),
      120,
    )
    .option(
      '--keep-alive-timeout <seconds>',
      'time an idle keep-alive connection waits for its next request',
      positiveInt('--keep-alive-timeout'),
      5,
    )
    .option(
      '--idle-timeout <seconds>',
      'time a connection may send and receive nothing before it is closed',
      positiveInt('--idle-timeout'),
      60,
    )
    .option(
      '--max-connections <n>',
      'connections open at once; more are closed as they arrive',
      positiveInt('--max-connections'),
      1000,
    )
    .option('--no-access-log', 'do not log one line per request to standard error')
    .option(
      '--originals <dir>',
      "keep each uploaded file in this folder, so the explorer opens a citation in its original (a PDF at the cited page); served only to keys of the document's namespace",
    )
    .option(
      '--original-limit <MiB>',
      'most MiB of one kept original; larger files are not kept',
      positiveInt('--original-limit'),
      64,
    )
    .option(
      '--serve-source-files',
      "serve a document's source file from this machine as its original when its SHA-256 still matches (collections ingested with cairn ingest)",
    )
    .option(
      '--rerank <provider[:model]>',
      'rerank every search and ask: cohere[:rerank-v3.5] | voyage[:rerank-2] | local[:MODEL] (env CAIRN_RERANKER)',
    );
  withScopeOptions(command);
  withEmbedderOptions(command);
  withChatOption(command, 'chat model for answers');
  withParseOptions(command);
  withChunkingOptions(command);
  withCacheOption(command);
  withExamples(command, [
    ['cairn serve', 'this machine only, no keys: http://127.0.0.1:8787'],
    [
      'CAIRN_API_KEYS=$KEY_A:team-a:write,$KEY_B:team-b:read cairn serve --host 0.0.0.0',
      'serve other machines, one namespace per key',
    ],
    [
      'cairn serve --db pglite:./kb --embedder local --chat openai:gpt-4o-mini',
      'hybrid search and generated answers',
    ],
    ['cairn serve --cors-origin https://app.example.com', 'let that site call the API from a browser'],
  ]);
  command.action(async (options: ServeOptions) => {
    const [{ serveCairn, parseApiKeys, accessLogLines }, { ConfigError }] = await Promise.all([
      import('../http/index.js'),
      import('../../core/errors.js'),
    ]);
    const say = (line: string) => process.stderr.write(`${line}\n`);
    const keys = options.auth ? parseApiKeys(process.env.CAIRN_API_KEYS ?? '') : [];
    const auth = keys.length > 0;
    if (!auth) {
      const { isLoopbackHost } = await import('../http/loopback.js');
      if (!isLoopbackHost(options.host)) {
        throw new ConfigError(
          options.auth
            ? `no API keys are configured (CAIRN_API_KEYS), so the server may listen only on a loopback address, not ${options.host}; set CAIRN_API_KEYS (key:namespace:role, comma-separated) to serve other machines`
            : `--no-auth is refused on ${options.host}: without keys the server listens only on a loopback address (127.0.0.1, ::1, localhost)`,
        );
      }
    }
    const engine = await engineFromOptions(options, false, { create: true });
    let running: Awaited<ReturnType<typeof serveCairn>>;
    try {
      running = await serveCairn(engine, {
        host: options.host,
        port: options.port,
        ...(auth ? { keys } : { auth: false, anonymous: { namespace: options.namespace ?? 'default' } }),
        corsOrigins: options.corsOrigin ?? [],
        maxUploadBytes: options.uploadLimit * 1024 * 1024,
        maxBodyBytes: options.bodyLimit * 1024,
        maxConcurrentUploads: options.maxConcurrentUploads,
        ...(options.originals
          ? { originalsDir: options.originals, maxOriginalBytes: options.originalLimit * 1024 * 1024 }
          : {}),
        sourceFiles: options.serveSourceFiles === true,
        shutdownTimeoutMs: options.shutdownTimeout * 1000,
        headersTimeoutMs: options.headersTimeout * 1000,
        requestTimeoutMs: options.requestTimeout * 1000,
        keepAliveTimeoutMs: options.keepAliveTimeout * 1000,
        idleTimeoutMs: options.idleTimeout * 1000,
        maxConnections: options.maxConnections,
        closeEngine: true,
        ...(options.accessLog ? { accessLog: accessLogLines((line) => process.stderr.write(line)) } : {}),
      });
    } catch (error) {
      await engine.close();
      throw error;
    }
    say(
      auth
        ? `cairn serve: ${keys.length} API key${keys.length === 1 ? '' : 's'} for namespace${running.server.namespaces.length === 1 ? '' : 's'} ${running.server.namespaces.join(', ')}`
        : `cairn serve: no API keys${options.auth ? ' configured (CAIRN_API_KEYS)' : ' (--no-auth)'}: serving without authentication, on loopback only, as namespace "${running.server.namespaces[0]}" with the admin role`,
    );
    say(
      `cairn serve: listening on ${running.url} — explorer at /, API under /v1 (/v1/openapi.json), MCP at /mcp`,
    );
    await new Promise<void>((resolve) => {
      const stop = (signal: string) => {
        say(`cairn serve: ${signal}: finishing ${running.inFlight} request(s) in flight, then stopping`);
        process.off('SIGINT', onInt);
        process.off('SIGTERM', onTerm);
        running.close().then(resolve, (error: unknown) => {
          say(`cairn serve: shutting down failed: ${(error as Error).message}`);
          process.exitCode = 1;
          resolve();
        });
      };
      const onInt = () => stop('SIGINT');
      const onTerm = () => stop('SIGTERM');
      process.once('SIGINT', onInt);
      process.once('SIGTERM', onTerm);
    });
    say('cairn serve: stopped');
  });
}

/**
 * Serves the cairn MCP server over stdio until the client disconnects.
 * @module
 */
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { type CairnMcpServerOptions, createCairnMcpServer, type McpEngine } from './mcp-server.js';

/** Options of {@link serveStdio}. */
export interface ServeStdioOptions extends CairnMcpServerOptions {
  /** Default `process.stdin`. */
  stdin?: Readable;
  /** Default `process.stdout`. Nothing else may write to it while serving. */
  stdout?: Writable;
  /** Stops serving when aborted. */
  signal?: AbortSignal;
}

/**
 * Connects a {@link createCairnMcpServer} to stdio and resolves when the session ends: stdin
 * closes, the client disconnects, or `signal` aborts. The engine is left open.
 */
export async function serveStdio(engine: McpEngine, options: ServeStdioOptions = {}): Promise<void> {
  const stdin = options.stdin ?? process.stdin;
  const server = createCairnMcpServer(engine, options);
  const transport = new StdioServerTransport(stdin, options.stdout ?? process.stdout);
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
  });
  const stop = () => void server.close();
  stdin.once('end', stop);
  options.signal?.addEventListener('abort', stop, { once: true });
  try {
    await server.connect(transport);
    if (options.signal?.aborted) stop();
    await closed;
  } finally {
    stdin.off('end', stop);
    options.signal?.removeEventListener('abort', stop);
  }
}

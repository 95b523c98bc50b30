/**
 * `cairn/http`: the cairn HTTP server — `/v1` routes with an OpenAPI 3.1 document, API keys
 * scoped to a namespace and a role, MCP over Streamable HTTP at `/mcp`, the web explorer at `/`.
 *
 * @example
 * ```ts
 * import { openEngine } from 'cairn';
 * import { serveCairn } from 'cairn/http';
 *
 * const engine = await openEngine({ store: '.cairn/cairn.db' });
 * const running = await serveCairn(engine, { keys: process.env.CAIRN_API_KEYS, port: 8787, closeEngine: true });
 * process.once('SIGTERM', () => void running.close());
 * ```
 * @module
 */
export type { AccessLogEntry } from './access-log.js';
export { accessLogLines } from './access-log.js';
export {
  API_ROLES,
  type ApiKey,
  type ApiRole,
  KeyRing,
  MIN_KEY_LENGTH,
  type Principal,
  parseApiKeys,
  roleAllows,
} from './api-keys.js';
export { type CairnServer, createCairnServer } from './create-server.js';
export { isLoopbackHost } from './loopback.js';
export * from './serve.js';
export * from './server-options.js';

/**
 * The variables a request carries through the server's middleware.
 * @module
 */
import type { Principal } from './api-keys.js';

/** Hono environment of the cairn server. */
export interface ServerEnv {
  Variables: {
    /** Set by the request-id middleware: the client's `X-Request-Id` or a new UUID. */
    requestId: string;
    /** Set by authentication on protected routes: the key's namespace and role. */
    principal: Principal;
  };
}

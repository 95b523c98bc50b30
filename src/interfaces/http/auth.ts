/**
 * Authentication and roles: `Authorization: Bearer KEY` is looked up in the key ring and the
 * request runs as the key's principal — its namespace on every route, its role deciding what it
 * may do. Without authentication (a loopback server with no keys), every request runs as one
 * configured principal.
 * @module
 */
import type { Context, MiddlewareHandler } from 'hono';
import { ForbiddenError, UnauthorizedError } from '../../core/errors.js';
import { type ApiRole, type KeyRing, type Principal, roleAllows } from './api-keys.js';
import { errorResponse } from './http-errors.js';
import type { ServerEnv } from './server-env.js';

/** How requests are authenticated: by keys, or not at all (everyone is `principal`). */
export type Authentication = { keys: KeyRing } | { anonymous: Principal };

/** The bearer token of an `Authorization` header, or `undefined`. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return match?.[1];
}

/** Middleware that sets `principal`, answering 401 for a missing or unknown key. */
export function authenticate(auth: Authentication): MiddlewareHandler<ServerEnv> {
  return async (c, next) => {
    if ('anonymous' in auth) {
      c.set('principal', auth.anonymous);
      return next();
    }
    const token = bearerToken(c.req.header('Authorization'));
    if (token === undefined) return errorResponse(c, new UnauthorizedError());
    const principal = auth.keys.authenticate(token);
    if (!principal) return errorResponse(c, new UnauthorizedError('the API key is not valid'));
    c.set('principal', principal);
    return next();
  };
}

/**
 * The request's principal, after checking that its role includes `needed`.
 * @throws {ForbiddenError} naming the role needed.
 */
export function principalFor(c: Context<ServerEnv>, needed: ApiRole, action: string): Principal {
  const principal = c.get('principal');
  if (!roleAllows(principal.role, needed)) {
    throw new ForbiddenError(needed, `${action} needs a ${needed} key; this key's role is ${principal.role}`);
  }
  return principal;
}

/**
 * One-line errors for a PostgreSQL server that cannot be used: refused or unreachable, a login
 * refused, a database that does not exist. Each names the server (never the password) and what to
 * check.
 * @module
 */
import { ConfigError, isCairnError, StoreRequestError } from '../../core/errors.js';
import { isConnectionFailure } from './postgres-connection-error.js';

/** `postgres://user@host:port/database` of `url` without its password (and query). */
export function redactedPostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : '';
    return `${parsed.protocol}//${user}${parsed.host}${parsed.pathname}`;
  } catch {
    return 'the PostgreSQL server';
  }
}

/**
 * The error to report when opening the PostgreSQL store at `url` failed with `error` (as the `pg`
 * driver throws it: a Node system error such as `ECONNREFUSED`, or a server error with its
 * SQLSTATE `code`, e.g. `28P01` invalid password, `3D000` no such database). Cairn errors are
 * returned unchanged; anything else becomes a one-line {@link ConfigError} that names the
 * server and `setting` (e.g. `--db`). A connection failure the driver already wrapped as a
 * retryable {@link StoreRequestError} is reported from its cause: at open, "cannot connect" says
 * more than "lost the connection".
 */
export function postgresOpenError(failure: unknown, url: string, setting = 'store'): Error {
  const error =
    failure instanceof StoreRequestError && isConnectionFailure(failure.cause) ? failure.cause : failure;
  if (isCairnError(error)) return error;
  const where = redactedPostgresUrl(url);
  const { code, message } = error as { code?: string; message?: string };
  const text = message ?? String(error);
  const user = (() => {
    try {
      return decodeURIComponent(new URL(url).username) || undefined;
    } catch {
      return undefined;
    }
  })();
  const database = (() => {
    try {
      return decodeURIComponent(new URL(url).pathname.slice(1)) || user;
    } catch {
      return undefined;
    }
  })();
  let line: string;
  if (code === 'ECONNREFUSED') {
    line = `cannot connect to ${where}: connection refused; is the PostgreSQL server running and listening there? (check ${setting})`;
  } else if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    line = `cannot connect to ${where}: the host name does not resolve; check ${setting}`;
  } else if (code === 'ETIMEDOUT' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    line = `cannot connect to ${where}: the server does not answer (${code}); check ${setting} and the network`;
  } else if (code === '28P01' || code === '28000' || /SASL|password/i.test(text)) {
    line =
      `${where} refused the login${user ? ` of user "${user}"` : ''}: ${/must be a string/.test(text) ? 'the server asks for a password and none was given' : text.replace(/\s+/g, ' ').trim()}; ` +
      `give the user and password in ${setting} (postgres://user:password@host:port/database) or in PGUSER/PGPASSWORD`;
  } else if (code === '3D000') {
    line = `database "${database ?? '?'}" does not exist on ${where}; create it (createdb ${database ?? 'NAME'}) or check ${setting}`;
  } else {
    line = `cannot open the PostgreSQL database ${where}: ${text.replace(/\s+/g, ' ').trim()}`;
  }
  return new ConfigError(line, { cause: error });
}

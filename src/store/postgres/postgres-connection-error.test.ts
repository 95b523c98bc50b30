import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../core/errors.js';
import { connectionFailureError, isConnectionFailure } from './postgres-connection-error.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isConnectionFailure', () => {
  it('is true for a server going away or a socket that broke', () => {
    for (const error of [
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
    ]) {
      expect(isConnectionFailure(error), error.message).toBe(true);
    }
  });

  it('is false for a failing statement, a cairn error or anything else', () => {
    for (const error of [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('canceling statement due to statement timeout', '57014'),
      new ConfigError('connection refused by configuration'),
      new Error('something else'),
      'Connection terminated',
      undefined,
    ]) {
      expect(isConnectionFailure(error)).toBe(false);
    }
  });
});

describe('connectionFailureError', () => {
  it('is a retryable StoreRequestError whose one line says what happened and what to do', () => {
    const error = connectionFailureError(
      withCode('terminating connection\ndue to administrator command', '57P01'),
      'write',
    );
    expect(error).toMatchObject({ name: 'StoreRequestError', code: 'PROVIDER_ERROR', isRetryable: true });
    expect(error.message).toBe(
      'postgres: write failed: lost the connection to the PostgreSQL server: terminating connection due to administrator command (57P01); ' +
        'the transaction was rolled back (or, had it reached its commit, stored whole), so nothing is half-written; ' +
        'run the same command again once the server is up to complete it; retrying may help',
    );
    expect(connectionFailureError(new Error('Connection terminated unexpectedly'), 'read').message).toBe(
      'postgres: read failed: lost the connection to the PostgreSQL server: Connection terminated unexpectedly; ' +
        'it changed nothing; run the same command again once the server is up; retrying may help',
    );
  });
});

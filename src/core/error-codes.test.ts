import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, errorStatus, INTERNAL_ERROR_STATUS } from './error-codes.js';
import {
  type CairnErrorCode,
  ConfigError,
  InvalidArgumentError,
  MissingDependencyError,
  NotFoundError,
  OcrError,
  ProviderError,
  StoreClosedError,
} from './errors.js';

describe('errorStatus', () => {
  it('maps usage and configuration errors to exit 2, failed runs to exit 1', () => {
    expect(errorStatus(new InvalidArgumentError('--top-k', 'must be positive'))).toEqual({
      exitCode: 2,
      httpStatus: 400,
    });
    expect(errorStatus(new ConfigError('no key')).exitCode).toBe(2);
    expect(errorStatus(new NotFoundError('no such document'))).toEqual({ exitCode: 1, httpStatus: 404 });
    expect(errorStatus(new ProviderError({ provider: 'x', message: 'down' })).httpStatus).toBe(502);
    expect(errorStatus(new StoreClosedError('sqlite'))).toEqual({ exitCode: 1, httpStatus: 503 });
    expect(errorStatus(new OcrError('OCR failed: bad image')).httpStatus).toBe(422);
  });

  it('reports a missing optional package as a configuration error naming it', () => {
    const error = new MissingDependencyError('pg', 'postgres:// stores');
    expect(error.code).toBe('CONFIG_ERROR');
    expect(error.message).toBe('postgres:// stores needs the optional package pg: run npm install pg');
    expect(errorStatus(error).exitCode).toBe(2);
  });

  it('recognises errors of another copy of cairn by their marker, and nothing else', () => {
    const foreign = Object.assign(new Error('from another copy'), {
      [Symbol.for('cairn.error')]: true,
      code: 'NOT_FOUND',
    });
    expect(errorStatus(foreign)).toEqual(ERROR_STATUS.NOT_FOUND);
    const lookalike = Object.assign(new Error('no marker'), { code: 'NOT_FOUND' });
    expect(errorStatus(lookalike)).toEqual(INTERNAL_ERROR_STATUS);
    expect(errorStatus('a string')).toEqual(INTERNAL_ERROR_STATUS);
  });

  it('has a 4xx or 5xx HTTP status and exit 1 or 2 for every code', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS) as Array<
      [CairnErrorCode, typeof INTERNAL_ERROR_STATUS]
    >) {
      expect([1, 2], code).toContain(status.exitCode);
      expect(status.httpStatus, code).toBeGreaterThanOrEqual(400);
      expect(status.httpStatus, code).toBeLessThan(600);
    }
  });
});

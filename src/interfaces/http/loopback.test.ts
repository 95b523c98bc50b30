import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './loopback.js';

describe('isLoopbackHost', () => {
  it.each(['localhost', 'LOCALHOST', '127.0.0.1', '127.10.20.30', '::1', '[::1]', '::ffff:127.0.0.1'])(
    'counts %s as loopback',
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
    },
  );

  it.each([
    '0.0.0.0',
    '::',
    '[::]',
    '192.168.1.10',
    '10.0.0.1',
    'example.com',
    'localhost.example.com',
    '128.0.0.1',
    '',
  ])('does not count %s as loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});

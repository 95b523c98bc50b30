import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './retry-after.js';

describe('retryAfterMs', () => {
  it('reads seconds and HTTP-dates', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(' 0 ')).toBe(0);
    expect(retryAfterMs('1.5')).toBe(1500);
    const now = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT');
    expect(retryAfterMs('Wed, 21 Oct 2026 07:28:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Wed, 21 Oct 2026 07:27:00 GMT', now)).toBe(0);
  });

  it('ignores an absent or unreadable header', () => {
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs('-3')).toBeUndefined();
  });
});

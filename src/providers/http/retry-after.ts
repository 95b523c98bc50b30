/**
 * The `Retry-After` response header (RFC 9110 §10.2.3): a delay in seconds or an HTTP-date.
 * @module
 */

/**
 * Milliseconds to wait that `value` asks for, measured from `now`; `undefined` when the header is
 * absent or unreadable. A date in the past is 0.
 */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (/^\d+\.\d+$/.test(text)) return Math.round(Number(text) * 1000);
  // An HTTP-date names its weekday and month ("Wed, 21 Oct 2015 07:28:00 GMT").
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

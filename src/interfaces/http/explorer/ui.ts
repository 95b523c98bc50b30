/** What every view shares: the open collection, the status line and errors shown where they happen. */
import { ApiError } from './api.js';
import { byId } from './dom.js';

/** The collection open now. */
export const state: { collection?: string } = {};

/** A message in the status line under the header (announced politely). */
export function say(message: string): void {
  byId('status').textContent = message;
}

/** The words shown for a failure: the server's message, with what to do for the common refusals. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return `${error.message}. Enter an API key at the top of the page.`;
    if (error.status === 403) return `Refused (403): ${error.message}`;
    if (error.status === 0) return error.message;
    return `${error.message} (HTTP ${error.status})`;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Shows `error` in the error line `id` (next to the control that failed) and marks `control`
 * invalid; `undefined` clears both.
 */
export function showError(id: string, error: unknown, control?: HTMLElement): void {
  const line = byId(id);
  line.textContent = error === undefined ? '' : errorText(error);
  if (control) {
    if (error === undefined) control.removeAttribute('aria-invalid');
    else control.setAttribute('aria-invalid', 'true');
  }
}

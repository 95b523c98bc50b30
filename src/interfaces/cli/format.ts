/**
 * Plain-text rendering of hits, answers and ingest reports for the terminal, with the control
 * characters of names and texts escaped (see {@link printable}).
 * @module
 */

import { describeSource } from '../../answer/prompt.js';
import type { Answer, Hit } from '../../core/types.js';
import type { IngestReport } from '../../engine/engine.js';

/**
 * Characters a terminal may act on rather than print: C0 controls, DEL, C1 controls (0x9B is a
 * CSI on some terminals) and the bidirectional overrides and isolates that reorder a line.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/** The same, but line feeds and tabs pass: for text printed as lines. */
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

function escapeControl(char: string): string {
  if (char === '\n') return '\\n';
  if (char === '\r') return '\\r';
  if (char === '\t') return '\\t';
  const code = char.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * `name` safe to print on one line of a terminal: control characters (escape sequences, line
 * breaks, tabs, bidirectional overrides) are written as escapes (`\x1b`, `\n`, `\u202e`), so a
 * file name cannot move the cursor, recolour the screen or forge a line of output. JSON output
 * never goes through this: it stays exact.
 */
export function printable(name: string): string {
  return name.replace(CONTROL, escapeControl);
}

/** `text` safe to print as lines: like {@link printable}, but line feeds and tabs stay. */
export function printableText(text: string): string {
  return text.replace(CONTROL_BUT_LINES, escapeControl);
}

/** One-line snippet of a chunk, at most `width` characters, control characters escaped. */
export function snippet(text: string, width = 160): string {
  const flat = printable(text.replace(/\s+/g, ' ').trim());
  return flat.length <= width ? flat : `${flat.slice(0, width - 1)}…`;
}

/** Search hits as numbered blocks: rank, score, document, page, heading path, snippet. */
export function formatHits(hits: Hit[]): string {
  if (hits.length === 0) return 'No hits.';
  return hits
    .map((hit, i) => {
      const score = hit.score.toFixed(4);
      return `${i + 1}. [${score}] ${printable(describeSource(hit))}\n   ${snippet(hit.chunk.text)}`;
    })
    .join('\n');
}

/** The sources block printed under an answer. */
export function formatSources(answer: Answer): string {
  if (answer.sources.length === 0) return '';
  const cited = new Set(answer.cited);
  const lines = answer.sources
    .filter((s) => cited.has(s.n))
    .map((s) => `[${s.n}] ${printable(describeSource(s.hit))}`);
  return lines.length > 0 ? `\nSources:\n${lines.join('\n')}` : '';
}

/** The end-of-run summary of an ingest. */
export function formatIngestReport(report: IngestReport): string {
  const lines: string[] = [];
  for (const item of report.items) {
    if (item.status === 'failed' || item.status === 'skipped') {
      const reason = item.reason ? ` (${printable(item.reason)})` : '';
      lines.push(`${item.status} ${printable(item.documentId)}${reason}`);
    }
  }
  for (const id of report.pruned) lines.push(`pruned ${printable(id)}`);
  const t = report.totals;
  lines.push(
    `${t.ingested} ingested, ${t.unchanged} unchanged, ${t.skipped} skipped, ${t.failed} failed; ` +
      `${t.pages} pages, ${t.chunks} chunks in ${t.seconds.toFixed(1)} s`,
  );
  return lines.join('\n');
}

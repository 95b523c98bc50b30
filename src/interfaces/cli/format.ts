/**
 * Plain-text rendering of hits, answers and ingest reports for the terminal, with the control
 * characters of names and texts escaped (see {@link printable}).
 * @module
 */

import { describeSource } from '../../answer/prompt.js';
import type { Answer, Hit } from '../../core/types.js';
import type { IngestReport, WatchBatch } from '../../engine/engine.js';
import type { AbbreviationExpansion } from '../../retrieve/abbreviations.js';
import { printable } from './printable.js';

export { printable, printableText } from './printable.js';

/** One-line snippet of a chunk, at most `width` characters, control characters escaped. */
export function snippet(text: string, width = 160): string {
  const flat = printable(text.replace(/\s+/g, ' ').trim());
  return flat.length <= width ? flat : `${flat.slice(0, width - 1)}…`;
}

/**
 * A hit's score for the terminal: four decimals, or two significant digits when that would show
 * zero (BM25 over a handful of chunks scores around 1e-6, which `0.0000` hides).
 */
export function formatScore(score: number): string {
  return score === 0 || Math.abs(score) >= 0.0001 ? score.toFixed(4) : score.toPrecision(2);
}

/** Search hits as numbered blocks: rank, score, document (and date), page, heading path, why it was boosted, snippet. */
export function formatHits(hits: Hit[]): string {
  if (hits.length === 0) return 'No hits.';
  return hits
    .map((hit, i) => {
      const score = formatScore(hit.score);
      const boosts = (hit.boosts ?? [])
        .map((b) => `\n   boosted (${b.kind}): ${printable(b.reason)}`)
        .join('');
      return `${i + 1}. [${score}] ${printable(describeSource(hit))}${boosts}\n   ${snippet(hit.chunk.text)}`;
    })
    .join('\n');
}

/**
 * The line printed above search hits when the query's abbreviations were read as phrases the
 * documents spell them out with (`scoring.expansions`): `Read "R&D" as "research and development".`
 * Empty without any.
 */
export function formatExpansions(expansions: readonly AbbreviationExpansion[]): string {
  if (expansions.length === 0) return '';
  const read = expansions.map((e) => `"${printable(e.abbreviation)}" as "${printable(e.expansion)}"`);
  return `Read ${read.join(', ')}.\n`;
}

/**
 * The sources block printed under an answer: `Sources:` and the cited sources; under a "not
 * found", `Looked in:` — they are where it looked, not support for an answer.
 */
export function formatSources(answer: Answer): string {
  if (answer.sources.length === 0) return '';
  const cited = new Set(answer.cited);
  const lines = answer.sources
    .filter((s) => cited.has(s.n))
    .map((s) => `[${s.n}] ${printable(describeSource(s.hit))}`);
  const title = answer.notFound ? 'Looked in:' : 'Sources:';
  return lines.length > 0 ? `\n${title}\n${lines.join('\n')}` : '';
}

/** The end-of-run summary of an ingest; for a dry run, what it would do. */
export function formatIngestReport(report: IngestReport): string {
  if (report.planned) {
    const lines = report.planned.map((p) =>
      p.stored
        ? `would re-read ${p.documentId} (stored; re-ingested if changed)`
        : `would ingest ${p.documentId}`,
    );
    for (const id of report.pruned) lines.push(`would prune ${id}`);
    const fresh = report.planned.filter((p) => !p.stored).length;
    lines.push(
      `dry run: ${report.planned.length} files (${fresh} new), ${report.pruned.length} to prune ` +
        `(${report.totals.deletedChunks} chunks); nothing was written`,
    );
    return lines.join('\n');
  }
  const lines: string[] = [];
  for (const item of report.items) {
    if (item.status === 'failed' || item.status === 'skipped') {
      const reason = item.reason ? ` (${printable(item.reason)})` : '';
      lines.push(`${item.status} ${printable(item.documentId)}${reason}`);
    }
    if (item.recordIssues && item.recordIssues.length > 0) {
      const count = item.malformedRecords ?? item.recordIssues.length;
      lines.push(`${item.documentId}: ${count} malformed record${count === 1 ? '' : 's'} left out`);
      for (const issue of item.recordIssues.slice(0, 10))
        lines.push(`  line ${issue.line}: ${issue.message}`);
      if (count > 10) lines.push(`  … and ${count - 10} more (--json lists the first 100)`);
    }
  }
  for (const id of report.pruned) lines.push(`pruned ${printable(id)}`);
  if (report.stopped) lines.push('stopped: the files after these were not read, and nothing was pruned');
  const t = report.totals;
  lines.push(
    `${t.ingested} ingested, ${t.unchanged} unchanged, ${t.skipped} skipped, ${t.failed} failed; ` +
      `${t.pages} pages, ${t.chunks} chunks in ${t.seconds.toFixed(1)} s` +
      (t.pruned > 0 ? `; ${t.pruned} pruned (${t.deletedChunks} chunks deleted)` : ''),
  );
  return lines.join('\n');
}

/**
 * A batch of watch mode as lines, one per change: `ingested ID (N chunks)`, `unchanged ID`,
 * `skipped ID (reason)`, `failed ID (reason)`, `removed ID`, each ending in a line feed.
 */
export function formatWatchBatch(batch: WatchBatch): string {
  const lines = batch.items.map((item) => {
    const id = printable(item.documentId);
    if (item.status === 'ingested')
      return `ingested ${id} (${item.chunks} chunk${item.chunks === 1 ? '' : 's'})`;
    if (item.status === 'unchanged') return `unchanged ${id}`;
    return `${item.status} ${id}${item.reason ? ` (${printable(item.reason)})` : ''}`;
  });
  for (const id of batch.removed) lines.push(`removed ${printable(id)}`);
  return lines.map((line) => `${line}\n`).join('');
}

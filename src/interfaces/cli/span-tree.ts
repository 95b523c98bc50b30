/**
 * The spans of one CLI command as an indented tree for the terminal (`--trace`): one line per
 * span with its name, what it worked on, its duration in milliseconds and its status, children
 * under their parent in the order they started; then the milliseconds spent in each stage,
 * summed over the spans of that name.
 * @module
 */
import { printable } from './printable.js';

/** What the tree needs of a finished span (the SDK's `ReadableSpan` has it). */
export interface TreeSpan {
  readonly name: string;
  /** `[seconds, nanoseconds]` since the epoch. */
  readonly startTime: readonly [number, number];
  /** `[seconds, nanoseconds]`. */
  readonly duration: readonly [number, number];
  /** `code` 2 is ERROR (OpenTelemetry's `SpanStatusCode`). */
  readonly status: { readonly code: number; readonly message?: string };
  readonly attributes: Readonly<Record<string, unknown>>;
  spanContext(): { spanId: string };
  readonly parentSpanContext?: { spanId: string } | undefined;
}

const ERROR = 2;

const milliseconds = ([seconds, nanos]: readonly [number, number]) => seconds * 1e3 + nanos / 1e6;

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** What a span worked on, from its attributes: the document, hits, chunks, tokens. */
function details(attributes: Readonly<Record<string, unknown>>): string {
  const parts: string[] = [];
  const id = attributes['cairn.document.id'];
  if (typeof id === 'string') parts.push(id);
  const mode = attributes['cairn.search.mode'];
  if (typeof mode === 'string') parts.push(mode);
  const hits = attributes['cairn.hits'];
  if (typeof hits === 'number') parts.push(count(hits, 'hit'));
  const top = attributes['cairn.hits.top_score'];
  if (typeof top === 'number') parts.push(`top score ${top.toPrecision(4)}`);
  const chunks = attributes['cairn.chunks'];
  if (typeof chunks === 'number') parts.push(count(chunks, 'chunk'));
  const texts = attributes['cairn.texts'];
  if (typeof texts === 'number') parts.push(count(texts, 'text'));
  const input = attributes['gen_ai.usage.input_tokens'];
  const output = attributes['gen_ai.usage.output_tokens'];
  if (typeof input === 'number' || typeof output === 'number') {
    parts.push(`tokens ${input ?? '?'} in${typeof output === 'number' ? `, ${output} out` : ''}`);
  }
  return parts.join(', ');
}

function statusOf(span: TreeSpan): string {
  if (span.status.code === ERROR) {
    const type = span.attributes['error.type'];
    const message = span.status.message ? `: ${span.status.message}` : '';
    return `ERROR${typeof type === 'string' ? ` ${type}` : ''}${message}`;
  }
  if (span.attributes['cairn.cancelled'] === true) return 'cancelled';
  const outcome = span.attributes['cairn.outcome'];
  return typeof outcome === 'string' ? outcome : 'ok';
}

const byStart = (a: TreeSpan, b: TreeSpan) =>
  a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1];

/**
 * `spans` as an indented tree (box-drawing characters), with the names and details escaped (see
 * {@link printable}) and durations in milliseconds with one decimal; a span whose parent is not
 * among `spans` is a root. Then `stages:` with each span name's count and total milliseconds,
 * the slowest first. Empty `spans` give `no spans recorded`.
 */
export function formatSpanTree(spans: readonly TreeSpan[]): string {
  if (spans.length === 0) return 'no spans recorded';
  const ids = new Set(spans.map((s) => s.spanContext().spanId));
  const children = new Map<string | undefined, TreeSpan[]>();
  for (const span of spans) {
    const parent = span.parentSpanContext?.spanId;
    const key = parent !== undefined && ids.has(parent) ? parent : undefined;
    children.set(key, [...(children.get(key) ?? []), span]);
  }
  const lines: string[] = [];
  const walk = (span: TreeSpan, prefix: string, branch: string, last: boolean) => {
    const what = details(span.attributes);
    const ms = milliseconds(span.duration).toFixed(1);
    lines.push(
      `${prefix}${branch}${printable(span.name)}${what ? ` (${printable(what)})` : ''}  ${ms} ms  ${printable(statusOf(span))}`,
    );
    const below = (children.get(span.spanContext().spanId) ?? []).sort(byStart);
    const inner = branch === '' ? prefix : `${prefix}${last ? '   ' : '│  '}`;
    below.forEach((child, i) => {
      const isLast = i === below.length - 1;
      walk(child, inner, isLast ? '└─ ' : '├─ ', isLast);
    });
  };
  for (const root of (children.get(undefined) ?? []).sort(byStart)) walk(root, '', '', true);
  const stages = new Map<string, { count: number; ms: number }>();
  for (const span of spans) {
    const stage = stages.get(span.name) ?? { count: 0, ms: 0 };
    stage.count++;
    stage.ms += milliseconds(span.duration);
    stages.set(span.name, stage);
  }
  const rows = [...stages].sort((a, b) => b[1].ms - a[1].ms);
  const width = Math.max(...rows.map(([name]) => printable(name).length));
  lines.push('', 'stages:');
  for (const [name, { count, ms }] of rows) {
    lines.push(
      `  ${printable(name).padEnd(width)}  ${String(count).padStart(5)}×  ${ms.toFixed(1).padStart(10)} ms`,
    );
  }
  return lines.join('\n');
}

import { SpanStatusCode, trace } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpanRecorder, startSpanRecorder } from '../../exports/testing.js';
import { formatSpanTree } from './span-tree.js';

describe('formatSpanTree', () => {
  let recorder: SpanRecorder;
  beforeAll(() => {
    recorder = startSpanRecorder();
  });
  afterAll(() => recorder.stop());

  it('draws children under their parent in start order, with details, milliseconds and status, then the stages', async () => {
    recorder.reset();
    const tracer = trace.getTracer('test');
    await tracer.startActiveSpan('cairn.ingest', async (root) => {
      await tracer.startActiveSpan('cairn.ingest.document', async (doc) => {
        doc.setAttributes({ 'cairn.document.id': 'a\u001b[31m.md', 'cairn.chunks': 1 });
        tracer.startSpan('cairn.parse').end();
        const chat = tracer.startSpan('chat gpt');
        chat.setAttributes({ 'gen_ai.usage.input_tokens': 12, 'gen_ai.usage.output_tokens': 3 });
        chat.end();
        doc.end();
      });
      const failed = tracer.startSpan('cairn.ingest.document');
      failed.setAttributes({ 'cairn.document.id': 'b.pdf', 'error.type': 'PARSE_FAILED' });
      failed.setStatus({ code: SpanStatusCode.ERROR, message: 'b.pdf: not a valid PDF' });
      failed.end();
      const stopped = tracer.startSpan('retrieval docs');
      stopped.setAttributes({ 'cairn.cancelled': true, 'cairn.hits': 2, 'cairn.hits.top_score': 0.03125 });
      stopped.end();
      root.end();
    });
    const lines = formatSpanTree(recorder.spans()).split('\n');
    const ms = String.raw`\d+\.\d ms`;
    expect(lines[0]).toMatch(new RegExp(`^cairn\\.ingest  ${ms}  ok$`));
    expect(lines[1]).toMatch(
      new RegExp(String.raw`^├─ cairn\.ingest\.document \(a\\x1b\[31m\.md, 1 chunk\)  ${ms}  ok$`),
    );
    expect(lines[2]).toMatch(new RegExp(`^│  ├─ cairn\\.parse  ${ms}  ok$`));
    expect(lines[3]).toMatch(new RegExp(`^│  └─ chat gpt \\(tokens 12 in, 3 out\\)  ${ms}  ok$`));
    expect(lines[4]).toMatch(
      new RegExp(
        `^├─ cairn\\.ingest\\.document \\(b\\.pdf\\)  ${ms}  ERROR PARSE_FAILED: b\\.pdf: not a valid PDF$`,
      ),
    );
    expect(lines[5]).toMatch(
      new RegExp(`^└─ retrieval docs \\(2 hits, top score 0\\.03125\\)  ${ms}  cancelled$`),
    );
    expect(lines[6]).toBe('');
    expect(lines[7]).toBe('stages:');
    const stages = lines.slice(8).map((line) => line.trim().split(/\s+/).slice(0, 2));
    expect(stages).toHaveLength(5);
    expect(stages).toContainEqual(['cairn.ingest.document', '2×']);
    expect(stages[0]).toEqual(['cairn.ingest', '1×']);
  });

  it('says when there is nothing to show', () => {
    expect(formatSpanTree([])).toBe('no spans recorded');
  });
});

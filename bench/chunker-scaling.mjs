#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { HtmlParser, MarkdownChunker, MarkdownParser } from '../dist/exports/ingest.js';
import { writeResult } from './support/write-result.mjs';

const { values } = parseArgs({
  options: {
    'max-mb': { type: 'string', default: '10' },
    steps: { type: 'string', default: '4' },
    shape: { type: 'string' },
  },
});
const maxBytes = Number(values['max-mb']) * 1024 * 1024;
const steps = Number(values.steps);

/** Repeats `unit(i)` until the text reaches `bytes` bytes of UTF-8. */
function fill(bytes, unit, join = '') {
  const parts = [];
  let length = 0;
  for (let i = 0; length < bytes; i++) {
    const part = unit(i);
    parts.push(part);
    length += Buffer.byteLength(part) + join.length;
  }
  return parts.join(join);
}

/** A list nested `levels` deep, each item with a line of text. */
function nestedList(levels) {
  return Array.from({ length: levels }, (_, i) => `${'  '.repeat(i)}- level ${i} item text`).join('\n');
}

const sentence = (i) =>
  `The committee reviewed report ${i} and found it sound. Members agreed, without objection.`;

/** name → (bytes) → { format, text }. */
const shapes = {
  'whitespace-runs': (bytes) => ({
    format: 'markdown',
    text: fill(bytes, (i) => `w${i}${' \t'.repeat(20)}`),
  }),
  'long-space-runs': (bytes) => ({
    format: 'markdown',
    text: fill(bytes, (i) => `w${i}${' '.repeat(5000)}`),
  }),
  'nested-list-1000': (bytes) => ({ format: 'markdown', text: fill(bytes, () => nestedList(1000), '\n\n') }),
  'nested-quotes-1000': (bytes) => ({
    format: 'markdown',
    text: fill(
      bytes,
      () => Array.from({ length: 1000 }, (_, i) => `${'>'.repeat(i + 1)} q${i}`).join('\n'),
      '\n\n',
    ),
  }),
  'one-line': (bytes) => ({ format: 'markdown', text: fill(bytes, (i) => `word${i} `) }),
  'one-word': (bytes) => ({ format: 'markdown', text: 'x'.repeat(bytes) }),
  'cjk-unpunctuated': (bytes) => ({
    format: 'markdown',
    text: '漢字仮名交じり文'.repeat(Math.ceil(bytes / 24)),
  }),
  'huge-table': (bytes) => ({
    format: 'markdown',
    text: `| a | b | c |\n| --- | --- | --- |\n${fill(bytes, (i) => `| ${i} | value ${i} | more ${i} |`, '\n')}`,
  }),
  'unclosed-code': (bytes) => ({
    format: 'markdown',
    text: `\`\`\`js\n${fill(bytes, (i) => `const v${i} = ${i};`, '\n')}`,
  }),
  'heading-lines': (bytes) => ({
    format: 'markdown',
    text: fill(bytes, (i) => `${'#'.repeat((i % 6) + 1)} Heading ${i}`, '\n'),
  }),
  'link-headings': (bytes) => ({
    format: 'markdown',
    text: fill(
      bytes,
      (i) => `## [Part ${i}](https://example.com/${i}) [[[ ](( <https://x.org/${i}>\n\n${sentence(i)}`,
      '\n\n',
    ),
  }),
  'ordinary-markdown': (bytes) => ({
    format: 'markdown',
    text: fill(
      bytes,
      (i) =>
        `## Section ${i}\n\n${sentence(i)} ${sentence(i + 1)}\n\n- first point\n- second point\n\n| k | v |\n| - | - |\n| ${i} | x |`,
      '\n\n',
    ),
  }),
  'html-nested-divs-8000': (bytes) => ({
    format: 'html',
    text: fill(bytes, (i) => `${'<div>'.repeat(8000)}text ${i}${'</div>'.repeat(8000)}`),
  }),
  'html-nested-100k': (bytes) => ({
    format: 'html',
    text: `<html><body>${'<div>'.repeat(Math.floor(bytes / 11))}deep${'</div>'.repeat(Math.floor(bytes / 11))}</body></html>`,
  }),
  'html-paragraphs': (bytes) => ({ format: 'html', text: fill(bytes, (i) => `<p>${sentence(i)}</p>`) }),
};

const chunker = new MarkdownChunker();
const parsers = { markdown: new MarkdownParser(), html: new HtmlParser() };
const results = {
  date: new Date().toISOString(),
  node: process.version,
  chunkSize: 512,
  chunkOverlap: 64,
  shapes: {},
};

const names = values.shape ? [values.shape] : Object.keys(shapes);
console.log(
  'shape'.padEnd(24),
  'MB'.padStart(6),
  'parse s'.padStart(8),
  'chunk s'.padStart(8),
  'chunks'.padStart(7),
);
for (const name of names) {
  const rows = [];
  for (let k = steps - 1; k >= 0; k--) {
    const bytes = Math.floor(maxBytes / 2 ** k);
    const { format, text } = shapes[name](bytes);
    const source = {
      name: `${name}.${format === 'html' ? 'html' : 'md'}`,
      bytes: new TextEncoder().encode(text),
    };
    let began = performance.now();
    let cpu = process.cpuUsage();
    const parsed = await parsers[format].parse(source);
    const parseSeconds = (performance.now() - began) / 1000;
    const parseCpu = process.cpuUsage(cpu);
    began = performance.now();
    cpu = process.cpuUsage();
    const chunks = chunker.chunk({ documentId: source.name, pages: parsed.pages });
    const chunkSeconds = (performance.now() - began) / 1000;
    const chunkCpu = process.cpuUsage(cpu);
    const cpuSeconds = (usage) => +((usage.user + usage.system) / 1e6).toFixed(3);
    const row = {
      megabytes: +(source.bytes.length / 1024 / 1024).toFixed(2),
      parseSeconds: +parseSeconds.toFixed(3),
      chunkSeconds: +chunkSeconds.toFixed(3),
      // CPU time of this process (GC threads included): what the work costs on a busy machine.
      parseCpuSeconds: cpuSeconds(parseCpu),
      chunkCpuSeconds: cpuSeconds(chunkCpu),
      chunks: chunks.length,
    };
    rows.push(row);
    console.log(
      name.padEnd(24),
      String(row.megabytes).padStart(6),
      row.parseSeconds.toFixed(2).padStart(8),
      row.chunkSeconds.toFixed(2).padStart(8),
      (row.parseCpuSeconds + row.chunkCpuSeconds).toFixed(2).padStart(7),
      String(row.chunks).padStart(7),
    );
  }
  const perByte = (row) => (row.parseSeconds + row.chunkSeconds) / row.megabytes;
  results.shapes[name] = {
    rows,
    ratio: +(perByte(rows.at(-1)) / Math.max(perByte(rows[0]), 1e-9)).toFixed(2),
    largestSeconds: +(rows.at(-1).parseSeconds + rows.at(-1).chunkSeconds).toFixed(2),
    largestCpuSeconds: +(rows.at(-1).parseCpuSeconds + rows.at(-1).chunkCpuSeconds).toFixed(2),
  };
}
results.slowestAtLargest = Math.max(...Object.values(results.shapes).map((s) => s.largestSeconds));
results.slowestCpuAtLargest = Math.max(...Object.values(results.shapes).map((s) => s.largestCpuSeconds));
results.loadAverage = (await import('node:os')).loadavg().map((x) => +x.toFixed(2));

if (!values.shape) {
  writeResult('bench/results/chunker-scaling.json', results);
}
console.log(
  `slowest at the largest size: ${results.slowestAtLargest} s (${results.slowestCpuAtLargest} s of CPU; load average ${results.loadAverage.join(', ')})`,
);

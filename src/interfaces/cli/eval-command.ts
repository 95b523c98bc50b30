/**
 * `cairn eval <beir-dir>`: retrieval quality (nDCG@10, recall@100, MRR@10) on a BEIR folder, one
 * table row per available setting (each mode alone and, with `--rerank`, reranked), with ingest
 * and query timings.
 * @module
 */
import type { Command } from 'commander';
import type { EvalReport } from '../../eval/beir.js';
import {
  engineFromOptions,
  type GlobalOptions,
  retrievalOptions,
  withCacheOption,
  withChatOption,
  withChunkingOptions,
  withEmbedderOptions,
  withExamples,
  withRetrievalOptions,
  withScopeOptions,
} from './context.js';

interface EvalOptions extends GlobalOptions {
  split: string;
  json?: boolean;
}

/** Registers `eval`. */
export function registerEvalCommand(program: Command): void {
  const command = program
    .command('eval')
    .description(
      'evaluate retrieval on a BEIR-format folder (corpus.jsonl, queries*.jsonl, qrels/<split>.tsv)',
    )
    .argument('<beir-dir>', 'BEIR folder')
    .option('--split <name>', 'qrels split to evaluate', 'test')
    .option('--json', 'print the report as JSON');
  withChunkingOptions(command);
  withRetrievalOptions(command);
  withScopeOptions(command);
  withEmbedderOptions(command);
  withChatOption(command, 'chat model for --contextualize llm');
  withCacheOption(command);
  withExamples(command, [
    ['cairn eval ../shared/data/scifact --split train', 'nDCG@10, recall@100, MRR@10 per mode'],
    ['cairn eval data/scifact --embedder local --rerank local', 'lexical, dense, hybrid and reranked rows'],
  ]);
  command.action(async (dir: string, options: EvalOptions) => {
    const { evaluate, loadBeir } = await import('../../eval/beir.js');
    const dataset = await loadBeir(dir, options.split);
    const collection =
      options.collection && options.collection !== 'default' ? options.collection : `eval-${dataset.name}`;
    const engine = await engineFromOptions(options, options.json, { create: true });
    try {
      const report = await evaluate(engine, dataset, {
        ...retrievalOptions(options),
        collection,
        split: options.split,
        onProgress:
          options.json || !process.stderr.isTTY
            ? undefined
            : (stage, done, total) => process.stderr.write(`\r${stage} ${done}/${total}   `),
      });
      if (!options.json && process.stderr.isTTY) process.stderr.write('\r\x1b[K');
      if (options.json) {
        process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
        return;
      }
      const lines = formatEvalReport(report);
      process.stdout.write(`${lines.join('\n')}\n`);
    } finally {
      await engine.close();
    }
  });
}

/** The report as a plain-text table: one row per setting. */
export function formatEvalReport(report: EvalReport): string[] {
  const fusion = report.results.some((r) => r.mode === 'hybrid')
    ? `; RRF k=${report.fusion.k}, weights dense ${report.fusion.weights[0]}, lexical ${report.fusion.weights[1]}`
    : '';
  const name = (r: EvalReport['results'][number]) => (r.reranker ? `${r.mode}+rerank` : r.mode);
  const width = Math.max(8, ...report.results.map((r) => name(r).length));
  return [
    `${report.dataset} (${report.split}): ${report.documents} documents, ${report.queries} queries; ingest ${report.ingestSeconds.toFixed(1)} s${fusion}`,
    `${'setting'.padEnd(width)}  nDCG@10  recall@100  MRR@10  p50 ms  p95 ms  total s`,
    ...report.results.map(
      (r) =>
        `${name(r).padEnd(width)}  ${r.ndcgAt10.toFixed(4)}   ${r.recallAt100.toFixed(4)}    ${r.mrrAt10.toFixed(4)}  ${r.latencyMs.p50.toFixed(1).padStart(6)}  ${r.latencyMs.p95.toFixed(1).padStart(6)}  ${r.querySeconds.toFixed(1).padStart(7)}`,
    ),
    ...(report.results.some((r) => r.reranker)
      ? [`rerank: ${report.results.find((r) => r.reranker)!.reranker}`]
      : []),
  ];
}

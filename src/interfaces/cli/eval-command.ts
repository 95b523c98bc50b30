/**
 * `cairn eval <beir-dir>`: retrieval quality (nDCG@10, recall@100, MRR@10) on a BEIR folder.
 * @module
 */
import type { Command } from 'commander';
import { evaluate, loadBeir } from '../../eval/beir.js';
import { engineFromOptions, type GlobalOptions, withEngineOptions } from './context.js';

interface EvalOptions extends GlobalOptions {
  split: string;
  json?: boolean;
}

/** Registers `eval`. */
export function registerEvalCommand(program: Command): void {
  withEngineOptions(program.command('eval'))
    .description(
      'evaluate retrieval on a BEIR-format folder (corpus.jsonl, queries*.jsonl, qrels/<split>.tsv)',
    )
    .argument('<beir-dir>', 'BEIR folder')
    .option('--split <name>', 'qrels split to evaluate', 'test')
    .option('--chunk-size <tokens>', 'chunk budget in tokens (default 512)')
    .option('--chunk-overlap <tokens>', 'overlap between chunks in tokens (default 64)')
    .option(
      '--contextualize <kind>',
      'add context to chunks before embedding: structural | llm (needs --chat)',
    )
    .option('--json', 'print the report as JSON')
    .action(async (dir: string, options: EvalOptions) => {
      const dataset = await loadBeir(dir, options.split);
      const collection =
        options.collection && options.collection !== 'default' ? options.collection : `eval-${dataset.name}`;
      const engine = await engineFromOptions(options, options.json);
      try {
        const report = await evaluate(engine, dataset, {
          collection,
          split: options.split,
          onProgress: options.json
            ? undefined
            : (stage, done, total) => process.stderr.write(`\r${stage} ${done}/${total}   `),
        });
        if (!options.json) process.stderr.write('\r\x1b[K');
        if (options.json) {
          process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
          return;
        }
        const lines = [
          `${report.dataset} (${report.split}): ${report.documents} documents, ${report.queries} queries; ingest ${report.ingestSeconds.toFixed(1)} s`,
          'mode      nDCG@10  recall@100  MRR@10  p50 ms  p95 ms',
          ...report.results.map(
            (r) =>
              `${r.mode.padEnd(8)}  ${r.ndcgAt10.toFixed(4)}   ${r.recallAt100.toFixed(4)}    ${r.mrrAt10.toFixed(4)}  ${r.latencyMs.p50.toFixed(1).padStart(6)}  ${r.latencyMs.p95.toFixed(1).padStart(6)}`,
          ),
        ];
        process.stdout.write(`${lines.join('\n')}\n`);
      } finally {
        await engine.close();
      }
    });
}

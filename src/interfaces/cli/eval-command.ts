/**
 * `cairn eval <folder>`: retrieval quality on a BEIR folder (nDCG@10, recall@100, MRR@10, one table
 * row per setting), or on a folder of one's own documents with a questions file (hit@1/5/10,
 * MRR@10 by document, coverage@10, answers' key figures and first citations).
 * @module
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { InvalidArgumentError } from '../../core/errors.js';
import type { EvalReport } from '../../eval/beir.js';
import type { AnswerFigures, DocumentsEvalReport, RetrievalFigures } from '../../eval/documents-eval.js';
import { checkMode } from './answer-commands.js';
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
  questions?: string;
  include?: string[];
  exclude?: string[];
  mode?: string;
  /** `false` with `--no-answers`. */
  answers?: boolean;
  json?: boolean;
  /** Keep the temporary collection the evaluation made (`--keep`). */
  keep?: boolean;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/**
 * The questions file for a folder of documents: `--questions`, else `questions.jsonl` in the
 * folder, else its only `questions*.jsonl`; `undefined` for a BEIR folder (it has `corpus.jsonl`).
 * @throws {InvalidArgumentError} when the folder is neither and no file is given.
 */
export function questionsFileFor(dir: string, given: string | undefined): string | undefined {
  if (given !== undefined) return given;
  if (existsSync(path.join(dir, 'corpus.jsonl'))) return undefined;
  const candidates = existsSync(dir)
    ? readdirSync(dir).filter((name) => /^questions.*\.jsonl$/.test(name))
    : [];
  if (candidates.includes('questions.jsonl')) return path.join(dir, 'questions.jsonl');
  if (candidates.length === 1) return path.join(dir, candidates[0]!);
  throw new InvalidArgumentError(
    '--questions',
    candidates.length > 1
      ? `${dir} holds several questions files (${candidates.join(', ')}); name one with --questions FILE`
      : `${dir} is not a BEIR folder (no corpus.jsonl) and has no questions.jsonl; name a questions file with --questions FILE`,
  );
}

/** Registers `eval`. */
export function registerEvalCommand(program: Command): void {
  const command = program
    .command('eval')
    .description(
      'evaluate retrieval on a BEIR folder (corpus.jsonl, queries*.jsonl, qrels/<split>.tsv), or on a folder of ' +
        'documents with a questions file (JSONL: question, sources, optional reference answer)',
    )
    .argument('<folder>', 'BEIR folder, or a folder of documents')
    .option('--split <name>', 'BEIR: qrels split to evaluate', 'test')
    .option(
      '--questions <file>',
      'documents: JSONL questions file (default the folder’s questions.jsonl or only questions*.jsonl)',
    )
    .option('--include <glob>', 'documents: only ingest files matching this glob (repeatable)', collect)
    .option('--exclude <glob>', 'documents: skip files matching this glob (repeatable)', collect)
    .option('--mode <mode>', 'documents: lexical | dense | hybrid (default: hybrid when embeddings exist)')
    .option('--no-answers', 'documents: search only; do not ask the questions')
    .option(
      '--keep',
      'keep the temporary collection eval-<folder> the documents go in when no --collection is given (dropped otherwise)',
    )
    .option('--json', 'print the report as JSON');
  withChunkingOptions(command);
  withRetrievalOptions(command);
  withScopeOptions(command);
  withEmbedderOptions(command);
  withChatOption(command, 'chat model for answers and --contextualize llm');
  withCacheOption(command);
  withExamples(command, [
    ['cairn eval ../shared/data/scifact --split train', 'nDCG@10, recall@100, MRR@10 per mode'],
    ['cairn eval data/scifact --embedder local --rerank local', 'lexical, dense, hybrid and reranked rows'],
    [
      'cairn eval ../shared/data/sec-10-q --questions ../shared/data/sec-10-q/questions.dev.jsonl',
      'hit@k by document, coverage@10, key figures and first citations of answers',
    ],
  ]);
  command.action(async (dir: string, options: EvalOptions, self: Command) => {
    const questionsFile = questionsFileFor(dir, options.questions);
    const mode = checkMode(options.mode);
    const [{ evaluate, loadBeir }, { evaluateDocuments }, { loadQuestions }] = await Promise.all([
      import('../../eval/beir.js'),
      import('../../eval/documents-eval.js'),
      import('../../eval/questions.js'),
    ]);
    const questions = questionsFile === undefined ? undefined : await loadQuestions(questionsFile);
    const dataset = questions === undefined ? await loadBeir(dir, options.split) : undefined;
    const name = path.basename(path.resolve(dir));
    // Without --collection (or its variable or config key) the documents go into a temporary
    // collection named after the folder, which is dropped at the end unless --keep; a collection
    // named explicitly is used as is and kept.
    const named = self.getOptionValueSource('collection') !== 'default';
    const collection = named ? options.collection! : `eval-${name}`;
    const engine = await engineFromOptions(options, options.json, { create: true });
    const temporary = !named && (await engine.store.getCollection(collection)) === undefined;
    if (temporary && !options.json) {
      process.stderr.write(
        `note: evaluating in a temporary collection "${collection}" in ${options.db ?? 'the database'}; ` +
          (options.keep ? 'kept (--keep)\n' : 'dropped at the end (--keep keeps it)\n'),
      );
    }
    const onProgress =
      options.json || !process.stderr.isTTY
        ? undefined
        : (stage: string, done: number, total: number) =>
            process.stderr.write(`\r${stage} ${done}/${total}   `);
    try {
      let lines: string[];
      let report: EvalReport | DocumentsEvalReport;
      if (dataset) {
        report = await evaluate(engine, dataset, {
          ...retrievalOptions(options),
          collection,
          split: options.split,
          onProgress,
        });
        lines = formatEvalReport(report);
      } else {
        report = await evaluateDocuments(engine, dir, questions!, {
          ...retrievalOptions(options),
          collection,
          questionsFile,
          include: options.include,
          exclude: options.exclude,
          mode,
          answers: options.answers,
          onProgress,
        });
        lines = formatDocumentsEvalReport(report);
      }
      if (!options.json && process.stderr.isTTY) process.stderr.write('\r\x1b[K');
      process.stdout.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : `${lines.join('\n')}\n`);
    } finally {
      if (temporary && !options.keep) await engine.store.dropCollection(collection).catch(() => false);
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

const share = (value: number) => `${(100 * value).toFixed(0)}%`.padStart(6);

/** A documents evaluation as plain-text tables: retrieval by question group, then answers. */
export function formatDocumentsEvalReport(report: DocumentsEvalReport): string[] {
  const groups = [
    ['single', report.retrieval.single, report.answers?.single],
    ['multi', report.retrieval.multi, report.answers?.multi],
    ['all', report.retrieval.all, report.answers?.all],
  ] as const;
  const rows = groups.filter(([, figures]) => figures.questions > 0);
  const retrieval = (name: string, f: RetrievalFigures) =>
    `${name.padEnd(9)}${String(f.questions).padStart(9)}${share(f.hitAt1)}${share(f.hitAt5)}${share(f.hitAt10)}` +
    `${f.mrrAt10.toFixed(3).padStart(8)}${share(f.coverageAt10).padStart(13)}`;
  const answer = (name: string, f: AnswerFigures) =>
    `${name.padEnd(9)}${String(f.questions).padStart(9)}${`${share(f.keyFigure)} of ${f.withKeyFigure}`.padStart(15)}` +
    `${share(f.firstCitation).padStart(16)}${share(f.notFound).padStart(11)}`;
  const reranked = report.reranker ? ` + rerank ${report.reranker}` : '';
  return [
    `${report.folder}: ${report.documents} documents, ${report.questions} questions; ${report.mode}${reranked}; ` +
      `ingest ${report.ingest.seconds.toFixed(1)} s (${report.ingest.ingested} ingested, ${report.ingest.unchanged} unchanged, ${report.ingest.failed} failed)`,
    ...(report.unmatched.length > 0
      ? [`left out (sources name no document): ${report.unmatched.join(', ')}`]
      : []),
    '',
    'questions  number  hit@1 hit@5 hit@10  MRR@10  coverage@10',
    ...rows.map(([name, figures]) => retrieval(name, figures)),
    ...(report.answers
      ? [
          '',
          'answers    number     key figure  first citation  not found',
          ...rows.map(([name, , figures]) => answer(name, figures!)),
        ]
      : []),
  ];
}

/**
 * BEIR-format evaluation (Thakur et al., "BEIR: A Heterogeneous Benchmark for Zero-shot
 * Evaluation of Information Retrieval Models", NeurIPS 2021): a folder with `corpus.jsonl`
 * (`_id`, `title`, `text`), `queries.jsonl` or `queries.<split>.jsonl` (`_id`, `text`) and
 * `qrels/<split>.tsv` (`query-id`, `corpus-id`, `score`, with a header line).
 * @module
 */
import { createReadStream, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { InvalidArgumentError, NotFoundError } from '../core/errors.js';
import type { SearchMode } from '../core/types.js';
import type { Engine } from '../engine/engine.js';
import { type Judgments, mrrAt, ndcgAt, recallAt } from './metrics.js';

/** One corpus document. */
export interface BeirDocument {
  id: string;
  title: string;
  text: string;
}

/** A loaded BEIR dataset (only queries that have judgments are kept). */
export interface BeirDataset {
  name: string;
  corpus: BeirDocument[];
  queries: Array<{ id: string; text: string }>;
  qrels: Map<string, Judgments>;
}

async function* jsonLines(file: string): AsyncGenerator<Record<string, unknown>> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  let n = 0;
  for await (const line of lines) {
    n++;
    if (!line.trim()) continue;
    try {
      yield JSON.parse(line) as Record<string, unknown>;
    } catch {
      throw new InvalidArgumentError(file, `line ${n} is not valid JSON`);
    }
  }
}

/**
 * Loads a BEIR folder for one split (e.g. `train`, `test`, `dev`).
 * @throws {NotFoundError} when a required file is missing.
 */
export async function loadBeir(dir: string, split = 'test'): Promise<BeirDataset> {
  const corpusFile = path.join(dir, 'corpus.jsonl');
  const qrelsFile = path.join(dir, 'qrels', `${split}.tsv`);
  const splitQueries = path.join(dir, `queries.${split}.jsonl`);
  const queriesFile = existsSync(splitQueries) ? splitQueries : path.join(dir, 'queries.jsonl');
  for (const file of [corpusFile, qrelsFile, queriesFile]) {
    if (!existsSync(file)) throw new NotFoundError(`BEIR folder ${dir}: missing ${path.relative(dir, file)}`);
  }
  const qrels = new Map<string, Judgments>();
  const tsv = (await readFile(qrelsFile, 'utf8')).split(/\r?\n/);
  for (const [i, line] of tsv.entries()) {
    const [queryId, docId, score] = line.split('\t');
    if (!queryId || !docId || (i === 0 && Number.isNaN(Number(score)))) continue;
    if (!qrels.has(queryId)) qrels.set(queryId, new Map());
    qrels.get(queryId)!.set(docId, Number(score));
  }
  const corpus: BeirDocument[] = [];
  for await (const row of jsonLines(corpusFile)) {
    corpus.push({ id: String(row._id), title: String(row.title ?? ''), text: String(row.text ?? '') });
  }
  const queries: BeirDataset['queries'] = [];
  for await (const row of jsonLines(queriesFile)) {
    const id = String(row._id);
    if (qrels.has(id)) queries.push({ id, text: String(row.text ?? '') });
  }
  return { name: path.basename(path.resolve(dir)), corpus, queries, qrels };
}

/** Scores of one mode. */
export interface ModeResult {
  mode: SearchMode;
  ndcgAt10: number;
  recallAt100: number;
  mrrAt10: number;
  queries: number;
  /** Median and 95th-percentile query latency in milliseconds. */
  latencyMs: { p50: number; p95: number };
}

/** Result of {@link evaluate}. */
export interface EvalReport {
  dataset: string;
  split: string;
  documents: number;
  queries: number;
  ingestSeconds: number;
  results: ModeResult[];
}

/** The `q`-quantile (0..1) of `values` by nearest rank. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/**
 * Ingests the dataset's corpus into `collection` (each document as Markdown: `# title` then text)
 * and runs every query in each available mode.
 */
export async function evaluate(
  engine: Engine,
  dataset: BeirDataset,
  options: {
    collection: string;
    split: string;
    modes?: SearchMode[];
    onProgress?: (stage: string, done: number, total: number) => void;
  },
): Promise<EvalReport> {
  const { collection } = options;
  const began = performance.now();
  for (const [i, doc] of dataset.corpus.entries()) {
    if (i % 200 === 0) options.onProgress?.('ingest', i, dataset.corpus.length);
    const markdown = doc.title ? `# ${doc.title}\n\n${doc.text}` : doc.text;
    const item = await engine.ingestSource(
      { name: doc.id, bytes: new TextEncoder().encode(markdown), mediaType: 'text/markdown' },
      { documentId: doc.id, collection },
    );
    if (item.status === 'failed')
      throw new InvalidArgumentError(`corpus document ${doc.id}`, item.reason ?? 'failed');
  }
  const ingestSeconds = (performance.now() - began) / 1000;
  const dense = (await engine.embedderFor(collection)) !== undefined;
  const modes = options.modes ?? (dense ? (['lexical', 'dense', 'hybrid'] as const) : (['lexical'] as const));
  const results: ModeResult[] = [];
  for (const mode of modes) {
    let ndcg = 0;
    let recall = 0;
    let mrr = 0;
    const latencies: number[] = [];
    for (const [i, query] of dataset.queries.entries()) {
      if (i % 100 === 0) options.onProgress?.(mode, i, dataset.queries.length);
      const start = performance.now();
      const { hits } = await engine.search(query.text, { collection, mode, topK: 100, keepBest: true });
      latencies.push(performance.now() - start);
      const ranking = hits.map((h) => h.chunk.sourceId);
      const judgments = dataset.qrels.get(query.id)!;
      ndcg += ndcgAt(10, ranking, judgments);
      recall += recallAt(100, ranking, judgments);
      mrr += mrrAt(10, ranking, judgments);
    }
    const n = Math.max(1, dataset.queries.length);
    results.push({
      mode,
      ndcgAt10: ndcg / n,
      recallAt100: recall / n,
      mrrAt10: mrr / n,
      queries: dataset.queries.length,
      latencyMs: { p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95) },
    });
  }
  return {
    dataset: dataset.name,
    split: options.split,
    documents: dataset.corpus.length,
    queries: dataset.queries.length,
    ingestSeconds,
    results,
  };
}

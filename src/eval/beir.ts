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
import type { Reranker } from '../core/ports.js';
import type { SearchMode } from '../core/types.js';
import type { Engine } from '../engine/engine.js';
import { DEFAULT_RRF_K } from '../retrieve/reciprocal-rank-fusion.js';
import type { SearchRequest } from '../retrieve/retriever.js';
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

/** Scores of one retrieval setting: a mode, reranked or not. */
export interface ModeResult {
  mode: SearchMode;
  /** The reranker's model id when this run was reranked; absent otherwise. */
  reranker?: string;
  ndcgAt10: number;
  recallAt100: number;
  mrrAt10: number;
  queries: number;
  /** Median and 95th-percentile query latency in milliseconds. */
  latencyMs: { p50: number; p95: number };
  /** Wall-clock seconds for all of this run's queries. */
  querySeconds: number;
}

/** Result of {@link evaluate}. */
export interface EvalReport {
  dataset: string;
  split: string;
  documents: number;
  queries: number;
  ingestSeconds: number;
  /** The RRF settings hybrid runs used. */
  fusion: { k: number; weights: [number, number] };
  /** One entry per setting, in the order run: each mode alone, then reranked when a reranker is given. */
  results: ModeResult[];
}

/** Options of {@link evaluate}. */
export interface EvaluateOptions {
  collection: string;
  split: string;
  /** Modes to run; default lexical, dense and hybrid when the collection is dense, else lexical. */
  modes?: SearchMode[];
  /**
   * Reranker for the reranked runs; default the engine's. Each mode then runs twice, without and
   * with it; `false` runs no reranked setting.
   */
  reranker?: Reranker | false;
  /** Pool handed to the reranker; default 100, so recall@100 is measured over reranked hits. */
  rerankCandidates?: number;
  /** RRF rank constant for hybrid runs; default 60. */
  rrfK?: number;
  /** RRF weights `[dense, lexical]` for hybrid runs; default `[1, 1]`. */
  rrfWeights?: [number, number];
  /** Weight of the search in the documents a query names; default the retriever's (see `SearchRequest.documentFocus`). */
  documentFocus?: number | false;
  /** RM3 pseudo-relevance feedback; default the retriever's (see `SearchRequest.pseudoRelevanceFeedback`). */
  pseudoRelevanceFeedback?: SearchRequest['pseudoRelevanceFeedback'];
  /** Boilerplate demotion; default the retriever's (see `SearchRequest.demoteCopies`). */
  demoteCopies?: number | false;
  onProgress?: (stage: string, done: number, total: number) => void;
}

/** The `q`-quantile (0..1) of `values` by nearest rank. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/**
 * Ingests the dataset's corpus into `collection` (each document as Markdown: `# title` then text)
 * and runs every query in each available setting: each mode alone and, when a reranker is
 * available, each mode reranked. Hits are ranked per source document (best chunk), 100 deep.
 */
export async function evaluate(
  engine: Engine,
  dataset: BeirDataset,
  options: EvaluateOptions,
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
  const reranker = options.reranker === undefined ? engine.reranker : options.reranker || undefined;
  const fusion = {
    k: options.rrfK ?? DEFAULT_RRF_K,
    weights: options.rrfWeights ?? ([1, 1] as [number, number]),
  };
  const runs = modes.flatMap((mode) => (reranker ? [{ mode }, { mode, reranker }] : [{ mode }]));
  const results: ModeResult[] = [];
  for (const run of runs) {
    const stage = run.reranker ? `${run.mode}+rerank` : run.mode;
    let ndcg = 0;
    let recall = 0;
    let mrr = 0;
    const latencies: number[] = [];
    const runBegan = performance.now();
    for (const [i, query] of dataset.queries.entries()) {
      if (i % 100 === 0) options.onProgress?.(stage, i, dataset.queries.length);
      const start = performance.now();
      const { hits } = await engine.search(query.text, {
        collection,
        mode: run.mode,
        topK: 100,
        keepBest: true,
        rrfK: fusion.k,
        rrfWeights: fusion.weights,
        reranker: run.reranker ?? false,
        rerankCandidates: options.rerankCandidates ?? 100,
        ...(options.documentFocus === undefined ? {} : { documentFocus: options.documentFocus }),
        ...(options.pseudoRelevanceFeedback === undefined
          ? {}
          : { pseudoRelevanceFeedback: options.pseudoRelevanceFeedback }),
        ...(options.demoteCopies === undefined ? {} : { demoteCopies: options.demoteCopies }),
      });
      latencies.push(performance.now() - start);
      const ranking = hits.map((h) => h.chunk.sourceId);
      const judgments = dataset.qrels.get(query.id)!;
      ndcg += ndcgAt(10, ranking, judgments);
      recall += recallAt(100, ranking, judgments);
      mrr += mrrAt(10, ranking, judgments);
    }
    const n = Math.max(1, dataset.queries.length);
    results.push({
      mode: run.mode,
      ...(run.reranker ? { reranker: run.reranker.model } : {}),
      ndcgAt10: ndcg / n,
      recallAt100: recall / n,
      mrrAt10: mrr / n,
      queries: dataset.queries.length,
      latencyMs: { p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95) },
      querySeconds: (performance.now() - runBegan) / 1000,
    });
  }
  return {
    dataset: dataset.name,
    split: options.split,
    documents: dataset.corpus.length,
    queries: dataset.queries.length,
    ingestSeconds,
    fusion,
    results,
  };
}

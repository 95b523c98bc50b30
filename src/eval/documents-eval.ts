/**
 * Evaluation on a folder of one's own documents: the folder is ingested, every question of a
 * questions file (see {@link EvalQuestion}) is searched and asked, and the report says how often
 * the right document comes first, in the top 5 and the top 10 (hit@k, MRR@10, ranked by document:
 * each document's best chunk), how many of a multi-document question's documents the top 10
 * holds (coverage@10), and — when reference answers are given — how often the answer states the
 * reference's key figure (see {@link keyFigure}) and cites a right document first.
 * @module
 */
import { InvalidArgumentError } from '../core/errors.js';
import type { SearchMode } from '../core/types.js';
import type { Engine } from '../engine/engine.js';
import type { SearchRequest } from '../retrieve/retriever.js';
import { type Figure, keyFigure, statesFigure } from './key-figure.js';
import type { EvalQuestion } from './questions.js';
import { matchSources } from './source-match.js';

/** Options of {@link evaluateDocuments}. */
export interface DocumentsEvalOptions {
  /** Collection to ingest into and search. */
  collection: string;
  /** Globs of files to ingest (as `cairn ingest --include`); default every file. */
  include?: string[];
  /** Globs of files not to ingest; the questions file is always left out when it lies in the folder. */
  exclude?: string[];
  /** The questions file's path, left out of the ingest when it lies in the folder. */
  questionsFile?: string;
  /** Other files never ingested, by path (e.g. the database and cache when they lie in the folder). */
  skipFiles?: string[];
  /** Search mode; default the engine's (hybrid when the collection is dense, else lexical). */
  mode?: SearchMode;
  /** Ask every question too (answer metrics); default true. */
  answers?: boolean;
  /** RRF rank constant and weights, and the reranker pool, as in `search`. */
  rrfK?: number;
  rrfWeights?: [number, number];
  rerankCandidates?: number;
  /** Weight of the search in the documents a question names; default the retriever's (see `SearchRequest.documentFocus`). */
  documentFocus?: number | false;
  /** RM3 pseudo-relevance feedback; default the retriever's (see `SearchRequest.pseudoRelevanceFeedback`). */
  pseudoRelevanceFeedback?: SearchRequest['pseudoRelevanceFeedback'];
  /** Boilerplate demotion; default the retriever's (see `SearchRequest.demoteCopies`). */
  demoteCopies?: number | false;
  onProgress?: (stage: string, done: number, total: number) => void;
}

/** Retrieval figures over a group of questions (shares in 0..1). */
export interface RetrievalFigures {
  questions: number;
  /** Share whose first hit is one of their documents. */
  hitAt1: number;
  hitAt5: number;
  hitAt10: number;
  /** Mean reciprocal rank of the first right document within the top 10. */
  mrrAt10: number;
  /** Mean share of a question's documents found in the top 10. */
  coverageAt10: number;
}

/** Answer figures over a group of questions (shares in 0..1). */
export interface AnswerFigures {
  questions: number;
  /** Questions whose reference answer has a key figure. */
  withKeyFigure: number;
  /** Share of those whose answer states the key figure. */
  keyFigure: number;
  /** Share of the questions whose answer's first citation is one of their documents. */
  firstCitation: number;
  /** Share answered "not found". */
  notFound: number;
}

/** One question's outcome. */
export interface QuestionOutcome {
  id: string;
  question: string;
  /** The documentIds its sources name. */
  documents: string[];
  /** Top 10 documents, best first. */
  ranking: string[];
  /** 1-based rank of the first right document in the top 10, or null. */
  firstRank: number | null;
  coverageAt10: number;
  /** Present when the question was asked. */
  answer?: {
    text: string;
    notFound: boolean;
    /** Document of the first `[n]` the answer cites, or null when it cites none. */
    firstCitation: string | null;
    /** The reference's key figure as written, when it has one. */
    keyFigure?: string;
    statesKeyFigure?: boolean;
  };
}

/** Result of {@link evaluateDocuments}. */
export interface DocumentsEvalReport {
  folder: string;
  collection: string;
  mode: SearchMode;
  /** The reranker's model, when one ran. */
  reranker?: string;
  documents: number;
  ingest: { ingested: number; unchanged: number; skipped: number; failed: number; seconds: number };
  /** Questions evaluated (those whose sources name at least one document). */
  questions: number;
  /** Ids of questions whose sources name no ingested document; they are left out of every figure. */
  unmatched: string[];
  retrieval: {
    all: RetrievalFigures;
    /** Questions about one document. */
    single: RetrievalFigures;
    /** Questions about several documents. */
    multi: RetrievalFigures;
  };
  /** Present when questions were asked. */
  answers?: { all: AnswerFigures; single: AnswerFigures; multi: AnswerFigures };
  perQuestion: QuestionOutcome[];
}

function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length;
}

function retrievalFigures(outcomes: QuestionOutcome[]): RetrievalFigures {
  const within = (k: number) => mean(outcomes.map((o) => (o.firstRank !== null && o.firstRank <= k ? 1 : 0)));
  return {
    questions: outcomes.length,
    hitAt1: within(1),
    hitAt5: within(5),
    hitAt10: within(10),
    mrrAt10: mean(outcomes.map((o) => (o.firstRank === null ? 0 : 1 / o.firstRank))),
    coverageAt10: mean(outcomes.map((o) => o.coverageAt10)),
  };
}

function answerFigures(outcomes: QuestionOutcome[]): AnswerFigures {
  const asked = outcomes.filter((o) => o.answer !== undefined);
  const withFigure = asked.filter((o) => o.answer!.keyFigure !== undefined);
  return {
    questions: asked.length,
    withKeyFigure: withFigure.length,
    keyFigure: mean(withFigure.map((o) => (o.answer!.statesKeyFigure ? 1 : 0))),
    firstCitation: mean(
      asked.map((o) =>
        o.answer!.firstCitation !== null && o.documents.includes(o.answer!.firstCitation) ? 1 : 0,
      ),
    ),
    notFound: mean(asked.map((o) => (o.answer!.notFound ? 1 : 0))),
  };
}

/** The number of the first `[n]` marker in `text`, or undefined. */
function firstMarker(text: string): number | undefined {
  const match = /\[(\d+)\]/.exec(text);
  return match ? Number(match[1]) : undefined;
}

/**
 * Ingests `folder` into `options.collection` (unchanged files are skipped, so a second run
 * re-ingests nothing) and evaluates `questions` against it; see the module comment.
 * @throws {InvalidArgumentError} when no question names an ingested document.
 */
export async function evaluateDocuments(
  engine: Engine,
  folder: string,
  questions: readonly EvalQuestion[],
  options: DocumentsEvalOptions,
): Promise<DocumentsEvalReport> {
  const { collection } = options;
  const began = performance.now();
  const report = await engine.ingestPaths([folder], {
    collection,
    include: options.include,
    exclude: options.exclude,
    skipFiles: [...(options.questionsFile ? [options.questionsFile] : []), ...(options.skipFiles ?? [])],
    onProgress: ({ done, total }) => options.onProgress?.('ingest', done, total),
  });
  const ingestSeconds = (performance.now() - began) / 1000;
  const documentIds = (await engine.listDocuments({ collection })).map((d) => d.documentId);

  const outcomes: QuestionOutcome[] = [];
  const unmatched: string[] = [];
  let mode: SearchMode = options.mode ?? 'lexical';
  const search = {
    collection,
    mode: options.mode,
    rrfK: options.rrfK,
    rrfWeights: options.rrfWeights,
    rerankCandidates: options.rerankCandidates,
    ...(options.documentFocus === undefined ? {} : { documentFocus: options.documentFocus }),
    ...(options.pseudoRelevanceFeedback === undefined
      ? {}
      : { pseudoRelevanceFeedback: options.pseudoRelevanceFeedback }),
    ...(options.demoteCopies === undefined ? {} : { demoteCopies: options.demoteCopies }),
  };
  for (const [i, q] of questions.entries()) {
    options.onProgress?.('questions', i, questions.length);
    const documents = matchSources(q.sources, documentIds);
    if (documents.length === 0) {
      unmatched.push(q.id);
      continue;
    }
    const result = await engine.search(q.question, { ...search, topK: 10, keepBest: true });
    mode = result.mode;
    const ranking = result.hits.map((hit) => hit.chunk.documentId);
    const index = ranking.findIndex((id) => documents.includes(id));
    const outcome: QuestionOutcome = {
      id: q.id,
      question: q.question,
      documents,
      ranking,
      firstRank: index < 0 ? null : index + 1,
      coverageAt10: documents.filter((d) => ranking.includes(d)).length / documents.length,
    };
    if (options.answers !== false) {
      const answer = await engine.ask(q.question, search);
      const marker = firstMarker(answer.text);
      const figure: Figure | undefined = q.answer === undefined ? undefined : keyFigure(q.answer);
      outcome.answer = {
        text: answer.text,
        notFound: answer.notFound,
        firstCitation:
          marker === undefined ? null : (answer.sources[marker - 1]?.hit.chunk.documentId ?? null),
        ...(figure ? { keyFigure: figure.text, statesKeyFigure: statesFigure(answer.text, figure) } : {}),
      };
    }
    outcomes.push(outcome);
  }
  options.onProgress?.('questions', questions.length, questions.length);
  if (outcomes.length === 0) {
    throw new InvalidArgumentError(
      'questions',
      `no question's sources name a document ingested from ${folder} (${documentIds.length} documents); ` +
        'sources are paths relative to the folder, base names or globs',
    );
  }
  const single = outcomes.filter((o) => o.documents.length === 1);
  const multi = outcomes.filter((o) => o.documents.length > 1);
  const asked = options.answers !== false;
  const reranker = engine.reranker;
  return {
    folder,
    collection,
    mode,
    ...(reranker ? { reranker: reranker.model } : {}),
    documents: documentIds.length,
    ingest: {
      ingested: report.totals.ingested,
      unchanged: report.totals.unchanged,
      skipped: report.totals.skipped,
      failed: report.totals.failed,
      seconds: ingestSeconds,
    },
    questions: outcomes.length,
    unmatched,
    retrieval: {
      all: retrievalFigures(outcomes),
      single: retrievalFigures(single),
      multi: retrievalFigures(multi),
    },
    ...(asked
      ? {
          answers: {
            all: answerFigures(outcomes),
            single: answerFigures(single),
            multi: answerFigures(multi),
          },
        }
      : {}),
    perQuestion: outcomes,
  };
}

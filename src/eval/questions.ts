/**
 * Evaluation questions about a folder of documents: one JSON object per line with the
 * `question`, the `sources` that answer it (file names or globs, relative to the folder) and,
 * optionally, a reference `answer` and an `id`.
 * @module
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { InvalidArgumentError, NotFoundError } from '../core/errors.js';

/** One evaluation question. */
export interface EvalQuestion {
  /** The line's `id`, else `line <n>`. */
  id: string;
  question: string;
  /**
   * Documents that answer the question: paths relative to the folder (`2023 Q1 AAPL.pdf`,
   * `reports/a.pdf`) or globs (`*AAPL.pdf`); a name without `/` also matches at any depth.
   */
  sources: string[];
  /** A reference answer, when known; its key figure is looked for in the answer. */
  answer?: string;
}

const lineSchema = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  question: z.string().trim().min(1, 'must be a non-empty string'),
  sources: z
    .union([z.string().min(1), z.array(z.string().min(1)).min(1)])
    .transform((value) => (typeof value === 'string' ? [value] : value)),
  answer: z.string().optional(),
});

/**
 * Parses questions from JSONL text (blank lines are skipped). `where` names the file in errors.
 * @throws {InvalidArgumentError} naming the file and line when a line is not JSON, lacks a
 *   `question` or `sources`, has fields of the wrong type, or repeats an earlier `id`; or when
 *   there is no question at all.
 */
export function parseQuestions(text: string, where: string): EvalQuestion[] {
  const questions: EvalQuestion[] = [];
  const seen = new Set<string>();
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (line.trim() === '') continue;
    const at = `${where} line ${index + 1}`;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw new InvalidArgumentError(at, 'is not valid JSON');
    }
    const parsed = lineSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.join('.') || 'line';
      throw new InvalidArgumentError(
        at,
        `${field}: ${issue.message} (expected {"question": "…", "sources": ["file name or glob", …], "answer"?: "…"})`,
      );
    }
    const id = parsed.data.id === undefined ? `line ${index + 1}` : String(parsed.data.id);
    if (seen.has(id)) throw new InvalidArgumentError(at, `id ${JSON.stringify(id)} is used twice`);
    seen.add(id);
    questions.push({
      id,
      question: parsed.data.question,
      sources: parsed.data.sources,
      ...(parsed.data.answer === undefined ? {} : { answer: parsed.data.answer }),
    });
  }
  if (questions.length === 0) throw new InvalidArgumentError(where, 'holds no question');
  return questions;
}

/**
 * Reads a questions file (JSONL; see {@link parseQuestions}).
 * @throws {NotFoundError} when the file does not exist.
 * @throws {InvalidArgumentError} when a line is malformed.
 */
export async function loadQuestions(file: string): Promise<EvalQuestion[]> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new NotFoundError(`questions file ${file}: no such file`);
    throw error;
  });
  return parseQuestions(text, file);
}

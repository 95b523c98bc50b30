/**
 * Answering: retrieve, apply the relevance floor, then either stream a grounded answer from a
 * chat model or extract one offline; citations are validated against the numbered sources.
 * @module
 */
import type { ChatModel } from '../core/ports.js';
import { streamChat } from '../core/traced-chat.js';
import type { Answer, Citation, Hit } from '../core/types.js';
import { answerSources } from './answer-sources.js';
import { CitationStreamFilter, validateCitations } from './citations.js';
import { extractAnswer } from './extractive-answerer.js';
import { buildGroundedPrompt } from './prompt.js';
import type { RelevanceOptions } from './relevance.js';

/** The text of an honest "not found" answer. */
export const NOT_FOUND_TEXT = 'I could not find an answer to that in the indexed documents.';

/** Options of {@link answerFromHits}. */
export interface AnswerOptions extends RelevanceOptions {
  /**
   * Receives the answer's text as it is written. Citation markers are validated first: a marker
   * pointing at no offered source never arrives, and the deltas join up to exactly `text`.
   */
  onToken?: (delta: string) => void;
  /**
   * Receives the numbered sources the answer is written from, once, before its first text
   * (`[]` before a "not found"): what `answer.sources` will be.
   */
  onSources?: (sources: Citation[]) => void;
  signal?: AbortSignal;
  /** Sources offered to the answerer at most; default 6 (`DEFAULT_MAX_SOURCES`). */
  maxSources?: number;
  /**
   * Chunk ids known to be boilerplate (text copied in other documents, see `boilerplateHits`);
   * they follow specific text among the sources. `askWithHistory` finds them itself.
   */
  boilerplate?: ReadonlySet<string>;
}

/** An {@link Answer} plus what citation validation removed. */
export interface CheckedAnswer extends Answer {
  /**
   * `[n]` markers the model wrote that point at no offered source, ascending; they were removed
   * from `text` and never streamed. Always empty for the extractive answerer.
   */
  invalidCitations: number[];
}

/**
 * Answers `question` from already-retrieved `hits` and reports invalid citations.
 * Hits below the relevance floor are dropped first; when none is left the answer is an honest
 * "not found" and no model is called. The rest are the sources in search order, boilerplate
 * (chunks nearly copied in another document) after specific text (see {@link answerSources}).
 * With `chatModel` the reply is streamed to `onToken` with its `[n]` markers validated as they
 * arrive; without one the answer is extracted offline.
 */
export async function checkedAnswerFromHits(
  question: string,
  hits: Hit[],
  chatModel: ChatModel | undefined,
  options: AnswerOptions = {},
): Promise<CheckedAnswer> {
  const sources = answerSources(question, hits, options).map((hit, i) => ({ n: i + 1, hit }));
  const notFound = (answeredBy: string): CheckedAnswer => {
    options.onSources?.([]);
    options.onToken?.(NOT_FOUND_TEXT);
    return { text: NOT_FOUND_TEXT, sources: [], cited: [], notFound: true, answeredBy, invalidCitations: [] };
  };
  if (sources.length === 0) return notFound(chatModel?.model ?? 'extractive');

  if (!chatModel) {
    const extracted = extractAnswer(
      question,
      sources.map((s) => s.hit),
    );
    if (!extracted.text) return notFound('extractive');
    options.onSources?.(sources);
    options.onToken?.(extracted.text);
    return {
      text: extracted.text,
      sources,
      cited: extracted.cited,
      notFound: false,
      answeredBy: 'extractive',
      invalidCitations: [],
    };
  }

  const messages = buildGroundedPrompt(
    question,
    sources.map((s) => s.hit),
  );
  options.onSources?.(sources);
  let raw = '';
  const filter = new CitationStreamFilter(sources.length);
  const emit = (text: string) => {
    if (text) options.onToken?.(text);
  };
  for await (const delta of streamChat(chatModel, { messages, signal: options.signal }, 'answer')) {
    raw += delta;
    emit(filter.push(delta));
  }
  emit(filter.end());
  const checked = validateCitations(raw.trim(), sources.length);
  return {
    text: checked.text,
    sources,
    cited: checked.cited,
    notFound: checked.cited.length === 0 && /could not find|not (?:found|contain)/i.test(checked.text),
    answeredBy: chatModel.model,
    invalidCitations: checked.invalid,
  };
}

/**
 * Answers `question` from already-retrieved `hits`, with a chat model when one is given.
 * Same as {@link checkedAnswerFromHits} without the `invalidCitations` report.
 */
export async function answerFromHits(
  question: string,
  hits: Hit[],
  chatModel: ChatModel | undefined,
  options: AnswerOptions = {},
): Promise<Answer> {
  const { invalidCitations: _removed, ...answer } = await checkedAnswerFromHits(
    question,
    hits,
    chatModel,
    options,
  );
  return answer;
}

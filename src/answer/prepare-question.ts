/**
 * The step before retrieval in a conversation: small talk is answered at once, and a follow-up
 * is rewritten into a standalone question.
 * @module
 */
import { InvalidArgumentError } from '../core/errors.js';
import type { ChatModel } from '../core/ports.js';
import {
  ChatQueryRewriter,
  type ConversationTurn,
  type QueryRewriter,
  TermFoldingRewriter,
} from './query-rewriter.js';
import { isSmallTalk, smallTalkReply } from './small-talk.js';

/** What {@link prepareQuestion} decided. */
export interface PreparedQuestion {
  /** The question to retrieve with: the rewritten form, or the question itself. */
  standalone: string;
  /** True when `standalone` differs from the question asked. */
  rewritten: boolean;
  /** The reply, when the message was small talk; then nothing should be retrieved. */
  smallTalk?: string;
}

/** Options of {@link prepareQuestion}. */
export interface PrepareQuestionOptions {
  /**
   * Rewriter for follow-ups; default a {@link ChatQueryRewriter} over the chat model, or a
   * {@link TermFoldingRewriter} when there is none.
   */
  rewriter?: QueryRewriter;
  /** Answer greetings, thanks and the like without retrieval; default true. */
  detectSmallTalk?: boolean;
  /** Streams the small-talk reply's text deltas (nothing else is streamed here). */
  onToken?: (delta: string) => void;
  signal?: AbortSignal;
}

/**
 * Prepares `question` for retrieval given the earlier `history` (oldest first).
 * Small talk gets its reply (from `chatModel` when given, else a fixed one) in `smallTalk`.
 * With no history the question is used as asked and no model is called.
 * @throws {InvalidArgumentError} when the question is empty.
 */
export async function prepareQuestion(
  question: string,
  history: readonly ConversationTurn[] = [],
  chatModel?: ChatModel,
  options: PrepareQuestionOptions = {},
): Promise<PreparedQuestion> {
  const asked = question.trim();
  if (!asked) throw new InvalidArgumentError('question', 'must not be empty');
  if (options.detectSmallTalk !== false && isSmallTalk(asked)) {
    const reply = await smallTalkReply(asked, {
      chatModel,
      onToken: options.onToken,
      signal: options.signal,
    });
    return { standalone: asked, rewritten: false, smallTalk: reply };
  }
  if (!history.some((turn) => turn.content.trim().length > 0)) return { standalone: asked, rewritten: false };
  const rewriter =
    options.rewriter ?? (chatModel ? new ChatQueryRewriter(chatModel) : new TermFoldingRewriter());
  const standalone = (await rewriter.rewrite(asked, history, { signal: options.signal })).trim() || asked;
  return { standalone, rewritten: standalone !== asked };
}

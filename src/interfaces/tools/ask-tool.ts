/**
 * The `ask` tool: a grounded, cited answer from the knowledge base, with optional conversation
 * history for follow-ups.
 * @module
 */
import { z } from 'zod';
import { askWithHistory } from '../../answer/ask-with-history.js';
import { type CitedSource, citedSources } from '../../answer/citations.js';
import { jsonArg, queryArg } from './arguments.js';
import { type CairnTool, defineTool } from './cairn-tool.js';
import { resolveScope, scopedEngine, type ToolEngine, type ToolScopeOptions } from './tool-engine.js';

const askInput = z.object({
  question: queryArg.describe('The question, in plain words.'),
  history: jsonArg(
    z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().max(20_000) })).max(40),
  )
    .optional()
    .describe('Earlier turns of the conversation, oldest first, so a follow-up can be understood.'),
});

/** Validated arguments of the ask tool. */
export type AskToolInput = z.output<typeof askInput>;

/** Result of the ask tool. */
export interface AskToolResult {
  /** The answer, with [n] markers referring to `sources`. */
  answer: string;
  /** True when nothing relevant was found and the answer says so. */
  notFound: boolean;
  /** True when the question was small talk and nothing was retrieved. */
  smallTalk: boolean;
  /** The question retrieval ran with. */
  standalone: string;
  rewritten: boolean;
  /** The sources the answer cites. */
  sources: CitedSource[];
  /** Citation markers removed because they pointed at no source. */
  invalidCitations: number[];
  /** `extractive`, `small-talk` or the chat model's id. */
  answeredBy: string;
}

/** Creates the ask tool over `engine`, pinned to one collection and namespace. */
export function createAskTool(
  engine: ToolEngine,
  options: ToolScopeOptions = {},
): CairnTool<AskToolInput, AskToolResult> {
  const searcher = scopedEngine(engine, resolveScope(engine, options));
  return defineTool({
    name: `${options.prefix ?? ''}ask`,
    description:
      'Answer a question from the knowledge base with numbered citations, or say that it is not found. ' +
      'Pass earlier turns as history to ask a follow-up.',
    inputSchema: askInput,
    run: async (input, { signal }) => {
      const answer = await askWithHistory(searcher, input.question, { history: input.history, signal });
      return {
        answer: answer.text,
        notFound: answer.notFound,
        smallTalk: answer.smallTalk,
        standalone: answer.standalone,
        rewritten: answer.rewritten,
        sources: citedSources(answer),
        invalidCitations: answer.invalidCitations,
        answeredBy: answer.answeredBy,
      };
    },
  });
}

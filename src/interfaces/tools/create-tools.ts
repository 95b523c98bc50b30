/**
 * The tool set over an engine, and adapters to other tool shapes: plain JSON-Schema function
 * definitions, and the `{ description, inputSchema, execute }` objects the Vercel AI SDK's
 * `tool()` takes (no dependency on the `ai` package).
 * @module
 */
import type { z } from 'zod';
import { type AskToolInput, type AskToolResult, createAskTool } from './ask-tool.js';
import type { CairnTool, JsonSchema, ToolErrorResult } from './cairn-tool.js';
import { type ContextToolInput, type ContextToolResult, createContextTool } from './context-tool.js';
import { createLookupTool, type LookupToolInput, type LookupToolResult } from './lookup-tool.js';
import { createSearchTool, type SearchToolInput, type SearchToolResult } from './search-tool.js';
import type { ToolEngine, ToolScopeOptions } from './tool-engine.js';

/** Options of {@link createCairnTools}. */
export interface CairnToolsOptions extends ToolScopeOptions {
  /** Include the `ask` tool (it generates an answer, calling the chat model if any); default false. */
  ask?: boolean;
}

/** The tools, keyed by role. */
export interface CairnTools {
  search: CairnTool<SearchToolInput, SearchToolResult>;
  context: CairnTool<ContextToolInput, ContextToolResult>;
  lookup: CairnTool<LookupToolInput, LookupToolResult>;
  ask?: CairnTool<AskToolInput, AskToolResult>;
}

/**
 * Creates the search, context and lookup tools (and `ask` when asked) over `engine`, all pinned
 * to one collection and namespace.
 *
 * @example
 * ```ts
 * const tools = createCairnTools(engine, { collection: 'handbook' });
 * const result = await tools.search.execute({ query: 'rotate keys', topK: '3' });
 * ```
 */
export function createCairnTools(engine: ToolEngine, options: CairnToolsOptions = {}): CairnTools {
  const tools: CairnTools = {
    search: createSearchTool(engine, options),
    context: createContextTool(engine, options),
    lookup: createLookupTool(engine, options),
  };
  if (options.ask) tools.ask = createAskTool(engine, options);
  return tools;
}

// biome-ignore lint/suspicious/noExplicitAny: a heterogeneous list of tools; each keeps its own types.
type AnyTool = CairnTool<any, any>;

/** Tools as {@link createCairnTools} returns them, any record of tools, or a list. */
export type ToolCollection = CairnTools | Readonly<Record<string, AnyTool | undefined>> | readonly AnyTool[];

function list(tools: ToolCollection): AnyTool[] {
  return (Array.isArray(tools) ? tools : Object.values(tools as Record<string, AnyTool | undefined>)).filter(
    (t): t is AnyTool => t !== undefined,
  );
}

/** A plain function definition: name, description, JSON-Schema parameters and `execute`. */
export interface JsonSchemaTool {
  name: string;
  description: string;
  parameters: JsonSchema;
  execute(input: unknown, options?: { signal?: AbortSignal }): Promise<unknown>;
}

/** The tools as plain JSON-Schema function definitions, in the given order. */
export function toJsonSchemaTools(tools: ToolCollection): JsonSchemaTool[] {
  return list(tools).map((tool) => ({
    name: tool.name,
    description: tool.description,
    parameters: tool.jsonSchema,
    execute: (input, options) => tool.execute(input, options),
  }));
}

/** A tool in the shape the Vercel AI SDK's `tool()` takes. */
export interface AiSdkTool<Input = unknown, Output = unknown> {
  description: string;
  inputSchema: z.ZodType<Input>;
  execute(input: Input, options?: { abortSignal?: AbortSignal }): Promise<Output | ToolErrorResult>;
}

/**
 * The tools keyed by name in the Vercel AI SDK shape; pass each to `tool()` or the record as
 * `tools` directly. Errors come back as results, so the model sees them.
 */
export function toAiSdkTools(tools: ToolCollection): Record<string, AiSdkTool> {
  const out: Record<string, AiSdkTool> = {};
  for (const tool of list(tools)) {
    out[tool.name] = {
      description: tool.description,
      inputSchema: tool.inputSchema,
      execute: (input, options) => tool.execute(input, { signal: options?.abortSignal }),
    };
  }
  return out;
}

/**
 * cairn's agent tools (search, context, lookup and optionally ask) in the shape the AI SDK's
 * `generateText`/`streamText` take as `tools`.
 * @module
 */
import {
  type AiSdkTool,
  type CairnToolsOptions,
  createCairnTools,
  toAiSdkTools,
} from '../tools/create-tools.js';
import type { ToolEngine } from '../tools/tool-engine.js';

/**
 * The tools over `engine`, keyed by name (`search`, `context`, `lookup`, and `ask` with
 * `{ ask: true }`), pinned to one collection and namespace. Errors come back as tool results
 * (`{ error: { code, message } }`), so the model sees them.
 */
export function cairnTools(engine: ToolEngine, options: CairnToolsOptions = {}): Record<string, AiSdkTool> {
  return toAiSdkTools(createCairnTools(engine, options));
}

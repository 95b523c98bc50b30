/**
 * The agent-tool shape: a name, a description, a zod input schema with its JSON Schema, and an
 * `execute` that validates its input and never throws. Failures come back as a
 * {@link ToolErrorResult} (`{ error: { code, message } }`) a model can read and act on.
 * @module
 */
import { z } from 'zod';
import { type CairnErrorCode, isCairnError } from '../../core/errors.js';

/** Stable codes of tool errors: cairn's error codes, plus `INTERNAL_ERROR` for anything unexpected. */
export type ToolErrorCode = CairnErrorCode | 'INTERNAL_ERROR';

/** What a tool returns instead of throwing. */
export interface ToolErrorResult {
  error: { code: ToolErrorCode; message: string };
}

/** Options every `execute` accepts. */
export interface ToolExecuteOptions {
  signal?: AbortSignal;
}

/** A JSON Schema object (draft 7) describing a tool's arguments. */
export type JsonSchema = Record<string, unknown>;

/** An agent tool over cairn. `Input` is the validated argument type, `Output` the success result. */
export interface CairnTool<Input = unknown, Output = unknown> {
  readonly name: string;
  readonly description: string;
  /** Validates and coerces arguments (numbers sent as strings become numbers). */
  readonly inputSchema: z.ZodType<Input>;
  /** The arguments' JSON Schema, for function-calling APIs that take plain JSON Schema. */
  readonly jsonSchema: JsonSchema;
  /**
   * Validates `input` and runs the tool. Never throws: invalid arguments give an
   * `INVALID_ARGUMENT` error result, cairn errors keep their code, anything else is `INTERNAL_ERROR`.
   */
  execute(input: unknown, options?: ToolExecuteOptions): Promise<Output | ToolErrorResult>;
}

/** True when a tool result is an error result. */
export function isToolError(result: unknown): result is ToolErrorResult {
  if (typeof result !== 'object' || result === null || !('error' in result)) return false;
  const error = (result as { error: unknown }).error;
  return typeof error === 'object' && error !== null && 'code' in error && 'message' in error;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'arguments'}: ${issue.message}`)
    .join('; ');
}

/** Maps anything thrown while running a tool to an error result. */
export function toToolError(error: unknown): ToolErrorResult {
  if (error instanceof z.ZodError) {
    return { error: { code: 'INVALID_ARGUMENT', message: describeIssues(error) } };
  }
  if (isCairnError(error)) return { error: { code: error.code, message: error.message } };
  const message = error instanceof Error ? error.message : String(error);
  return { error: { code: 'INTERNAL_ERROR', message } };
}

/** The JSON Schema of a tool's input, as a model sees it (the input side of coercions). */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    target: 'draft-7',
  }) as JsonSchema;
  return rest;
}

/** Builds a {@link CairnTool} from a schema and a function over validated input. */
export function defineTool<Input, Output>(spec: {
  name: string;
  description: string;
  inputSchema: z.ZodType<Input>;
  run: (input: Input, options: ToolExecuteOptions) => Promise<Output>;
}): CairnTool<Input, Output> {
  let jsonSchema: JsonSchema | undefined;
  return {
    name: spec.name,
    description: spec.description,
    inputSchema: spec.inputSchema,
    get jsonSchema() {
      jsonSchema ??= inputJsonSchema(spec.inputSchema);
      return jsonSchema;
    },
    async execute(input, options = {}) {
      try {
        const parsed = spec.inputSchema.safeParse(input ?? {});
        if (!parsed.success) return toToolError(parsed.error);
        return await spec.run(parsed.data, options);
      } catch (error) {
        return toToolError(error);
      }
    },
  };
}

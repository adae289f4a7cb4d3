import { ToolApiError } from "./errors.ts";
import { type ToolFormat, unknownFormat } from "./tool-definitions.ts";
import { toToolId } from "./tool-names.ts";

/** OpenAI Chat Completions: an item of an assistant message's `tool_calls`. */
export interface OpenAiToolCall {
  readonly id: string;
  readonly type: "function";
  readonly function: { readonly name: string; readonly arguments: string };
}
/** OpenAI Responses API: a `function_call` output item. */
export interface OpenAiResponsesFunctionCall {
  readonly type: "function_call";
  readonly call_id: string;
  readonly name: string;
  readonly arguments: string;
  readonly id?: string;
  readonly status?: string;
}
/** Anthropic Messages: a `tool_use` content block. */
export interface AnthropicToolUse {
  readonly type: "tool_use";
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
}
/** MCP `tools/call` params. */
export interface McpToolCall {
  readonly name: string;
  readonly arguments?: Record<string, unknown>;
}

export interface OpenAiToolMessage { role: "tool"; tool_call_id: string; content: string }
export interface OpenAiFunctionCallOutput { type: "function_call_output"; call_id: string; output: string }
export interface AnthropicToolResult { type: "tool_result"; tool_use_id: string; content: string; is_error?: true }
export interface McpCallToolResult { content: { type: "text"; text: string }[]; structuredContent?: unknown; isError?: true }

export type ToolCallFor<F extends ToolFormat> = {
  openai: OpenAiToolCall;
  "openai-responses": OpenAiResponsesFunctionCall;
  anthropic: AnthropicToolUse;
  mcp: McpToolCall;
}[F];

export type ToolResultFor<F extends ToolFormat> = {
  openai: OpenAiToolMessage;
  "openai-responses": OpenAiFunctionCallOutput;
  anthropic: AnthropicToolResult;
  mcp: McpCallToolResult;
}[F];

/** A call read from a model's turn: the tool id, its input (or why there is none) and the id to answer under. */
export interface ReadCall {
  readonly toolId: string;
  readonly callId: string;
  readonly input: { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly envelope: ErrorEnvelope };
}

/** The REST error envelope, as a tool's 4xx answers it. */
export interface ErrorEnvelope {
  readonly status: "error";
  readonly code: number;
  readonly error_code: string;
  readonly message: string;
  readonly details?: readonly unknown[];
}

export function readToolCall(format: ToolFormat, call: ToolCallFor<ToolFormat>): ReadCall {
  switch (format) {
    case "openai": {
      const { id, function: fn } = call as OpenAiToolCall;
      return { toolId: toToolId(fn.name), callId: id, input: parseArguments(fn.arguments) };
    }
    case "openai-responses": {
      const { call_id, name, arguments: args } = call as OpenAiResponsesFunctionCall;
      return { toolId: toToolId(name), callId: call_id, input: parseArguments(args) };
    }
    case "anthropic": {
      const { id, name, input } = call as AnthropicToolUse;
      return { toolId: toToolId(name), callId: id, input: { ok: true, value: input } };
    }
    case "mcp": {
      const { name, arguments: args } = call as McpToolCall;
      // The mapped name (`example__reverse-text`) and the id itself are both read back, as `/mcp` does.
      return { toolId: toToolId(name), callId: "", input: { ok: true, value: args ?? {} } };
    }
  }
  throw unknownFormat(format);
}

/** Model APIs send arguments as a JSON text that the model wrote and may have got wrong. */
function parseArguments(text: string): ReadCall["input"] {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, envelope: { status: "error", code: 400, error_code: "invalid_json", message: "The tool call's arguments are not valid JSON." } };
  }
}

/** The message that carries a tool's `output` (success) or its error envelope back to the model. */
export function toToolResult<F extends ToolFormat>(format: F, callId: string, outcome: { ok: true; output: unknown } | { ok: false; envelope: ErrorEnvelope }): ToolResultFor<F> {
  const text = JSON.stringify(outcome.ok ? outcome.output : outcome.envelope);
  const results: { [K in ToolFormat]: () => ToolResultFor<K> } = {
    openai: () => ({ role: "tool", tool_call_id: callId, content: text }),
    "openai-responses": () => ({ type: "function_call_output", call_id: callId, output: text }),
    anthropic: () => (outcome.ok ? { type: "tool_result", tool_use_id: callId, content: text } : { type: "tool_result", tool_use_id: callId, content: text, is_error: true }),
    mcp: () => (outcome.ok ? { content: [{ type: "text", text }], structuredContent: outcome.output } : { content: [{ type: "text", text }], isError: true }),
  };
  return results[format]() as ToolResultFor<F>;
}

/**
 * A failure the model caused and can act on, as the error envelope: a 4xx other than 401 (the key) and 429 (the
 * limit), which are the caller's to handle. Anything else: undefined (the call rejects).
 */
export function toolFault(error: unknown): { ok: false; envelope: ErrorEnvelope } | undefined {
  if (!(error instanceof ToolApiError) || error.status < 400 || error.status >= 500 || error.status === 401 || error.status === 429) return undefined;
  const { status: code, errorCode: error_code, message, details } = error;
  return { ok: false, envelope: { status: "error", code, error_code, message, ...(details ? { details } : {}) } };
}

/** Reads the call, runs it with `execute` and answers the result message; a tool fault is a result, not a throw. */
export async function runToolCallWith<F extends ToolFormat>(format: F, call: ToolCallFor<F>, execute: (toolId: string, input: Record<string, unknown>) => Promise<unknown>): Promise<ToolResultFor<F>> {
  const { toolId, callId, input } = readToolCall(format, call);
  if (!input.ok) return toToolResult(format, callId, input);
  try {
    return toToolResult(format, callId, { ok: true, output: await execute(toolId, input.value as Record<string, unknown>) });
  } catch (error) {
    const fault = toolFault(error);
    if (fault === undefined) throw error;
    return toToolResult(format, callId, fault);
  }
}

import type { DomainError } from "./errors.ts";
import type { Result } from "./result.ts";

/** A JSON Schema (draft-07) literal. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** The tool categories of the catalog; each is a folder under adapters/tools/ ("/" written as "-": json-data/, images-qr/). */
export type ToolCategory =
  | "crypto" | "encoding" | "text" | "json/data" | "conversion" | "network-calc" | "date-time"
  | "generators" | "web" | "math" | "validation" | "images/qr" | "dev";

/** One documented run of a tool. Without `output` the example is random and only its shape is checked. */
export interface ToolExample<I = unknown, O = unknown> {
  readonly title: string;
  readonly input: I;
  readonly output?: O;
  /** Where the expected output comes from: an RFC, a published vector, or the independent computation used. */
  readonly source?: string;
}

/** Time and randomness reach tools only through this context, so `run` stays testable. */
export interface ToolContext {
  /** Epoch milliseconds. */
  now(): number;
  /** Cryptographically strong random bytes. */
  randomBytes(size: number): Uint8Array;
}

/** What `run` returns; CPU-heavy tools may be async. */
export type ToolOutcome<O> = Result<O, DomainError> | Promise<Result<O, DomainError>>;

/** A tool the server executes. */
export interface ToolDefinition<I = any, O = any> {
  readonly id: string;
  readonly name: string;
  /** One of the catalog's categories, or free text for a tool outside the built-in catalog. */
  readonly category: ToolCategory | (string & {});
  readonly description: string;
  readonly clientOnly: false;
  readonly input: JsonSchema;
  readonly output: JsonSchema;
  readonly examples: readonly [ToolExample<I, O>, ...ToolExample<I, O>[]];
  /** CPU-heavy: runs in the worker pool under `timeoutMs`. */
  readonly worker?: boolean;
  readonly timeoutMs?: number;
  /**
   * The ES module that exports this definition (its `import.meta.url`), for a `worker: true` tool of one's own that a
   * core with `runner: "workers"` runs: its child processes import the tool from there. Catalog and pack tools need none.
   */
  readonly module?: string;
  /** Receives validated input with defaults applied. Never throws on purpose. */
  run(input: I, context: ToolContext): ToolOutcome<O>;
}

/** A tool that needs a browser API and is listed but never executed. */
export interface ClientOnlyTool {
  readonly id: string;
  readonly name: string;
  readonly category: string;
  readonly description: string;
  readonly clientOnly: true;
}

export type AnyTool = ToolDefinition | ClientOnlyTool;

/** Declares a server tool; `clientOnly: false` is filled in. */
export function defineTool<I, O>(tool: Omit<ToolDefinition<I, O>, "clientOnly">): ToolDefinition<I, O> {
  return { ...tool, clientOnly: false };
}

/** Title-cases a kebab-case id: "hash-text" → "Hash Text". */
export function toToolName(id: string): string {
  return id.split("-").map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(" ");
}

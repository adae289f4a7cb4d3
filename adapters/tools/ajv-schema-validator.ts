import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import * as formatsModule from "ajv-formats";
import type { SchemaValidator } from "../../application/ports.ts";
import type { InputIssue } from "../../domain/errors.ts";
import type { JsonSchema, ToolDefinition } from "../../domain/tool.ts";
import { messageOf, relevantErrors } from "./ajv-messages.ts";

// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = ((formatsModule as any).default ?? formatsModule) as (ajv: Ajv) => Ajv;

/**
 * An annotation on an input member: what the tool checks there beyond its schema (the syntax of text it parses,
 * a limit across members), as a short phrase. Only such members may be refused (422) with a value the schema
 * allows; the conformance suite holds every tool to that. The OpenAPI document keeps it as a specification extension.
 */
export const TOOL_CHECKS = "x-tool-checks";

/** A draft-07 ajv with defaults applied, no type coercion and every error reported. */
export function createAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, useDefaults: true, coerceTypes: false, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addKeyword({ keyword: TOOL_CHECKS, schemaType: "string" });
  return ajv;
}

/**
 * Validates tool input against each tool's compiled schema. `compile: "eager"` compiles every schema at construction
 * (tests: a schema ajv refuses fails there); the default compiles a tool's schema on its first call, so a server
 * start does not pay for a hundred schemas it may never use.
 */
export class AjvSchemaValidator implements SchemaValidator {
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(tools: readonly ToolDefinition[], private readonly ajv: Ajv = createAjv(), compile: "eager" | "lazy" = "lazy") {
    if (compile === "eager") for (const tool of tools) this.compiled.set(tool.id, ajv.compile(tool.input));
  }

  validateInput(tool: ToolDefinition, input: Record<string, unknown>): readonly InputIssue[] {
    let validate = this.compiled.get(tool.id);
    if (!validate) {
      validate = this.ajv.compile(tool.input);
      this.compiled.set(tool.id, validate);
    }
    if (!validate(input)) return toIssues(validate.errors ?? [], "/input");
    // The path-building walk runs only for input that has a problem: valid input is walked once, building nothing.
    if (isSafeValue(input, 0)) return [];
    const problem = findUnsafeValue(input, "/input", 0);
    return problem ? [problem] : [];
  }
}

/** Deeper input has no legitimate use here, and recursion over it (cloning to a worker, stringifying) would overflow. */
export const MAX_INPUT_DEPTH = 64;

/**
 * Schemas cannot say "well-formed Unicode" or "not absurdly nested", yet libraries throw on lone surrogates
 * (encodeURIComponent, TextEncoder-based checks) and on deep recursion: refuse both as invalid input.
 */
export function findUnsafeValue(value: unknown, path: string, depth: number): InputIssue | undefined {
  if (typeof value === "string") {
    return value.isWellFormed() ? undefined : { path, message: "must be well-formed Unicode (no lone surrogates)" };
  }
  if (typeof value !== "object" || value === null) return undefined;
  if (depth >= MAX_INPUT_DEPTH) return { path, message: `is nested deeper than ${MAX_INPUT_DEPTH} levels` };
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [key, member] of entries) {
    const memberPath = `${path}/${escapePointer(String(key))}`;
    if (typeof key === "string" && !key.isWellFormed()) return { path: memberPath, message: "member names must be well-formed Unicode" };
    const problem = findUnsafeValue(member, memberPath, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

/** findUnsafeValue's verdict without its path: what every valid request pays. */
function isSafeValue(value: unknown, depth: number): boolean {
  if (typeof value === "string") return value.isWellFormed();
  if (typeof value !== "object" || value === null) return true;
  if (depth >= MAX_INPUT_DEPTH) return false;
  if (Array.isArray(value)) {
    for (const member of value) if (!isSafeValue(member, depth + 1)) return false;
    return true;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (!key.isWellFormed() || !isSafeValue((value as Record<string, unknown>)[key], depth + 1)) return false;
  }
  return true;
}

/** Validates any value against a schema compiled on the fly; for tests and output checks. */
export function validateAgainst(ajv: Ajv, schema: JsonSchema, value: unknown): readonly InputIssue[] {
  const validate = ajv.compile(schema);
  return validate(value) ? [] : toIssues(validate.errors ?? [], "");
}

/**
 * Turns ajv errors into `{path, message}` pairs, pointing at the offending member itself where ajv points at its
 * parent, each message naming what is allowed (ajv-messages.ts).
 */
export function toIssues(errors: readonly ErrorObject[], base: string): InputIssue[] {
  const seen = new Set<string>();
  const issues: InputIssue[] = [];
  for (const error of relevantErrors(errors)) {
    const member = memberOf(error);
    const path = `${base}${error.instancePath}${member === undefined ? "" : `/${escapePointer(member)}`}`;
    const message = member === undefined ? messageOf(error) : messageFor(error);
    const id = `${path}\u0000${message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    issues.push({ path, message });
  }
  return issues;
}

function memberOf(error: ErrorObject): string | undefined {
  if (error.keyword === "required") return String(error.params.missingProperty);
  if (error.keyword === "additionalProperties") return String(error.params.additionalProperty);
  return undefined;
}

function messageFor(error: ErrorObject): string {
  return error.keyword === "required" ? "is required" : "is not an allowed property";
}

function escapePointer(segment: string): string {
  return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}

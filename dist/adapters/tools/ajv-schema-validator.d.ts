import { Ajv, type ErrorObject } from "ajv";
import type { SchemaValidator } from "../../application/ports.ts";
import type { InputIssue } from "../../domain/errors.ts";
import type { JsonSchema, ToolDefinition } from "../../domain/tool.ts";
/** A draft-07 ajv with defaults applied, no type coercion and every error reported. */
export declare function createAjv(): Ajv;
/** Compiles every tool's input schema once, at construction, and validates against the compiled functions. */
export declare class AjvSchemaValidator implements SchemaValidator {
    private readonly ajv;
    private readonly compiled;
    constructor(tools: readonly ToolDefinition[], ajv?: Ajv);
    validateInput(tool: ToolDefinition, input: Record<string, unknown>): readonly InputIssue[];
}
/** Deeper input has no legitimate use here, and recursion over it (cloning to a worker, stringifying) would overflow. */
export declare const MAX_INPUT_DEPTH = 64;
/**
 * Schemas cannot say "well-formed Unicode" or "not absurdly nested", yet libraries throw on lone surrogates
 * (encodeURIComponent, TextEncoder-based checks) and on deep recursion: refuse both as invalid input.
 */
export declare function findUnsafeValue(value: unknown, path: string, depth: number): InputIssue | undefined;
/** Validates any value against a schema compiled on the fly; for tests and output checks. */
export declare function validateAgainst(ajv: Ajv, schema: JsonSchema, value: unknown): readonly InputIssue[];
/** Turns ajv errors into `{path, message}` pairs, pointing at the offending member itself where ajv points at its parent. */
export declare function toIssues(errors: readonly ErrorObject[], base: string): InputIssue[];

import { Ajv } from "ajv";
import * as formatsModule from "ajv-formats";
// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = (formatsModule.default ?? formatsModule);
/** A draft-07 ajv with defaults applied, no type coercion and every error reported. */
export function createAjv() {
    const ajv = new Ajv({ allErrors: true, useDefaults: true, coerceTypes: false, strict: true, allowUnionTypes: true });
    addFormats(ajv);
    return ajv;
}
/** Compiles every tool's input schema once, at construction, and validates against the compiled functions. */
export class AjvSchemaValidator {
    ajv;
    compiled = new Map();
    constructor(tools, ajv = createAjv()) {
        this.ajv = ajv;
        for (const tool of tools)
            this.compiled.set(tool.id, ajv.compile(tool.input));
    }
    validateInput(tool, input) {
        let validate = this.compiled.get(tool.id);
        if (!validate) {
            validate = this.ajv.compile(tool.input);
            this.compiled.set(tool.id, validate);
        }
        if (!validate(input))
            return toIssues(validate.errors ?? [], "/input");
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
export function findUnsafeValue(value, path, depth) {
    if (typeof value === "string") {
        return value.isWellFormed() ? undefined : { path, message: "must be well-formed Unicode (no lone surrogates)" };
    }
    if (typeof value !== "object" || value === null)
        return undefined;
    if (depth >= MAX_INPUT_DEPTH)
        return { path, message: `is nested deeper than ${MAX_INPUT_DEPTH} levels` };
    const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
    for (const [key, member] of entries) {
        const memberPath = `${path}/${escapePointer(String(key))}`;
        if (typeof key === "string" && !key.isWellFormed())
            return { path: memberPath, message: "member names must be well-formed Unicode" };
        const problem = findUnsafeValue(member, memberPath, depth + 1);
        if (problem)
            return problem;
    }
    return undefined;
}
/** Validates any value against a schema compiled on the fly; for tests and output checks. */
export function validateAgainst(ajv, schema, value) {
    const validate = ajv.compile(schema);
    return validate(value) ? [] : toIssues(validate.errors ?? [], "");
}
/** Turns ajv errors into `{path, message}` pairs, pointing at the offending member itself where ajv points at its parent. */
export function toIssues(errors, base) {
    const seen = new Set();
    const issues = [];
    for (const error of errors) {
        const member = memberOf(error);
        const path = `${base}${error.instancePath}${member === undefined ? "" : `/${escapePointer(member)}`}`;
        const message = member === undefined ? (error.message ?? "is invalid") : messageFor(error);
        const id = `${path}\u0000${message}`;
        if (seen.has(id))
            continue;
        seen.add(id);
        issues.push({ path, message });
    }
    return issues;
}
function memberOf(error) {
    if (error.keyword === "required")
        return String(error.params.missingProperty);
    if (error.keyword === "additionalProperties")
        return String(error.params.additionalProperty);
    return undefined;
}
function messageFor(error) {
    return error.keyword === "required" ? "is required" : "is not an allowed property";
}
function escapePointer(segment) {
    return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}

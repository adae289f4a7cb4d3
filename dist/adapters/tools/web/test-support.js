import { AjvSchemaValidator } from "../ajv-schema-validator.js";
const context = {
    now: () => Date.UTC(2026, 0, 1),
    randomBytes: (size) => crypto.getRandomValues(new Uint8Array(size)),
};
/** Thrown by `runTool` when the schema refuses the input, so tests can assert a 400-class refusal. */
export class SchemaRefusal extends Error {
    issues;
    constructor(issues) {
        super(`schema refused the input: ${JSON.stringify(issues)}`);
        this.issues = issues;
    }
}
/** Validates like the API does (defaults applied), then runs the tool; for colocated tool tests only. */
export async function runTool(tool, input) {
    const copy = structuredClone(input);
    const issues = new AjvSchemaValidator([tool]).validateInput(tool, copy);
    if (issues.length > 0)
        throw new SchemaRefusal(issues);
    return tool.run(copy, context);
}
/**
 * The output of a run that must succeed. Typed loosely on purpose: tests probe members of union outputs
 * (svg or pngBase64) that the output schema already checks.
 */
export async function outputOf(tool, input) {
    const result = await runTool(tool, input);
    if (!result.ok)
        throw new Error(`${tool.id} refused: ${JSON.stringify(result.error)}`);
    return result.value;
}
/** The error code of a run that must be refused by the tool itself (a 422). */
export async function refusalOf(tool, input) {
    const result = await runTool(tool, input);
    if (result.ok)
        throw new Error(`${tool.id} accepted ${JSON.stringify(input)}`);
    return result.error.code;
}

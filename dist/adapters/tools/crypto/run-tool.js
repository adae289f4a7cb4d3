import { AjvSchemaValidator } from "../ajv-schema-validator.js";
/** Test context: a fixed clock (2026-01-01) and all-zero "random" bytes, so random paths are reproducible. */
export const zeroContext = { now: () => Date.UTC(2026, 0, 1), randomBytes: (size) => new Uint8Array(size) };
/** Test helper: validates `input` against the tool's schema (applying defaults), then runs the tool. */
export async function runTool(tool, input, context = zeroContext) {
    const issues = new AjvSchemaValidator([tool]).validateInput(tool, input);
    if (issues.length > 0)
        return { schemaIssues: issues };
    return { result: await tool.run(input, context) };
}
/** Test helper: the output of a run that must succeed, typed by the caller. */
export async function runOk(tool, input, context = zeroContext) {
    const outcome = await runTool(tool, input, context);
    if ("result" in outcome && outcome.result.ok)
        return outcome.result.value;
    throw new Error(`expected success, got ${JSON.stringify(outcome)}`);
}
/** Test helper: the domain error of a run the tool itself refuses (the schema having accepted the input). */
export async function runRefused(tool, input, context = zeroContext) {
    const outcome = await runTool(tool, input, context);
    if ("result" in outcome && !outcome.result.ok)
        return outcome.result.error;
    throw new Error(`expected a tool refusal, got ${JSON.stringify(outcome)}`);
}
/** Test helper: whether the schema refuses the input before the tool runs. */
export async function isSchemaRefused(tool, input) {
    return "schemaIssues" in (await runTool(tool, input));
}

import { AjvSchemaValidator } from "../ajv-schema-validator.js";
const context = { now: () => Date.UTC(2026, 0, 1), randomBytes: (size) => new Uint8Array(size) };
/** Test helper: validates `input` against the tool's schema (applying defaults), then runs the tool. */
export async function runValidated(tool, input) {
    const issues = new AjvSchemaValidator([tool]).validateInput(tool, input);
    if (issues.length > 0)
        return { schemaIssues: issues };
    return { result: await tool.run(input, context) };
}
/** Test helper: the output of a run that must succeed. */
export async function runOk(tool, input) {
    const outcome = await runValidated(tool, input);
    if ("result" in outcome && outcome.result.ok)
        return outcome.result.value;
    throw new Error(`expected success, got ${JSON.stringify(outcome)}`);
}
/** Test helper: "schema" when ajv refuses the input, "tool" when run returns a domain error, "ok" otherwise. */
export async function refusalOf(tool, input) {
    const outcome = await runValidated(tool, input);
    if ("schemaIssues" in outcome)
        return "schema";
    return outcome.result.ok ? "ok" : "tool";
}

import { AjvSchemaValidator } from "../ajv-schema-validator.js";
/** A context with a fixed clock (2026-01-01T00:00:00Z unless given) and real random bytes; for tests. */
export function toTestContext(nowMs = Date.UTC(2026, 0, 1)) {
    return { now: () => nowMs, randomBytes: (size) => crypto.getRandomValues(new Uint8Array(size)) };
}
// Compiling a schema costs milliseconds; property tests run a tool hundreds of times.
const validators = new WeakMap();
function validatorFor(tool) {
    let validator = validators.get(tool);
    if (!validator)
        validators.set(tool, (validator = new AjvSchemaValidator([tool])));
    return validator;
}
/** Validates like the API does (defaults applied), then runs the tool; for colocated tool tests only. */
export async function runTool(tool, input, context = toTestContext()) {
    const copy = structuredClone(input);
    if (validatorFor(tool).validateInput(tool, copy).length > 0)
        return { kind: "schema" };
    const result = await tool.run(copy, context);
    return result.ok ? { kind: "ok", output: result.value } : { kind: "tool", error: result.error };
}
/** The output of a run that must succeed. */
export async function outputOf(tool, input, context) {
    const outcome = await runTool(tool, input, context);
    if (outcome.kind !== "ok")
        throw new Error(`${tool.id} refused ${JSON.stringify(input)}: ${JSON.stringify(outcome)}`);
    return outcome.output;
}
/** Who refused an input: the schema (a 400-class answer), the tool (422 invalid_input) or nobody ("ok"). */
export async function refusalOf(tool, input) {
    return (await runTool(tool, input)).kind;
}

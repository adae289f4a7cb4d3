import { invalidInput } from "../../../domain/errors.js";
import { err } from "../../../domain/result.js";
import { AjvSchemaValidator } from "../ajv-schema-validator.js";
const validators = new WeakMap();
const context = { now: () => Date.UTC(2026, 0, 1), randomBytes: (size) => new Uint8Array(size) };
/** Test helper: validates `input` against the tool's schema (applying defaults) the way the API does, then runs it. */
export async function runTool(tool, input) {
    const copy = structuredClone(input);
    const definition = tool;
    const validator = validators.get(definition) ?? new AjvSchemaValidator([definition]);
    validators.set(definition, validator);
    const issues = validator.validateInput(definition, copy);
    if (issues.length > 0)
        return err(invalidInput(issues));
    return tool.run(copy, context);
}
/** Test helper: the value of a successful run; throws with the error otherwise. */
export async function runToolOk(tool, input) {
    const result = await runTool(tool, input);
    if (!result.ok)
        throw new Error(`${tool.id} refused: ${JSON.stringify(result.error)}`);
    return result.value;
}
/** Test helper: the message of a refused run; throws if the run succeeded. */
export async function runToolError(tool, input) {
    const result = await runTool(tool, input);
    if (result.ok)
        throw new Error(`${tool.id} accepted: ${JSON.stringify(result.value)}`);
    return result.error;
}

import { clientOnlyTool, invalidInput, toolNotFound } from "../domain/errors.js";
import { err, ok } from "../domain/result.js";
/** Runs one server tool on validated input. Authentication and rate limiting happen before, in their own use cases. */
export class ExecuteTool {
    deps;
    constructor(deps) {
        this.deps = deps;
    }
    async execute(cmd) {
        const { tools, schemas, runner } = this.deps;
        const tool = tools.find(cmd.toolId);
        if (!tool)
            return err(toolNotFound(cmd.toolId));
        if (tool.clientOnly)
            return err(clientOnlyTool(tool.id));
        const issues = schemas.validateInput(tool, cmd.input);
        if (issues.length > 0)
            return err(invalidInput(issues));
        const result = await runner.run(tool, cmd.input);
        return result.ok ? ok({ toolId: tool.id, output: result.value }) : result;
    }
}

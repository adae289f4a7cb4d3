import { systemToolContext } from "../system.js";
/** Runs every tool on the calling thread; what the worker pool falls back to for light tools. */
export class InlineToolRunner {
    context;
    constructor(context = systemToolContext()) {
        this.context = context;
    }
    async run(tool, input) {
        return tool.run(input, this.context);
    }
}

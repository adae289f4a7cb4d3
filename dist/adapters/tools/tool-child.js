var __rewriteRelativeImportExtension = (this && this.__rewriteRelativeImportExtension) || function (path, preserveJsx) {
    if (typeof path === "string" && /^\.\.?\//.test(path)) {
        return path.replace(/\.(tsx)$|((?:\.d)?)((?:\.[^./]+?)?)\.([cm]?)ts$/i, function (m, tsx, d, ext, cm) {
            return tsx ? preserveJsx ? ".jsx" : ".js" : d && (!ext || !cm) ? m : (d + ext + "." + cm.toLowerCase() + "js");
        });
    }
    return path;
};
import { systemToolContext } from "../system.js";
const tools = new Map();
const context = systemToolContext();
// The parent died or let go of this child: nothing would ever read an answer, so leave at once.
process.on("disconnect", () => process.exit(0));
process.on("message", (message) => void handle(message));
async function handle(message) {
    if (message.type === "init") {
        for (const module of message.modules)
            await load(module);
        send({ type: "ready" });
        // Tasks are taken meanwhile; one that needs a library the warm-up is loading shares that same import.
        if (message.warm)
            await warm();
        send({ type: "warmed", rssBytes: process.memoryUsage.rss() });
        return;
    }
    const tool = tools.get(message.toolId);
    try {
        if (!tool)
            throw new Error(`this tool process has no tool '${message.toolId}'`);
        const result = await tool.run(message.input, context);
        send({ type: "result", result, rssBytes: process.memoryUsage.rss() });
    }
    catch (error) {
        send({ type: "failed", message: error instanceof Error ? error.message : String(error), rssBytes: process.memoryUsage.rss() });
    }
}
/** A module's tools: a tool pack's `default.tools`, else the built-in catalog's `serverTools`. */
async function load({ url, idPrefix = "" }) {
    const module = (await import(__rewriteRelativeImportExtension(url)));
    const list = module.default?.tools ?? module.serverTools;
    if (!list)
        throw new Error(`${url} exports neither default.tools nor serverTools`);
    for (const tool of list)
        if (!tool.clientOnly)
            tools.set(idPrefix + tool.id, tool);
}
/**
 * Runs every isolated tool's first example once, so the libraries tools import on first use are loaded before a
 * request needs them (the first math call otherwise waits seconds for mathjs). Failures only mean a colder start.
 */
async function warm() {
    for (const tool of tools.values()) {
        if (!tool.worker)
            continue;
        try {
            await tool.run(structuredClone(tool.examples[0].input), context);
        }
        catch {
            // A failing example is the catalog tests' business, not a reason to refuse work.
        }
    }
}
function send(message) {
    process.send?.(message);
}

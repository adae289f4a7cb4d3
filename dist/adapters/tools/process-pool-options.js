import { InlineToolRunner } from "./inline-tool-runner.js";
// Sources run under tsx (tests, `npm start`); the compiled package has .js siblings and needs no loader.
const FROM_SOURCE = import.meta.url.endsWith(".ts");
const sibling = (name) => new URL(`./${name}${FROM_SOURCE ? ".ts" : ".js"}`, import.meta.url);
/** Fills in the defaults of a ProcessPoolOptions. */
export function resolvePoolOptions(options) {
    const defaultTimeoutMs = options.defaultTimeoutMs ?? 10_000;
    const entry = options.entry ?? sibling("tool-child");
    const execArgv = [...(entry.href.endsWith(".ts") ? ["--import", "tsx"] : []), `--max-old-space-size=${options.maxOldSpaceMb ?? 256}`];
    return {
        concurrency: Math.max(1, options.concurrency ?? 2),
        spares: Math.max(0, options.spares ?? 1),
        maxQueue: Math.max(0, options.maxQueue ?? 16),
        recycleGrowthMb: options.recycleGrowthMb ?? 128,
        timeoutMsFor: options.timeoutMsFor ?? ((tool) => tool.timeoutMs ?? defaultTimeoutMs),
        inline: options.inline ?? new InlineToolRunner(),
        onError: options.onError ?? ((error) => process.emitWarning(error)),
        spec: { entry, execArgv, modules: options.modules ?? [{ url: sibling("index").href }], warm: options.warm ?? true, niceness: options.niceness ?? 0 },
    };
}

import { toToolSummary } from "../../application/tool-views.js";
import { toPolicy } from "../../domain/rate-limit.js";
import { buildContainer, resolveAccountDeps, TOKENS } from "../container.js";
import { openMemoryStorage } from "../storage/open-storage.js";
import { CryptoSecretSource, SystemClock } from "../system.js";
import { InlineToolRunner } from "../tools/inline-tool-runner.js";
import { keyManager } from "./key-manager.js";
/** Wires the core: resolves the defaults (the built-in catalog and the pool load on demand), then buildToolCore. */
export async function createToolCore(options = {}) {
    const tools = options.tools ?? (await import("../tools/index.js")).tools;
    return buildToolCore({ ...options, tools, runner: await openRunner(options.runner) });
}
/**
 * The one place that builds use cases from ports, for the server, the CLI, examples and the test harness. Synchronous
 * for callers that already hold their tools and runner (the test harness).
 */
export function buildToolCore(options) {
    const clock = options.clock ?? new SystemClock();
    const storage = options.storage ?? openMemoryStorage(clock);
    const { runner, tools } = options;
    const policy = toPolicy(options.defaultLimit?.limit ?? 60, options.defaultLimit?.windowSeconds ?? 60);
    if (!policy)
        throw Object.assign(new Error("defaultLimit: limit must be 1 to 10^9 and windowSeconds 1 to 86400"), { code: "invalid_input" });
    const env = options.env ?? "development";
    const container = buildContainer({
        keys: storage.keys, limits: storage.limits, runner, tools, clock, secrets: new CryptoSecretSource(), env, defaultPolicy: policy,
        keyv: storage.keyv, passwordHasher: options.passwordHasher, sessionPolicy: options.sessionPolicy,
        attemptLimits: options.attemptLimits, onBug: options.onError,
    });
    const toolCall = container.get(TOKENS.toolCall);
    const catalog = container.get(TOKENS.toolCatalog);
    const services = {
        toolCall, catalog, storage, env, defaultPolicy: policy, clock, container,
        accounts: () => resolveAccountDeps(container, { env, defaultPolicy: policy }),
    };
    return {
        execute: (call) => toolCall.execute(call),
        authorize: (secret) => toolCall.authorize(secret),
        run: (call, toolId, input) => toolCall.run(call, toolId, input),
        keys: keyManager(services),
        tools: { list: () => catalog.list().map(toToolSummary) },
        close: async () => {
            await runner.close?.();
            await storage.close?.();
        },
        services,
    };
}
async function openRunner(choice) {
    if (typeof choice === "object")
        return choice;
    if (choice !== "workers")
        return new InlineToolRunner();
    const { ProcessPoolToolRunner } = await import("../tools/process-pool.js");
    return new ProcessPoolToolRunner();
}

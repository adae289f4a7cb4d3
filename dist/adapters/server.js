import { createServer } from "node:http";
import { toNodeHandler } from "h3";
import { TOKENS } from "./container.js";
import { createToolCore } from "./core/create-tool-core.js";
import { createApp } from "./http/app.js";
import { continueCheck } from "./http/continue-check.js";
import { installClientErrorEnvelope, installExpectContinue, wireResponseClass } from "./http/wire.js";
import { createLogger } from "./logger.js";
import { openStorage } from "./storage/open-storage.js";
import { SystemClock } from "./system.js";
import { DeferredRunner } from "./tools/deferred-runner.js";
/** Opens storage, wires the core (createToolCore) and serves the reference app over node:http. */
export async function startServer(config, options = {}) {
    const logger = options.logger ?? createLogger(config.logLevel);
    const clock = new SystemClock();
    const storage = await openStorage(config, clock, logger);
    const runner = options.runner ?? await workerRunner(logger);
    const core = await createToolCore({
        storage, tools: options.tools, env: config.appEnv, runner, clock,
        defaultLimit: { limit: config.defaultPolicy.limit, windowSeconds: config.defaultPolicy.windowMs / 1000 },
        onError: (error) => logger.error({ err: error }, "unhandled error"),
    });
    const app = createApp(core, { logger, maxBodyBytes: config.maxBodyBytes, trustProxy: config.trustProxy });
    const server = createServer(
    // A client that trickles its headers or body cannot hold a connection for long.
    { headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000, ServerResponse: wireResponseClass(config.maxBodyBytes) }, toNodeHandler(app));
    installClientErrorEnvelope(server);
    const authenticateKey = core.services.container.get(TOKENS.authenticateKey);
    installExpectContinue(server, continueCheck({ authenticateKey, maxBodyBytes: config.maxBodyBytes }));
    await new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(config.port, config.host, () => resolve());
    });
    if (runner instanceof DeferredRunner)
        setImmediate(() => runner.start());
    const { port } = server.address();
    const host = config.host.includes(":") ? `[${config.host}]` : config.host;
    const close = async () => {
        await drain(server, config.shutdownTimeoutMs);
        await core.close();
    };
    return { url: `http://${host}:${port}`, server, app, core, container: core.services.container, storage, close };
}
/** Stops accepting and waits for in-flight requests; idle keep-alive sockets close at once. */
function drain(server, timeoutMs) {
    return new Promise((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), timeoutMs);
        force.unref();
        server.close(() => {
            clearTimeout(force);
            resolve();
        });
        server.closeIdleConnections();
    });
}
/** The isolated pool production runs, its failures logged; its children boot once the server listens. */
async function workerRunner(logger) {
    const { ProcessPoolToolRunner } = await import("./tools/process-pool.js");
    return new DeferredRunner(() => new ProcessPoolToolRunner({ onError: (error) => logger.warn({ err: error }, "tool process failed") }));
}

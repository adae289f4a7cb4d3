import { createServer } from "node:http";
import { toNodeHandler } from "h3";
import { buildContainer, resolveAccountDeps, TOKENS } from "./container.js";
import { createApp } from "./http/app.js";
import { continueCheck } from "./http/continue-check.js";
import { installClientErrorEnvelope, installExpectContinue, wireResponseClass } from "./http/wire.js";
import { createLogger } from "./logger.js";
import { openStorage } from "./storage/open-storage.js";
import { CryptoSecretSource, SystemClock } from "./system.js";
import { tools as catalogTools } from "./tools/index.js";
import { ProcessPoolToolRunner } from "./tools/process-pool.js";
/** Opens storage, wires the core and serves it over node:http. */
export async function startServer(config, options = {}) {
    const logger = options.logger ?? createLogger(config.logLevel);
    const clock = new SystemClock();
    const storage = await openStorage(config, clock, logger);
    const runner = options.runner ??
        new ProcessPoolToolRunner({ onError: (error) => logger.warn({ err: error }, "tool process failed") });
    const container = buildContainer({
        keys: storage.keys,
        limits: storage.limits,
        runner,
        tools: options.tools ?? catalogTools,
        clock,
        secrets: new CryptoSecretSource(),
        env: config.appEnv,
        defaultPolicy: config.defaultPolicy,
        keyv: storage.keyv,
    });
    const app = createApp({
        authenticateKey: container.get(TOKENS.authenticateKey),
        consumeRateLimit: container.get(TOKENS.consumeRateLimit),
        executeTool: container.get(TOKENS.executeTool),
        catalog: container.get(TOKENS.toolCatalog),
        keys: storage.keys,
        logger,
        maxBodyBytes: config.maxBodyBytes,
        trustProxy: config.trustProxy,
        accounts: resolveAccountDeps(container, { env: config.appEnv, defaultPolicy: config.defaultPolicy }),
    });
    const server = createServer(
    // A client that trickles its headers or body cannot hold a connection for long.
    { headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000, ServerResponse: wireResponseClass(config.maxBodyBytes) }, toNodeHandler(app));
    installClientErrorEnvelope(server);
    installExpectContinue(server, continueCheck({ authenticateKey: container.get(TOKENS.authenticateKey), maxBodyBytes: config.maxBodyBytes }));
    await new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(config.port, config.host, () => resolve());
    });
    const { port } = server.address();
    const host = config.host.includes(":") ? `[${config.host}]` : config.host;
    const close = async () => {
        await drain(server, config.shutdownTimeoutMs);
        await runner.close?.();
        await storage.close();
    };
    return { url: `http://${host}:${port}`, server, app, container, storage, close };
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

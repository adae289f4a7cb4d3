import { loadConfig } from "./config.js";
import { createLogger } from "./logger.js";
import { startServer } from "./server.js";
/** Exit code for a configuration error (sysexits EX_CONFIG). */
const EXIT_CONFIG = 78;
const loaded = loadConfig(process.env);
if (!loaded.ok) {
    console.error(`Invalid configuration:\n  ${loaded.error.join("\n  ")}`);
    process.exit(EXIT_CONFIG);
}
const config = loaded.value;
const logger = createLogger(config.logLevel);
const running = await startServer(config, { logger }).catch((error) => {
    // Storage that cannot be opened (Redis unreachable, DATA_DIR not writable) is an operator problem, not a bug.
    console.error(`Cannot start: ${error.message}`);
    process.exit(1);
});
console.log(`Listening on ${running.url} (APP_ENV=${config.appEnv}, storage: ${running.storage.kind})`);
let stopping = false;
const shutdown = async (signal) => {
    if (stopping)
        return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    try {
        await running.close();
        process.exit(0);
    }
    catch (error) {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
    }
};
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));

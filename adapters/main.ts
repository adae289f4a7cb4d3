import { loadConfig } from "./config.ts";
import { createLogger } from "./logger.ts";
import { loadPacks, parsePackList } from "./packs/load-packs.ts";
import { startServer } from "./server.ts";

/** Exit code for a configuration error (sysexits EX_CONFIG). */
const EXIT_CONFIG = 78;

const loaded = loadConfig(process.env);
if (!loaded.ok) {
  console.error(`Invalid configuration:\n  ${loaded.error.join("\n  ")}`);
  process.exit(EXIT_CONFIG);
}
const config = loaded.value;
const logger = createLogger(config.logLevel);
const packSpecifiers = parsePackList(process.env.TOOL_PACKS);
// A pack that fails to load, is malformed or collides is a configuration error: stop before listening, naming it.
const packs = await loadPacks(packSpecifiers).catch((error: Error) => {
  console.error(`Invalid configuration:\n  TOOL_PACKS: ${error.message}`);
  process.exit(EXIT_CONFIG);
});
const running = await startServer(config, { logger, packs }).catch((error: Error) => {
  // Storage that cannot be opened (Redis unreachable, DATA_DIR not writable) is an operator problem, not a bug.
  console.error(`Cannot start: ${error.message}`);
  process.exit(1);
});
// Tests and scripts read the URL off the start of this line; a person reads where to point a browser off its end.
console.log(`Listening on ${running.url} (APP_ENV=${config.appEnv}, storage: ${running.storage.kind}); dashboard ${running.url}/dashboard, API docs ${running.url}/docs`);

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down");
  try {
    await running.close();
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, "shutdown failed");
    process.exit(1);
  }
};
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));

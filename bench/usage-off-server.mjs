// Bench only: the compiled server as `npm start` runs it (dist/adapters/main.js), but started with
// ServerOptions.recordUsage false, so `npm run bench` can measure what usage recording costs. Not a way to deploy:
// the contract has no switch for usage recording.
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const dist = (path) => pathToFileURL(join(import.meta.dirname, "..", "dist", path)).href;
const { loadConfig } = await import(dist("adapters/config.js"));
const { createLogger } = await import(dist("adapters/logger.js"));
const { startServer } = await import(dist("adapters/server.js"));

const loaded = loadConfig(process.env);
if (!loaded.ok) {
  console.error(`Invalid configuration:\n  ${loaded.error.join("\n  ")}`);
  process.exit(78);
}
const logger = createLogger(loaded.value.logLevel);
const running = await startServer(loaded.value, { logger, recordUsage: false });
console.log(`Listening on ${running.url} (usage recording off: bench only)`);
for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => void running.close().then(() => process.exit(0), () => process.exit(1)));

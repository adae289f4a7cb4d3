// Child process of lazy-start.test.ts, run under `node --import tsx --import ./register-import-recorder.mjs`: starts
// the server as main.ts does, then prints the CommonJS modules loaded so far (ESM ones go to $IMPORT_LOG).
import { createRequire } from "node:module";
import { loadConfig } from "../../config.ts";
import { createLogger } from "../../logger.ts";
import { startServer } from "../../server.ts";

const loaded = loadConfig({ HOST: "127.0.0.1", PORT: "0", DATA_DIR: process.env.DATA_DIR, LOG_LEVEL: "silent" });
if (!loaded.ok) throw new Error(loaded.error.join("; "));
const running = await startServer(loaded.value, { logger: createLogger("silent") });
// Tool child processes are not recorded: they are other processes, and they pre-load the heavy libraries on purpose.
const cjs = Object.keys(createRequire(import.meta.url).cache);
process.stdout.write(`${JSON.stringify({ url: running.url, cjs })}\n`);
// Exit at once: a graceful close would wait for the tool processes, which proves nothing here.
process.exit(0);

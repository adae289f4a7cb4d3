// A server process for kill -9 tests: the real startServer on the configured store, serving one inline tool (no tool
// processes to boot), so a test can kill and restart it many times. Started by startServerProcess(env, ENTRY).
import { hashText } from "../../tools/crypto/hash-text.ts";
import { loadConfig } from "../../config.ts";
import { createLogger } from "../../logger.ts";
import { startServer } from "../../server.ts";

const loaded = loadConfig(process.env);
if (!loaded.ok) throw new Error(loaded.error.join("; "));
const running = await startServer(loaded.value, { logger: createLogger(loaded.value.logLevel), tools: [hashText] });
console.log(`Listening on ${running.url}`);

// A server process for kill -9 tests: the real startServer on the configured store, serving one inline tool (no tool
// processes to boot), so a test can kill and restart it many times. Started by startServerProcess(env, ENTRY).
import { hashText } from "../../tools/crypto/hash-text.ts";
import { loadConfig } from "../../config.ts";
import { createLogger } from "../../logger.ts";
import { startServer } from "../../server.ts";
import { CLOCK_AHEAD_VARIABLE } from "./kill-fixture.ts";

// A restart that waits for a killed process's leases to end is the same restart made that much later: the test moves
// this process's clock ahead (afterLeases) instead of sleeping. Every time the server reads (SystemClock, Keyv's
// expiry) comes from Date.now.
const ahead = Number(process.env[CLOCK_AHEAD_VARIABLE] ?? 0);
if (ahead > 0) {
  const machineNow = Date.now;
  Date.now = () => machineNow() + ahead;
}

const loaded = loadConfig(process.env);
if (!loaded.ok) throw new Error(loaded.error.join("; "));
const running = await startServer(loaded.value, { logger: createLogger(loaded.value.logLevel), tools: [hashText] });
console.log(`Listening on ${running.url}`);

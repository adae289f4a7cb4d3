// A server process for kill -9 tests: the real startServer on the configured store, serving one inline tool (no tool
// processes to boot), so a test can kill and restart it many times. Started by startServerProcess(env, ENTRY). Plain
// JavaScript on the compiled package (the suite's global setup keeps dist/ current), as light-workers.mjs is: under
// tsx each of the test's sixteen starts cost about a second of CPU more.
import { loadConfig } from "../../../dist/adapters/config.js";
import { createLogger } from "../../../dist/adapters/logger.js";
import { startServer } from "../../../dist/adapters/server.js";
import { hashText } from "../../../dist/adapters/tools/crypto/hash-text.js";

// A restart that waits for a killed process's leases to end is the same restart made that much later: the test moves
// this process's clock ahead (kill-fixture.ts's afterLeases) instead of sleeping. Every time the server reads
// (SystemClock, Keyv's expiry) comes from Date.now. The name is kill-fixture.ts's CLOCK_AHEAD_VARIABLE.
const ahead = Number(process.env.LIGHT_SERVER_CLOCK_AHEAD_MS ?? 0);
if (ahead > 0) {
  const machineNow = Date.now;
  Date.now = () => machineNow() + ahead;
}

const loaded = loadConfig(process.env);
if (!loaded.ok) throw new Error(loaded.error.join("; "));
const running = await startServer(loaded.value, { logger: createLogger(loaded.value.logLevel), tools: [hashText] });
console.log(`Listening on ${running.url}`);

// The project's server in one storage mode, with the keys the scenarios need, reporting to the bench over IPC.
import { loadConfig } from "../adapters/config.ts";
import { TOKENS } from "../adapters/container.ts";
import { createLogger } from "../adapters/logger.ts";
import { startServer } from "../adapters/server.ts";

const loaded = loadConfig({ ...process.env, HOST: "127.0.0.1", PORT: "0" });
if (!loaded.ok) throw new Error(loaded.error.join("; "));
// Logging as in production: LOG_LEVEL (info, set by servers.ts) to stdout, which the bench collects to a file.
const running = await startServer(loaded.value, { logger: createLogger(loaded.value.logLevel) });
const createKey = running.container.get(TOKENS.createKey);
const mint = async (limit: number) => {
  const result = await createKey.execute({ name: "bench", env: loaded.value.appEnv, limit, windowSeconds: 86_400 });
  if (!result.ok) throw new Error(result.error.message);
  return result.value.secret;
};
const keys = { unlimited: await mint(1_000_000_000), spent: await mint(1) };
// Spend the one request of the "spent" key so the 429 scenario never sees a 200.
await fetch(`${running.url}/api/v1/keys/current`, { headers: { "x-api-key": keys.spent } });
process.send?.({ type: "ready", url: running.url, keys });

process.on("message", async (message: { type: string }) => {
  if (message.type === "rss") process.send?.({ type: "rss", rss: process.memoryUsage().rss });
  if (message.type === "stop") {
    await running.close();
    process.exit(0);
  }
});

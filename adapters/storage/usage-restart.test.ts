import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { TOKENS } from "../container.ts";
import { createLogger } from "../logger.ts";
import { type RunningServer, startServer } from "../server.ts";
import { hashText } from "../tools/crypto/hash-text.ts";

const dataDir = mkdtempSync(join(tmpdir(), "usage-restart-"));
const config = loadConfig({ HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
let server: RunningServer | undefined;

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const start = async () => {
  if (!config.ok) throw new Error(config.error.join("; "));
  return startServer(config.value, { logger: createLogger("silent"), tools: [hashText] });
};

describe("usage on the embedded store", () => {
  it("keeps every count across a graceful restart (the stop flushes what the 5 s timer has not yet written)", async () => {
    server = await start();
    const created = await server.container.get(TOKENS.createKey).execute({ name: "restart", env: "development", limit: 1000, windowSeconds: 60 });
    if (!created.ok) throw new Error(created.error.message);
    const { secret } = created.value;
    const execute = async (url: string, algorithm: string) =>
      (await fetch(`${url}/api/v1/execute/hash-text`, { method: "POST", headers: { "content-type": "application/json", "x-api-key": secret }, body: JSON.stringify({ input: { algorithm, text: "x" } }) })).status;
    const statuses = [];
    for (let i = 0; i < 20; i++) statuses.push(await execute(server.url, "sha256"));
    for (let i = 0; i < 7; i++) statuses.push(await execute(server.url, "sha999"));
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    await server.close();

    server = await start();
    const usage = (await (await fetch(`${server.url}/api/v1/usage`, { headers: { "x-api-key": secret } })).json()).data.usage;
    expect(usage.totals).toMatchObject({ calls: 27, success: 20, clientError: 7, errorCodes: { invalid_input: 7 } });
  }, 60_000);
});

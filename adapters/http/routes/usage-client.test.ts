import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ToolClient } from "../../../client/src/client.ts";
import { ToolApiError } from "../../../client/src/errors.ts";
import { loadConfig } from "../../config.ts";
import { TOKENS } from "../../container.ts";
import { createLogger } from "../../logger.ts";
import { type RunningServer, startServer } from "../../server.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";

const dataDir = mkdtempSync(join(tmpdir(), "usage-client-"));
let server: RunningServer;
let client: ToolClient;

beforeAll(async () => {
  const config = loadConfig({ HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  if (!config.ok) throw new Error(config.error.join("; "));
  server = await startServer(config.value, { logger: createLogger("silent"), tools: [hashText] });
  const created = await server.container.get(TOKENS.createKey).execute({ name: "sdk", env: "development" });
  if (!created.ok) throw new Error(created.error.message);
  client = new ToolClient({ baseUrl: server.url, apiKey: created.value.secret, retry: { maxAttempts: 1 } });
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("client.usage()", () => {
  it("answers the key's usage, typed, for a range given as Dates", async () => {
    await client.execute("hash-text", { algorithm: "sha256", text: "a" });
    await client.execute("hash-text", { algorithm: "md5", text: "b" });
    await server.container.get(TOKENS.recordUsage).flush();
    const usage = await client.usage({ from: new Date(Date.now() - 3_600_000), granularity: "hour", tool: "hash-text" });
    expect(usage.totals.calls).toBe(2);
    expect(usage.granularity).toBe("hour");
    expect(usage.tools.map((tool) => tool.toolId)).toEqual(["hash-text"]);
  });

  it("rejects a bad range with the server's 422 details", async () => {
    const error = await client.usage({ from: "not a date" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ToolApiError);
    expect((error as ToolApiError).status).toBe(422);
    expect((error as ToolApiError).details).toEqual([expect.objectContaining({ path: "/from" })]);
  });
});

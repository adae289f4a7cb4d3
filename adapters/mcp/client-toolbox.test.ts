import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ToolClient } from "../../client/src/index.ts";
import { loadConfig } from "../config.ts";
import { TOKENS } from "../container.ts";
import { createLogger } from "../logger.ts";
import { loadPacks } from "../packs/load-packs.ts";
import { type RunningServer, startServer } from "../server.ts";
import { InlineToolRunner } from "../tools/inline-tool-runner.ts";
import { tools } from "../tools/index.ts";
import { clientToolbox } from "./client-toolbox.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const MAX_AGE_MS = 60_000;

let dir: string;
let running: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "client-toolbox-"));
  const loaded = loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dir });
  if (!loaded.ok) throw new Error(loaded.error.join("; "));
  running = await startServer(loaded.value, { logger: createLogger("silent"), runner: new InlineToolRunner(), packs: await loadPacks(["./examples/tool-pack"], ROOT) });
});
afterAll(async () => {
  await running?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A client that counts its reads of the key's tools (GET /keys/current/tools), each still a real request. */
class CountingClient extends ToolClient {
  listReads = 0;
  override callableTools(...args: Parameters<ToolClient["callableTools"]>) {
    this.listReads++;
    return super.callableTools(...args);
  }
}

/** A forwarding toolbox for a new key of `workspaceId`, on a clock the test moves. */
async function forwarder(workspaceId: string) {
  const { secret } = await running.core.keys.create({ name: "forwarder", workspaceId });
  let clock = 0;
  const client = new CountingClient({ baseUrl: running.url, apiKey: secret });
  const toolbox = clientToolbox(client, tools, { maxAgeMs: MAX_AGE_MS, now: () => clock });
  const names = async () => (await toolbox.list()).map((tool) => tool.name).filter((name) => name.startsWith("example__"));
  return { toolbox, names, reads: () => client.listReads, advance: (ms: number) => (clock += ms) };
}

describe("the forwarding toolbox's list of the key's tools", () => {
  const packs = () => running.container.get(TOKENS.workspacePackStore);

  it("reads the key's tools once within its age, then again: a pack the workspace enabled meanwhile is listed", async () => {
    const { names, reads, advance } = await forwarder("ws_toolbox_age");
    expect(await names()).toEqual([]);
    await packs().enable("ws_toolbox_age", "example");
    advance(MAX_AGE_MS - 1);
    expect(await names()).toEqual([]);
    expect(reads()).toBe(1);
    advance(1);
    expect(await names()).toEqual(["example__reverse-text", "example__word-count"]);
    expect(reads()).toBe(2);
  });

  it("reads them again at the next list after a call refused because its pack is no longer enabled", async () => {
    await packs().enable("ws_toolbox_refused", "example");
    const { toolbox, names, reads } = await forwarder("ws_toolbox_refused");
    expect(await names()).toEqual(["example__reverse-text", "example__word-count"]);
    await packs().disable("ws_toolbox_refused", "example");
    const refused = await toolbox.call("example__reverse-text", { text: "abc" });
    expect(refused.isError).toBe(true);
    expect(JSON.parse((refused.content as { text: string }[])[0].text)).toMatchObject({ code: 403, error_code: "pack_not_enabled" });
    expect(await names()).toEqual([]);
    expect(reads()).toBe(2);
  });

  it("keeps the list after a call refused for its input, or of a tool it never listed: neither says the list is old", async () => {
    const { toolbox, names, reads } = await forwarder("ws_toolbox_input");
    await names();
    const refusals = [
      await toolbox.call("hash-text", { algorithm: "sha256" }),
      await toolbox.call("no-such-tool", {}),
      await toolbox.call("example__reverse-text", { text: "abc" }),
    ];
    expect(refusals.map((refused) => JSON.parse((refused.content as { text: string }[])[0].text).error_code)).toEqual(["invalid_input", "tool_not_found", "pack_not_enabled"]);
    await names();
    expect(reads()).toBe(1);
  });

  it("shares one read between lists that arrive together, and tries again after a read that failed", async () => {
    const { toolbox, names, reads, advance } = await forwarder("ws_toolbox_shared");
    await Promise.all([names(), names(), names()]);
    expect(reads()).toBe(1);
    const made = await running.core.keys.create({ name: "revoked" });
    const revoked = clientToolbox(new ToolClient({ baseUrl: running.url, apiKey: made.secret }), tools, { maxAgeMs: MAX_AGE_MS, now: () => 0 });
    await running.core.keys.revoke(made.id);
    await expect(revoked.list()).rejects.toMatchObject({ status: 401 });
    await expect(revoked.list()).rejects.toMatchObject({ status: 401 });
    advance(MAX_AGE_MS);
    expect((await toolbox.list()).length).toBeGreaterThan(100);
    expect(reads()).toBe(2);
  });
});

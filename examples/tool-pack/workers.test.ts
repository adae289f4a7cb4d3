import { describe, expect, it } from "vitest";
import { createToolCore } from "tool-execution-api";
import { TOKENS } from "../../adapters/container.ts";
import { loadPacks } from "../../adapters/packs/load-packs.ts";

describe("a pack under createToolCore with runner: workers", () => {
  it("runs a worker: true pack tool in the tool processes, which load the pack's own module", async () => {
    const [example] = await loadPacks(["./examples/tool-pack"]);
    // Marked isolated here, so the call must go through a child process that loaded the pack by its module URL.
    const isolated = { ...example, tools: example.tools.map((tool) => ({ ...tool, worker: true })) };
    const core = await createToolCore({ packs: [isolated], runner: "workers" });
    try {
      await core.services.container.get(TOKENS.workspacePackStore).enable("ws_packs", "example");
      const { secret } = await core.keys.create({ name: "packs", workspaceId: "ws_packs" });
      const answer = await core.execute({ secret, toolId: "example.reverse-text", input: { text: "a😀b" } });
      expect(answer).toMatchObject({ status: 200, body: { data: { output: { text: "b😀a" } } } });
    } finally {
      await core.close();
    }
  }, 60_000);
});

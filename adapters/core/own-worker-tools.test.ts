import { describe, expect, it } from "vitest";
import { createToolCore } from "./create-tool-core.ts";
import { elsewhere, nowhere, whereItRan } from "./testing/own-worker-tools.ts";

describe("a worker: true tool of one's own under runner: workers", () => {
  it("runs in a tool process, which imports it from its definition's module", async () => {
    const core = await createToolCore({ tools: [whereItRan], runner: "workers" });
    try {
      const { secret } = await core.keys.create({ name: "own" });
      const answer = await core.execute({ secret, toolId: "where-it-ran", input: {} });
      expect(answer.status).toBe(200);
      const { pid } = (answer.body as { data: { output: { pid: number } } }).data.output;
      expect(pid).not.toBe(process.pid);
    } finally {
      await core.close();
    }
  }, 60_000);

  it("stops createToolCore, naming the tool, when its definition names no module or one that does not export it", async () => {
    await expect(createToolCore({ tools: [nowhere], runner: "workers" })).rejects.toMatchObject({ code: "invalid_input", message: expect.stringMatching(/tool 'nowhere' is worker: true.*import\.meta\.url/) });
    await expect(createToolCore({ tools: [elsewhere], runner: "workers" })).rejects.toMatchObject({ code: "invalid_input", message: expect.stringMatching(/cannot load tool 'elsewhere'.*exports no tool definition with id 'elsewhere'/) });
  });

  it("runs inline under runner: inline, module or not", async () => {
    const core = await createToolCore({ tools: [nowhere] });
    try {
      const { secret } = await core.keys.create({ name: "inline" });
      const answer = await core.execute({ secret, toolId: "nowhere", input: {} });
      expect(answer.body).toMatchObject({ data: { output: { pid: process.pid } } });
    } finally {
      await core.close();
    }
  });
});

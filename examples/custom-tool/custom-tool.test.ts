import { afterAll, describe, expect, it } from "vitest";
import { createToolCore } from "tool-execution-api";
import { createApp } from "tool-execution-api/http";
import { tools } from "tool-execution-api/tools";
import { countVowels } from "./count-vowels.ts";

describe("examples/custom-tool: a defineTool tool beside the catalog", () => {
  const ready = createToolCore({ tools: [...tools, countVowels] });
  afterAll(async () => (await ready).close());

  it("is listed with the catalog", async () => {
    const listed = (await ready).tools.list().map((tool) => tool.id);
    expect(listed).toContain("count-vowels");
    expect(listed).toContain("hash-text");
  });

  it("is executed with validation and the envelope", async () => {
    const core = await ready;
    const { secret } = await core.keys.create({ name: "custom" });
    // "Education" has five vowels: E, u, a, i, o (counted by hand).
    const answer = await core.execute({ secret, toolId: "count-vowels", input: { text: "Education" } });
    expect(answer).toMatchObject({ status: 200, body: { status: "success", data: { output: { vowels: 5 } } } });
    const refused = await core.execute({ secret, toolId: "count-vowels", input: { text: 7 } });
    expect(refused).toMatchObject({ status: 422, body: { error_code: "invalid_input", details: [{ path: "/input/text" }] } });
  });

  it("is documented in the OpenAPI document with its own typed path", async () => {
    const response = await createApp(await ready).request("/api/v1/openapi.json");
    const document = (await response.json()) as { paths: Record<string, { post?: { operationId?: string } }> };
    expect(document.paths["/execute/count-vowels"]?.post).toBeDefined();
  });
});

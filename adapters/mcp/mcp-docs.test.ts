import { describe, expect, it } from "vitest";
import { FormClient } from "../http/dashboard/testing/form-client.ts";
import { createTestApp } from "../testing/harness.ts";
import { hashText } from "../tools/crypto/hash-text.ts";

describe("where /mcp is named", () => {
  it("names the endpoint in the OpenAPI document's description", async () => {
    const { app } = createTestApp({ tools: [hashText] });
    const document = await (await app.request("/api/v1/openapi.json")).json();
    expect(document.info.description).toMatch(/`POST \/mcp`/);
    expect(document.paths["/mcp"]).toBeUndefined();
  });

  it("shows a Use from an agent box with this origin's /mcp and the stdio command on the new key's page", async () => {
    const { app } = createTestApp({ tools: [hashText] });
    const ada = new FormClient(app);
    await ada.signUp("ada@example.com");
    const created = await ada.createKey("agent");
    const html = await (await ada.get(created.headers.get("location") as string)).text();
    const box = /<section class="agent-box"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    expect(box).toContain("Use from an agent");
    expect(box).toContain('"url": "http://localhost/mcp"');
    expect(box).toContain("tool-api mcp --base-url http://localhost");
    expect(box).not.toMatch(/tk_dev_/);
  });
});

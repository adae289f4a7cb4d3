import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedServer } from "./embed.ts";

describe("examples/embed.ts", () => {
  const started = startEmbeddedServer();
  afterAll(async () => (await started).server.close());

  it("runs a tool through the core from a plain node:http server", async () => {
    const { url, secret } = await started;
    const response = await fetch(`${url}/run/hash-text`, {
      method: "POST",
      headers: { "x-api-key": secret },
      body: JSON.stringify({ algorithm: "sha256", text: "abc" }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ algorithm: "sha256", digest: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" });
  });

  it("refuses a request without a key", async () => {
    const { url } = await started;
    expect((await fetch(`${url}/run/hash-text`, { method: "POST", body: "{}" })).status).toBe(401);
  });
});

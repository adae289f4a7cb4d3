import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "tool-execution-api/http";
import { startEmbeddedServer } from "./embed.ts";

/** The window of the key examples/embed.ts makes (its defaultLimit). */
const WINDOW_SECONDS = 60;
const ABC_SHA256 = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"; // FIPS 180-2

describe("examples/embed.ts: the core in a plain node:http server", () => {
  const started = startEmbeddedServer();
  afterAll(async () => (await started).server.close());

  const cases: [string, (secret: string) => { path: string; headers: Record<string, string>; body: string }][] = [
    ["a tool run", (secret) => ({ path: "/api/v1/execute/hash-text", headers: { "x-api-key": secret }, body: '{"input":{"algorithm":"sha256","text":"abc"}}' })],
    ["a bearer key", (secret) => ({ path: "/api/v1/execute/hash-text", headers: { authorization: `Bearer ${secret}` }, body: '{"input":{"algorithm":"sha256","text":"abc"}}' })],
    ["no key (body never read)", () => ({ path: "/api/v1/execute/hash-text", headers: {}, body: "not json" })],
    ["an unknown tool", (secret) => ({ path: "/api/v1/execute/no-such-tool", headers: { "x-api-key": secret }, body: '{"input":{}}' })],
    ["invalid input", (secret) => ({ path: "/api/v1/execute/hash-text", headers: { "x-api-key": secret }, body: '{"input":{"algorithm":"md4"}}' })],
    ["a body that is not JSON", (secret) => ({ path: "/api/v1/execute/hash-text", headers: { "x-api-key": secret }, body: "{" })],
  ];

  it.each(cases)("answers %s exactly as the reference app does", async (_name, make) => {
    const { url, secret, core } = await started;
    const request = make(secret);
    const headers = { "content-type": "application/json", ...request.headers };
    const embedded = await fetch(`${url}${request.path}`, { method: "POST", headers, body: request.body });
    const reference = await createApp(core).request(request.path, { method: "POST", headers, body: request.body });
    expect(embedded.status).toBe(reference.status);
    expect(await embedded.json()).toEqual(await reference.json());
    for (const name of ["x-ratelimit-limit", "retry-after"]) expect(embedded.headers.get(name)).toBe(reference.headers.get(name));
    // Whole seconds to the window's end: a second may tick between the two calls, and the key's 60-s window may end
    // between them (0 then 59 seconds left), so the two are compared around the window's circle.
    const reset = (response: Response) => Number(response.headers.get("x-ratelimit-reset") ?? Number.NaN);
    const apart = Math.abs(reset(embedded) - reset(reference)) % WINDOW_SECONDS;
    if (reference.headers.has("x-ratelimit-reset")) expect(Math.min(apart, WINDOW_SECONDS - apart)).toBeLessThanOrEqual(1);
    else expect(embedded.headers.has("x-ratelimit-reset")).toBe(false);
    expect(embedded.headers.has("x-ratelimit-remaining")).toBe(reference.headers.has("x-ratelimit-remaining"));
  });

  it("runs the tool: the digest is FIPS 180-2's", async () => {
    const { url, secret } = await started;
    const response = await fetch(`${url}/api/v1/execute/hash-text`, {
      method: "POST", headers: { "x-api-key": secret }, body: '{"input":{"algorithm":"sha256","text":"abc"}}',
    });
    expect(await response.json()).toEqual({ status: "success", code: 200, data: { output: { algorithm: "sha256", digest: ABC_SHA256 } } });
  });
});

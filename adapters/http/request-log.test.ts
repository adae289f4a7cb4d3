import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { toNodeHandler } from "h3/node";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp } from "../testing/harness.ts";
import { hashText } from "../tools/crypto/hash-text.ts";

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** The app behind a real node:http server on 127.0.0.1, as the reference server serves it. */
async function serve(app: ReturnType<typeof createTestApp>["app"]): Promise<string> {
  server = createServer(toNodeHandler(app));
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A raw request, so the test sees each header exactly once, as the socket carried it. */
function rawPost(url: string, path: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; rawHeaders: string[]; body: string }>((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { method: "POST", headers }, (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk)).on("end", () => resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body: text }));
    });
    req.on("error", reject).end(body);
  });
}

describe("request id and request log over node:http", () => {
  it("sends X-Request-Id and nosniff once on every answer and logs one line per request when it closes", async () => {
    const test = createTestApp({ tools: [hashText] });
    const { secret, id } = await test.createKey();
    const url = await serve(test.app);
    const json = { "content-type": "application/json" };
    const ok = await rawPost(url, "/api/v1/execute/hash-text", { ...json, "x-api-key": secret, "x-request-id": "trace-ok" }, '{"input":{"algorithm":"sha256","text":"a"}}');
    const refused = await rawPost(url, "/api/v1/execute/hash-text", { ...json, "x-request-id": "a b" }, "{}");
    for (const answer of [ok, refused]) {
      const names = answer.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());
      expect(names.filter((name) => name === "x-request-id")).toHaveLength(1);
      expect(names.filter((name) => name === "x-content-type-options")).toHaveLength(1);
    }
    expect([ok.status, refused.status]).toEqual([200, 401]);
    expect(ok.rawHeaders[ok.rawHeaders.findIndex((name) => name.toLowerCase() === "x-request-id") + 1]).toBe("trace-ok");
    await expect.poll(() => test.logs.length).toBe(2);
    const [first, second] = test.logs.map((line) => JSON.parse(line));
    expect(first).toMatchObject({ requestId: "trace-ok", method: "POST", path: "/api/v1/execute/hash-text", status: 200, keyId: id, msg: "request" });
    expect(second).toMatchObject({ status: 401, keyId: null, authFailure: "missing" });
    expect(second.requestId).toMatch(/^req_[0-9a-f]{32}$/);
    expect(test.logs.join("\n")).not.toContain(secret);
  });
});

import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { toNodeHandler } from "h3/node";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp } from "../testing/harness.ts";
import { hashText } from "../tools/crypto/hash-text.ts";
import { wireResponseClass } from "./wire.ts";

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** The app behind a real node:http server on 127.0.0.1. */
async function serve(app: ReturnType<typeof createTestApp>["app"], responseClass: ResponseClass | undefined): Promise<string> {
  server = createServer(responseClass ? { ServerResponse: responseClass } : {}, toNodeHandler(app));
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A raw request, so the test sees each header exactly once, as the socket carried it. */
function rawRequest(url: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; rawHeaders: string[]; body: string }>((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { method: body === undefined ? "GET" : "POST", headers }, (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk)).on("end", () => resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body: text }));
    });
    req.on("error", reject).end(body);
  });
}

// An embedder's plain node:http server gets the headers by setHeader; the reference server's response class adds them
// to the answer's own headers as it writes them (wire.ts).
type ResponseClass = ReturnType<typeof wireResponseClass>;
const servers: [string, ResponseClass | undefined][] = [["plain node:http", undefined], ["the reference response class", wireResponseClass(1_048_576)]];

describe.each(servers)("request id and request log over %s", (_name, responseClass) => {
  it("sends X-Request-Id and nosniff once on every answer and logs one line per request when it closes", async () => {
    const test = createTestApp({ tools: [hashText] });
    const { secret, id } = await test.createKey();
    const url = await serve(test.app, responseClass);
    const json = { "content-type": "application/json" };
    const ok = await rawRequest(url, "/api/v1/execute/hash-text", { ...json, "x-api-key": secret, "x-request-id": "trace-ok" }, '{"input":{"algorithm":"sha256","text":"a"}}');
    const refused = await rawRequest(url, "/api/v1/execute/hash-text", { ...json, "x-request-id": "a b" }, "{}");
    const asset = await rawRequest(url, "/dashboard/assets/icon.svg", {});
    expect(asset.status).toBe(200);
    for (const answer of [ok, refused, asset]) {
      const names = answer.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());
      expect(names.filter((name) => name === "x-request-id")).toHaveLength(1);
      expect(names.filter((name) => name === "x-content-type-options")).toHaveLength(1);
    }
    expect([ok.status, refused.status]).toEqual([200, 401]);
    expect(ok.rawHeaders[ok.rawHeaders.findIndex((name) => name.toLowerCase() === "x-request-id") + 1]).toBe("trace-ok");
    await expect.poll(() => test.logs.length).toBe(3);
    const [first, second] = test.logs.map((line) => JSON.parse(line));
    expect(first).toMatchObject({ requestId: "trace-ok", method: "POST", path: "/api/v1/execute/hash-text", status: 200, keyId: id, msg: "request" });
    expect(second).toMatchObject({ status: 401, keyId: null, authFailure: "missing" });
    expect(second.requestId).toMatch(/^req_[0-9a-f]{32}$/);
    expect(test.logs.join("\n")).not.toContain(secret);
  });
});

describe("the request log and links sent by email", () => {
  it("keeps an invitation's, a password reset's and a verification link's path without its one-time token", async () => {
    const test = createTestApp({ tools: [hashText] });
    const url = await serve(test.app, undefined);
    const token = "Zk3xQ9vT2mWc8bYp1LrN5sHd7GjK4aUe6oFiRqXyB0w";
    const paths = [`/dashboard/invitations/${token}`, `/dashboard/reset-password/acct_abc.${token}`, `/dashboard/verify-email/${token}`];
    for (const path of paths) await rawRequest(url, path, {});
    await expect.poll(() => test.logs.length).toBe(paths.length);
    const logged = test.logs.map((line) => JSON.parse(line).path);
    expect(logged).toEqual(["/dashboard/invitations/[token]", "/dashboard/reset-password/[token]", "/dashboard/verify-email/[token]"]);
    expect(test.logs.join("\n")).not.toContain(token);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { type Behaviour, type HostileServer, redirectTo, startHostileServer } from "../testing/hostile-server.ts";
import { success } from "../testing/scripted-server.ts";
import { ToolClient } from "./client.ts";
import { ToolApiError } from "./errors.ts";

const KEY = "tk_dev_0123456789abcdefREDIRECTSECRET";
const HASH = { algorithm: "sha256", digest: "00" };
const servers: HostileServer[] = [];

async function hostile(behaviour: Behaviour): Promise<HostileServer> {
  const server = await startHostileServer(behaviour);
  servers.push(server);
  return server;
}

afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** Answers like the API: the success envelope of hash-text. */
const answering: Behaviour = (_request, res) => {
  const { status, headers, body } = success({ output: HASH });
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};

const run = (url: string) => new ToolClient({ baseUrl: url, apiKey: KEY, retry: { baseMs: 1, capMs: 5 } }).execute("hash-text", { algorithm: "sha256", text: "x" });

describe("a redirect to another origin", () => {
  it.each([301, 302, 303, 307, 308])("is refused on %i, naming the other origin, and the other origin gets no request", async (status) => {
    const other = await hostile(answering);
    const first = await hostile(redirectTo((request) => other.url + request.path, status));
    const error = (await run(first.url).catch((e: unknown) => e)) as ToolApiError;
    expect(error).toBeInstanceOf(ToolApiError);
    expect([error.status, error.errorCode]).toEqual([status, "redirect_refused"]);
    expect(error.message).toContain(other.url);
    expect(other.seen).toEqual([]);
    // Refused, not retried: one request reached the deployment.
    expect(first.seen).toHaveLength(1);
  });

  it("is refused when only the scheme differs (http → https on the same host and port)", async () => {
    const first = await hostile(redirectTo((request) => `https://127.0.0.1:${new URL(first.url).port}${request.path}`));
    const error = (await run(first.url).catch((e: unknown) => e)) as ToolApiError;
    expect(error.errorCode).toBe("redirect_refused");
    expect(error.message).toContain(`https://127.0.0.1:${new URL(first.url).port}`);
  });

  it("is refused for a Location outside http(s), naming its scheme", async () => {
    const first = await hostile(redirectTo(() => "file:///etc/passwd"));
    const error = (await run(first.url).catch((e: unknown) => e)) as ToolApiError;
    expect(error.errorCode).toBe("redirect_refused");
    expect(error.message).toContain("file:");
  });
});

describe("a redirect on the same origin", () => {
  it("is followed with the method, body and key on 307 and 308", async () => {
    for (const status of [307, 308]) {
      const server = await hostile((request, res) => (request.path.startsWith("/moved") ? answering(request, res) : redirectTo(() => `/moved${request.path}`, status)(request, res)));
      expect(await run(server.url)).toEqual(HASH);
      expect(server.seen.map((seen) => [seen.method, seen.path])).toEqual([["POST", "/api/v1/execute/hash-text"], ["POST", "/moved/api/v1/execute/hash-text"]]);
      expect(server.seen[1].headers["x-api-key"]).toBe(KEY);
      expect(JSON.parse(server.seen[1].body)).toEqual({ input: { algorithm: "sha256", text: "x" } });
    }
  });

  it("is followed for a GET on 301, 302 and 303", async () => {
    for (const status of [301, 302, 303]) {
      const server = await hostile((request, res) => (request.path.startsWith("/moved") ? res.end(JSON.stringify(success({ tools: [] }).body)) : redirectTo(() => "/moved/tools", status)(request, res)));
      expect(await new ToolClient({ baseUrl: server.url, apiKey: KEY }).tools()).toEqual([]);
      expect(server.seen.map((seen) => seen.path)).toEqual(["/api/v1/tools", "/moved/tools"]);
    }
  });

  it("is refused for a POST on 301, 302 and 303, which would drop the body", async () => {
    for (const status of [301, 302, 303]) {
      const server = await hostile(redirectTo(() => "/elsewhere", status));
      const error = (await run(server.url).catch((e: unknown) => e)) as ToolApiError;
      expect([error.status, error.errorCode]).toEqual([status, "redirect_refused"]);
      expect(server.seen).toHaveLength(1);
    }
  });

  it("is refused after 5 hops (6 requests), not followed forever", async () => {
    const server = await hostile((request, res) => redirectTo(() => `/hop${server.seen.length}`)(request, res));
    const error = (await run(server.url).catch((e: unknown) => e)) as ToolApiError;
    expect(error.errorCode).toBe("redirect_refused");
    expect(server.seen).toHaveLength(6);
  });
});

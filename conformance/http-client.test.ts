import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpClient } from "./http-client.ts";
import { DEFAULT_LIMITS } from "./limits.ts";
import { runConformance } from "./run-conformance.ts";
import { type FixtureServer, HOSTILE_PLAYS, startHostileDeployment, startOtherOrigin } from "./testing/hostile-deployment.ts";

const KEY = "tk_dev_keep-alive-test-key-0123456789";

/**
 * Issue 26.5: a keep-alive connection the server closed after a pause (Node's 5 s keep-alive timeout on a busy
 * machine) made runs fail with "other side closed". The fixture closes every connection on its second request, so
 * each reuse meets exactly that.
 */
describe("the suite's HTTP client on connections the server closes", () => {
  let other: FixtureServer;
  let deployment: FixtureServer;

  beforeAll(async () => {
    other = await startOtherOrigin();
    deployment = await startHostileDeployment(HOSTILE_PLAYS["closes-reused-connections"], { otherOrigin: other.url, fileUrl: "file:///nonexistent", apiKey: KEY });
  });

  afterAll(async () => {
    await deployment?.close();
    await other?.close();
  });

  it("sends a GET once more on a fresh connection when its reused one was closed, and says so", async () => {
    const notes: string[] = [];
    const http = createHttpClient({ limits: DEFAULT_LIMITS, note: (line) => notes.push(line) });
    const before = deployment.seen.length;
    try {
      const request = { method: "GET", url: `${deployment.url}/api/v1/keys/current`, headers: { "x-api-key": KEY } };
      expect((await http.send(request)).status).toBe(200);
      expect((await http.send(request)).status).toBe(200);
    } finally {
      http.close();
    }
    // First on a new connection, second on the reused one (closed unanswered), third on a fresh connection.
    expect(deployment.seen.slice(before).map((request) => request.onConnection)).toEqual([1, 2, 1]);
    expect(notes).toEqual([expect.stringMatching(/^GET \/api\/v1\/keys\/current: the deployment closed a reused keep-alive connection before answering \(.+\); sent once more on a fresh connection$/)]);
  });

  it("never sends a POST twice: the lost request fails, saying why it was not repeated", async () => {
    const http = createHttpClient({ limits: DEFAULT_LIMITS });
    const before = deployment.seen.length;
    try {
      await http.send({ method: "GET", url: `${deployment.url}/api/v1/keys/current`, headers: { "x-api-key": KEY } });
      const post = http.send({ method: "POST", url: `${deployment.url}/api/v1/keys/current`, headers: { "content-type": "application/json" }, body: "{}" });
      await expect(post).rejects.toThrow(/^POST \/api\/v1\/keys\/current: the deployment closed a reused keep-alive connection before answering .*\(not sent again: POST is not idempotent\)$/);
    } finally {
      http.close();
    }
    expect(deployment.seen.slice(before).filter((request) => request.method === "POST")).toHaveLength(1);
  });

  it("sends a POST after a pause on a fresh connection, so a server's idle close cannot lose it", async () => {
    const http = createHttpClient({ limits: DEFAULT_LIMITS });
    const before = deployment.seen.length;
    try {
      await http.send({ method: "GET", url: `${deployment.url}/api/v1/keys/current`, headers: { "x-api-key": KEY } });
      // Longer than the client's idle threshold (1 s), far shorter than any server's keep-alive timeout.
      await new Promise((resolve) => setTimeout(resolve, 1200));
      const answer = await http.send({ method: "POST", url: `${deployment.url}/api/v1/keys/current`, headers: { "x-api-key": KEY, "content-type": "application/json" }, body: "{}" });
      expect(answer.status).toBe(200);
    } finally {
      http.close();
    }
    expect(deployment.seen.slice(before).map((request) => `${request.method} ${request.onConnection}`)).toEqual(["GET 1", "POST 1"]);
  });

  it("keeps a whole run passing against such a deployment, with a note in the output", async () => {
    const lines: string[] = [];
    const report = await runConformance({ baseUrl: deployment.url, apiKey: KEY, log: (line) => lines.push(line) });
    expect(report.failed).toBe(0);
    expect(lines.filter((line) => line.startsWith("note: GET ")).length).toBeGreaterThan(0);
    expect(lines.join("\n")).toContain("; sent once more on a fresh connection");
    expect(other.seen).toEqual([]);
  }, 60_000);
});

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_ATTEMPT_LIMITS } from "../../../application/attempt-limits.ts";
import { loadConfig } from "../../config.ts";
import { createLogger } from "../../logger.ts";
import { type RunningServer, startServer } from "../../server.ts";
import { PASSWORD } from "./testing.ts";
import { InlineToolRunner } from "../../tools/inline-tool-runner.ts";

let server: RunningServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "throttle-"));
  // The test client is the loopback "proxy" and says which client it forwards for.
  const config = loadConfig({ PORT: "0", DATA_DIR: dir, LOG_LEVEL: "silent", TRUST_PROXY: "loopback" });
  if (!config.ok) throw new Error(config.error.join("; "));
  server = await startServer(config.value, { logger: createLogger("silent"), runner: new InlineToolRunner() });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (path: string, body: unknown, forwardedFor: string) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
    body: JSON.stringify(body),
  });

describe("sign-in throttling over HTTP, behind a trusted proxy", () => {
  it("throttles the attacker's address with 429 and Retry-After while the owner signs in from another address", async () => {
    expect((await post("/api/v1/auth/sign-up", { email: "owner@example.com", password: PASSWORD }, "198.51.100.7")).status).toBe(201);
    // Windows are fixed and aligned to the clock: failures that straddle a window boundary may need up to twice the
    // limit before the throttle answers (each sign-in costs a real scrypt, so a slow machine can cross a boundary).
    const limit = DEFAULT_ATTEMPT_LIMITS.signInPerAccountAndIp[0].limit;
    let status = 401;
    for (let failures = 0; status === 401 && failures <= 2 * limit; failures++) {
      status = (await post("/api/v1/auth/sign-in", { email: "owner@example.com", password: "not the password" }, "203.0.113.66")).status;
    }
    expect(status).toBe(429);
    const throttled = await post("/api/v1/auth/sign-in", { email: "owner@example.com", password: PASSWORD }, "203.0.113.66");
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await throttled.json()).error_code).toBe("rate_limited");
    const owner = await post("/api/v1/auth/sign-in", { email: "owner@example.com", password: PASSWORD }, "198.51.100.7");
    expect(owner.status).toBe(200);
    expect(owner.headers.get("set-cookie")).toMatch(/^tk_session=/);
  });

  it("cannot be dodged by a client that forges X-Forwarded-For behind the proxy: the proxy's own hop counts", async () => {
    expect((await post("/api/v1/auth/sign-up", { email: "other@example.com", password: PASSWORD }, "198.51.100.8")).status).toBe(201);
    // Up to twice the limit, for a run that straddles a window boundary (see above).
    for (let i = 0; i < 2 * DEFAULT_ATTEMPT_LIMITS.signInPerAccountAndIp[0].limit; i++) {
      // Each request claims a new origin, but the trusted proxy appended the real one last.
      await post("/api/v1/auth/sign-in", { email: "other@example.com", password: "not the password" }, `10.1.1.${i}, 203.0.113.77`);
    }
    const throttled = await post("/api/v1/auth/sign-in", { email: "other@example.com", password: PASSWORD }, "10.1.1.99, 203.0.113.77");
    expect(throttled.status).toBe(429);
  });
});

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_ATTEMPT_LIMITS } from "../../../application/attempt-limits.ts";
import { loadConfig } from "../../config.ts";
import { createLogger } from "../../logger.ts";
import { ScryptPasswordHasher } from "../../security/scrypt-password-hasher.ts";
import { type RunningServer, startServer } from "../../server.ts";
import { TEST_SCRYPT_COST } from "../../testing/harness.ts";
import { clearOfWindowEnd } from "../../testing/rate-window.ts";
import { InlineToolRunner } from "../../tools/inline-tool-runner.ts";
import { PASSWORD } from "./testing.ts";

// What a security probe of sign-in found, replayed on a real server on 127.0.0.1 (embedded LMDB store). The test
// client is the loopback "proxy" (TRUST_PROXY=loopback) and names the client address in X-Forwarded-For.
let server: RunningServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sign-in-probe-"));
  const config = loadConfig({ HOST: "127.0.0.1", PORT: "0", DATA_DIR: dir, LOG_LEVEL: "silent", TRUST_PROXY: "loopback" });
  if (!config.ok) throw new Error(config.error.join("; "));
  server = await startServer(config.value, {
    logger: createLogger("silent"), runner: new InlineToolRunner(), passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST),
  });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

// Every sign-in tier's window is a whole number of minutes, aligned to the epoch: a burst that starts 15 s or more
// before a minute ends lands in one window of each tier.
beforeEach(() => clearOfWindowEnd(60, 15_000));

const post = async (path: string, body: unknown, client: string) => {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": client }, body: JSON.stringify(body),
  });
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body: (await response.json()) as Record<string, unknown> };
};
const signIn = (email: string, password: string, client: string) => post("/auth/sign-in", { email, password }, client);
const signUp = (email: string, client: string, password = PASSWORD) => post("/auth/sign-up", { email, password }, client);
const count = (statuses: readonly number[], status: number) => statuses.filter((found) => found === status).length;

describe("sign-in throttles over HTTP", () => {
  it("lets exactly the per-address limit of 150 concurrent sign-ins (each to another email) reach the password check", async () => {
    const answers = await Promise.all(Array.from({ length: 150 }, (_, i) => signIn(`nobody${i}@example.com`, "not the password", "203.0.113.150")));
    const statuses = answers.map((answer) => answer.status);
    const perIp = DEFAULT_ATTEMPT_LIMITS.signInPerIp[0].limit;
    expect(count(statuses, 401)).toBe(perIp);
    expect(count(statuses, 429)).toBe(150 - perIp);
    expect(answers.filter((answer) => answer.status === 429).every((answer) => Number(answer.retryAfter) >= 1)).toBe(true);
  }, 60_000);

  it("counts an IPv6 client by its /64: 60 guesses at one account from 60 addresses of one /64 get 5 checks", async () => {
    expect((await signUp("v6-target@example.com", "198.51.100.61")).status).toBe(201);
    const guesses = await Promise.all(Array.from({ length: 60 }, (_, i) => signIn("v6-target@example.com", "not the password", `2001:db8:60:1::${(i + 1).toString(16)}`)));
    expect(count(guesses.map((guess) => guess.status), 401)).toBe(DEFAULT_ATTEMPT_LIMITS.signInPerAccountAndIp[0].limit);
    // The owner, at an address of another /64, is not slowed by it.
    expect((await signIn("v6-target@example.com", PASSWORD, "2001:db8:60:2::1")).status).toBe(200);
  }, 60_000);

  it("caps failed sign-ins per account across 60 /64s, then refuses even the right password with 429 and Retry-After", async () => {
    expect((await signUp("spread-target@example.com", "198.51.100.62")).status).toBe(201);
    const guesses = await Promise.all(Array.from({ length: 60 }, (_, i) => signIn("spread-target@example.com", "not the password", `2001:db8:${(i + 0x100).toString(16)}:1::1`)));
    const statuses = guesses.map((guess) => guess.status);
    expect(count(statuses, 401)).toBe(DEFAULT_ATTEMPT_LIMITS.signInPerAccount[0].limit);
    expect(count(statuses, 429)).toBe(60 - DEFAULT_ATTEMPT_LIMITS.signInPerAccount[0].limit);
    const owner = await signIn("spread-target@example.com", PASSWORD, "192.0.2.77");
    expect(owner).toMatchObject({ status: 429, body: { error_code: "rate_limited" } });
    expect(Number(owner.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(owner.retryAfter)).toBeLessThanOrEqual(60);
  }, 60_000);
});

describe("sign-up over HTTP", () => {
  let weak = 0;

  it("counts sign-ups of an IPv6 client by its /64: 25 from one /64 against a limit of 20 create 20", async () => {
    await clearOfWindowEnd(3600, 30_000);
    const { limit } = DEFAULT_ATTEMPT_LIMITS.signUpPerIp;
    const answers = await Promise.all(Array.from({ length: limit + 5 }, (_, i) => signUp(`v6-signup${i}@example.com`, `2001:db8:25:1:${(i + 1).toString(16)}::9`)));
    const statuses = answers.map((answer) => answer.status);
    expect(count(statuses, 201)).toBe(limit);
    expect(count(statuses, 429)).toBe(5);
  }, 60_000);

  it.each([
    ["12 spaces", " ".repeat(12), /^is too easy to guess .*Repeated characters/],
    ["12 NUL characters", "\u0000".repeat(12), /^contains control characters \(U\+0000 at 1\)/],
    ["aaaaaaaaaaaa", "aaaaaaaaaaaa", /^is too easy to guess .*Repeated characters like "aaa"/],
    ["password1234", "password1234", /^is too easy to guess .*similar to a commonly used password/],
  ])("refuses the password %s with 422 invalid_input at /password, naming why", async (_label, password, message) => {
    const answer = await signUp(`weak${++weak}@example.com`, "198.51.100.70", password);
    expect(answer).toMatchObject({ status: 422, body: { error_code: "invalid_input", details: [{ path: "/password", message: expect.stringMatching(message) }] } });
    expect(JSON.stringify(answer.body)).not.toContain(password.trim() || "\u0000");
  });
});

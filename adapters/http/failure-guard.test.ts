import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { H3 } from "h3";
import { describe, expect, it } from "vitest";
import { StorageUnavailableError } from "../../application/storage-unavailable.ts";
import { openEmbeddedStorage } from "../storage/open-storage.ts";
import { FixedClock } from "../system.ts";
import { createTestApp } from "../testing/harness.ts";
import { hashText } from "../tools/crypto/hash-text.ts";
import { guardWith } from "./failure-guard.ts";
import { SESSION_COOKIE } from "./session/session-cookie.ts";

describe("a storage outage on the session, dashboard and OAuth routes", () => {
  it("answers each family's own 503 with Retry-After: the JSON envelope, an HTML page, RFC 6749's temporarily_unavailable", async () => {
    const dir = mkdtempSync(join(tmpdir(), "failure-guard-"));
    const test = createTestApp({ tools: [hashText], storage: openEmbeddedStorage(dir, new FixedClock(Date.UTC(2026, 0, 1))), publicUrl: "http://localhost:3000" });
    try {
      await test.closeCore();
      const signIn = await test.app.request("/api/v1/auth/sign-in", {
        method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "a@example.com", password: "correct horse battery staple" }),
      });
      expect([signIn.status, (await signIn.json()).error_code]).toEqual([503, "service_unavailable"]);
      const page = await test.app.request("/dashboard/sign-in", { headers: { cookie: `${SESSION_COOKIE}=not-a-live-session` } });
      expect([page.status, page.headers.get("content-type"), page.headers.get("retry-after")]).toEqual([503, expect.stringMatching(/^text\/html/), "1"]);
      expect(await page.text()).toContain("Storage is unreachable");
      const token = await test.app.request("/oauth/token", {
        method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `grant_type=refresh_token&refresh_token=mcp_rt_${"A".repeat(43)}&client_id=unknown`,
      });
      expect([token.status, token.headers.get("retry-after"), (await token.json()).error]).toEqual([503, "1", "temporarily_unavailable"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("guardWith", () => {
  const serve = (answers: Parameters<typeof guardWith>[1], failure: Error) => {
    const bugs: unknown[] = [];
    const onBug = (error: unknown) => (bugs.push(error), Response.json({ status: "error", code: 500, error_code: "internal_error", message: "An internal error occurred." }, { status: 500 }));
    const app = new H3().get("/", guardWith({ onBug }, answers, async () => { throw failure; }));
    return { app, bugs };
  };

  it("logs a bug once and answers the family's 500, or onBug's own when it has none, never the error's message", async () => {
    const bug = new Error("secret internals");
    const paged = serve({ unavailable: () => new Response("down", { status: 503 }), bug: () => new Response("Something went wrong", { status: 500 }) }, bug);
    const answer = await paged.app.request("/");
    expect([answer.status, await answer.text(), paged.bugs]).toEqual([500, "Something went wrong", [bug]]);
    const enveloped = serve({ unavailable: () => new Response("down", { status: 503 }) }, bug);
    const envelope = await enveloped.app.request("/");
    expect([envelope.status, (await envelope.json()).error_code, enveloped.bugs]).toEqual([500, "internal_error", [bug]]);
  });

  it("answers a storage outage with the family's 503 and logs nothing as a bug", async () => {
    const { app, bugs } = serve({ unavailable: () => new Response("down", { status: 503 }) }, new StorageUnavailableError("gone"));
    const answer = await app.request("/");
    expect([answer.status, await answer.text(), bugs]).toEqual([503, "down", []]);
  });
});

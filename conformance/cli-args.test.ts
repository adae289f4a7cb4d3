import { describe, expect, it } from "vitest";
import { parseConformanceArgs } from "./cli-args.ts";

describe("parseConformanceArgs", () => {
  it("boots its own server when no URL is given", () => {
    expect(parseConformanceArgs([], {})).toEqual({ ok: true, value: { verbose: false } });
  });

  it("targets a deployment with a key from the flag or from CONFORMANCE_API_KEY", () => {
    const fromFlag = parseConformanceArgs(["--base-url", "http://127.0.0.1:3000", "--api-key", "k", "--rate-limited-key", "l"], {});
    expect(fromFlag).toMatchObject({ ok: true, value: { baseUrl: "http://127.0.0.1:3000", apiKey: "k", rateLimitedKey: "l", signUp: false } });
    const fromEnv = parseConformanceArgs(["--base-url", "https://api.example.com", "--sign-up"], { CONFORMANCE_API_KEY: "k" });
    expect(fromEnv).toMatchObject({ ok: true, value: { apiKey: "k", signUp: true } });
  });

  it.each([
    [["--base-url", "http://127.0.0.1:3000"], "needs --api-key"],
    [["--api-key", "k"], "need --base-url"],
    [["--base-url", "ftp://x", "--api-key", "k"], "http(s) URL"],
    [["--base-url", "http://x", "--api-key", "k", "--max-body-bytes", "0"], "positive integer"],
    [["--nope"], "Unknown option"],
  ])("refuses %j", (argv, message) => {
    const parsed = parseConformanceArgs(argv, {});
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(message);
  });
});

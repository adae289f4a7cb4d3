import { describe, expect, it } from "vitest";
import { parseConformanceArgs } from "./cli-args.ts";

const DEFAULT_FLAGS = { expectLocal: false, bail: false, verbose: false };

describe("parseConformanceArgs", () => {
  it("boots its own server when no URL is given", () => {
    expect(parseConformanceArgs([], {})).toEqual({ ok: true, value: DEFAULT_FLAGS });
  });

  it("targets a deployment with a key from the flag or from CONFORMANCE_API_KEY", () => {
    const fromFlag = parseConformanceArgs(["--base-url", "http://127.0.0.1:3000", "--api-key", "k", "--rate-limited-key", "l"], {});
    expect(fromFlag).toMatchObject({ ok: true, value: { baseUrl: "http://127.0.0.1:3000", apiKey: "k", rateLimitedKey: "l", signUp: false } });
    const fromEnv = parseConformanceArgs(["--base-url", "https://api.example.com", "--sign-up"], { CONFORMANCE_API_KEY: "k", CONFORMANCE_RATE_LIMITED_KEY: "l" });
    expect(fromEnv).toMatchObject({ ok: true, value: { apiKey: "k", rateLimitedKey: "l", signUp: true } });
  });

  it("reads the reporter, the property budget and the drift switch", () => {
    const argv = ["--reporter", "junit", "--output", "out.xml", "--seed", "0", "--max-cases", "50", "--time-budget", "5", "--expect-local", "--bail"];
    expect(parseConformanceArgs(argv, {})).toEqual({ ok: true, value: { ...DEFAULT_FLAGS, junitFile: "out.xml", seed: 0, maxCases: 50, timeBudgetSeconds: 5, expectLocal: true, bail: true } });
  });

  it("reads the bounds on what a deployment sends, times in seconds", () => {
    const argv = ["--max-document-bytes", "2048", "--max-answer-bytes", "1024", "--request-timeout", "5", "--run-timeout", "120"];
    expect(parseConformanceArgs(argv, {})).toEqual({ ok: true, value: { ...DEFAULT_FLAGS, limits: { documentBytes: 2048, answerBytes: 1024, requestMs: 5000, runMs: 120_000 } } });
  });

  it.each([
    [["--request-timeout", "0"], "--request-timeout must be a positive integer"],
    [["--max-answer-bytes", "1.5"], "--max-answer-bytes must be a positive integer"],
    [["--base-url", "http://127.0.0.1:3000"], "needs --api-key"],
    [["--api-key", "k"], "need --base-url"],
    [["--base-url", "ftp://x", "--api-key", "k"], "http(s) URL"],
    [["--base-url", "http://x", "--api-key", "k", "--max-body-bytes", "0"], "--max-body-bytes must be a positive integer"],
    [["--reporter", "tap", "--output", "x"], "--reporter must be junit"],
    [["--reporter", "junit"], "go together"],
    [["--output", "x.xml"], "go together"],
    [["--seed=-1"], "--seed must be a non-negative integer"],
    [["--max-cases", "1.5"], "--max-cases must be a non-negative integer"],
    [["--time-budget", "0"], "--time-budget must be a positive integer"],
    [["--nope"], "Unknown option"],
  ])("refuses %j", (argv, message) => {
    const parsed = parseConformanceArgs(argv, {});
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(message);
  });
});

describe("the usage text", () => {
  it.each([
    ["the package's bin (`tool-api conformance`, an installed package)", {}, "usage: tool-api conformance [--engine dredd]"],
    ["npx, which names no script", { npm_lifecycle_event: "npx" }, "usage: tool-api conformance [--engine dredd]"],
    ["this repository's script (`npm run -s conformance`)", { npm_lifecycle_event: "conformance" }, "usage: npm run -s conformance -- [--engine dredd]"],
  ])("names the command as run through %s", (_how, env: Record<string, string>, first) => {
    for (const argv of [["--help"], ["--nope"]]) {
      const parsed = parseConformanceArgs(argv, env);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error.split("\n").find((line) => line.startsWith("usage: "))).toMatch(new RegExp(`^${first.replace(/[[\]]/g, "\\$&")}`));
    }
  });

  it("never names the other way of running it", () => {
    const bin = parseConformanceArgs(["--help"], {});
    expect(bin.ok ? "" : bin.error).not.toContain("npm run");
  });
});

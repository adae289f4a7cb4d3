import { describe, expect, it } from "vitest";
import { unknownKey } from "./prepare.ts";
import { runConformance } from "./run-conformance.ts";
import { bootedTarget } from "./testing/booted-target.ts";

/** Issue 26.5: a refused key was reported as "expected a reachable deployment … got the API key was refused", twice. */
describe("a run with a wrong --api-key against the real server", () => {
  const target = bootedTarget();

  it("says the key check failed, once, and what to check", async () => {
    const lines: string[] = [];
    const key = unknownKey();
    const report = await runConformance({ baseUrl: target().baseUrl, apiKey: key, log: (line) => lines.push(line) });
    const output = lines.join("\n");
    expect(report.failures.map((failure) => failure.title)).toEqual(["the API key check"]);
    expect(output).toContain("FAIL the API key check\n  expected GET /api/v1/keys/current accepting the API key (200)\n  got 401: the key was refused; check --api-key and the deployment's APP_ENV\n");
    expect(output.match(/refused/g)).toHaveLength(1);
    expect(output).not.toContain("a reachable deployment serving a valid OpenAPI");
    expect(output).not.toContain(key);
  }, 60_000);
});

import { describe, expect, it } from "vitest";
import { runToolError, runToolOk } from "../json/tool-harness.ts";
import { semverChecker } from "./semver-checker.ts";

// SemVer 2.0.0 §11.4: each version has lower precedence than the next.
const PRECEDENCE = ["1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0"];

describe("semver-checker", () => {
  it("orders the SemVer 2.0.0 §11 precedence example", async () => {
    for (const [index, version] of PRECEDENCE.entries()) {
      for (const [otherIndex, other] of PRECEDENCE.entries()) {
        const { comparison } = await runToolOk(semverChecker, { version, compareTo: other });
        expect(comparison).toBe(Math.sign(index - otherIndex));
      }
    }
  });

  it("refuses an invalid range or comparison version", async () => {
    expect((await runToolError(semverChecker, { version: "1.0.0", range: "not a range" })).code).toBe("invalid_input");
    expect((await runToolError(semverChecker, { version: "1.0.0", compareTo: "1.0" })).code).toBe("invalid_input");
  });

  it("answers quickly on the CVE-2022-25883 whitespace pattern", async () => {
    const started = performance.now();
    await runToolOk(semverChecker, { version: "1.2.3", range: `1.2.3${" ".repeat(240)}<1.3.0` });
    expect(performance.now() - started).toBeLessThan(500);
  });
});

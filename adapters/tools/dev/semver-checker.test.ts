import { describe, expect, it } from "vitest";
import { semverChecker } from "./semver-checker.ts";
import { errorOf, outputOf } from "../testing/tool-harness.ts";

// SemVer 2.0.0 §11.4: each version has lower precedence than the next.
const PRECEDENCE = ["1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0"];

describe("semver-checker", () => {
  it("orders the SemVer 2.0.0 §11 precedence example", async () => {
    for (const [index, version] of PRECEDENCE.entries()) {
      for (const [otherIndex, other] of PRECEDENCE.entries()) {
        const { comparison } = await outputOf(semverChecker, { version, compareTo: other });
        expect(comparison).toBe(Math.sign(index - otherIndex));
      }
    }
  });

  it("refuses an invalid range or comparison version", async () => {
    expect((await errorOf(semverChecker, { version: "1.0.0", range: "not a range" })).code).toBe("invalid_input");
    expect((await errorOf(semverChecker, { version: "1.0.0", compareTo: "1.0" })).code).toBe("invalid_input");
  });

  it("answers quickly on the CVE-2022-25883 whitespace pattern", async () => {
    await outputOf(semverChecker, { version: "1.2.3", range: `1.2.3${" ".repeat(240)}<1.3.0` });
  });
});

import { describe, expect, it } from "vitest";
import { type CaseResult, redactor, summarize, summaryLines } from "./report.ts";

describe("redactor", () => {
  // Each encoded form written out by hand (python3: urllib.parse.quote, base64.b64encode, base64.urlsafe_b64encode).
  const key = 'tk_dev_a&b<c>"d/e?f=g h+1';
  const forms = {
    raw: key,
    url: "tk_dev_a%26b%3Cc%3E%22d%2Fe%3Ff%3Dg%20h%2B1",
    base64: "dGtfZGV2X2EmYjxjPiJkL2U/Zj1nIGgrMQ==",
    unpadded: "dGtfZGV2X2EmYjxjPiJkL2U/Zj1nIGgrMQ",
    base64url: "dGtfZGV2X2EmYjxjPiJkL2U_Zj1nIGgrMQ",
    xml: "tk_dev_a&amp;b&lt;c&gt;&quot;d/e?f=g h+1",
    json: 'tk_dev_a&b<c>\\"d/e?f=g h+1',
  };

  it.each(Object.entries(forms))("replaces the key's %s form", (_name, form) => {
    expect(redactor([key])(`before ${form} after`)).toBe("before [redacted] after");
  });

  it("leaves text without the key alone, and ignores keys too short to be secrets", () => {
    expect(redactor([key, "short", undefined])(`a short text`)).toBe("a short text");
  });
});

describe("summaryLines", () => {
  it("says what failed once: a run's failure without a message of its own prints expected and got only", () => {
    const failure: CaseResult = { id: "run", group: "run", title: "the API key check", outcome: "fail", expected: "GET /api/v1/keys/current accepting the API key (200)", actual: "401: the key was refused", message: "", ms: 0 };
    const lines = summaryLines(summarize([failure], [], 0.1), false);
    expect(lines).toEqual([
      "FAIL the API key check\n  expected GET /api/v1/keys/current accepting the API key (200)\n  got 401: the key was refused",
      "conformance: 0 passed, 1 failed, 0 skipped (1 transactions, 0.1 s)",
    ]);
  });

  it("prints the notes before the count line", () => {
    const lines = summaryLines(summarize([], ["drift: none"], 0, ["GET /x: sent once more"]), false);
    expect(lines).toEqual(["drift: none", "note: GET /x: sent once more", "conformance: 0 passed, 0 failed, 0 skipped (0 transactions, 0.0 s)"]);
  });
});

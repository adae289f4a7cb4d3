import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { toJUnit } from "./junit.ts";
import type { CaseResult } from "./report.ts";

const result = (outcome: CaseResult["outcome"], title: string, message = ""): CaseResult => ({
  id: title,
  group: "api",
  title,
  outcome,
  expected: "200 with X-Request-Id",
  actual: outcome === "fail" ? '500 {"status":"error","message":"<&\u0001>"}' : "200",
  message,
  ms: 12,
});

describe("toJUnit", () => {
  it("writes well-formed XML with one testcase per result and the failures' expected and actual", () => {
    const xml = toJUnit([result("pass", 'GET /tools → 200'), result("fail", 'POST "<x>" & y → 200', "status: expected 200, got 500"), result("skip", "sign-out", "no accounts")], 1.5);
    expect(XMLValidator.validate(xml)).toBe(true);
    const suite = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(xml).testsuites.testsuite;
    expect(suite).toMatchObject({ tests: "3", failures: "1", skipped: "1" });
    expect(suite.testcase.map((testcase: { name: string }) => testcase.name)).toEqual(["GET /tools → 200", 'POST "<x>" & y → 200', "sign-out"]);
    const failure = suite.testcase[1].failure;
    expect(failure.message).toBe("status: expected 200, got 500");
    expect(failure["#text"]).toContain("expected: 200 with X-Request-Id\nactual: 500");
    expect(suite.testcase[2].skipped.message).toBe("no accounts");
  });
});

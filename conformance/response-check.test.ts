import { describe, expect, it } from "vitest";
import type { ConformanceCase } from "./expectations.ts";
import { problemsOf } from "./response-check.ts";

const OUTPUT = {
  type: "object",
  required: ["algorithm", "digest"],
  additionalProperties: false,
  properties: { algorithm: { enum: ["md5", "sha1", "sha256"] }, digest: { type: "string" } },
};
const envelope = (output: Record<string, unknown>) => ({
  type: "object",
  required: ["status", "code", "data"],
  properties: { status: { const: "success" }, code: { const: 200 }, data: { type: "object", required: ["output"], properties: { output } } },
});

/** A property case of hash-text, as propertyCases builds it: the tool's execute path and its 200 promise. */
function caseOf(output: Record<string, unknown>, path = "/execute/hash-text"): ConformanceCase {
  return {
    id: "hash-text.property-1", title: "hash-text: valid input (boundary)", method: "POST", path, docPath: path, auth: "key",
    status: 200, headers: [], bodySchema: envelope(output), documented: [200, 401, 422, 429],
  };
}
const answer = (output: unknown) => ({ status: 200, headers: new Headers({ "content-type": "application/json" }), text: JSON.stringify({ status: "success", code: 200, data: { output } }) });

describe("problemsOf: a body that breaks the documented schema", () => {
  it("names the tool, the allowed values and the value that came", () => {
    expect(problemsOf(caseOf(OUTPUT), answer({ algorithm: "sha512", digest: "ab" }))).toEqual([
      'body does not match the documented schema of tool hash-text\'s 200 answer (POST /execute/hash-text): /data/output/algorithm must be one of md5, sha1, sha256, got "sha512"',
    ]);
  });

  it("names the tool for the alias path too, and the extra property", () => {
    const [problem] = problemsOf(caseOf(OUTPUT, "/tools/hash-text/execute"), answer({ algorithm: "md5", digest: "ab", extra: 1 }));
    expect(problem).toBe("body does not match the documented schema of tool hash-text's 200 answer (POST /tools/hash-text/execute): /data/output must NOT have additional properties (extra)");
  });

  it("explains a failed oneOf by the alternative the value came closest to, not by every alternative's errors", () => {
    const variants = { oneOf: [
      { type: "object", required: ["kind", "celsius"], additionalProperties: false, properties: { kind: { const: "temperature" }, celsius: { type: "number" } } },
      { type: "object", required: ["kind", "metres"], additionalProperties: false, properties: { kind: { const: "length" }, metres: { type: "number" } } },
    ] };
    const [problem] = problemsOf(caseOf(variants), answer({ kind: "temperature", celsius: "hot" }));
    expect(problem).toBe("body does not match the documented schema of tool hash-text's 200 answer (POST /execute/hash-text): /data/output/celsius must be a number");
  });

  it("says which operation for a route that is not a tool's", () => {
    const route: ConformanceCase = { ...caseOf(OUTPUT), path: "/keys/current", docPath: "/keys/current", method: "GET" };
    const [problem] = problemsOf(route, answer({ algorithm: "x", digest: "y" }));
    expect(problem).toMatch(/^body does not match the documented schema of GET \/keys\/current → 200: \/data\/output\/algorithm must be one of md5, sha1, sha256, got "x"$/);
  });
});

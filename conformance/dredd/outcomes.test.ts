import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { messageOf, readOutcomes } from "./outcomes.ts";

const dir = mkdtempSync(join(tmpdir(), "dredd-outcomes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What Dredd 14's gavel says of an answer whose output has two properties it should not have and lacks one. */
const TWO_EXTRA = [
  "body: data/data/output should NOT have additional properties",
  "body: data/data/output should NOT have additional properties",
  "body: At '/data/output/algorithm' Missing required property: algorithm",
  "",
].join("\n");

describe("readOutcomes", () => {
  it("words gavel's errors with where each is, each once, and no doubled path", () => {
    const file = join(dir, "outcomes.jsonl");
    const record = {
      method: "POST", uri: "/api/v1/execute/hash-text", expected: 200, status: "fail", message: TWO_EXTRA, ms: 3,
      actual: { status: 200, body: '{"status":"success","code":200,"data":{"output":{"one":1,"two":2}}}' },
      errors: [
        { field: "body", message: "data/data/output should NOT have additional properties", pointer: "/data/output/one" },
        { field: "body", message: "data/data/output should NOT have additional properties", pointer: "/data/output/two" },
        { field: "body", message: "At '/data/output/algorithm' Missing required property: algorithm", pointer: "/data/output/algorithm" },
      ],
    };
    writeFileSync(file, `${JSON.stringify(record)}\n`);
    const [result] = readOutcomes(file);
    expect(result.message.split("\n")).toEqual([
      "body: At '/data/output/one' should NOT have additional properties",
      "body: At '/data/output/two' should NOT have additional properties",
      "body: At '/data/output/algorithm' Missing required property: algorithm",
    ]);
    expect(result).toMatchObject({ title: "POST /api/v1/execute/hash-text → 200", outcome: "fail" });
  });

  it("without the hooks' located errors, still drops the doubled `data/` and says each line once", () => {
    expect(messageOf({ message: TWO_EXTRA }).split("\n")).toEqual([
      "body: At '/data/output' should NOT have additional properties",
      "body: At '/data/output/algorithm' Missing required property: algorithm",
    ]);
  });

  it("keeps a message that is no field's as it is, and the status line as gavel words it", () => {
    expect(messageOf({ message: "the engine planned no GET /x → 200" })).toBe("the engine planned no GET /x → 200");
    expect(messageOf({ message: "", errors: [{ field: "statusCode", message: "Expected status code '200', but got '500'.", pointer: null }] })).toBe(
      "statusCode: Expected status code '200', but got '500'.",
    );
    expect(messageOf({ message: "body: data should be object\n" })).toBe("body: At '/' should be object");
  });
});

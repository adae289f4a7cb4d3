import { describe, expect, it } from "vitest";
import { toRequestId } from "./request-state.ts";

describe("toRequestId", () => {
  it("gives every request its own id of 32 hex digits, across many refills of its random pool", () => {
    const ids = Array.from({ length: 10_000 }, () => toRequestId(null));
    for (const id of ids) expect(id).toMatch(/^req_[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps a well-formed client id and replaces one that is not safe to log", () => {
    expect(toRequestId("trace-1.2:3_x")).toBe("trace-1.2:3_x");
    expect(toRequestId("bad id\n")).toMatch(/^req_[0-9a-f]{32}$/);
    expect(toRequestId("x".repeat(129))).toMatch(/^req_[0-9a-f]{32}$/);
  });
});

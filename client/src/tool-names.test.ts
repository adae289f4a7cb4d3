import { describe, expect, it } from "vitest";
import { toModelName, toToolId } from "./tool-names.ts";

describe("tool names for model APIs", () => {
  it("maps a pack tool's dot and back, and leaves catalog ids alone", () => {
    expect(toModelName("example.reverse-text")).toBe("example__reverse-text");
    expect(toToolId("example__reverse-text")).toBe("example.reverse-text");
    expect(toModelName("hash-text")).toBe("hash-text");
  });

  it("refuses an id that would not map back or is too long, instead of a name that runs another tool", () => {
    expect(() => toModelName("a_.b")).toThrow(TypeError); // would read back as "a._b"
    expect(() => toModelName("a__b")).toThrow(TypeError); // would read back as "a.b"
    expect(() => toModelName("x".repeat(65))).toThrow(TypeError);
    expect(() => toModelName("name with space")).toThrow(TypeError);
  });
});

import { describe, expect, it } from "vitest";
import { mulberry32, toSeededBytes } from "./mulberry32.ts";

describe("mulberry32", () => {
  it("reproduces the catalog's reference value for seed 42", () => {
    expect(mulberry32(42)()).toBe(0.6011037519201636);
  });

  it("continues the stream like the reference JavaScript (second draw, python3 port)", () => {
    const rng = mulberry32(42);
    rng();
    expect(rng()).toBe(0.44829055899754167);
  });

  it("reads the seed as an unsigned 32-bit integer", () => {
    expect(mulberry32(2 ** 32 + 42)()).toBe(mulberry32(42)());
  });

  it("turns draws into bytes with floor(r * 256)", () => {
    expect(Array.from(toSeededBytes(mulberry32(42), 4))).toEqual([153, 114, 218, 171]);
  });
});

import { describe, expect, it } from "vitest";
import { chmodCalculator } from "./chmod-calculator.ts";
import { errorOf, outputOf } from "../testing/tool-harness.ts";

describe("chmod-calculator", () => {
  it("round-trips all 4096 modes between octal and symbolic", async () => {
    for (let mode = 0; mode < 0o10000; mode++) {
      const fromOctal = await outputOf(chmodCalculator, { permissions: mode.toString(8).padStart(4, "0") });
      const fromSymbolic = await outputOf(chmodCalculator, { permissions: fromOctal.symbolic });
      expect(fromSymbolic).toEqual(fromOctal);
      expect(Number.parseInt(fromOctal.octal, 8)).toBe(mode);
    }
  });

  it.each([
    ["1777", "rwxrwxrwt"],
    ["2755", "rwxr-sr-x"],
    ["6644", "rwSr-Sr--"],
    ["0644", "rw-r--r--"],
  ])("writes %s as %s, as ls -l does", async (permissions, symbolic) => {
    expect((await outputOf(chmodCalculator, { permissions })).symbolic).toBe(symbolic);
  });

  it("refuses malformed permissions", async () => {
    for (const permissions of ["778", "75", "77777", "rwxrwxrwz", "rwtr-xr-x", "rwxr-xr-s", "u+x"]) {
      expect((await errorOf(chmodCalculator, { permissions })).code).toBe("invalid_input");
    }
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomPortGenerator } from "./random-port-generator.ts";
import { outputOf, refusalOf } from "../testing/tool-harness.ts";

describe("random-port-generator", () => {
  it("keeps every port inside the inclusive range", async () => {
    const range = fc.tuple(fc.integer({ min: 1, max: 65_535 }), fc.integer({ min: 1, max: 65_535 })).map(([a, b]) => [Math.min(a, b), Math.max(a, b)]);
    await fc.assert(
      fc.asyncProperty(range, fc.option(fc.nat(), { nil: undefined }), async ([min, max], seed) => {
        const { ports } = await outputOf(randomPortGenerator, { min, max, count: 20, ...(seed === undefined ? {} : { seed }) });
        expect(ports).toHaveLength(20);
        for (const port of ports) expect(port >= min && port <= max).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it("returns the only port of a one-port range", async () => {
    expect((await outputOf(randomPortGenerator, { min: 443, max: 443, count: 3 })).ports).toEqual([443, 443, 443]);
  });

  it("refuses min above max (422) and ports outside 1–65535 (schema)", async () => {
    expect(await refusalOf(randomPortGenerator, { min: 9000, max: 8000 })).toBe("tool");
    expect(await refusalOf(randomPortGenerator, { min: 0 })).toBe("schema");
    expect(await refusalOf(randomPortGenerator, { max: 65_536 })).toBe("schema");
  });
});

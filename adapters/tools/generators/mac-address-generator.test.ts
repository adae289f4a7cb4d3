import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { macAddressGenerator } from "./mac-address-generator.ts";
import { outputOf } from "../testing/tool-harness.ts";

const FORMATS = { ":": /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/, "-": /^([0-9a-f]{2}-){5}[0-9a-f]{2}$/, "": /^[0-9a-f]{12}$/ } as const;

describe("mac-address-generator", () => {
  it("sets the locally administered bit and clears the multicast bit by default", async () => {
    await fc.assert(
      fc.asyncProperty(fc.option(fc.nat(), { nil: undefined }), async (seed) => {
        const { macs } = await outputOf(macAddressGenerator, { count: 10, ...(seed === undefined ? {} : { seed }) });
        for (const mac of macs) expect(Number.parseInt(mac.slice(0, 2), 16) & 0x03).toBe(0x02);
      }),
      { numRuns: 50 },
    );
  });

  it.each(Object.keys(FORMATS) as (keyof typeof FORMATS)[])("formats with the separator %j", async (separator) => {
    const { macs } = await outputOf(macAddressGenerator, { count: 20, separator });
    for (const mac of macs) expect(mac).toMatch(FORMATS[separator]);
  });

  it("upper-cases on request", async () => {
    const { macs } = await outputOf(macAddressGenerator, { count: 20, uppercase: true, separator: "" });
    for (const mac of macs) expect(mac).toMatch(/^[0-9A-F]{12}$/);
  });
});

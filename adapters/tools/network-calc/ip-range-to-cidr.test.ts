import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ipRangeToCidr } from "./ip-range-to-cidr.ts";
import { toDottedQuad, toIpv4Cidr } from "./ipv4.ts";
import { outputOf, refusalOf } from "../testing/tool-harness.ts";

const range = fc
  .tuple(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 0, max: 2 ** 32 - 1 }))
  .map(([a, b]) => [Math.min(a, b), Math.max(a, b)]);

describe("ip-range-to-cidr", () => {
  it("covers exactly the range with aligned, unmergeable blocks", async () => {
    await fc.assert(
      fc.asyncProperty(range, async ([start, end]) => {
        const { cidrs, totalAddresses } = await outputOf(ipRangeToCidr, { startIp: toDottedQuad(start), endIp: toDottedQuad(end) });
        const blocks = cidrs.map((cidr: string) => toIpv4Cidr(cidr) as { address: number; prefixLength: number });
        let next = start;
        for (const [index, { address, prefixLength }] of blocks.entries()) {
          const size = 2 ** (32 - prefixLength);
          expect(address).toBe(next);
          expect(address % size).toBe(0);
          const following = blocks[index + 1];
          // Two equal neighbours forming an aligned pair could have been one block.
          if (following?.prefixLength === prefixLength) expect(address % (2 * size) === 0).toBe(false);
          next += size;
        }
        expect(next - 1).toBe(end);
        expect(totalAddresses).toBe(end - start + 1);
        expect(cidrs.length).toBeLessThanOrEqual(62);
      }),
      { numRuns: 300 },
    );
  });

  it("refuses an end before the start and non-IPv4 input with a 422", async () => {
    expect(await refusalOf(ipRangeToCidr, { startIp: "10.0.0.2", endIp: "10.0.0.1" })).toBe("tool");
    expect(await refusalOf(ipRangeToCidr, { startIp: "10.0.0.1", endIp: "10.0.0.256" })).toBe("tool");
    expect(await refusalOf(ipRangeToCidr, { startIp: "::1", endIp: "10.0.0.1" })).toBe("schema");
  });
});

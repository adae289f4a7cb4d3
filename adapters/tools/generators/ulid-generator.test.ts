import fc from "fast-check";
import { decodeTime } from "ulid";
import { describe, expect, it } from "vitest";
import { ulidGenerator } from "./ulid-generator.ts";
import { outputOf, refusalOf, toTestContext } from "../testing/tool-harness.ts";

const CROCKFORD = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;

describe("ulid-generator", () => {
  it("encodes the timestamp in the first ten characters (ULID spec)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 281_474_976_710_655 }), fc.boolean(), async (timestamp, monotonic) => {
        const { ulids } = await outputOf(ulidGenerator, { timestamp, monotonic, count: 3 });
        for (const ulid of ulids) {
          expect(ulid).toMatch(CROCKFORD);
          expect(decodeTime(ulid)).toBe(timestamp);
        }
      }),
      { numRuns: 50 },
    );
  });

  it("uses the context clock when no timestamp is given", async () => {
    const { ulids } = await outputOf(ulidGenerator, {}, toTestContext(1_469_918_176_385));
    expect(ulids[0].slice(0, 10)).toBe("01ARYZ6S41");
  });

  it("keeps a monotonic batch strictly increasing within one millisecond", async () => {
    const { ulids } = await outputOf(ulidGenerator, { count: 100, monotonic: true });
    for (let index = 1; index < ulids.length; index++) expect(ulids[index] > ulids[index - 1]).toBe(true);
  });

  it("reproduces a seeded batch only when timestamp and seed are both fixed", async () => {
    const input = { count: 5, timestamp: 1_700_000_000_000, seed: 5 };
    expect(await outputOf(ulidGenerator, input)).toEqual(await outputOf(ulidGenerator, input));
  });

  it("refuses timestamps outside the 48-bit range", async () => {
    expect(await refusalOf(ulidGenerator, { timestamp: 281_474_976_710_656 })).toBe("schema");
    expect(await refusalOf(ulidGenerator, { timestamp: -1 })).toBe("schema");
  });
});

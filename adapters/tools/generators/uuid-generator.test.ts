import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { uuidGenerator } from "./uuid-generator.ts";
import { errorOf, outputOf, refusalOf, toTestContext } from "../testing/tool-harness.ts";

const VERSION_DIGIT = { v1: "1", v3: "3", v4: "4", v5: "5", v6: "6", v7: "7" } as const;

function expectRfc9562Bits(uuid: string, versionDigit: string): void {
  expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(uuid[14]).toBe(versionDigit);
  expect("89ab").toContain(uuid[19]);
}

describe("uuid-generator", () => {
  it.each(["v1", "v4", "v6", "v7"] as const)("sets the %s version and variant bits on every UUID", async (version) => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 100 }), async (count) => {
        const { uuids } = await outputOf(uuidGenerator, { version, count });
        expect(uuids).toHaveLength(count);
        for (const uuid of uuids) expectRfc9562Bits(uuid, VERSION_DIGIT[version]);
      }),
      { numRuns: 25 },
    );
  });

  it.each(["v3", "v5"] as const)("sets the %s version and variant bits for any name and namespace", async (version) => {
    await fc.assert(
      fc.asyncProperty(fc.uuid(), fc.string({ maxLength: 200 }), async (namespace, name) => {
        const { uuids } = await outputOf(uuidGenerator, { version, namespace, name });
        expectRfc9562Bits(uuids[0], VERSION_DIGIT[version]);
      }),
      { numRuns: 50 },
    );
  });

  it("sets the seeded v4 and v7 bits too", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 32 - 1 }), async (seed) => {
        expectRfc9562Bits((await outputOf(uuidGenerator, { version: "v4", seed })).uuids[0], "4");
        expectRfc9562Bits((await outputOf(uuidGenerator, { version: "v7", seed, timestamp: 1 })).uuids[0], "7");
      }),
      { numRuns: 50 },
    );
  });

  it("puts the timestamp, or the context clock, in the first 48 bits of a v7", async () => {
    const [withTimestamp] = (await outputOf(uuidGenerator, { version: "v7", timestamp: 0x017f22e279b0 })).uuids;
    expect(withTimestamp.startsWith("017f22e2-79b0-7")).toBe(true);
    const [fromClock] = (await outputOf(uuidGenerator, { version: "v7" }, toTestContext(0x019b76da4000))).uuids;
    expect(fromClock.startsWith("019b76da-4000-7")).toBe(true);
  });

  it("returns v6 and v7 batches in ascending order, every v1 distinct", async () => {
    for (const version of ["v6", "v7"] as const) {
      const { uuids } = await outputOf(uuidGenerator, { version, count: 100 });
      expect([...uuids].sort()).toEqual(uuids);
      expect(new Set(uuids).size).toBe(100);
    }
    expect(new Set((await outputOf(uuidGenerator, { version: "v1", count: 100 })).uuids).size).toBe(100);
  });

  it("repeats a seeded batch exactly and differs across seeds", async () => {
    const first = await outputOf(uuidGenerator, { version: "v4", count: 3, seed: 9 });
    expect(await outputOf(uuidGenerator, { version: "v4", count: 3, seed: 9 })).toEqual(first);
    expect(await outputOf(uuidGenerator, { version: "v4", count: 3, seed: 10 })).not.toEqual(first);
  });

  it("accepts an upper-case namespace UUID", async () => {
    const { uuids } = await outputOf(uuidGenerator, { version: "v5", namespace: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8", name: "www.example.com" });
    expect(uuids).toEqual(["2ed6657d-e927-568b-95e1-2665a8aea6a2"]);
  });

  it("refuses fields that do not apply to the version in its schema, naming the field", async () => {
    for (const [input, path] of [
      [{ version: "v5", name: "x" }, "/input/namespace"],
      [{ version: "v3", namespace: "dns" }, "/input/name"],
      [{ version: "v4", name: "x" }, "/input/name"],
      [{ version: "v1", seed: 1 }, "/input/seed"],
      [{ version: "v4", timestamp: 1 }, "/input/timestamp"],
      [{ seed: 1, namespace: "dns" }, "/input/namespace"],
    ] as const) {
      expect(await refusalOf(uuidGenerator, input)).toBe("schema");
      expect(await errorOf(uuidGenerator, input)).toMatchObject({ details: [{ path }] });
    }
  });

  it("states in its schema which namespaces it takes: dns, url or a UUID the uuid package validates", async () => {
    for (const namespace of ["not-a-uuid", "6ba7b810-9dad-01d1-80b4-00c04fd430c8", "6ba7b810-9dad-11d1-c0b4-00c04fd430c8"]) {
      expect(await errorOf(uuidGenerator, { version: "v5", namespace, name: "x" })).toMatchObject({ details: [{ path: "/input/namespace" }] });
      expect(await refusalOf(uuidGenerator, { version: "v5", namespace, name: "x" })).toBe("schema");
    }
    for (const namespace of ["DNS", "Url", "00000000-0000-0000-0000-000000000000", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF"]) {
      expect((await outputOf(uuidGenerator, { version: "v3", namespace, name: "x" })).uuids).toHaveLength(1);
    }
  });

  it("refuses out-of-range counts and unknown versions in the schema", async () => {
    expect(await refusalOf(uuidGenerator, { count: 0 })).toBe("schema");
    expect(await refusalOf(uuidGenerator, { count: 101 })).toBe("schema");
    expect(await refusalOf(uuidGenerator, { version: "v2" })).toBe("schema");
  });
});

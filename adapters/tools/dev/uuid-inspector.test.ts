import fc from "fast-check";
import { v1, v6, v7 } from "uuid";
import { describe, expect, it } from "vitest";
import { uuidInspector } from "./uuid-inspector.ts";
import { outputOf } from "../testing/tool-harness.ts";

type MakeUuid = (options: { msecs: number; random: Uint8Array }) => string;
const makers: MakeUuid[] = [v1, v6, v7];

describe("uuid-inspector", () => {
  it("decodes the timestamp of v1, v6 and v7 UUIDs made at any millisecond (property)", async () => {
    const instants = fc.integer({ min: 0, max: Date.UTC(5000, 0, 1) });
    await fc.assert(
      fc.asyncProperty(instants, fc.constantFrom(...makers), async (msecs, make) => {
        const uuid = make({ msecs, random: new Uint8Array(16) });
        expect((await outputOf(uuidInspector, { uuid })).timestamp).toBe(new Date(msecs).toISOString());
      }),
      { numRuns: 300 },
    );
  });

  it("decodes a v1 timestamp before 1970 down to the right millisecond", async () => {
    // 1969-12-31T23:59:59.999Z plus 0.5 ms expressed in 100-ns ticks since 1582-10-15.
    const ticks = 0x01b21dd213814000n - 5_000n;
    const hex = ticks.toString(16).padStart(15, "0");
    const uuid = `${hex.slice(7)}-${hex.slice(3, 7)}-1${hex.slice(0, 3)}-8000-000000000000`;
    expect((await outputOf(uuidInspector, { uuid })).timestamp).toBe("1969-12-31T23:59:59.999Z");
  });

  it("recognises the Nil UUID (RFC 9562 §5.9)", async () => {
    expect(await outputOf(uuidInspector, { uuid: "00000000-0000-0000-0000-000000000000" })).toMatchObject({
      valid: true, version: 0, variant: "ncs", isNil: true, isMax: false, timestamp: null,
    });
  });

  it("answers valid: false for text that is not a UUID", async () => {
    const texts = ["", "not-a-uuid", "919108f7-52d1-0320-9bac-f847db4148a8", "919108f752d143209bacf847db4148a", "{919108f7-52d1-4320-9bac-f847db4148a8"];
    for (const uuid of texts) {
      expect((await outputOf(uuidInspector, { uuid })).valid).toBe(false);
    }
  });
});
